"""A blunder on purpose is flagged at the right move; a move's cost is what shows when the moves
are played out, not what a short look ahead charges."""

from __future__ import annotations

import math
import statistics
import sys
from pathlib import Path
from typing import Any

import pytest

from bigtop import bots, games
from bigtop.analysis.grading import SERIOUS
from bigtop.analysis.judge import judge
from bigtop.analysis.review import review
from bigtop.analysis.search import Budget, ReviewSearch
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


def test_the_cost_of_a_move_is_the_one_that_shows_when_both_moves_are_played_out() -> None:
    """Drum Roll, two heuristic bots: at its first distribution after move 100 seat 0 ends it
    ("Done") while a cube could still move. A performer left without a cube at the show "must be
    immediately fired ... pay the performer's hiring cost as compensation and lose" prestige, which
    the game's evaluation a few moves ahead charges in full, whether or not the rest of the game
    makes up for it. The review measures a move's cost where it shows: its lead lost agrees with
    both moves played out to the end of the game from the same hidden cards (other rounds than the
    review's)."""
    game = games.get("drumroll")
    players = [bots.make("heuristic", game, seed=20 + p) for p in range(2)]
    state = game.new(2, seed=2)
    def distributing(state: Any) -> bool:  # seat 0 may move a cube or be done
        legal = state.legal_actions(0) if 0 in state.to_move() else []
        return Done() in legal and any(isinstance(a, Move) for a in legal)

    while state.move_count < 100 or not distributing(state):
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[0] if len(legal) == 1 else players[seat].choose(state.determinize(seat, Rng(state.move_count)), seat, legal))
    assert state.move_count < 160
    judged = judge(state, 0, Done(), Budget(300), seed=100)
    assert judged.best != Done() and judged.pairs > 0
    cover = judged.best
    to_end = ReviewSearch(game, 5, 0, depth=10_000)
    played_out = [a.lead[0] - b.lead[0] for a, b in (to_end.compare(state, [cover, Done()]) for _ in range(120))]
    mean = statistics.mean(played_out)
    half = 1.96 * statistics.stdev(played_out) / math.sqrt(len(played_out))
    assert abs(judged.lead_loss - mean) <= math.hypot(judged.lead_loss_margin, half) + 0.5


# The first 12 moves of a Carcassonne game between two ISMCTS bots (300 iterations) with planted
# errors (`bench/review_planted.py carcassonne --seed 17`); move 12 is seat 0's planted worst tile.
PLANTED_GAME = [
    [0, {"type": "Place", "x": 0, "y": -1, "turns": 2}], [0, {"type": "Ringmaster", "feature": 0}],
    [1, {"type": "Place", "x": 0, "y": -2, "turns": 0}], [1, {"type": "Acrobat", "dx": 0, "dy": 0}],
    [0, {"type": "Place", "x": 1, "y": -1, "turns": 0}], [0, {"type": "Ringmaster", "feature": 1}],
    [1, {"type": "Place", "x": -1, "y": -1, "turns": 0}], [1, {"type": "Acrobat", "dx": 1, "dy": -1}],
    [0, {"type": "Place", "x": 2, "y": -1, "turns": 2}], [0, {"type": "Ringmaster", "feature": 2}],
    [1, {"type": "Place", "x": 1, "y": -2, "turns": 2}], [1, {"type": "Ringmaster", "feature": 2}],
]
PLANTED_TILE = {"type": "Place", "x": 0, "y": -3, "turns": 3}


@pytest.mark.parametrize("seed", [0, 1])
def test_a_carcassonne_tile_that_costs_a_mistakes_points_is_graded_a_mistake(seed: int) -> None:
    """A tile laid where, played on by the benchmark's deep search (8 moves, then the game's
    evaluation), it gives up about 8 points of lead: the review compares it at least as far on (16
    moves) and grades it a mistake (5 points) or worse. Compared over 4 moves it showed 4 points:
    an inaccuracy."""
    state = GAME.new(2, seed=17)
    for seat, move in PLANTED_GAME:
        state.apply_json(seat, move)
    judged = judge(state, 0, GAME.codec.from_json(PLANTED_TILE), Budget(100), seed=seed)
    assert judged.lead_loss - judged.lead_loss_margin > 2.5 and judged.pairs > 0
    assert judged.grade in SERIOUS, (judged.lead_loss, judged.lead_loss_margin)
