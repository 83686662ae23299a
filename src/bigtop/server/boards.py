"""Per-game boards: a JavaScript module per game, found by name, with a generic board as fallback.

Where the server looks for game `name`'s module, first found wins: `<name>.js` in the folders given
with `--boards`; `board.js` in the folder of the module that defines the game's class (so a game
package can ship its own board); `<name>.js` in this package's `static/games/`. The module's
interface is described in docs/server.md.
"""

from __future__ import annotations

import sys
from pathlib import Path

from bigtop import games
from bigtop.core.errors import UnknownGame

STATIC = Path(__file__).parent / "static"


def _game_folder(name: str) -> list[Path]:
    try:
        module = sys.modules.get(type(games.get(name)).__module__)
    except UnknownGame:
        return []
    source = getattr(module, "__file__", None)
    return [Path(source).parent / "board.js"] if source else []


def board_file(dirs: list[Path], name: str) -> Path | None:
    """The board module of game `name`, or None when the game has none (the generic board is used)."""
    if not name.replace("_", "").isalnum():
        return None
    candidates = [d / f"{name}.js" for d in dirs] + _game_folder(name) + [STATIC / "games" / f"{name}.js"]
    return next((path for path in candidates if path.is_file()), None)


def board_url(dirs: list[Path], name: str) -> str | None:
    return f"/boards/{name}.js" if board_file(dirs, name) else None
