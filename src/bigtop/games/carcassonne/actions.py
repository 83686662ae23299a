"""The actions of Carcassonne and their fixed integer numbering.

A turn is two small decisions: where and how to lay the drawn tile (`Place`), then what to do with
a figure (`Pass`, `Meeple`, and the expansions' `Ringmaster`, `Acrobat`, `ScorePyramid`).
Coordinates are offsets from the start tile (x east, y south), bounded by the number of tiles.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bigtop.core.actions import Action
from bigtop.core.errors import IllegalAction

MAX_FEATURES = 12  # local features on one tile (the crossing has 8)


@dataclass(frozen=True)
class Place(Action):
    """Lay the drawn tile at (x, y), turned clockwise `turns` quarter turns."""

    x: int
    y: int
    turns: int


@dataclass(frozen=True)
class Pass(Action):
    """Place no figure this turn."""


@dataclass(frozen=True)
class Meeple(Action):
    """Put a meeple on local feature `feature` of the tile just placed."""

    feature: int


@dataclass(frozen=True)
class Ringmaster(Action):
    """Put your ringmaster on local feature `feature` of the tile just placed (Under the Big Top)."""

    feature: int


@dataclass(frozen=True)
class Acrobat(Action):
    """Put a meeple as an acrobat on the acrobat tile at offset (dx, dy) from the tile just placed."""

    dx: int
    dy: int


@dataclass(frozen=True)
class ScorePyramid(Action):
    """Instead of placing a figure, score the complete pyramid on the acrobat tile at (x, y)."""

    x: int
    y: int


ACTION_TYPES = (Place, Pass, Meeple, Ringmaster, Acrobat, ScorePyramid)


class CarcassonneActionSpace:
    """Arithmetic numbering: Place (x, y, turns) first, then Pass, Meeple, Ringmaster, Acrobat,
    ScorePyramid. `bound` is the largest coordinate offset (the number of tiles)."""

    def __init__(self, bound: int) -> None:
        self.bound = bound
        self.width = w = 2 * bound + 1
        self._place = w * w * 4
        self._pass = self._place
        self._meeple = self._pass + 1
        self._ring = self._meeple + MAX_FEATURES
        self._acro = self._ring + MAX_FEATURES
        self._pyr = self._acro + 9
        self.size = self._pyr + w * w

    def _cell(self, x: int, y: int) -> int:
        b = self.bound
        if not (isinstance(x, int) and isinstance(y, int) and -b <= x <= b and -b <= y <= b):
            raise IllegalAction(f"({x}, {y}) is outside the board bound ±{b}")
        return (x + b) * self.width + (y + b)

    def encode(self, action: Action) -> int:
        """The id of an action."""
        if isinstance(action, Place) and action.turns in (0, 1, 2, 3):
            return self._cell(action.x, action.y) * 4 + action.turns
        if isinstance(action, Pass):
            return self._pass
        if isinstance(action, (Meeple, Ringmaster)) and isinstance(action.feature, int) and 0 <= action.feature < MAX_FEATURES:
            return (self._meeple if isinstance(action, Meeple) else self._ring) + action.feature
        if isinstance(action, Acrobat) and action.dx in (-1, 0, 1) and action.dy in (-1, 0, 1):
            return self._acro + (action.dx + 1) * 3 + (action.dy + 1)
        if isinstance(action, ScorePyramid):
            return self._pyr + self._cell(action.x, action.y)
        raise IllegalAction(f"{action} is not in this game's action space")

    def encode_all(self, actions: Sequence[Action]) -> list[int]:
        """The ids of the game's own legal actions: placements (the most of them, all within the
        bound) by arithmetic alone, the rest through `encode`."""
        b, w = self.bound, self.width
        return [
            ((a.x + b) * w + a.y + b) * 4 + a.turns if type(a) is Place else self.encode(a)
            for a in actions
        ]

    def decode(self, index: int) -> Action:
        """The action with this id."""
        if not isinstance(index, int) or not 0 <= index < self.size:
            raise IllegalAction(f"action id {index!r} is outside 0..{self.size - 1}")
        b, w = self.bound, self.width
        if index < self._place:
            cell, turns = divmod(index, 4)
            return Place(cell // w - b, cell % w - b, turns)
        if index == self._pass:
            return Pass()
        if index < self._ring:
            return Meeple(index - self._meeple)
        if index < self._acro:
            return Ringmaster(index - self._ring)
        if index < self._pyr:
            dx, dy = divmod(index - self._acro, 3)
            return Acrobat(dx - 1, dy - 1)
        cell = index - self._pyr
        return ScorePyramid(cell // w - b, cell % w - b)
