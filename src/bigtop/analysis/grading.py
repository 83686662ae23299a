"""How a review grades a decision: by the win chance the move played gave up and by the points of
lead (score minus the best other seat's) it gave up, against the move the search preferred, each
only beyond its own 95 % interval. The thresholds in points are per game (`grading.toml`); those
in win chance are the same for every game.
"""

from __future__ import annotations

import math
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

TABLE = Path(__file__).with_name("grading.toml")
GRADE_NAMES = ("blunder", "mistake", "inaccuracy")  # worst first
WIN_THRESHOLDS = (0.20, 0.10, 0.05)  # win chance (0-1) given up, in the order of GRADE_NAMES
SERIOUS = ("blunder", "mistake")  # the grades counted as errors by the planted-error benchmark
END = 1 << 30  # a playout length no game reaches: `"end"` in the table, played out to the game's end


@dataclass(frozen=True)
class Scale:
    """A game's points as a review counts them: the catalog key of their name, the lead given up
    from which a move is an inaccuracy, a mistake, a blunder (`points`, smallest first), how
    the search blends the lead into its reward (`lead_scale`, `blend`), and how many moves its
    playouts go before the game's `evaluate` (`depth`; None: the game's own `search_depth`), in
    the first search, where two moves are compared (`compare_depth`; None: `depth`; `END`: to
    the game's end) and where the first rounds choose the preferred move to compare with
    (`choose_depth`; None: `compare_depth`)."""

    unit: str = "unit.points"
    points: tuple[float, float, float] = (2.0, 4.0, 8.0)
    lead_scale: float = 10.0
    blend: float = 0.3
    depth: int | None = None
    compare_depth: int | None = None
    choose_depth: int | None = None

    def reward(self, win: Sequence[float], lead: Sequence[float]) -> list[float]:
        """The search's reward per seat: mostly the win share, and a logistic of the lead."""
        b, k = self.blend, self.lead_scale
        return [(1.0 - b) * w + b / (1.0 + math.exp(-max(-60.0, min(60.0, x / k)))) for w, x in zip(win, lead, strict=True)]

    def grade(self, win_loss: float, win_margin: float, lead_loss: float, lead_margin: float) -> str | None:
        """The worse of the grade by win chance given up and the grade by points of lead given up
        (each only beyond its own 95 % half-width), or None."""
        by_win = grade_of(win_loss, win_margin, WIN_THRESHOLDS)
        by_lead = grade_of(lead_loss, lead_margin, tuple(reversed(self.points)))
        for name in GRADE_NAMES:
            if name in (by_win, by_lead):
                return name
        return None


def grade_sources(row: dict[str, Any], points: Sequence[float]) -> list[tuple[str, float, float]]:
    """What a review row's grade was judged on: `("win", loss, threshold)` if the win chance it gave
    up earns that grade, `("lead", loss, threshold)` if the points of lead do (both when both do;
    `points`: the game's thresholds, smallest first); [] for a row without a grade."""
    name = row.get("grade")
    if name not in GRADE_NAMES:
        return []
    at = GRADE_NAMES.index(name)
    out = []
    for source, loss, margin, thresholds in (
        ("win", row["loss"], row.get("loss_margin", 0.0), WIN_THRESHOLDS),
        ("lead", row.get("lead_loss", 0.0), row.get("lead_loss_margin", 0.0), tuple(reversed(points))),
    ):
        if grade_of(loss, margin, thresholds) == name:
            out.append((source, loss, thresholds[at]))
    return out


def grade_of(loss: float, margin: float, thresholds: Sequence[float]) -> str | None:
    """`blunder`, `mistake`, `inaccuracy` (thresholds worst first) or None for a loss of `loss` ± `margin`."""
    if loss <= margin:
        return None
    return next((name for name, at in zip(GRADE_NAMES, thresholds, strict=True) if loss >= at), None)


@cache
def _table() -> dict[str, dict[str, object]]:
    with TABLE.open("rb") as f:
        return tomllib.load(f)


@cache
def scale_of(game: str) -> Scale:
    """The review's scale of `game` (the table's default for a game it does not list)."""
    table = _table()
    entry: dict[str, Any] = {**table["default"], **table.get(game, {})}
    points = tuple(float(x) for x in entry["points"])
    if len(points) != 3 or not 0 < points[0] < points[1] < points[2]:
        raise ValueError(f"{TABLE}: [{game}] points must be three increasing positive numbers")
    return Scale(str(entry["unit"]), points, float(entry["lead_scale"]), float(entry["blend"]),
                 *(_moves(entry, key, game) for key in ("depth", "compare_depth", "choose_depth")))


def _moves(entry: dict[str, Any], key: str, game: str) -> int | None:
    """A playout length of the table: a whole number of moves, "end", or absent (None)."""
    depth = entry.get(key)
    if depth is None:
        return None
    if depth == "end":
        return END
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 1:
        raise ValueError(f"{TABLE}: [{game}] {key} must be a number of moves or \"end\"")
    return depth
