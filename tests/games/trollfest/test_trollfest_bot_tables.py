"""Tables where no person sits: whatever seats only bots makes the game with `bots_only`, so that
bots voting alike cannot hold the band-name run-offs forever ('If there is a tie, hold run-off
votes until there is a single winner' holds with people at the table)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from bigtop import games
from bigtop.bots.match import play_game
from bigtop.core import Action, Rng
from bigtop.games.trollfest.actions import Vote

GAME = games.get("trollfest")


class CyclicVoter:
    """Votes for the next band round the table whenever it can (three of them tie every vote and
    every run-off), and plays at random otherwise."""

    name = "cyclic"
    needs_state = False

    def __init__(self, seed: int, players: int) -> None:
        self.rng = Rng(seed)
        self.players = players

    def choose(self, state: object, player: int, legal: Sequence[Action]) -> Action:
        wanted = Vote((player + 1) % self.players)
        if wanted in legal:
            return wanted
        return legal[self.rng.below(len(legal))]


@pytest.mark.parametrize("seed", range(3))
def test_bots_voting_round_the_table_still_end_the_game(seed: int) -> None:
    state = play_game(GAME, [CyclicVoter(seed * 10 + p, 3) for p in range(3)], seed=seed, max_moves=3000)
    kinds = [e.kind for e in state.events]
    assert state.is_over() and state.options.bots_only
    assert kinds.count("runoff") == state.options.runoff_limit and kinds.count("vote_settled") == 1
    assert state.record().options["bots_only"] is True  # a replay of the record settles it the same way


def test_the_same_votes_with_a_person_at_the_table_go_on() -> None:
    """What `play_game` prevents: without `bots_only` (a person's table) the tie is never settled."""
    state = GAME.new(3, seed=0)
    bots = [CyclicVoter(p, 3) for p in range(3)]
    while state.view(None)["phase"] != "vote" or state.view(None)["runoffs"] < 20:
        seat = state.to_move()[0]
        state.apply(seat, bots[seat].choose(None, seat, state.legal_actions(seat)))
    assert not state.is_over() and all(e.kind != "vote_settled" for e in state.events)


def test_environments_of_programs_are_tables_of_bots() -> None:
    from bigtop.rl import openspiel, pettingzoo
    from bigtop.rl.seat import SeatEnv

    assert pettingzoo.env("trollfest", players=3).options.bots_only
    assert SeatEnv("trollfest", players=3).options.bots_only
    assert openspiel.load_game("trollfest", players=3).shared.options.bots_only
    assert GAME.bots_only_options({"runoff_limit": 0}).runoff_limit == 0  # 0 still means never settle


def test_weights_learned_at_either_table_play_at_both() -> None:
    """Who sits at the table is not the game a policy learned: the shipped weights (trained before
    the environments set `bots_only`) fit a table of bots, and weights trained now fit a person's."""
    from bigtop.rl.learned import fits

    people, bots = GAME.options_json(None), GAME.options_json(GAME.bots_only_options(None))
    assert fits(GAME, {"players": 3, "options": people}, 3, GAME.bots_only_options(None))
    assert fits(GAME, {"players": 3, "options": bots}, 3, GAME.parse_options(None))
    assert not fits(GAME, {"players": 3, "options": people}, 3, GAME.parse_options({"runoff_limit": 1}))


def _quiet_turn_about_to_end(bots_only: bool):
    """A random game at a moment a seat can end a tour turn in which it gave no concert."""
    from bigtop.games.trollfest.actions import EndTurn

    state = GAME.new(3, seed=4, options={"bots_only": bots_only})
    rng = Rng(4)
    while True:
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        if state.phase == "tour" and not state.placed and EndTurn() in legal:
            return state, seat
        state.apply(seat, legal[rng.below(len(legal))])


def test_a_table_of_bots_ends_a_tour_without_concerts() -> None:
    """'When you place your last Tour Token, all other players have one more turn and then the Tour
    phase ends' — bots that never head for a city where they could play would never end it: at a
    table of bots, QUIET_ROUNDS rounds without a concert end the tour, with its usual bonuses."""
    from bigtop.games.trollfest.actions import EndTurn
    from bigtop.games.trollfest.phases.tour import QUIET_ROUNDS

    state, seat = _quiet_turn_about_to_end(bots_only=True)
    state.quiet = QUIET_ROUNDS * 3 - 1
    state.apply(seat, EndTurn())
    kinds = [e.kind for e in state.events]
    assert state.phase == "festival" and "tour_quiet" in kinds and kinds.index("tour_quiet") < kinds.index("tour_end")
    assert all(tokens > 0 for tokens in state.tokens)  # nobody had placed its last token


def test_with_a_person_at_the_table_a_quiet_tour_goes_on() -> None:
    from bigtop.games.trollfest.actions import EndTurn
    from bigtop.games.trollfest.phases.tour import QUIET_ROUNDS

    state, seat = _quiet_turn_about_to_end(bots_only=False)
    state.quiet = QUIET_ROUNDS * 3 - 1
    state.apply(seat, EndTurn())
    assert state.phase == "tour" and all(e.kind != "tour_quiet" for e in state.events)


@pytest.mark.parametrize("seed", range(5))
def test_bots_that_give_concerts_end_the_tour_by_the_rulebook(seed: int) -> None:
    """The count starts again at every concert: bots playing at random end their tours the
    rulebook's way, a band placing its last token."""
    state = play_game(GAME, [CyclicVoter(seed * 10 + p, 3) for p in range(3)], seed=seed, max_moves=3000)
    assert state.is_over() and state.trigger >= 0 and all(e.kind != "tour_quiet" for e in state.events)
