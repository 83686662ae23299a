"""The action ids a learner chooses among: the game's flat ids, or its compact ids where it has them.

Every game numbers all its actions once and for all (`state.action_space`, the "flat" ids).
A game whose flat space is too large for a policy head may also offer a compact space with the hook

    Game.compact_action_space(players, options) -> CompactActionSpace

looked up with `getattr` (Carcassonne has one: a placement named by the square's rank among the
squares where the drawn tile fits, see `bigtop/games/carcassonne/compact.py`). A compact id means
an action only in a given position; each space maps a position's legal actions one to one onto
ids in `range(size)`.
"""

from __future__ import annotations

import operator
from typing import Any, Protocol

import numpy as np

from bigtop.core.actions import Action
from bigtop.core.api import Game, State
from bigtop.core.errors import BigtopError, IllegalAction

ACTION_SPACES = ("flat", "compact")


def action_id(action: Any) -> int:
    """`action` as an action id: any integer (a Python int, a NumPy integer, a 0-d integer array);
    anything else (a float, a bool, a string, None) raises `IllegalAction` rather than being rounded."""
    if not isinstance(action, (bool, np.bool_)):
        try:
            return operator.index(action)
        except TypeError:
            pass
    raise IllegalAction(f"an action is an integer action id, not {action!r} ({type(action).__name__})")


class CompactActionSpace(Protocol):
    """Ids in `range(size)` for the legal actions of a position (see the module docstring)."""

    size: int

    def legal(self, state: State, seat: int) -> list[int]:
        """The ids of `seat`'s legal actions in `state`, in increasing order."""
        ...

    def action(self, state: State, seat: int, index: int) -> Action:
        """The legal action that id `index` names in `state` (`IllegalAction` if none)."""
        ...

    def index(self, state: State, seat: int, action: Action) -> int:
        """The id of `seat`'s legal action `action` in `state`."""
        ...


class FlatActions:
    """The game's own fixed action ids (`state.action_space`)."""

    name = "flat"

    def __init__(self, game: Game[Any], players: int, options: Any) -> None:
        self.size = game.action_space(players, options).size

    def legal(self, state: State, seat: int) -> list[int]:
        return state.legal_ids(seat)

    def action(self, state: State, seat: int, index: int) -> Action:
        return state.action_space.decode(index)

    def index(self, state: State, seat: int, action: Action) -> int:
        return state.action_space.encode(action)

    def apply(self, state: State, seat: int, index: int) -> Action:
        """Play id `index` for `seat`."""
        return state.apply_id(seat, index)


class CompactActions:
    """A game's compact action space (`Game.compact_action_space`)."""

    name = "compact"

    def __init__(self, space: CompactActionSpace) -> None:
        self.space = space
        self.size = space.size

    def legal(self, state: State, seat: int) -> list[int]:
        return self.space.legal(state, seat)

    def action(self, state: State, seat: int, index: int) -> Action:
        return self.space.action(state, seat, index)

    def index(self, state: State, seat: int, action: Action) -> int:
        return self.space.index(state, seat, action)

    def apply(self, state: State, seat: int, index: int) -> Action:
        """Play id `index` for `seat`."""
        action = self.space.action(state, seat, index)
        state.apply(seat, action)
        return action


def has_compact(game: Game[Any]) -> bool:
    """Whether `game` offers a compact action space."""
    return getattr(game, "compact_action_space", None) is not None


def action_space_for(game: Game[Any], players: int, options: Any, kind: str) -> FlatActions | CompactActions:
    """The learner's action ids of `kind` ("flat" or "compact") for this table."""
    if kind not in ACTION_SPACES:
        raise BigtopError(f"unknown action space {kind!r}; known: {', '.join(ACTION_SPACES)}")
    options = game.parse_options(options)
    if kind == "flat":
        return FlatActions(game, players, options)
    hook = getattr(game, "compact_action_space", None)
    if hook is None:
        raise BigtopError(f"{game.title} has no compact action space: use actions='flat'")
    key = (game.name, hook, players, options)
    space = _compact.get(key)
    if space is None:
        space = _compact[key] = CompactActions(hook(players, options))
    return space


_compact: dict[tuple[Any, ...], CompactActions] = {}  # built once per table (a space may take a while to build)

