"""How games unfold and what the bots do, from the rows the arena records per game (see
`bigtop.arena.measures`): each seat's score over the game (median and middle half), the share of
each bot's decisions that took each type of action, and how often each bot took a card it was
offered (the figures TAG's GameMetrics and ActionTypes report)."""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from typing import Any

from bigtop.arena import plots
from bigtop.arena.htmltable import table

Row = dict[str, Any]
TOP_CHOICES = 12


def _quartiles(values: Sequence[float]) -> tuple[float, float, float]:
    if len(values) < 2:
        v = values[0] if values else 0.0
        return v, v, v
    low, median, high = statistics.quantiles(values, n=4, method="inclusive")
    return median, low, high


def score_trajectories(rows: Sequence[Row], players: int) -> list[list[tuple[float, float, float]]]:
    """Per seat, per tenth of the game: (median, first quartile, third quartile) of its score."""
    recorded = [row["score_trajectory"] for row in rows if row.get("score_trajectory")]
    if not recorded:
        return []
    tenths = len(recorded[0])
    return [[_quartiles([game[t][seat] for game in recorded]) for t in range(tenths)] for seat in range(players)]


def trajectory_section(rows: Sequence[Row], players: int) -> str:
    """Score over the game per seat: median and middle half, as a plot and a table."""
    found = score_trajectories(rows, players)
    if not found:
        return ""
    series = [(f"seat {s}", [m for m, _, _ in points], [lo for _, lo, _ in points], [hi for _, _, hi in points])
              for s, points in enumerate(found)]
    tenths = len(found[0])
    cells = [(f"seat {s}", *(f"{points[t][0]:g} ({points[t][1]:g} to {points[t][2]:g})" for t in (tenths // 4, tenths // 2 - 1, tenths - 1)))
             for s, points in enumerate(found)]
    return "".join([
        "<h3>Scores over the game</h3>",
        plots.over_the_game(series, "score", "score by seat: median, and the middle half of games (band)"),
        table(("seat", "after a quarter", "at half time", "at the end"), cells),
        "<p class=note>Median score with the middle half of the games in brackets (first to third quartile).</p>",
    ])


def action_shares(rows: Sequence[Row], labels: Sequence[str]) -> dict[str, dict[str, float]]:
    """Per bot label: the share of its decisions that took each type of action."""
    counts: dict[str, dict[str, int]] = {label: {} for label in labels}
    for row in rows:
        for seat, kinds in enumerate(row.get("actions") or ()):
            mine = counts[labels[row["seating"][seat]]]
            for kind, n in kinds.items():
                mine[kind] = mine.get(kind, 0) + n
    return {label: {k: n / sum(kinds.values()) for k, n in kinds.items()} for label, kinds in counts.items() if kinds}


def choice_rates(rows: Sequence[Row], labels: Sequence[str]) -> dict[str, dict[str, tuple[int, int]]]:
    """Per content feature offered: per bot label (decisions where it was offered, where taken)."""
    found: dict[str, dict[str, list[int]]] = {}
    for row in rows:
        for seat, offers in enumerate(row.get("offers") or ()):
            label = labels[row["seating"][seat]]
            for feature, (offered, taken) in offers.items():
                cell = found.setdefault(feature, {}).setdefault(label, [0, 0])
                cell[0] += offered
                cell[1] += taken
    return {f: {b: (o, t) for b, (o, t) in by_bot.items()} for f, by_bot in found.items()}


def choices_section(rows: Sequence[Row], labels: Sequence[str]) -> str:
    """Action types per bot, and the cards each bot took when offered."""
    shares = action_shares(rows, labels)
    if not shares:
        return "<p>These games were played before these figures were recorded.</p>"
    bots = list(shares)
    kinds = sorted({k for s in shares.values() for k in s}, key=lambda k: -sum(s.get(k, 0.0) for s in shares.values()))
    parts = [
        "<h3>Decisions by type of action</h3>",
        "<p class=note>The share of each bot's decisions (moves with a real choice) that took each type of action.</p>",
        table(("action", *bots), [(k, *(f"{100 * shares[b].get(k, 0.0):.1f} %" for b in bots)) for k in kinds]),
    ]
    rates = choice_rates(rows, labels)
    if rates:
        ranked = sorted(rates, key=lambda f: -sum(o for o, _ in rates[f].values()))
        cells = [(f, *(_taken(rates[f].get(b)) for b in bots)) for f in ranked[:TOP_CHOICES]]
        parts += [
            "<h3>Cards taken when offered</h3>",
            f"<p class=note>The {min(TOP_CHOICES, len(ranked))} cards offered most often: per bot, in how many of its decisions "
            "the card was among the choices, and how often it was taken then.</p>",
            table(("card", *bots), cells),
        ]
    return "".join(parts)


def _taken(cell: tuple[int, int] | None) -> str:
    if not cell or not cell[0]:
        return ""
    offered, taken = cell
    return f"{100 * taken / offered:.0f} % of {offered}"

