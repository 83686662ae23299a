"""Review of a finished game: every decision searched from its seat's view, then the game's key
moments (largest swings of the win chances) and each seat's accuracy.

`review(record, ...)` is the one entry point, for the command line and for a server worker alike
(a progress callback, a budget, workers); its result is JSON-ready (`Review.to_json`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from bigtop import games
from bigtop.analysis.decisions import decision_specs
from bigtop.analysis.search import DEFAULT_BUDGET, Budget
from bigtop.analysis.workers import search_all
from bigtop.core.errors import BigtopError
from bigtop.core.record import Record

FORMAT = "bigtop-review/1"
KEY_MOMENTS = 5
MIN_SWING = 0.05
SPAN = 2  # decisions averaged after a swing
# loss in win chance (0-1) from which a decision counts as an inaccuracy, a mistake, a blunder;
# a loss within its own 95 % interval counts as none
GRADES = (("blunder", 0.20), ("mistake", 0.10), ("inaccuracy", 0.05))
COSTLIEST = 5
PLURAL = {"blunder": "blunders", "mistake": "mistakes", "inaccuracy": "inaccuracies"}

Progress = Callable[[int, int], None]


def grade(loss: float, margin: float) -> str | None:
    """`blunder`, `mistake`, `inaccuracy` or None for a decision that lost `loss` (± `margin`)."""
    if loss <= margin:
        return None
    return next((name for name, at in GRADES if loss >= at), None)


@dataclass
class Review:
    """A reviewed game: the record's identity, the budget, one row per decision (see docs/analysis.md),
    the final result, the key moments and per seat an accuracy summary."""

    game: str
    players: int
    seed: int
    seats: list[int]
    budget: Budget
    search_seed: int
    decisions: list[dict[str, Any]]
    result: dict[str, Any]
    key_moments: list[dict[str, Any]] = field(default_factory=list)
    accuracy: list[dict[str, Any]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "seats": self.seats,
            "budget": self.budget.to_json(),
            "search_seed": self.search_seed,
            "result": self.result,
            "decisions": self.decisions,
            "key_moments": self.key_moments,
            "accuracy": self.accuracy,
        }


def review(
    record: Record,
    seats: Sequence[int] | None = None,
    budget: Budget = DEFAULT_BUDGET,
    workers: int = 1,
    ray: str | None = None,
    seed: int = 0,
    on_progress: Progress | None = None,
    imports: Sequence[str] = (),
) -> Review:
    """Search every decision of a finished game (of `seats` only, if given) and sum it up.

    `on_progress(done, total)` is called as decisions are done (raise in it to stop); `workers`
    processes or Ray (`ray`: address or `local`) share the work; with an iteration budget the
    result does not depend on them. `imports`: modules or files defining games registered at
    runtime, for the workers."""
    game = games.get(record.game)
    final = record.replay(game)
    if not final.is_over():
        raise BigtopError(f"the record's game is not finished ({len(record.moves)} moves): only a finished game can be reviewed")
    seat_list = sorted(set(seats)) if seats is not None else list(range(record.players))
    bad = [s for s in seat_list if not 0 <= s < record.players]
    if bad:
        raise BigtopError(f"--seat must be between 0 and {record.players - 1}, not {bad[0]}")
    specs = decision_specs(record, seat_list)
    total = len(specs)
    done = 0

    def tick(n: int) -> None:
        nonlocal done
        done += n
        if on_progress is not None:
            on_progress(done, total)

    if on_progress is not None:
        on_progress(0, total)
    rows = search_all(record, specs, budget, seed, workers, ray, tick, imports)
    outcome = final.result()
    share = [1.0 / len(outcome.winners) if p in outcome.winners else 0.0 for p in range(record.players)]
    result = {"scores": list(outcome.scores), "winners": list(outcome.winners), "win_share": share,
              "moves": len(record.moves), "title": game.title}
    return Review(
        record.game, record.players, record.seed, seat_list, budget, seed, rows, result,
        key_moments(rows, share), accuracy(rows, seat_list),
    )


def key_moments(rows: Sequence[dict[str, Any]], final_share: Sequence[float], count: int = KEY_MOMENTS) -> list[dict[str, Any]]:
    """The `count` decisions after which the win chances moved most, in the order of the game.

    A decision's swing compares the win chances before it with their mean over the `SPAN`
    decisions after it (the result stands in for decisions after the last): a swing must last to
    count fully, not just show the seesaw of two searches seen from two seats. Swings under
    `MIN_SWING` are left out, and of two neighbouring decisions only the larger swing is kept."""
    points = [r["win_chance"] for r in rows] + [list(final_share)] * SPAN

    def mean(chances: Sequence[Sequence[float]]) -> list[float]:
        return [sum(c[p] for c in chances) / len(chances) for p in range(len(final_share))]

    moments = []
    for i, row in enumerate(rows):
        before, after = row["win_chance"], mean(points[i + 1 : i + 1 + SPAN])
        deltas = [a - b for a, b in zip(after, before, strict=True)]
        swing = max(deltas, key=abs)
        if abs(swing) >= MIN_SWING:
            moments.append({
                "move": row["move"], "seat": row["seat"], "swing": abs(swing), "seat_swung": deltas.index(swing),
                "win_before": before, "win_after": after, "action_text": row["action_text"],
                "best_text": row["best_text"], "loss": row["loss"], "grade": grade(row["loss"], row["loss_margin"]),
            })
    moments.sort(key=lambda m: -m["swing"])
    chosen: list[dict[str, Any]] = []
    order = {row["move"]: i for i, row in enumerate(rows)}
    for moment in moments:
        if all(abs(order[moment["move"]] - order[other["move"]]) > 1 for other in chosen):
            chosen.append(moment)
        if len(chosen) == count:
            break
    return sorted(chosen, key=lambda m: m["move"])


def accuracy(rows: Sequence[dict[str, Any]], seats: Sequence[int]) -> list[dict[str, Any]]:
    """Per seat: decisions, share where the search's preferred move was played, mean loss, how many
    inaccuracies, mistakes and blunders, and its costliest decisions (moves, largest loss first)."""
    out = []
    for seat in seats:
        mine = [r for r in rows if r["seat"] == seat]
        grades = [grade(r["loss"], r["loss_margin"]) for r in mine]
        costliest = sorted((r for r in mine if r["loss"] > 0), key=lambda r: -r["loss"])[:COSTLIEST]
        out.append({
            "seat": seat,
            "decisions": len(mine),
            "best_share": sum(r["action"] == r["best_action"] for r in mine) / len(mine) if mine else None,
            "mean_loss": sum(r["loss"] for r in mine) / len(mine) if mine else None,
            **{PLURAL[name]: grades.count(name) for name, _ in GRADES},
            "costliest": [r["move"] for r in costliest],
        })
    return out
