"""What a tournament's rows add up to: per entrant and per seat win rates, mean score and rank,
OpenSkill (Plackett-Luce) ratings, and what decided the games (win rate by turn order, first-player
advantage, score margin, lead changes, decisions per turn, branching factor), each with its 95 %
interval. The interval's unit is the deal when deals were replayed from several seatings, else the
game (`bigtop.arena.stats`); `interval` in the summary says which."""

from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from bigtop.arena import stats
from bigtop.arena.measures import TENTHS

Row = dict[str, Any]


def win_share(row: Row, seat: int) -> float:
    """The seat's share of the win: 1 alone, 1/k in a k-way tie, 0 otherwise."""
    winners = row["winners"]
    return 1.0 / len(winners) if seat in winners else 0.0


def entrant_labels(specs: Sequence[str]) -> list[str]:
    """A unique label per entrant: its spec, with `#k` added when the same spec plays twice."""
    return [spec if specs.count(spec) == 1 else f"{spec}#{specs[:i].count(spec) + 1}" for i, spec in enumerate(specs)]


def interval_unit(rows: Sequence[Row]) -> str:
    """Which interval the summary uses: by game when every deal was played once, else by deal."""
    return stats.GAME_UNIT if len({row["seed"] for row in rows}) == len(rows) else stats.DEAL_UNIT


def _rate(pairs: Sequence[tuple[float, int]]) -> dict[str, float]:
    """Win rate of (win share, deal) pairs, as the tables show it."""
    estimate = stats.win_rate([share for share, _ in pairs], [deal for _, deal in pairs])
    return {"wins": sum(share for share, _ in pairs), "games": estimate.games, "deals": estimate.deals,
            "win_rate": estimate.value, "low": estimate.low, "high": estimate.high}


def ratings(rows: Sequence[Row], entrants: int) -> list[dict[str, float]]:
    """OpenSkill Plackett-Luce ratings of the entrants, the games taken in index order."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    current = [model.rating() for _ in range(entrants)]
    for row in rows:
        seating = row["seating"]
        teams = [[current[e]] for e in seating]
        rated = model.rate(teams, ranks=list(row["ranks"]))
        for seat, e in enumerate(seating):
            current[e] = rated[seat][0]
    return [{"mu": r.mu, "sigma": r.sigma, "ordinal": r.ordinal()} for r in current]


def _tenth(t: int, row: Row) -> float | None:
    """A game's branching in its `t`-th tenth."""
    value: float | None = row["branching_by_tenth"][t]
    return value


def _mean(rows: Sequence[Row], value: Callable[[Row], float | None]) -> dict[str, float] | None:
    """The mean of a non-negative per-game figure (games where it is None left out) with its
    interval, never below 0."""
    pairs = [(v, row["seed"]) for row in rows if (v := value(row)) is not None]
    if not pairs:
        return None
    estimate = stats.mean([v for v, _ in pairs], [deal for _, deal in pairs]).as_dict()
    return {**estimate, "low": max(0.0, estimate["low"])}


def decided(rows: Sequence[Row], players: int) -> dict[str, Any] | None:
    """What decided the games: win rate by place in the turn order, the first player's advantage
    over the fair share, score margin, lead changes, decisions per turn and branching factor (also
    per tenth of the game), each with its 95 % interval; None for rows without these figures."""
    if not rows or any("turn_order" not in row for row in rows):
        return None
    by_place: list[list[tuple[float, int]]] = [[] for _ in range(players)]
    for row in rows:
        for seat, place in enumerate(row["turn_order"]):
            by_place[place].append((win_share(row, seat), row["seed"]))
    places = [{"place": q, **_rate(pairs)} for q, pairs in enumerate(by_place)]
    fair = 1.0 / players
    first = places[0]
    return {
        "turn_order": places,
        "first_player_advantage": {"value": first["win_rate"] - fair, "low": first["low"] - fair, "high": first["high"] - fair},
        "margin": _mean(rows, lambda row: row["margin"]),
        "lead_changes": _mean(rows, lambda row: row["lead_changes"]),
        "decisions_per_turn": _mean(rows, lambda row: row["decisions"] / row["turns"] if row["turns"] else None),
        "branching": _mean(rows, lambda row: row["branching"]),
        "branching_by_tenth": [_mean(rows, partial(_tenth, t)) for t in range(TENTHS)],
    }


SAME_BOT_ALARM = 0.01
"""The p-value below which two copies of one bot are said to differ beyond chance: a warning is a
false alarm in about 1 tournament of 100 where nothing is wrong."""


def identical_bots(rows: Sequence[Row], specs: Sequence[str]) -> list[dict[str, Any]]:
    """For every two entrants with the same spec, the difference of their win rates over the games
    both played (win share of one minus the other, game by game, the deal as the unit), its 95 %
    interval and p-value, Bonferroni-corrected over the pairs of that spec: a `warning` when the
    same bot differs beyond chance, p below `SAME_BOT_ALARM` (the seats are not rotated, a `time=`
    budget on a loaded machine, a bot that keeps state between games...)."""
    labels = entrant_labels(specs)
    found = []
    for spec in dict.fromkeys(specs):
        group = [e for e, s in enumerate(specs) if s == spec]
        pairs = [(a, b) for i, a in enumerate(group) for b in group[i + 1:]]
        for a, b in pairs:
            values, deals = [], []
            for row in rows:
                seats = {e: seat for seat, e in enumerate(row["seating"])}
                if a in seats and b in seats:
                    values.append(win_share(row, seats[a]) - win_share(row, seats[b]))
                    deals.append(row["seed"])
            if len(set(deals)) < 2:
                continue
            estimate = stats.mean(values, deals)
            se = (estimate.high - estimate.value) / stats.Z95
            p = min(1.0, stats.two_sided_p(estimate.value, se) * len(pairs))
            found.append({
                "first": labels[a], "second": labels[b], "difference": estimate.value, "low": estimate.low,
                "high": estimate.high, "p": p, "warning": p < SAME_BOT_ALARM,
            })
    return found


def identical_bot_warnings(found: Sequence[dict[str, Any]]) -> list[str]:
    """The `identical_bots` comparisons that differ beyond chance, in words."""
    return [
        f"{c['first']} and {c['second']} are the same bot, yet their win rates differ by {100 * c['difference']:+.1f} points "
        f"(95 % interval {100 * c['low']:+.1f} to {100 * c['high']:+.1f}; p = {c['p']:.3f}, more than chance explains): "
        "look for what differs between them (seats not rotated, a time budget on a busy machine, a bot that keeps state)"
        for c in found if c["warning"]
    ]


def summarize(rows: Sequence[Row], specs: Sequence[str]) -> dict[str, Any]:
    """The summary of a tournament (JSON-ready): `interval` (its unit), `entrants` (win rate with
    its interval, mean score and rank, rating, and win rate from each seat), `seats` (all bots),
    `length`, and `decided` (what decided the games)."""
    n = len(specs)
    labels = entrant_labels(specs)
    shares: list[list[tuple[float, int]]] = [[] for _ in range(n)]
    cells: list[list[list[tuple[float, int]]]] = [[[] for _ in range(n)] for _ in range(n)]  # [entrant][seat]
    seat_shares: list[list[tuple[float, int]]] = [[] for _ in range(n)]
    scores: list[list[float]] = [[] for _ in range(n)]
    ranks: list[list[int]] = [[] for _ in range(n)]
    for row in rows:
        for seat, e in enumerate(row["seating"]):
            pair = (win_share(row, seat), row["seed"])
            shares[e].append(pair)
            cells[e][seat].append(pair)
            seat_shares[seat].append(pair)
            scores[e].append(row["scores"][seat])
            ranks[e].append(row["ranks"][seat])
    count = len(rows)
    rated = ratings(rows, n)
    entrants = [
        {
            "entrant": e,
            "label": labels[e],
            "spec": specs[e],
            **_rate(shares[e]),
            "mean_score": statistics.fmean(scores[e]) if count else 0.0,
            "mean_rank": statistics.fmean(ranks[e]) if count else 0.0,
            **rated[e],
            "by_seat": [{"seat": s, **_rate(cells[e][s])} for s in range(n)],
        }
        for e in range(n)
    ]
    seats = [{"seat": s, **_rate(seat_shares[s])} for s in range(n)]
    lengths = [row["moves"] for row in rows]
    length = {"mean": statistics.fmean(lengths), "min": min(lengths), "max": max(lengths)} if lengths else {}
    return {
        "games": count, "interval": interval_unit(rows) if rows else stats.GAME_UNIT,
        "entrants": entrants, "seats": seats, "length": length, "decided": decided(rows, n),
        "identical_bots": identical_bots(rows, specs),
    }
