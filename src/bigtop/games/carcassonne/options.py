"""Carcassonne's options, checked against the expansions the game knows."""

from __future__ import annotations

from dataclasses import dataclass

from bigtop.games.carcassonne.expansions import BY_NAME, EXPANSION_NAMES


@dataclass(frozen=True)
class CarcassonneOptions:
    """Game options.

    expansions: the expansions played ("bigtop" = Under the Big Top; empty = base game only).
    tiles: tile ids drawn first, in this order (tutorials, puzzles, tests).
    tiles_only: if true the stack holds only `tiles` (the other tiles stay in the box).
    tokens: animal tokens drawn first, in this order (Under the Big Top).
    cards: path of a tiles file (the format of data/tiles.toml) played instead of the built-in one.
    """

    expansions: tuple[str, ...] = EXPANSION_NAMES
    tiles: tuple[str, ...] = ()
    tiles_only: bool = False
    tokens: tuple[str, ...] = ()
    cards: str | None = None

    def __post_init__(self) -> None:
        unknown = [e for e in self.expansions if e not in BY_NAME]
        if unknown:
            raise ValueError(f"option expansions: unknown expansion {', '.join(unknown)}; known: {', '.join(EXPANSION_NAMES)}")
        if len(set(self.expansions)) != len(self.expansions):
            raise ValueError("option expansions: an expansion is named twice")
        for name, expansion in BY_NAME.items():
            for option, what in expansion.options.items():
                if getattr(self, option) and name not in self.expansions:
                    raise ValueError(f"option {option}: {what} need the {name} expansion")
        if self.tiles_only and not self.tiles:
            raise ValueError("option tiles_only: needs option tiles (the stack would be empty)")
