"""How far a candidate's games are from the designer's goals: one number to minimise, in points.

- turn order: the highest minus the lowest win rate by place in the turn order, above
  `turn_order_spread` points;
- held: for every feature with the `held_prefix` (a card held, an artist in the band) seen on at
  least `held_min_seats` seats, its win rate above `held_max` %, summed. Each rate is shrunk
  towards the fair share by `held_prior` seats, so a rare card's luck weighs less;
- length: the mean game length outside `[low, high]` decisions, in percent of the bound;
- change: `change` points per whole range a parameter moved from the shipped value (so that, when
  the goals are met, the least change wins).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from bigtop.arena.summary import win_share
from bigtop.tune.spec import Goals, Spec

Row = dict[str, Any]


def measure(rows: Sequence[Row], players: int, goals: Goals) -> dict[str, Any]:
    """The figures the goals are about: win rate by place in the turn order, the spread between
    places (points), each held feature's shrunk win rate (percent) and seats, mean game length."""
    fair = 1.0 / players
    places = [0.0] * players
    held: dict[str, list[float]] = {}
    for row in rows:
        for seat, place in enumerate(row["turn_order"]):
            share = win_share(row, seat)
            places[place] += share
            for feature in row["features"][seat] if row["features"] else ():
                if feature.startswith(goals.held_prefix):
                    cell = held.setdefault(feature.removeprefix(goals.held_prefix), [0.0, 0.0])
                    cell[0] += share
                    cell[1] += 1
    rates = [100 * w / len(rows) for w in places]
    return {
        "turn_order": rates,
        "spread": max(rates) - min(rates),
        "held": {
            f: (100 * (w + goals.held_prior * fair) / (n + goals.held_prior), int(n))
            for f, (w, n) in sorted(held.items()) if n >= goals.held_min_seats
        },
        "length": sum(row["moves"] for row in rows) / len(rows),
    }


def penalties(measured: dict[str, Any], goals: Goals) -> dict[str, float]:
    """Points away from each goal that is set (0 when met)."""
    out: dict[str, float] = {}
    if goals.turn_order_spread is not None:
        out["turn order"] = max(0.0, measured["spread"] - goals.turn_order_spread)
    if goals.held_max is not None:
        out["held"] = sum(max(0.0, rate - goals.held_max) for rate, _ in measured["held"].values())
    if goals.length is not None:
        low, high = goals.length
        length = measured["length"]
        out["length"] = 100 * max(0.0, low - length) / low + 100 * max(0.0, length - high) / high
    return out


def change(spec: Spec, values: Sequence[int], shipped: Sequence[int]) -> float:
    """The change penalty: points per whole range moved, summed over the parameters."""
    return spec.goals.change * sum(abs(v - b) / (p.high - p.low) for p, v, b in zip(spec.parameter, values, shipped, strict=True))


def objective(spec: Spec, rows: Sequence[Row], values: Sequence[int], shipped: Sequence[int]) -> tuple[float, dict[str, Any]]:
    """The number to minimise for a candidate's games, and what it is made of."""
    measured = measure(rows, spec.players, spec.goals)
    parts = {**penalties(measured, spec.goals), "change": change(spec, values, shipped)}
    return sum(parts.values()), {"penalties": parts, **measured}


def paired_difference(spec: Spec, rows: Sequence[Row], baseline: Sequence[Row], resamples: int = 200, seed: int = 0) -> tuple[float, float, float]:
    """How much a candidate's goal penalties (without the change term) fall below the shipped
    content's on the same deals, with a 95 % paired bootstrap interval over the deals: negative
    is better."""
    by_deal: dict[int, list[Row]] = {}
    base_by_deal: dict[int, list[Row]] = {}
    for rows_, deals_ in ((rows, by_deal), (baseline, base_by_deal)):
        for row in rows_:
            deals_.setdefault(row["seed"], []).append(row)
    deals = sorted(by_deal.keys() & base_by_deal.keys())

    def gap(sample: Sequence[int]) -> float:
        mine = penalties(measure([r for d in sample for r in by_deal[d]], spec.players, spec.goals), spec.goals)
        theirs = penalties(measure([r for d in sample for r in base_by_deal[d]], spec.players, spec.goals), spec.goals)
        return sum(mine.values()) - sum(theirs.values())

    rng = random.Random(seed)
    gaps = sorted(gap(rng.choices(deals, k=len(deals))) for _ in range(resamples))
    return gap(deals), gaps[int(0.025 * resamples)], gaps[min(resamples - 1, int(0.975 * resamples))]
