"""Games from other modules (`bigtop serve --game-module M`): imported and registered in the server
process and in each of its bot worker processes."""

from __future__ import annotations

import importlib
from collections.abc import Sequence

from bigtop import games
from bigtop.core.errors import BigtopError


def register_game_modules(names: Sequence[str]) -> None:
    """Import each module and register its `GAME`; `BigtopError` naming a module that has none."""
    for name in names:
        try:
            module = importlib.import_module(name)
        except ImportError as exc:
            raise BigtopError(f"--game-module {name}: {exc}") from None
        if not hasattr(module, "GAME"):
            raise BigtopError(f"--game-module {name}: the module has no GAME")
        games.register(module.GAME)
