"""The bigtop web table: a FastAPI server with a lobby, live games over WebSockets, bots, replays.

The server is authoritative: a client sends an action, the game validates it, the move is stored,
then every seat is pushed its own view and spectators the public one. A game is its record (a
table row plus an append-only move table); a restart rebuilds every game from its moves.
`create_app(database_url)` builds the application; `bigtop serve` runs it.
"""

from typing import Any

__all__ = ["create_app"]


def __getattr__(name: str) -> Any:
    """`create_app` is imported when first asked for: `bigtop` commands other than `serve` start
    without loading the web stack."""
    if name == "create_app":
        from bigtop.server.app import create_app

        return create_app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
