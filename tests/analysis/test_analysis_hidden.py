"""The analysis never reads hidden information: positions that differ only in what the deciding
seat cannot know get the same answer."""

from __future__ import annotations

import math

import pytest

from bigtop import bots, games
from bigtop.analysis.decisions import decision_specs, search_specs
from bigtop.analysis.hints import hints
from bigtop.analysis.search import Budget, estimate
from bigtop.core import Rng


def opening_with_first_choice(name: str, players: int, pick: int):  # noqa: ANN201
    """A new game in which seat 0 has made its sealed opening choice: its `pick`-th legal one."""
    state = games.get(name).new(players, seed=5)
    assert len(state.to_move()) == players, "the opening is a simultaneous step"
    state.apply(0, state.legal_actions(0)[pick])
    return state


@pytest.mark.parametrize(("name", "players"), [("drumroll", 2), ("trollfest", 3)])
def test_a_hint_does_not_depend_on_anothers_sealed_choice(name: str, players: int) -> None:
    """Seat 0 has sealed its draft pick; seat 1's hint is the same whichever card it was."""
    first, other = (opening_with_first_choice(name, players, pick) for pick in (0, 1))
    assert first.view(1) == other.view(1) and first.snapshot() != other.snapshot()
    assert hints(first, 1, Budget(150), seed=3) == hints(other, 1, Budget(150), seed=3)


@pytest.mark.parametrize(("name", "players"), [("drumroll", 2), ("trollfest", 3)])
def test_a_review_of_a_sealed_step_does_not_depend_on_the_choices_recorded_before(name: str, players: int) -> None:
    """Two records that differ only in seat 0's sealed pick: seat 1's pick is searched from where
    the step began, and gets the same row."""
    rows = []
    for pick in (0, 1):
        state = opening_with_first_choice(name, players, pick)
        state.apply(1, state.legal_actions(1)[0])
        record = state.record()
        spec = next(s for s in decision_specs(record) if s.seat == 1)
        assert spec.origin == 0 and spec.move == 1
        rows.append(search_specs(record, [spec], Budget(150), seed=3))
    assert rows[0] == rows[1]


def test_a_hidden_stack_order_does_not_move_the_estimates() -> None:
    """Two Carcassonne games with the same first tiles and the rest of the stack in another order
    (another seed): every seat sees the same, and the estimates agree within their intervals."""
    game = games.get("carcassonne")
    options = {"tiles": ("U", "V", "W", "E", "L", "K")}
    one, two = game.new(2, seed=1, options=options), game.new(2, seed=2, options=options)
    assert one.snapshot()["stack"] != two.snapshot()["stack"]
    bot = bots.make("heuristic", game, seed=1)
    for k in range(6):
        seat = one.to_move()[0]
        assert one.view(seat) == two.view(seat)
        a, b = (estimate(s, seat, Budget(300), seed=k) for s in (one, two))
        for p in range(2):
            assert abs(a.win_chance[p] - b.win_chance[p]) <= math.hypot(a.win_margin[p], b.win_margin[p])
        action = bot.choose(one.determinize(seat, Rng(k)), seat, one.legal_actions(seat))
        one.apply(seat, action)
        two.apply(seat, action)
