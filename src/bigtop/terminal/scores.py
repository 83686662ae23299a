"""The end of a game in the terminal: each seat's points per scoring category, totals, winners."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.markup import escape
from rich.table import Table

from bigtop.terminal.text import listing, number, plural


def score_table(state: Any, names: Sequence[str]) -> Table:
    """A table of `state.score_breakdown()`: one row per category (labelled by the game's
    `score_categories`, in their order), one column per seat headed by `names`, then the totals
    and ranks."""
    game = state.game
    result = state.result()
    breakdown = state.score_breakdown()
    labels = dict(game.score_categories)
    order = [key for key in labels if key in breakdown] + [key for key in breakdown if key not in labels]
    table = Table(title="Final scores", title_justify="left")
    table.add_column("")
    for name in names:
        table.add_column(escape(name), justify="right")
    for key in order:
        table.add_row(escape(labels.get(key, key)), *(number(points) for points in breakdown[key]))
    table.add_section()
    table.add_row("[bold]Total[/bold]", *(f"[bold]{number(score)}[/bold]" for score in result.scores))
    table.add_row("Rank", *(str(rank) for rank in result.ranks))
    return table


def winners_line(state: Any, names: Sequence[str]) -> str:
    """ "Winner: Seat 1 with 27 points.", "Winners (tied): Seat 0 and Seat 2 with 20 points each.";
    "on the tie-break" when a seat that did not win has the winner's score."""
    result = state.result()
    winners = result.winners
    best = result.scores[winners[0]]
    if all(result.scores[seat] == best for seat in winners):
        who = f"{listing([names[seat] for seat in winners])} with {plural(best, 'point')}" + (" each" if len(winners) > 1 else "")
    else:  # a shared victory between different scores
        who = listing([f"{names[seat]} ({plural(result.scores[seat], 'point')})" for seat in winners])
    tie_break = any(score == best for seat, score in enumerate(result.scores) if seat not in winners)
    label = "Winner" if len(winners) == 1 else "Winners (tied)"
    return f"{label}: {who}" + (" on the tie-break" if tie_break else "") + "."
