"""The base game's actions and the game's fixed integer numbering of every action.

A turn is two small decisions: where and how to lay the drawn tile (`Place`), then what to do with
a figure (`Pass`, `Meeple`, and what the expansions declare: a figure of theirs on a feature, or
actions of their own). Coordinates are offsets from the start tile (x east, y south), bounded by
the number of tiles.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bigtop.core.actions import Action, RemembersIds
from bigtop.core.errors import IllegalAction
from bigtop.games.carcassonne.expansion import ActionBlock

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


class CarcassonneActionSpace(RemembersIds):
    """Arithmetic numbering: Place (x, y, turns) first, then Pass, then per figure kind that stands
    on features its action over the 12 local features (Meeple, then the expansions' figures), then
    each capability's own block. `bound` is the largest coordinate offset (the number of tiles)."""

    def __init__(self, bound: int, figure_actions: Sequence[type[Action]], blocks: Sequence[ActionBlock]) -> None:
        super().__init__()
        self.bound = bound
        self.width = w = 2 * bound + 1
        self._place = w * w * 4
        self._pass = self._place
        self._figures = {t: self._pass + 1 + i * MAX_FEATURES for i, t in enumerate(figure_actions)}
        self._figure_types = tuple(figure_actions)
        at = self._pass + 1 + len(figure_actions) * MAX_FEATURES
        self._blocks: list[tuple[int, ActionBlock]] = []
        for block in blocks:
            self._blocks.append((at, block))
            at += block.size
        self.size = at

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
        start = self._figures.get(type(action))
        if start is not None:
            feature = action.feature  # type: ignore[attr-defined]  # the keys of _figures are the figure actions: each has `feature`
            if isinstance(feature, int) and 0 <= feature < MAX_FEATURES:
                return start + feature
        for at, block in self._blocks:
            try:
                return at + block.encode(action)
            except IllegalAction:
                continue
        raise IllegalAction(f"{action} is not in this game's action space")

    def _encode_fresh(self, actions: Sequence[Action]) -> list[int]:
        """Placements (the most of them, all within the bound) by arithmetic alone, the rest
        through `encode`."""
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
        figure, feature = divmod(index - self._pass - 1, MAX_FEATURES)
        if figure < len(self._figure_types):
            return self._figure_types[figure](feature)  # type: ignore[call-arg]  # figure action classes take the feature
        for at, block in reversed(self._blocks):
            if index >= at:
                return block.decode(index - at)
        raise AssertionError("unreachable: the blocks cover the space")
