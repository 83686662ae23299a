"""The actions of Under the Big Top: the ringmaster on a feature, an acrobat, scoring a pyramid."""

from __future__ import annotations

from dataclasses import dataclass

from bigtop.core.actions import Action
from bigtop.core.errors import IllegalAction
from bigtop.games.carcassonne.expansion import ActionBlock


@dataclass(frozen=True)
class Ringmaster(Action):
    """Put your ringmaster on local feature `feature` of the tile just placed."""

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


class AcrobatActions(ActionBlock):
    """Acrobat over the 9 offsets (dx, dy in -1..1), then ScorePyramid over every board cell
    (x, y within ±bound)."""

    def __init__(self, bound: int) -> None:
        self.bound = bound
        self.width = 2 * bound + 1
        self.size = 9 + self.width * self.width

    def encode(self, action: Action) -> int:
        if isinstance(action, Acrobat) and action.dx in (-1, 0, 1) and action.dy in (-1, 0, 1):
            return (action.dx + 1) * 3 + (action.dy + 1)
        if isinstance(action, ScorePyramid):
            b = self.bound
            x, y = action.x, action.y
            if isinstance(x, int) and isinstance(y, int) and -b <= x <= b and -b <= y <= b:
                return 9 + (x + b) * self.width + (y + b)
            raise IllegalAction(f"({x}, {y}) is outside the board bound ±{b}")
        raise IllegalAction(f"{action} is not an acrobat action")

    def decode(self, index: int) -> Action:
        if index < 9:
            dx, dy = divmod(index, 3)
            return Acrobat(dx - 1, dy - 1)
        cell = index - 9
        return ScorePyramid(cell // self.width - self.bound, cell % self.width - self.bound)
