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
