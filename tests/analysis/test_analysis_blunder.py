"""A blunder on purpose is flagged at the right move."""

from __future__ import annotations

import sys
from pathlib import Path

from bigtop import bots
from bigtop.analysis.review import review
from bigtop.analysis.search import Budget
from bigtop.core import Rng
from bigtop.games.carcassonne.actions import Meeple, Pass, Place

sys.path.insert(0, str(Path(__file__).parents[1] / "games" / "carcassonne"))
from carcassonne_scenario import GAME, new, turn  # noqa: E402


def test_leaving_a_completed_city_unclaimed_is_flagged_at_that_move() -> None:
    """Seat 1 closes a ring of four city tiles nobody claimed, then places no figure: a meeple on
    the city would have scored its 8 points at once ("city 2 per tile"). The rest of the game is
    played by the heuristic bot."""
    state = new(["I", "N", "N", "N", "U", "V", "W", "B"], base=True)
    turn(state, 0, 1, 2)
    turn(state, 1, 1, 3)
    turn(state, 0, 2, 1)
    state.apply(1, Place(1, 2, 0))  # closes the ring
    assert Meeple(0) in state.legal_actions(1)
    blunder = state.move_count
    state.apply(1, Pass())
    assert state.points == [0, 0]
    bot = bots.make("heuristic", GAME, seed=1)
    while not state.is_over():
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[0] if len(legal) == 1 else bot.choose(state.determinize(seat, Rng(seat)), seat, legal))
    result = review(state.record(), budget=Budget(300))
    rows = {r["move"]: r for r in result.decisions}
    row = rows[blunder]
    assert row["best_text"].startswith("Put a meeple on the city")
    assert row["loss"] >= 0.15 and row["loss"] > row["loss_margin"]
    assert row["loss"] == max(r["loss"] for r in result.decisions)
    seat1 = result.accuracy[1]
    assert seat1["costliest"][0] == blunder and seat1["blunders"] + seat1["mistakes"] >= 1
    assert blunder in [m["move"] for m in result.key_moments]
    # the closing tile itself was well laid: it is not where the loss is
    assert rows[blunder - 1]["loss"] < 0.05
