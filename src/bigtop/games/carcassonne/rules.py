"""Board geometry and the base game's figure, shared by the base game and the expansions."""

from __future__ import annotations

MEEPLES = 7  # normal meeples per player
MEEPLE = 0  # the base game's figure: index 0 of a player's supply (expansions' figures follow)

# A board position is one int: (x + OFFSET) * STRIDE + (y + OFFSET); y grows to the south.
STRIDE = 512
OFFSET = 256
ORIGIN = OFFSET * STRIDE + OFFSET
MAX_TILES = OFFSET - 1  # tiles in one game: a row of them and the squares beside it stay inside the coordinates
DELTA = (-1, STRIDE, 1, -STRIDE)  # N E S W
AROUND = (-STRIDE - 1, -1, STRIDE - 1, STRIDE, STRIDE + 1, 1, -STRIDE + 1, -STRIDE)  # the 8 neighbours


def pos_of(x: int, y: int) -> int:
    """The position of board offset (x, y) from the start tile."""
    return (x + OFFSET) * STRIDE + (y + OFFSET)


def xy(pos: int) -> tuple[int, int]:
    """The board offset (x, y) of a position."""
    return pos // STRIDE - OFFSET, pos % STRIDE - OFFSET
