"""Confidence intervals for win rates and means, with the deal as the unit when a deal is replayed.

A tournament that plays each deal from several seatings (a duplicate format) gives games that are
not independent: the same cards favour the same seats. Its intervals treat the deal as the unit
(cluster-robust variance of a ratio estimator); a tournament where every game is a new deal gets
the ordinary binomial (Wilson) interval. Both answer the same question: where the win rate over
all deals lies, 95 % of the time.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass

Z95 = 1.959963984540054

GAME_UNIT = "binomial: each game a new deal (Wilson 95 %)"
DEAL_UNIT = "clustered by deal: each deal played from several seatings (Wilson 95 % with the design effect)"


def wilson(successes: float, trials: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval (95 % by default) for a proportion; (0, 1) with no trials.

    `successes` may be fractional (a shared win counts as a share), and so may `trials` (an
    effective sample size)."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    denom = 1.0 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(max(0.0, p * (1 - p)) / trials + z * z / (4 * trials * trials)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class Estimate:
    """A win rate or a mean over games, with its 95 % interval."""

    value: float
    low: float
    high: float
    games: int
    deals: int

    def as_dict(self) -> dict[str, float]:
        return {"value": self.value, "low": self.low, "high": self.high, "games": self.games, "deals": self.deals}


def _clusters(values: Sequence[float], deals: Sequence[Hashable]) -> list[tuple[float, int]]:
    """(sum of the values, number of games) per deal."""
    totals: dict[Hashable, list[float]] = {}
    for value, deal in zip(values, deals, strict=True):
        cell = totals.setdefault(deal, [0.0, 0])
        cell[0] += value
        cell[1] += 1
    return [(total, int(count)) for total, count in totals.values()]


def _ratio_variance(clusters: Sequence[tuple[float, int]], mean: float) -> float:
    """The cluster-robust variance of the mean (sum of values over sum of games) across deals."""
    c = len(clusters)
    games = sum(m for _, m in clusters)
    spread = sum((total - mean * m) ** 2 for total, m in clusters)
    return c / (c - 1) * spread / (games * games)


def win_rate(shares: Sequence[float], deals: Sequence[Hashable]) -> Estimate:
    """The win rate of games whose win shares are `shares` (1, 1/k for a k-way tie, 0), each game
    tagged with its deal. When every deal is one game: the Wilson interval. Otherwise the Wilson
    interval at the effective sample size p(1-p)/v, where v is the variance of the rate with the
    deal as the unit; if the deals show no spread at all (v = 0), each deal counts as one trial."""
    clusters = _clusters(shares, deals)
    games, wins = len(shares), sum(shares)
    if games == 0:
        return Estimate(0.0, 0.0, 1.0, 0, 0)
    p = wins / games
    if len(clusters) == games:
        low, high = wilson(wins, games)
        return Estimate(p, low, high, games, len(clusters))
    variance = _ratio_variance(clusters, p) if len(clusters) > 1 else 0.0
    effective = p * (1 - p) / variance if variance > 0 else float(len(clusters))
    low, high = wilson(p * effective, effective)
    return Estimate(p, low, high, games, len(clusters))


def mean(values: Sequence[float], deals: Sequence[Hashable]) -> Estimate:
    """The mean of per-game values with a 95 % normal interval, the deal as the unit (with one game
    per deal: the usual standard error of the mean)."""
    clusters = _clusters(values, deals)
    games = len(values)
    if games == 0:
        return Estimate(0.0, 0.0, 0.0, 0, 0)
    m = sum(values) / games
    half = Z95 * math.sqrt(_ratio_variance(clusters, m)) if len(clusters) > 1 else math.inf
    return Estimate(m, m - half, m + half, games, len(clusters))


def two_sided_p(estimate: float, standard_error: float) -> float:
    """The two-sided p-value of a normal estimate against 0 (1 when the error is not positive and
    the estimate is 0, 0 when it is not)."""
    if standard_error <= 0:
        return 1.0 if estimate == 0 else 0.0
    return math.erfc(abs(estimate) / standard_error / math.sqrt(2))


def benjamini_hochberg(p_values: Sequence[float]) -> list[float]:
    """The Benjamini-Hochberg q-value of each p-value (the smallest false discovery rate at which
    it would be called a discovery among all of them), in the order given."""
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i])
    q = [1.0] * m
    running = 1.0
    for rank in range(m, 0, -1):
        i = order[rank - 1]
        running = min(running, p_values[i] * m / rank)
        q[i] = min(1.0, running)
    return q


def clustered_variance(contributions: Sequence[float], deals: Sequence[Hashable]) -> float:
    """The cluster-robust variance of a sum of per-seat contributions (an estimate written as a
    sum over seats of weight times residual), the deal as the unit: seats of one game, or of one
    deal's games, are not independent."""
    totals: dict[Hashable, float] = {}
    for value, deal in zip(contributions, deals, strict=True):
        totals[deal] = totals.get(deal, 0.0) + value
    c = len(totals)
    if c < 2:
        return 0.0
    return c / (c - 1) * sum(t * t for t in totals.values())
