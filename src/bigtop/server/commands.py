"""`bigtop serve`: run the web table (lobby, live games, bots, replays) on a host and port."""

from __future__ import annotations

import importlib
import socket
from pathlib import Path
from typing import Annotated

import typer

from bigtop.core.errors import BigtopError

WS_MAX_SIZE = 1024 * 1024  # a WebSocket frame above this closes the connection (code 1009)


def register(app: typer.Typer) -> None:
    """Add `serve` to the `bigtop` command."""

    @app.command("serve")
    def serve_command(
        host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
        port: Annotated[int, typer.Option("--port", min=0, max=65535, help="Port to listen on (0: any free port).")] = 8000,
        database_url: Annotated[str, typer.Option("--database-url", help="SQLAlchemy URL: sqlite:///FILE or postgresql://...")] = "sqlite:///bigtop.sqlite3",
        bot_delay: Annotated[float, typer.Option("--bot-delay", min=0, help="Seconds a bot waits before each move.")] = 0.4,
        boards: Annotated[list[Path] | None, typer.Option("--boards", help="A folder of per-game board modules <game>.js (repeatable).")] = None,
        game_module: Annotated[list[str] | None, typer.Option("--game-module", help="Import this module and register its GAME (repeatable).")] = None,
    ) -> None:
        """Serve the web table: create tables, invite, play against people and bots, watch, replay."""
        serve(host, port, database_url, bot_delay, boards or [], game_module or [])


def serve(host: str, port: int, database_url: str, bot_delay: float, boards: list[Path], game_modules: list[str]) -> None:
    """Register extra games, open the database, listen, print the address, then serve until stopped."""
    import uvicorn

    from bigtop import games
    from bigtop.server.app import create_app

    for name in game_modules:
        try:
            module = importlib.import_module(name)
        except ImportError as exc:
            raise BigtopError(f"--game-module {name}: {exc}") from None
        if not hasattr(module, "GAME"):
            raise BigtopError(f"--game-module {name}: the module has no GAME")
        games.register(module.GAME)
    for folder in boards:
        if not folder.is_dir():
            raise BigtopError(f"--boards: no such folder {folder}")
    app = create_app(database_url, bot_delay, boards)
    sock = _listen(host, port)
    print(f"bigtop: serving on http://{_url_host(host)}:{sock.getsockname()[1]}", flush=True)
    config = uvicorn.Config(app, log_level="warning", ws_max_size=WS_MAX_SIZE)
    uvicorn.Server(config).run(sockets=[sock])


def _listen(host: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        raise BigtopError(f"cannot listen on {host}:{port}: {exc.strerror}") from None
    sock.listen(128)
    return sock


def _url_host(host: str) -> str:
    return f"[{host}]" if ":" in host else host
