"""The Troll Fest heuristic bot plays legal moves from determinized states and beats random bots."""

from __future__ import annotations

from bigtop.bots.match import play_game
from bigtop.bots.random_bot import RandomBot
from bigtop.games.trollfest import GAME


def test_heuristic_bot_beats_random_bots() -> None:
    wins = 0
    games = 12
    for i in range(games):
        bots = [RandomBot(100 * i + k) for k in range(4)]
        bots[i % 4] = GAME.heuristic_bot(i)
        state = play_game(GAME, bots, seed=i)
        wins += (i % 4) in state.result().winners
    assert wins >= games * 0.6


def test_heuristic_bots_finish_a_game_together() -> None:
    for players in (3, 6):
        state = play_game(GAME, [GAME.heuristic_bot(k) for k in range(players)], seed=players)
        assert state.is_over()
        state.check_invariants()


def test_balance_measures_tour_and_festival_points() -> None:
    from bigtop.games.trollfest.sim import balance

    figures = balance(4, 4, "heuristic")
    assert figures["mean_tour_points"] > 0 and figures["mean_festival_points"] > 0
    assert 0 <= figures["tour_leader_wins"] <= 1


def _moving_seat():
    """A random game at a seat's tour move, and that seat."""
    from bigtop.core import Rng

    state = GAME.new(3, seed=2)
    rng = Rng(2)
    while not (state.phase == "tour" and state.step == "move"):
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.below(len(legal))])
    return state, state.to_move()[0]


def test_a_band_with_no_concert_near_heads_for_the_nearest_one() -> None:
    """With no concert in the cities a road away nor the next ones, the heuristic bot moves its
    band one road closer to the nearest city where it can still play (it used to take the first
    road listed: three such bots of a tournament wandered among played-out cities for ever)."""
    from bigtop.games.trollfest.actions import Move
    from bigtop.games.trollfest.bot import HeuristicBot
    from bigtop.games.trollfest.phases.tour import roads_to_a_concert

    base, p = _moving_seat()
    here = base.pos[p]
    checked = 0
    for target in range(len(base.c.cities)):
        state = base.clone()
        state.pass_tokens = [0] * len(state.pass_tokens)  # no dragon to take on the way
        state.city_tokens = [[] if city == target else [p] for city in range(len(state.c.cities))]
        if roads_to_a_concert(state, p, here) != 3:
            continue
        moves = [a for a in state.legal_actions(p) if isinstance(a, Move)]
        chosen = HeuristicBot(0).choose(state, p, moves)
        assert roads_to_a_concert(state, p, chosen.city) == 2, (target, moves, chosen)
        checked += 1
    assert checked >= 2
