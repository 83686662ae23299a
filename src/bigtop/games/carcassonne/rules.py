"""Options, board geometry and the figure kinds shared by the base game and the expansions."""

from __future__ import annotations

from dataclasses import dataclass

KNOWN_EXPANSIONS = ("bigtop",)
MEEPLES = 7  # normal meeples per player
MEEPLE, RINGMASTER = 0, 1  # figure kinds (index into a player's supply)
FIGURE_NAMES = ("meeple", "ringmaster")

# A board position is one int: (x + OFFSET) * STRIDE + (y + OFFSET); y grows to the south.
STRIDE = 512
OFFSET = 256
ORIGIN = OFFSET * STRIDE + OFFSET
DELTA = (-1, STRIDE, 1, -STRIDE)  # N E S W
MAX_TILES = OFFSET - 1  # tiles in one game: a row of them and the squares beside it stay inside the coordinates
AROUND = (-STRIDE - 1, -1, STRIDE - 1, STRIDE, STRIDE + 1, 1, -STRIDE + 1, -STRIDE)  # the 8 neighbours


def pos_of(x: int, y: int) -> int:
    """The position of board offset (x, y) from the start tile."""
    return (x + OFFSET) * STRIDE + (y + OFFSET)


def xy(pos: int) -> tuple[int, int]:
    """The board offset (x, y) of a position."""
    return pos // STRIDE - OFFSET, pos % STRIDE - OFFSET


@dataclass(frozen=True)
class CarcassonneOptions:
    """Game options.

    expansions: the expansions played ("bigtop" = Under the Big Top; empty = base game only).
    tiles: tile ids drawn first, in this order (tutorials, puzzles, tests).
    tiles_only: if true the stack holds only `tiles` (the other tiles stay in the box).
    tokens: animal tokens drawn first, in this order.
    cards: path of a tiles file (the format of data/tiles.toml) played instead of the built-in one.
    """

    expansions: tuple[str, ...] = ("bigtop",)
    tiles: tuple[str, ...] = ()
    tiles_only: bool = False
    tokens: tuple[str, ...] = ()
    cards: str | None = None

    def __post_init__(self) -> None:
        unknown = [e for e in self.expansions if e not in KNOWN_EXPANSIONS]
        if unknown:
            raise ValueError(f"option expansions: unknown expansion {', '.join(unknown)}; known: {', '.join(KNOWN_EXPANSIONS)}")
        if len(set(self.expansions)) != len(self.expansions):
            raise ValueError("option expansions: an expansion is named twice")
        if self.tokens and "bigtop" not in self.expansions:
            raise ValueError("option tokens: animal tokens need the bigtop expansion")
        if self.tiles_only and not self.tiles:
            raise ValueError("option tiles_only: needs option tiles (the stack would be empty)")
