"""Making games registered at runtime available in worker processes.

A worker process (local or on Ray) starts with only the built-in games. Each entry of `imports` is
a module name (`mypkg.mygame`) or a path to a `.py` file; it is imported in every worker and, if it
has a module-level `GAME`, that game is registered. A local worker also ends with the process that
started it (`start_worker`).
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

from bigtop import games
from bigtop.core.api import Game
from bigtop.core.errors import BigtopError
from bigtop.core.processes import die_with_parent

_loaded: dict[str, ModuleType] = {}


def load(spec: str) -> ModuleType:
    """Import one module by name or file path (once per process) and register its `GAME`."""
    module = _loaded.get(spec)
    if module is None:
        module = _import(spec)
        _loaded[spec] = module
    game = getattr(module, "GAME", None)
    if isinstance(game, Game):
        games.register(game)
    return module


def resolve(specs: Sequence[str]) -> tuple[str, ...]:
    """The specs with every `.py` path made absolute, so that any worker process finds it."""
    return tuple(str(Path(s).resolve()) if s.endswith(".py") else s for s in specs)


def load_all(specs: Sequence[str]) -> list[str]:
    """`load` every entry (the worker initializer); the names of the games they registered."""
    found = [getattr(load(spec), "GAME", None) for spec in specs]
    return [game.name for game in found if isinstance(game, Game)]


def start_worker(parent: int, specs: Sequence[str]) -> None:
    """A local worker process's initializer: end with process `parent` (the one that runs the
    tournament, simulation, tuning or review, however it is stopped), then `load_all(specs)`."""
    die_with_parent(parent)
    load_all(specs)


def check_reachable(name: str, imported: Sequence[str]) -> None:
    """Raise `BigtopError` unless a fresh worker process can find game `name`: built in, or
    registered by one of the imported modules."""
    if name not in imported and importlib.util.find_spec(f"bigtop.games.{name}") is None:
        raise BigtopError(f"game {name!r} is registered at runtime: pass --import MODULE_OR_FILE that defines it, so the workers can load it")


def _import(spec: str) -> ModuleType:
    if spec.endswith(".py"):
        path = Path(spec).resolve()
        if not path.is_file():
            raise BigtopError(f"--import: no such file {spec}")
        name = f"bigtop_arena_imported_{path.stem}_{hashlib.sha1(str(path).encode()).hexdigest()[:8]}"
        module_spec = importlib.util.spec_from_file_location(name, path)
        if module_spec is None or module_spec.loader is None:
            raise BigtopError(f"--import: cannot load {spec}")
        module = importlib.util.module_from_spec(module_spec)
        sys.modules[name] = module
        module_spec.loader.exec_module(module)
        return module
    try:
        return importlib.import_module(spec)
    except ImportError as exc:
        raise BigtopError(f"--import: cannot import {spec}: {exc}") from None
