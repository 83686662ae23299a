"""The game registry: `get(name)` and `names()`.

Built-in games live in `bigtop.games.<name>` and expose a module-level `GAME`; they are imported
only when first asked for. `register` adds any other `Game` (tests use it for a toy game).
"""

from __future__ import annotations

import importlib
import importlib.util
from typing import Any

from bigtop.core.api import Game
from bigtop.core.errors import UnknownGame

_BUILTIN = ("drumroll", "trollfest", "carcassonne")
_registered: dict[str, Game[Any]] = {}


def register(game: Game[Any]) -> None:
    """Make `game` available under `game.name`."""
    _registered[game.name] = game


def _builtin_available(name: str) -> bool:
    return importlib.util.find_spec(f"bigtop.games.{name}") is not None


def names() -> list[str]:
    """The names of every available game."""
    found = [n for n in _BUILTIN if n in _registered or _builtin_available(n)]
    return found + sorted(n for n in _registered if n not in _BUILTIN)


def get(name: str) -> Game[Any]:
    """The game called `name`; `UnknownGame` (listing the known ones) if there is none."""
    game = _registered.get(name)
    if game is not None:
        return game
    if name in _BUILTIN and _builtin_available(name):
        builtin: Game[Any] = importlib.import_module(f"bigtop.games.{name}").GAME
        _registered[name] = builtin
        return builtin
    raise UnknownGame(f"unknown game {name!r}; available: {', '.join(names()) or 'none'}")
