"""Carcassonne's compact action ids: a placement named relative to the board, not by its coordinates.

The flat action space (`actions.py`) gives every (x, y, turns) within the board's bound an id:
171,159 ids with Under the Big Top, far too many for a policy head. Here a placement is named by
the rank of its square among the squares where the drawn tile fits, in reading order (north to
south, then west to east), times 4 plus its quarter turns: the first square where the tile fits is
ids 0-3 whatever the board looks like. The frontier of a board of n tiles has at most 2n + 2
squares (each tile laid fills one and opens at most three), so `4 * (2 * tiles + 2)` ids cover
every placement. An expansion's action that names a board square (Under the Big Top's
`ScorePyramid(x, y)`) is named the same way, by the rank of its square among its legal squares
(at most one per tile). The other actions (Pass, a figure on a local feature, an acrobat at an
offset) are few and keep their order of the flat space. Ids name actions of one position only:
`legal` and `action` read it.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from bigtop.core.actions import Action
from bigtop.core.api import State
from bigtop.core.errors import BigtopError, IllegalAction
from bigtop.games.carcassonne.actions import Place


def _positional(kind: type[Action]) -> bool:
    names = {f.name for f in dataclasses.fields(kind)}
    return {"x", "y"} <= names


class CompactActionSpace:
    """The compact ids of one table (players and options): see the module docstring."""

    def __init__(self, game: Any, players: int, options: Any) -> None:
        from bigtop.games.carcassonne.state import tiles_of

        flat = game.action_space(players, options)
        tiles = tiles_of(options).total
        self.squares = 2 * tiles + 2  # the most frontier squares a board of every tile can have
        self.place = 4 * self.squares
        at = self.place
        self.square_base: dict[type[Action], int] = {}  # an expansion's actions on a board square
        for kind in game.action_types:
            if kind is Place or not _positional(kind):
                continue
            if {f.name for f in dataclasses.fields(kind)} != {"x", "y"}:
                raise BigtopError(f"{kind.__name__}: a compact id names a square only (fields x and y)")
            self.square_base[kind] = at
            at += tiles
        # every other action, in the order of the flat space (Pass, figures, the expansions' own)
        self.fixed: dict[int, int] = {}  # flat id -> compact id
        self.fixed_actions: list[Action] = []
        for index in range(flat._pass, flat.size):
            action = flat.decode(index)
            if type(action) is not Place and type(action) not in self.square_base:
                self.fixed[index] = at + len(self.fixed_actions)
                self.fixed_actions.append(action)
        self.size = at + len(self.fixed_actions)
        self.flat = flat
        self._last: tuple[list[Action], list[int], dict[int, Action]] | None = None

    def _table(self, state: State, seat: int) -> tuple[list[int], dict[int, Action]]:
        """The sorted compact ids of `seat`'s legal actions and the action each names."""
        legal = state.legal_actions(seat)
        last = self._last
        if last is not None and last[0] is legal:  # games hand out the same list for one position
            return last[1], last[2]
        ranks: dict[type[Action], dict[tuple[int, int], int]] = {}
        for action in legal:
            kind = type(action)
            if kind is Place or kind in self.square_base:
                ranks.setdefault(kind, {})[(action.y, action.x)] = 0  # type: ignore[attr-defined]  # Place and the square-based kinds have x and y
        for squares in ranks.values():
            for rank, square in enumerate(sorted(squares)):
                squares[square] = rank
        named: dict[int, Action] = {}
        for action in legal:
            kind = type(action)
            if kind is Place:
                rank = ranks[Place][(action.y, action.x)]  # type: ignore[attr-defined]  # a Place
                if rank >= self.squares:
                    raise BigtopError(f"more than {self.squares} squares where the tile fits")
                named[rank * 4 + action.turns] = action  # type: ignore[attr-defined]  # a Place
            elif kind in self.square_base:
                named[self.square_base[kind] + ranks[kind][(action.y, action.x)]] = action  # type: ignore[attr-defined]  # a square-based kind: it has x and y
            else:
                named[self.fixed[self.flat.encode(action)]] = action
        ids = sorted(named)
        self._last = (legal, ids, named)
        return ids, named

    def legal(self, state: State, seat: int) -> list[int]:
        """The compact ids of `seat`'s legal actions in `state`, in increasing order."""
        return self._table(state, seat)[0]

    def action(self, state: State, seat: int, index: int) -> Action:
        """The legal action compact id `index` names in `state`."""
        named = self._table(state, seat)[1]
        action = named.get(index) if isinstance(index, int) else None
        if action is None:
            shown = ", ".join(map(str, sorted(named)[:12])) + (" ..." if len(named) > 12 else "")
            raise IllegalAction(f"compact action id {index!r} names no legal action of seat {seat} now; legal ids: {shown}")
        return action

    def index(self, state: State, seat: int, action: Action) -> int:
        """The compact id of `seat`'s legal action `action` in `state`."""
        for index, named in self._table(state, seat)[1].items():
            if named == action:
                return index
        raise IllegalAction(f"{action} is not a legal action of seat {seat} now")
