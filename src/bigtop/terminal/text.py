"""Words for the terminal: counts with the right plural, lists of names, a seat's name on a board,
and what the terminal table says around a game in each language (`SAY`, from text.toml)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from bigtop.core.text import DEFAULT_LANGUAGE, Catalog

SAY = Catalog.load(Path(__file__).with_name("text.toml"))


def number(value: float) -> str:
    """A score or count as people write it: 3, 2.5, -1 (never 3.0)."""
    return f"{value:g}"


def plural(count: float, noun: str, nouns: str | None = None) -> str:
    """`count` and the noun it takes: "1 point", "2 points", "0 points" (`nouns` if not noun + "s")."""
    return f"{number(count)} {noun if abs(count) == 1 else nouns or noun + 's'}"


def listing(names: Sequence[str], lang: str = DEFAULT_LANGUAGE) -> str:
    """ "A", "A and B", "A, B and C" (in `lang`)."""
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + SAY.text("and", lang) + names[-1]


def seat_name(names: Sequence[str], seat: int, reader: int | None, lang: str = DEFAULT_LANGUAGE) -> str:
    """`names[seat]` as a board heads the seat's lines, marked as the reader's ("Learner (you)") if
    `seat` is `reader`, unless the name says it already (`bigtop play`'s "Seat 0 (you)")."""
    name, mark = names[seat], SAY.text("you_mark", lang)
    return name + mark if seat == reader and not name.endswith(mark) else name
