"""A blunder on purpose is flagged at the right move."""

from __future__ import annotations

import sys
from pathlib import Path

from bigtop import bots, games
from bigtop.analysis.review import grade, review
from bigtop.analysis.search import Budget
from bigtop.core import Rng
from bigtop.games.carcassonne.actions import Meeple, Pass, Place
from bigtop.games.drumroll.actions import Done, Move

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


def test_letting_a_performer_go_without_a_performance_is_flagged_at_that_move() -> None:
    """Drum Roll, two heuristic bots: at move 100 seat 0 ends its distribution while two of its
    performers have no cube, though a cube could go onto one of them. At the show "the performer
    must be immediately fired ... pay the performer's hiring cost as compensation and lose" prestige."""
    game = games.get("drumroll")
    players = [bots.make("heuristic", game, seed=20 + p) for p in range(2)]

    def play_on(state, until: int | None = None) -> None:  # noqa: ANN001
        while not state.is_over() and (until is None or state.move_count < until):
            seat = state.to_move()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[0] if len(legal) == 1 else players[seat].choose(state.determinize(seat, Rng(state.move_count)), seat, legal))

    state = game.new(2, seed=2)
    play_on(state, until=100)
    assert state.to_move()[0] == 0 and any(isinstance(a, Move) for a in state.legal_actions(0))
    blunder = state.move_count
    state.apply(0, Done())
    play_on(state)
    fired = [e.data["card"] for e in state.events if e.kind == "fired" and e.data["seat"] == 0 and e.data["compensation"]]
    assert fired, "a performer of seat 0 went without a performance"
    result = review(state.record(), seats=[0], budget=Budget(300))
    rows = [r for r in result.decisions if r["move"] <= blunder]
    row = rows[-1]
    assert row["move"] == blunder and row["best_text"].startswith("move a ")
    assert grade(row["loss"], row["loss_margin"]) in ("mistake", "blunder")
    assert blunder in result.accuracy[0]["costliest"]
    # the choices of the same distribution before it were not where the loss is
    assert all(grade(r["loss"], r["loss_margin"]) in (None, "inaccuracy") for r in rows[-4:-1])
