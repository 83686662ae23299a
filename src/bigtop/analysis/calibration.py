"""Calibration: turning the search's raw win values into win chances that come true as often as
they say.

The search's value of a position is a mean of playout rewards, some of them the game's `evaluate`
(a logistic of an estimated lead, tuned for playing, not for telling odds), and the deciding
seat's value is that of its best move, which a noisy search overrates a little. Each game gets a
`Calibration`: a temperature `a` and a bias `b` of the deciding seat, fitted by maximum likelihood
on simulated games. Seat `s`'s win chance is `w_s * raw_s ** a / sum_t w_t * raw_t ** a`, with
`w = exp(b)` for the deciding seat and 1 for the others (for two seats: a logistic of `a` times the
raw log-odds, plus `b`). They are data (`calibration.toml`, with the run that fitted them); a game
without an entry keeps its raw values.
The fit is made by `calibrate.py`.
"""

from __future__ import annotations

import math
import tomllib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache, partial
from pathlib import Path
from typing import Any

EPS = 1e-4  # raw values are kept off 0 and 1 so that every temperature is defined
TABLE = Path(__file__).with_name("calibration.toml")
Z95 = 1.96


@dataclass(frozen=True)
class Calibration:
    """A temperature and the deciding seat's bias (log-odds added to it); the identity by default."""

    temperature: float = 1.0
    bias: float = 0.0

    def apply(self, raw: Sequence[float], margins: Sequence[float], seat: int | None) -> tuple[tuple[float, ...], tuple[float, ...]]:
        """Win chances from raw per-seat values (adding up to 1) searched for `seat`, and the 95 %
        half-widths carried through: each end of a seat's interval is mapped with the other
        seats' values scaled to make room for it (for two seats, exactly its complement)."""
        a = self.temperature
        clipped = [min(1.0 - EPS, max(EPS, r)) for r in raw]
        weights = [math.exp(self.bias) if p == seat else 1.0 for p in range(len(raw))]
        powered = [w * r**a for w, r in zip(weights, clipped, strict=True)]
        total = sum(powered)
        out = []
        for r, m, x, w in zip(clipped, margins, powered, weights, strict=True):
            rest = total - x

            def mapped(v: float, r: float = r, rest: float = rest, w: float = w) -> float:
                v = min(1.0 - EPS, max(EPS, v))
                y = w * v**a
                return y / (y + rest * ((1.0 - v) / (1.0 - r)) ** a)

            out.append((mapped(r + m) - mapped(r - m)) / 2)
        return tuple(x / total for x in powered), tuple(out)


@cache
def _table() -> dict[str, Any]:
    with TABLE.open("rb") as f:
        return tomllib.load(f)


def for_game(game: str) -> Calibration:
    """The fitted calibration of `game` (the identity for a game never fitted)."""
    entry = _table().get(game, {})
    return Calibration(float(entry.get("temperature", 1.0)), float(entry.get("bias", 0.0)))


@dataclass(frozen=True)
class Sample:
    """A searched position of a simulated game: the raw values per seat, the deciding seat, and
    the game's outcome (win shares per seat)."""

    game: int
    move: int
    seat: int
    raw: tuple[float, ...]
    outcome: tuple[float, ...]


def _chances(sample: Sample, calibration: Calibration) -> tuple[float, ...]:
    return calibration.apply(sample.raw, [0.0] * len(sample.raw), sample.seat)[0]


def log_likelihood(samples: Sequence[Sample], calibration: Calibration) -> float:
    total = 0.0
    for s in samples:
        chances = _chances(s, calibration)
        total += sum(o * math.log(max(w, 1e-12)) for o, w in zip(s.outcome, chances, strict=True))
    return total


def _golden(f: Callable[[float], float], lo: float, hi: float) -> float:
    """Where `f` is highest in [lo, hi] (golden-section search)."""
    ratio = (math.sqrt(5) - 1) / 2
    for _ in range(30):
        x1, x2 = hi - ratio * (hi - lo), lo + ratio * (hi - lo)
        if f(x1) >= f(x2):
            hi = x2
        else:
            lo = x1
    return (lo + hi) / 2


def fit(samples: Sequence[Sample]) -> Calibration:
    """The calibration of highest likelihood: temperature in [0.05, 5] and bias in [-1, 1], each
    in turn by golden-section search until they settle."""
    a, b = 1.0, 0.0
    for _ in range(4):
        a = math.exp(_golden(partial(_at_log_temperature, samples, b), math.log(0.05), math.log(5.0)))
        b = _golden(partial(_at_bias, samples, a), -1.0, 1.0)
    return Calibration(a, b)


def _at_log_temperature(samples: Sequence[Sample], b: float, x: float) -> float:
    return log_likelihood(samples, Calibration(math.exp(x), b))


def _at_bias(samples: Sequence[Sample], a: float, x: float) -> float:
    return log_likelihood(samples, Calibration(a, x))


@dataclass(frozen=True)
class Bin:
    """Positions whose predicted win chance (for the deciding seat) fell in [low, high): how many,
    their mean prediction, the observed win rate, and the 95 % half-width of the observed minus
    predicted difference (positions of one game are counted as one cluster)."""

    low: float
    high: float
    positions: int
    predicted: float
    observed: float
    margin: float

    @property
    def agrees(self) -> bool:
        return abs(self.observed - self.predicted) <= self.margin


def reliability(samples: Sequence[Sample], calibration: Calibration, bins: int = 5) -> list[Bin]:
    """The reliability table of the samples, calibrated."""
    groups: list[list[tuple[int, float, float]]] = [[] for _ in range(bins)]
    for s in samples:
        p = _chances(s, calibration)[s.seat]
        groups[min(bins - 1, int(p * bins))].append((s.game, p, s.outcome[s.seat]))
    out = []
    for k, group in enumerate(groups):
        if not group:
            continue
        n = len(group)
        per_game: dict[int, float] = {}
        for g, p, o in group:
            per_game[g] = per_game.get(g, 0.0) + (o - p)
        margin = Z95 * math.sqrt(sum(e * e for e in per_game.values())) / n
        out.append(Bin(k / bins, (k + 1) / bins, n, sum(p for _, p, _ in group) / n, sum(o for _, _, o in group) / n, margin))
    return out


def brier(samples: Sequence[Sample], calibration: Calibration) -> float:
    """Mean squared error of the calibrated win chances against the outcomes, over every seat."""
    total = 0.0
    for s in samples:
        total += sum((w - o) ** 2 for w, o in zip(_chances(s, calibration), s.outcome, strict=True))
    return total / len(samples)
