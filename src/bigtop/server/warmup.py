"""What a server does before it says it serves: load every game and prepare every route, so that
this one-time work is not done by the first requests, which after a restart are every page
reconnecting at once.

A game's code and data files are read when it is first used, and FastAPI prepares a route (its
parameters' validators) when a request first walks past it. `warm_up` makes a throwaway game of
each registered game (its first move described, a seat's view) and sends the app one request in-process for a path no route serves, which
walks past them all (it answers 404 and changes nothing).
"""

from __future__ import annotations

from typing import Any

from bigtop import games

WARM_UP_PATH = "/-/warm-up"  # no route serves it


async def warm_up(app: Any) -> None:
    """Load every registered game and prepare every route of `app` (an ASGI application)."""
    for name in games.names():
        game = games.get(name)
        state = game.new(game.min_players, seed=0)
        seat = state.to_move()[0]
        game.describe(state, state.legal_actions(seat)[0])  # the words of moves and cards, read on first use
        state.view(seat)
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "GET", "scheme": "http",
             "path": WARM_UP_PATH, "raw_path": WARM_UP_PATH.encode(), "root_path": "", "query_string": b"",
             "headers": [(b"host", b"localhost")], "client": ("127.0.0.1", 0), "server": ("127.0.0.1", 0)}

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        pass

    await app(scope, receive, send)
