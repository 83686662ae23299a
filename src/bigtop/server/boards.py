"""Per-game boards: a JavaScript module per game, found by name, with a generic board as fallback.

The server looks for `<name>.js` in the folders given with `--boards` (first), then in this package's
`static/games/`. The module's interface is described in docs/server.md.
"""

from __future__ import annotations

from pathlib import Path

STATIC = Path(__file__).parent / "static"


def board_file(dirs: list[Path], name: str) -> Path | None:
    """The board module of game `name`, or None when the game has none (the generic board is used)."""
    if not name.replace("_", "").isalnum():
        return None
    for folder in [*dirs, STATIC / "games"]:
        path = folder / f"{name}.js"
        if path.is_file():
            return path
    return None


def board_url(dirs: list[Path], name: str) -> str | None:
    return f"/boards/{name}.js" if board_file(dirs, name) else None
