"""Seeded random games with the base game only (the conformance suite plays the default options)."""

from __future__ import annotations

import json

import pytest
from carcassonne_scenario import GAME

from bigtop.core import Record, Rng
from bigtop.games.carcassonne.bigtop.acrobats import pyramids


@pytest.mark.parametrize("players", [2, 3, 5])
def test_base_game_random_games_conserve_everything(players: int) -> None:
    for seed in range(8):
        state = GAME.new(players, seed=seed, options={"expansions": ""})
        rng = Rng(seed)
        while not state.is_over():
            state.check_invariants()
            p = state.to_move()[0]
            legal = state.legal_actions(p)
            state.apply(p, legal[rng.below(len(legal))])
        state.check_invariants()
        assert len(state.board) + len(state.discarded) == 72
        replay = Record.from_json(json.loads(state.record().dumps())).replay(GAME)
        assert replay.view(None) == state.view(None)


def test_all_figures_come_home_or_stay_counted() -> None:
    """At the end every meeple is in a supply, on a feature, or an acrobat."""
    state = GAME.new(4, seed=11)
    rng = Rng(3)
    while not state.is_over():
        p = state.to_move()[0]
        legal = state.legal_actions(p)
        state.apply(p, legal[rng.below(len(legal))])
    on_board = len(state.figures()) + sum(len(a) for a in pyramids(state).values())
    assert on_board + sum(sum(s) for s in state.supply) == 4 * 8
