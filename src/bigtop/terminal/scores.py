"""The end of a game in the terminal: each seat's points per scoring category, totals, winners."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.markup import escape
from rich.table import Table

from bigtop.core.text import DEFAULT_LANGUAGE
from bigtop.terminal.text import SAY, listing, number


def category_label(game: Any, key: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """A score category's name in `lang`, as the game's words say it (`score.<key>`, Troll Fest's
    `category.<key>`; the web's end screen reads `score.<key>`), else its English label."""
    for entry in (f"score.{key}", f"category.{key}"):
        if game.text.has(entry):
            return str(game.text.text(entry, lang))
    return str(game.score_categories.get(key, key))


def score_table(state: Any, names: Sequence[str], lang: str = DEFAULT_LANGUAGE) -> Table:
    """A table of `state.score_breakdown()`: one row per category (named in `lang`, in the order of
    the game's `score_categories`), one column per seat headed by `names`, then the totals and
    ranks (headings in `lang`)."""
    game = state.game
    result = state.result()
    breakdown = state.score_breakdown()
    order = [key for key in game.score_categories if key in breakdown] + [key for key in breakdown if key not in game.score_categories]
    table = Table(title=SAY.text("scores.title", lang), title_justify="left")
    table.add_column("")
    for name in names:
        table.add_column(escape(name), justify="right")
    for key in order:
        table.add_row(escape(category_label(game, key, lang)), *(number(points) for points in breakdown[key]))
    table.add_section()
    table.add_row(f"[bold]{escape(SAY.text('scores.total', lang))}[/bold]", *(f"[bold]{number(score)}[/bold]" for score in result.scores))
    table.add_row(escape(SAY.text("scores.rank", lang)), *(str(rank) for rank in result.ranks))
    return table


def winners_line(state: Any, names: Sequence[str], lang: str = DEFAULT_LANGUAGE) -> str:
    """ "Winner: Seat 1 with 27 points.", "Winners (tied): Seat 0 and Seat 2 with 20 points each."
    (in `lang`); "on the tie-break" when a seat that did not win has the winner's score."""
    result = state.result()
    winners = result.winners
    best = result.scores[winners[0]]

    def points(score: float) -> str:
        return SAY.text("points", lang, n=int(score) if float(score).is_integer() else score)

    tie_break = SAY.text("tie_break", lang) if any(
        score == best for seat, score in enumerate(result.scores) if seat not in winners) else ""
    if len(winners) == 1:
        return SAY.text("winner", lang, who=names[winners[0]], points=points(best), tie_break=tie_break)
    if all(result.scores[seat] == best for seat in winners):
        return SAY.text("winners_even", lang, who=listing([names[seat] for seat in winners], lang), points=points(best),
                        tie_break=tie_break)
    who = listing([f"{names[seat]} ({points(result.scores[seat])})" for seat in winners], lang)  # shared, scores apart
    return SAY.text("winners", lang, who=who, tie_break=tie_break)
