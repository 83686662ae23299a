"""Which content moves the win rate: for each feature a game reports per seat (a card hired, a tile
placed; the game's optional `features(state) -> list[set[str]]` hook), the win rate of the seats
that had it against the seats that did not, with a 95 % interval for the difference, overall and
within the same bot. The two win rates' intervals take the deal as the unit when deals were
replayed from several seatings (`bigtop.arena.stats.win_rate`)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bigtop.arena.stats import Z95, win_rate
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
    within_bots: tuple[float, float, float] | None = None  # the difference for seats played by the same bot,
    # averaged over bots (Mantel-Haenszel), with its 95 % interval: strong bots choosing strong content
    # does not show in it

    @property
    def effect(self) -> float:
        return self.with_rate - self.without_rate

    @property
    def clear(self) -> bool:
        """Whether the interval excludes zero."""
        return self.low > 0 or self.high < 0


Seat = tuple[float, Any]  # (win share, deal)


def _difference_interval(with_: Sequence[Seat], without: Sequence[Seat]) -> tuple[float, float]:
    """Newcombe's hybrid score interval for the difference of the two win rates."""
    first = win_rate([w for w, _ in with_], [d for _, d in with_])
    second = win_rate([w for w, _ in without], [d for _, d in without])
    p1, l1, u1 = first.value, first.low, first.high
    p2, l2, u2 = second.value, second.low, second.high
    d = p1 - p2
    return d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2), d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)


def _within_bots(strata: Sequence[tuple[float, int, float, int]]) -> tuple[float, float, float] | None:
    """The Mantel-Haenszel difference of win rates over strata of (wins with, count with, wins
    without, count without), with a 95 % Wald interval; None if no stratum has both."""
    weights = total = variance = 0.0
    for w1, n1, w2, n2 in strata:
        if n1 == 0 or n2 == 0:
            continue
        p1, p2 = w1 / n1, w2 / n2
        weight = n1 * n2 / (n1 + n2)
        weights += weight
        total += weight * (p1 - p2)
        variance += weight * weight * (p1 * (1 - p1) / n1 + p2 * (1 - p2) / n2)
    if weights == 0:
        return None
    d, half = total / weights, Z95 * math.sqrt(variance) / weights
    return d, d - half, d + half


def feature_effects(rows: Sequence[dict[str, Any]], min_count: int = 5) -> list[FeatureEffect]:
    """Every feature seen at least `min_count` times with and without, biggest effect first;
    empty if the game has no `features` hook."""
    seats: list[tuple[frozenset[str], float, str, Any]] = []
    for i, row in enumerate(rows):
        if row.get("features") is None:
            continue
        deal = row.get("seed", f"game {i}")
        for seat, features in enumerate(row["features"]):
            seats.append((frozenset(features), win_share(row, seat), row["bots"][seat], deal))
    bots = sorted({bot for _, _, bot, _ in seats})
    bot_count = {b: sum(1 for _, _, bot, _ in seats if bot == b) for b in bots}
    bot_wins = {b: sum(w for _, w, bot, _ in seats if bot == b) for b in bots}
    with_count: dict[str, dict[str, int]] = {}
    with_wins: dict[str, dict[str, float]] = {}
    for features, won, bot, _ in seats:
        for f in features:
            counts, wins = with_count.setdefault(f, {}), with_wins.setdefault(f, {})
            counts[bot] = counts.get(bot, 0) + 1
            wins[bot] = wins.get(bot, 0.0) + won
    effects = []
    for f, counts in with_count.items():
        n1 = sum(counts.values())
        n2 = len(seats) - n1
        if n1 < min_count or n2 < min_count:
            continue
        w1 = sum(with_wins[f].values())
        w2 = sum(bot_wins.values()) - w1
        low, high = _difference_interval(
            [(w, deal) for fs, w, _, deal in seats if f in fs], [(w, deal) for fs, w, _, deal in seats if f not in fs]
        )
        strata = [
            (with_wins[f].get(b, 0.0), counts.get(b, 0), bot_wins[b] - with_wins[f].get(b, 0.0), bot_count[b] - counts.get(b, 0))
            for b in bots
        ]
        effects.append(FeatureEffect(f, n1, w1 / n1, n2, w2 / n2, low, high, _within_bots(strata)))
    return sorted(effects, key=lambda e: (-abs(e.effect), e.feature))
