"""Which content goes with winning: for each feature a game reports per seat (a card hired, a tile
laid; the game's optional `features(state) -> list[set[str]]` hook), the win rate of the seats
that had it against the seats that did not.

The pooled rates are shown as they are, but the difference that decides is the one among seats
played by the same bot (Mantel-Haenszel over the bots): a strong bot that takes strong content
would otherwise make the content look strong. Its 95 % interval and p-value take the deal as the
unit (the seats of one game, and of one deal's games, are not independent) and are never
narrower than the Agresti-Caffo binomial interval (a rate of 0 % on six seats is not known to be
0 %), and the q-values
control the false discovery rate over every feature tested (Benjamini-Hochberg): "clear" is
q < 0.05. Features seen on exactly the same seats (a card hired and held by the same seats) are
one row; a feature that every seat of a bot had, or none, cannot be measured within that bot.

A game may declare what kind each feature is (`feature_kinds`, by the prefix before ": "): what a
player chose, what the deal gave, or what a game's course gives (it may follow from winning rather
than cause it); and how often each feature was offered and taken (`offers` in the rows, from the
game's optional `offered_feature` hook, see `bigtop.arena.measures`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from bigtop.arena.stats import Z95, benjamini_hochberg, clustered_variance, two_sided_p
from bigtop.arena.summary import win_share

KINDS = {
    "chosen": "what a player chose",
    "dealt": "what the deal gave",
    "outcome": "what the game's course gave (it may follow from winning rather than cause it)",
    "other": "other features",
}
CLEAR_Q = 0.05


@dataclass(frozen=True)
class FeatureEffect:
    """The seats with `names` (features seen on exactly the same seats) against the others."""

    names: tuple[str, ...]
    kind: str
    with_count: int
    with_rate: float  # pooled over the bots: what happened, not what the content does
    without_count: int
    without_rate: float
    difference: float | None = None  # among seats of the same bot (Mantel-Haenszel), None if not measurable
    low: float | None = None  # its 95 % interval, the deal as the unit
    high: float | None = None
    p: float | None = None
    q: float | None = None  # Benjamini-Hochberg over every feature tested
    unmeasurable: str | None = None  # why no difference can be measured
    left_out: tuple[str, ...] = ()  # bots whose seats all had it, or none did
    offered: int = 0  # decisions where it was offered, and taken (0: the game does not say)
    taken: int = 0

    @property
    def label(self) -> str:
        """The names as one label: "hired, held: Orchestra" when they share what follows ": "."""
        if len(self.names) == 1:
            return self.names[0]
        parts = [name.partition(": ") for name in self.names]
        if all(sep and rest == parts[0][2] for _, sep, rest in parts):
            return f"{', '.join(head for head, _, _ in parts)}: {parts[0][2]}"
        return " = ".join(self.names)

    @property
    def clear(self) -> bool:
        """Whether the difference within the same bot survives the false discovery control."""
        return self.q is not None and self.q < CLEAR_Q


def kind_of(feature: str, kinds: Mapping[str, str]) -> str:
    """The kind of a feature from the game's `feature_kinds` (by the prefix before ": ")."""
    return kinds.get(feature.partition(": ")[0], kinds.get(feature, "other"))


@dataclass(frozen=True)
class _Seat:
    features: frozenset[str]
    won: float
    bot: str
    deal: Any


def _seats(rows: Sequence[dict[str, Any]]) -> list[_Seat]:
    seats = []
    for i, row in enumerate(rows):
        if row.get("features") is None:
            continue
        deal = row.get("seed", f"game {i}")
        for seat, features in enumerate(row["features"]):
            seats.append(_Seat(frozenset(features), win_share(row, seat), row["bots"][seat], deal))
    return seats


def _offers(rows: Sequence[dict[str, Any]]) -> dict[str, list[int]]:
    """Per feature: [decisions where it was offered, where it was taken], over every seat."""
    total: dict[str, list[int]] = {}
    for row in rows:
        for seat_offers in row.get("offers") or ():
            for feature, (offered, taken) in seat_offers.items():
                cell = total.setdefault(feature, [0, 0])
                cell[0] += offered
                cell[1] += taken
    return total


def _within_bots(seats: Sequence[_Seat], has: Sequence[bool]) -> tuple[float, float, list[str], list[str]]:
    """The Mantel-Haenszel difference over the bots, its clustered standard error, the bots left
    out (every seat had it, or none; or all its seats won, or all lost: nothing to compare), and the
    bots measured."""
    strata: dict[str, list[float]] = {}  # bot -> [count with, wins with, count without, wins without]
    for seat, h in zip(seats, has, strict=True):
        cell = strata.setdefault(seat.bot, [0, 0.0, 0, 0.0])
        cell[0 if h else 2] += 1
        cell[1 if h else 3] += seat.won
    varies = {b for b in strata if len({s.won for s in seats if s.bot == b}) > 1}
    weights = {b: n1 * n2 / (n1 + n2) for b, (n1, _, n2, _) in strata.items() if n1 and n2 and b in varies}
    left_out = sorted(b for b in strata if b not in weights)
    total = sum(weights.values())
    if not total:
        return 0.0, 0.0, left_out, []
    rates = {b: (w1 / n1, w2 / n2) for b, (n1, w1, n2, w2) in strata.items() if b in weights}
    d = sum(weights[b] * (p1 - p2) for b, (p1, p2) in rates.items()) / total
    contributions = []
    for seat, h in zip(seats, has, strict=True):
        if seat.bot not in weights:
            contributions.append(0.0)
            continue
        n1, _, n2, _ = strata[seat.bot]
        p1, p2 = rates[seat.bot]
        share = weights[seat.bot] / total
        contributions.append(share * (seat.won - p1) / n1 if h else -share * (seat.won - p2) / n2)
    floor = sum((weights[b] / total) ** 2 * (_adjusted(n1, w1) + _adjusted(n2, w2)) for b, (n1, w1, n2, w2) in strata.items() if b in weights)
    se = math.sqrt(max(floor, clustered_variance(contributions, [s.deal for s in seats])))
    return d, se, left_out, sorted(weights)


def _adjusted(n: float, wins: float) -> float:
    """The variance of a win rate with one win and one loss added (Agresti-Caffo): a rate seen as
    0 % or 100 % on a few seats is not known exactly."""
    p = (wins + 1) / (n + 2)
    return p * (1 - p) / (n + 2)


def _why_not(seats: Sequence[_Seat], has: Sequence[bool], bots: Sequence[str]) -> list[str]:
    reasons = []
    for bot in bots:
        mine = [h for s, h in zip(seats, has, strict=True) if s.bot == bot]
        results = {s.won for s in seats if s.bot == bot}
        if all(mine) or not any(mine):
            reasons.append(f"every {bot} seat had it" if all(mine) else f"no {bot} seat had it")
        else:
            outcome = {1.0: "won", 0.0: "lost"}.get(next(iter(results)), "tied")
            reasons.append(f"every {bot} seat {outcome}")
    return reasons


def feature_effects(rows: Sequence[dict[str, Any]], kinds: Mapping[str, str] | None = None, min_count: int = 5) -> list[FeatureEffect]:
    """Every feature seen on at least `min_count` seats with and without it (features seen on the
    same seats as one), strongest evidence first (smallest p-value), those that cannot be measured
    last; empty if the game has no `features` hook."""
    kinds = kinds or {}
    seats = _seats(rows)
    members: dict[str, list[int]] = {}
    for index, seat in enumerate(seats):
        for feature in seat.features:
            members.setdefault(feature, []).append(index)
    groups: dict[tuple[int, ...], list[str]] = {}
    for feature, holders in members.items():
        if min_count <= len(holders) <= len(seats) - min_count:
            groups.setdefault(tuple(holders), []).append(feature)
    order = list(KINDS)
    offers = _offers(rows)
    found = []
    for where, names in groups.items():
        names.sort(key=lambda n: (order.index(kind_of(n, kinds)) if kind_of(n, kinds) in order else len(order), n))
        inside = set(where)
        has = [i in inside for i in range(len(seats))]
        n1 = len(where)
        w1 = sum(seats[i].won for i in where)
        w2 = sum(s.won for s in seats) - w1
        d, se, left_out, measured = _within_bots(seats, has)
        offered = [offers[n] for n in names if n in offers]
        common: dict[str, Any] = {
            "names": tuple(names), "kind": kind_of(names[0], kinds), "with_count": n1, "with_rate": w1 / n1,
            "without_count": len(seats) - n1, "without_rate": w2 / (len(seats) - n1),
            "left_out": tuple(_why_not(seats, has, left_out)),
            "offered": sum(o for o, _ in offered), "taken": sum(t for _, t in offered),
        }
        if not measured:
            found.append(FeatureEffect(**common, unmeasurable="; ".join(common["left_out"])))
        else:
            found.append(FeatureEffect(**common, difference=d, low=d - Z95 * se, high=d + Z95 * se, p=two_sided_p(d, se)))
    tested = [e for e in found if e.p is not None]
    q = dict(zip([e.names for e in tested], benjamini_hochberg([e.p for e in tested if e.p is not None]), strict=True))
    out = [replace(e, q=q.get(e.names)) for e in found]
    return sorted(out, key=lambda e: (e.p is None, e.p if e.p is not None else 0.0, -abs(e.difference or 0.0), e.label))
