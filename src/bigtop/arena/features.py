"""Which content moves the win rate: for each feature a game reports per seat (a card hired, a tile
placed; the game's optional `features(state) -> list[set[str]]` hook), the win rate of the seats
that had it against the seats that did not, with a 95 % interval for the difference."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bigtop.arena.stats import wilson
from bigtop.arena.summary import win_share


@dataclass(frozen=True)
class FeatureEffect:
    """The win rate of seats with `feature` against seats without it."""

    feature: str
    with_count: int
    with_rate: float
    without_count: int
    without_rate: float
    low: float  # 95 % interval of with_rate - without_rate (Newcombe's hybrid score method)
    high: float

    @property
    def effect(self) -> float:
        return self.with_rate - self.without_rate

    @property
    def clear(self) -> bool:
        """Whether the interval excludes zero."""
        return self.low > 0 or self.high < 0


def _difference_interval(w1: float, n1: int, w2: float, n2: int) -> tuple[float, float]:
    p1, p2 = w1 / n1, w2 / n2
    l1, u1 = wilson(w1, n1)
    l2, u2 = wilson(w2, n2)
    d = p1 - p2
    return d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2), d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)


def feature_effects(rows: Sequence[dict[str, Any]], min_count: int = 5) -> list[FeatureEffect]:
    """Every feature seen at least `min_count` times with and without, biggest effect first;
    empty if the game has no `features` hook."""
    seats: list[tuple[frozenset[str], float]] = []
    for row in rows:
        if row.get("features") is None:
            continue
        for seat, features in enumerate(row["features"]):
            seats.append((frozenset(features), win_share(row, seat)))
    total_count = len(seats)
    total_wins = sum(w for _, w in seats)
    with_count: dict[str, int] = {}
    with_wins: dict[str, float] = {}
    for features, won in seats:
        for f in features:
            with_count[f] = with_count.get(f, 0) + 1
            with_wins[f] = with_wins.get(f, 0.0) + won
    effects = []
    for f, n1 in with_count.items():
        n2 = total_count - n1
        if n1 < min_count or n2 < min_count:
            continue
        w1, w2 = with_wins[f], total_wins - with_wins[f]
        low, high = _difference_interval(w1, n1, w2, n2)
        effects.append(FeatureEffect(f, n1, w1 / n1, n2, w2 / n2, low, high))
    return sorted(effects, key=lambda e: (-abs(e.effect), e.feature))
