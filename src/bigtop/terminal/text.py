"""English words for the terminal: counts with the right plural, lists of names."""

from __future__ import annotations

from collections.abc import Sequence


def number(value: float) -> str:
    """A score or count as people write it: 3, 2.5, -1 (never 3.0)."""
    return f"{value:g}"


def plural(count: float, noun: str, nouns: str | None = None) -> str:
    """`count` and the noun it takes: "1 point", "2 points", "0 points" (`nouns` if not noun + "s")."""
    return f"{number(count)} {noun if abs(count) == 1 else nouns or noun + 's'}"


def listing(names: Sequence[str]) -> str:
    """ "A", "A and B", "A, B and C"."""
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]
