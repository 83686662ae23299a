"""Review of a finished game: every decision judged from its seat's view, then the game's key
moments (the decisions whose choice gave up the most win chance) and each seat's accuracy.

`review(record, ...)` is the one entry point, for the command line and for a server worker alike
(a progress callback, a budget, workers); its result is JSON-ready (`Review.to_json`).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bigtop import games
from bigtop.analysis import calibration, grading
from bigtop.analysis.decisions import decision_specs
from bigtop.analysis.grading import GRADE_NAMES, WIN_THRESHOLDS, grade_of, scale_of
from bigtop.analysis.search import DEFAULT_BUDGET, Budget
from bigtop.analysis.workers import search_all
from bigtop.core.errors import BigtopError
from bigtop.core.record import Record

FORMAT = "bigtop-review/2"
KEY_MOMENTS = 5
MIN_SWING = 0.05  # win chance a decision must give up (beyond its interval) to be a key moment
# loss in win chance (0-1) from which a decision counts as an inaccuracy, a mistake, a blunder;
# a loss within its own 95 % interval counts as none (the points of lead are per game: grading.toml)
GRADES = tuple(zip(GRADE_NAMES, WIN_THRESHOLDS, strict=True))
COSTLIEST = 5
PLURAL = {"blunder": "blunders", "mistake": "mistakes", "inaccuracy": "inaccuracies"}

Progress = Callable[[int, int], None]
SETTINGS = (grading.TABLE, calibration.TABLE)  # the data a review's grades and win chances come from


def settings_digest(paths: Sequence[Path] = SETTINGS) -> str:
    """A short digest of the review's data files (thresholds, playout lengths, calibration): a stored
    review made under other settings is stale even when bigtop's version is the same."""
    digest = hashlib.sha256()
    for path in paths:
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def grade(loss: float, margin: float) -> str | None:
    """The grade by win chance alone: `blunder`, `mistake`, `inaccuracy` or None for a decision
    that lost `loss` (± `margin`) of win chance. A row's `grade` is the worse of this and the
    grade by points of lead given up (`bigtop.analysis.grading`)."""
    return grade_of(loss, margin, WIN_THRESHOLDS)


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
    scale = scale_of(record.game)
    result["unit"] = scale.unit
    result["thresholds"] = list(scale.points)
    return Review(
        record.game, record.players, record.seed, seat_list, budget, seed, rows, result,
        key_moments(rows, share), accuracy(rows, seat_list),
    )


def key_moments(rows: Sequence[dict[str, Any]], final_share: Sequence[float] = (), count: int = KEY_MOMENTS) -> list[dict[str, Any]]:
    """The `count` decisions whose choice changed the outcome most, in the order of the game: those
    where the move played gave up the most win chance against the search's preferred move,
    beyond the search's noise and by at least `MIN_SWING`. A draw of chance, a reveal, or what
    the search's own preferred move brought are no one's decision and never a key moment.

    Each names the seat (`seat`, also `seat_swung`), its win chance with the preferred move and
    with the move played (`win_before`, `win_after`: every seat's), the win chance given up
    (`swing` and `loss`) and the grade. `final_share` is not used (kept for callers of the
    earlier, swing-based version)."""
    moments = []
    for row in rows:
        loss, margin = row["loss"], row["loss_margin"]
        if loss >= MIN_SWING and loss > margin:
            moments.append({
                "move": row["move"], "seat": row["seat"], "swing": loss, "seat_swung": row["seat"],
                "win_before": row.get("win_best", row["win_chance"]), "win_after": row.get("win_after", row["win_chance"]),
                "action_text": row["action_text"], "best_text": row["best_text"], "loss": loss,
                "lead_loss": row.get("lead_loss", 0.0), "grade": row.get("grade", grade(loss, margin)),
            })
    chosen = sorted(moments, key=lambda m: -m["swing"])[:count]
    return sorted(chosen, key=lambda m: m["move"])


def accuracy(rows: Sequence[dict[str, Any]], seats: Sequence[int]) -> list[dict[str, Any]]:
    """Per seat: decisions, share where the search's preferred move was played, mean loss in win
    chance and in points of lead, how many inaccuracies, mistakes and blunders, the points of
    lead given up in them (`lead_lost`: what many small losses add up to is in `mean_lead_loss`),
    and its costliest decisions (moves, the graded ones first, then by points and win chance given up)."""
    out = []
    for seat in seats:
        mine = [r for r in rows if r["seat"] == seat]
        grades = [r.get("grade", grade(r["loss"], r["loss_margin"])) for r in mine]
        severity = {name: len(GRADE_NAMES) - i for i, name in enumerate(GRADE_NAMES)}
        costly = [r for r in mine if r["loss"] > 0 or r.get("lead_loss", 0) > 0]
        costly.sort(key=lambda r: (-severity.get(r.get("grade", ""), 0), -r.get("lead_loss", 0.0), -r["loss"]))
        out.append({
            "seat": seat,
            "decisions": len(mine),
            "best_share": sum(r["action"] == r["best_action"] for r in mine) / len(mine) if mine else None,
            "mean_loss": sum(r["loss"] for r in mine) / len(mine) if mine else None,
            "mean_lead_loss": sum(r.get("lead_loss", 0.0) for r in mine) / len(mine) if mine else None,
            "lead_lost": round(sum(r.get("lead_loss", 0.0) for r, g in zip(mine, grades, strict=True) if g), 2),
            **{PLURAL[name]: grades.count(name) for name, _ in GRADES},
            "costliest": [r["move"] for r in costly[:COSTLIEST]],
        })
    return out
