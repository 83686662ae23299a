"""The options a table created from the web may have.

Every option is checked by the game (`Game.check_options`) before anything is stored, so no stored
table can fail to load. Two kinds are refused from the web: options that name a file on the
server's disk (`FILE_OPTIONS`: custom content is for the command line), and options that fix what
chance deals (a game's `hidden_order_options`: deck, tile and token orders) unless the table is a
practice table, which the lobby and the table show to everyone as such.
"""

from __future__ import annotations

from typing import Any

from bigtop.core.api import Game
from bigtop.server.errors import ServerError

FILE_OPTIONS = frozenset({"cards"})  # options that name a file on the server's disk: never taken from the web


def web_options(game: Game[Any], players: int, options: Any, practice: bool) -> Any:
    """The parsed options for a new web table, or `ServerError` / `OptionError` saying what is refused."""
    if isinstance(options, dict) and any(options.get(key) not in (None, "") for key in FILE_OPTIONS):
        raise ServerError("custom content files are for the command line; the web table plays the shipped content")
    parsed = game.parse_options(options)
    defaults = game.parse_options(None)
    fixed = sorted(name for name in game.hidden_order_options if getattr(parsed, name) != getattr(defaults, name))
    if fixed and not practice:
        raise ServerError(
            f"option(s) {', '.join(fixed)} fix what chance deals: only a practice table may set them "
            "(create it with practice: true; everyone sees it is a practice table)"
        )
    return game.check_options(players, parsed)
