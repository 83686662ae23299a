"""The application: `create_app` wires the store, the hall and its sinks (the WebSocket hub, the bot
runner, the ratings), the listener for other processes, the players' accounts and sessions, the
table chat, and each module's routes.

A module that adds a capability (accounts, chat, ratings...) brings an `APIRouter` and is added to
`ROUTERS`; one that must hear of every table change implements `tables.TableSink` and is added
with `hall.add_sink` (as the clock keeper does).
"""

from __future__ import annotations

import asyncio
import gc
import logging
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Receive, Scope, Send

from bigtop.core.errors import BigtopError
from bigtop.server import accounts, analysis, api, chat, frontend, live, lobby, profiles, ratings
from bigtop.server.accounts import AccountRepository
from bigtop.server.botplay import BotRunner
from bigtop.server.chat import ChatHub, ChatRepository
from bigtop.server.clocks import ClockKeeper
from bigtop.server.errors import TooLarge, as_server_error, error_json
from bigtop.server.expiry import Expiry
from bigtop.server.leases import Leases
from bigtop.server.limits import TableLimits
from bigtop.server.live import LiveHub
from bigtop.server.message_rates import MessageRates
from bigtop.server.ratings import RatingRepository, RatingSink
from bigtop.server.sessions import SessionSigner, install_secret
from bigtop.server.store import Store
from bigtop.server.sync import Listener
from bigtop.server.tables import Hall
from bigtop.server.throttle import AttemptRepository

log = logging.getLogger("bigtop.server")
MAX_BODY = 1024 * 1024
DEFAULT_DATABASE = "sqlite:///bigtop.sqlite3"
ROUTERS = (api.router, analysis.router, lobby.router, accounts.router, profiles.router, ratings.router, chat.router, live.router,
           frontend.router)


def create_app(database_url: str = DEFAULT_DATABASE, bot_delay: float = 0.4, board_dirs: Sequence[Path] = (),
               bot_workers: int = 1, game_modules: Sequence[str] = (), review_budget: int = analysis.REVIEW_BUDGET,
               hint_budget: int = analysis.HINT_BUDGET, shortest_clock: float | None = None,
               limits: TableLimits | None = None) -> FastAPI:
    """The bigtop web table on `database_url`; the open and running games are rebuilt once it
    answers, the others when asked for.

    `bot_delay` is how long bots wait before each move (seconds); `board_dirs` are extra folders of
    per-game board modules (`<game>.js`), searched before the built-in ones; `bot_workers` processes
    think for the bots that need the game; `game_modules` are imported there to register extra games.
    `review_budget` and `hint_budget` are the search iterations of a review's decision and of a hint;
    `shortest_clock` (seconds) lowers the shortest clock a table may have (default: 30 s a game, 1 min a turn);
    `limits` bound each creator's tables (`quotas.py`)."""
    store = Store(database_url)
    hall = Hall(store, limits)
    hub = LiveHub()
    hall.add_sink(hub)
    rating = RatingSink(RatingRepository(store))
    hall.add_sink(rating)
    leases = Leases(store)
    runner = BotRunner(hall, bot_delay, bot_workers, game_modules, leases)
    keeper = ClockKeeper(hall, leases)
    chat_hub = ChatHub(hall, hub)
    listener = Listener(hall) if store.shared else None
    if listener is not None:
        listener.on("chat", chat_hub.heard)
    reviews = analysis.Analysis(hall, review_budget, hint_budget, tuple(game_modules))
    expiry = Expiry(hall, hall.limits.unstarted_expiry)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        reviews.start()
        await rating.catch_up(hall)
        if listener is not None:
            listener.start()
        runner.start()
        keeper.start()
        expiry.start()
        loading = asyncio.get_running_loop().create_task(_load_unfinished(hall))
        yield
        loading.cancel()
        await expiry.stop()
        if listener is not None:
            await listener.stop()
        await keeper.stop()
        await runner.stop()
        await rating.stop()
        await reviews.stop()
        store.close()

    app = FastAPI(title="bigtop", lifespan=lifespan)
    app.state.hall = hall
    app.state.hub = hub
    app.state.message_rates = MessageRates()
    app.state.bots = runner
    app.state.accounts = AccountRepository(store)
    app.state.attempts = AttemptRepository(store)
    app.state.sessions = SessionSigner(install_secret(store.engine))
    app.state.ratings = rating.repository
    app.state.chat = ChatRepository(store)
    app.state.chat_hub = chat_hub
    app.state.analysis = reviews
    app.state.clocks = keeper
    app.state.shortest_clock = shortest_clock
    app.state.board_dirs = [Path(d) for d in board_dirs]
    _answer_errors(app)
    for router in ROUTERS:
        app.include_router(router)
    frontend.mount_static(app)
    return app


async def _load_unfinished(hall: Hall) -> None:
    """Rebuild the open and running tables once the server answers (`Hall.load_unfinished`)."""
    try:
        await hall.load_unfinished()
    except Exception:
        log.exception("rebuilding the stored tables failed; each is read when asked for")
    _collect_garbage_rarely()


def _collect_garbage_rarely() -> None:
    """Keep the cyclic garbage collector's pauses out of the moves' way. A server holds many live
    games (hundreds of thousands of objects), and with Python's default thresholds it walks them
    all every few seconds under load (pauses of 70 ms and more). The games rebuilt after the start
    are frozen out of its walks, and the young generations are collected less often, so that only
    objects that lived a while reach the old one."""
    gc.freeze()
    gc.set_threshold(10_000, 50, 100)


def _answer_errors(app: FastAPI) -> None:
    """Every refusal answers `{"error": {"code", "message"}}` with its 4xx status; bodies are bounded."""

    @app.exception_handler(BigtopError)
    async def bigtop_error(request: Request, exc: BigtopError) -> JSONResponse:
        error = as_server_error(exc)
        return JSONResponse({"error": error.to_json()}, status_code=error.status)

    @app.exception_handler(RequestValidationError)
    async def validation_error(request: Request, exc: RequestValidationError) -> JSONResponse:
        problems = "; ".join(f"{'.'.join(map(str, e['loc'][1:])) or 'body'}: {e['msg']}" for e in exc.errors())
        return JSONResponse({"error": error_json("bad_request", problems)}, status_code=400)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = {404: "not_found", 405: "bad_request"}.get(exc.status_code, "bad_request")
        return JSONResponse({"error": error_json(code, str(exc.detail))}, status_code=exc.status_code)

    app.add_middleware(LimitBody)


class LimitBody:
    """Refuse (413) a request whose declared body is over `MAX_BODY` bytes before reading it."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            length = dict(scope["headers"]).get(b"content-length")
            if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
                error = TooLarge(f"request too large: at most {MAX_BODY} bytes")
                await JSONResponse({"error": error.to_json()}, status_code=error.status)(scope, receive, send)
                return
        await self.app(scope, receive, send)
