"""What a tournament's rows add up to: per entrant and per seat win rates with Wilson 95 %
intervals, mean score and rank, and OpenSkill (Plackett-Luce) ratings."""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from typing import Any

from bigtop.arena.stats import wilson

Row = dict[str, Any]


def win_share(row: Row, seat: int) -> float:
    """The seat's share of the win: 1 alone, 1/k in a k-way tie, 0 otherwise."""
    winners = row["winners"]
    return 1.0 / len(winners) if seat in winners else 0.0


def entrant_labels(specs: Sequence[str]) -> list[str]:
    """A unique label per entrant: its spec, with `#k` added when the same spec plays twice."""
    return [spec if specs.count(spec) == 1 else f"{spec}#{specs[:i].count(spec) + 1}" for i, spec in enumerate(specs)]


def _rate(value: float, count: int) -> dict[str, float]:
    low, high = wilson(value, count)
    return {"wins": value, "games": count, "win_rate": value / count if count else 0.0, "low": low, "high": high}


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


def summarize(rows: Sequence[Row], specs: Sequence[str]) -> dict[str, Any]:
    """The summary of a tournament (JSON-ready): `entrants` (win rate with its interval, mean
    score and rank, rating, and win rate from each seat), `seats` (all bots), `length`."""
    n = len(specs)
    labels = entrant_labels(specs)
    wins = [0.0] * n
    scores: list[list[float]] = [[] for _ in range(n)]
    ranks: list[list[int]] = [[] for _ in range(n)]
    seat_wins = [0.0] * n
    cell_wins = [[0.0] * n for _ in range(n)]  # [entrant][seat]
    cell_games = [[0] * n for _ in range(n)]
    for row in rows:
        for seat, e in enumerate(row["seating"]):
            share = win_share(row, seat)
            wins[e] += share
            seat_wins[seat] += share
            cell_wins[e][seat] += share
            cell_games[e][seat] += 1
            scores[e].append(row["scores"][seat])
            ranks[e].append(row["ranks"][seat])
    count = len(rows)
    rated = ratings(rows, n)
    entrants = [
        {
            "entrant": e,
            "label": labels[e],
            "spec": specs[e],
            **_rate(wins[e], count),
            "mean_score": statistics.fmean(scores[e]) if count else 0.0,
            "mean_rank": statistics.fmean(ranks[e]) if count else 0.0,
            **rated[e],
            "by_seat": [{"seat": s, **_rate(cell_wins[e][s], cell_games[e][s])} for s in range(n)],
        }
        for e in range(n)
    ]
    seats = [{"seat": s, **_rate(seat_wins[s], count)} for s in range(n)]
    lengths = [row["moves"] for row in rows]
    length = {"mean": statistics.fmean(lengths), "min": min(lengths), "max": max(lengths)} if lengths else {}
    return {"games": count, "entrants": entrants, "seats": seats, "length": length}
