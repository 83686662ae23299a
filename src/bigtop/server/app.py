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
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.responses import JSONResponse
from sqlalchemy.exc import DBAPIError, InternalError, OperationalError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match

from bigtop.core.errors import BigtopError
from bigtop.server import accounts, analysis, api, chat, frontend, live, lobby, profiles, ratings, tutorials
from bigtop.server.accounts import AccountRepository
from bigtop.server.address_share import SHARE, AddressShare, time_shares
from bigtop.server.botplay import BotRunner
from bigtop.server.chat import ChatHub, ChatRepository
from bigtop.server.clock_keeper import ClockKeeper
from bigtop.server.database_checks import check_writable, unavailable
from bigtop.server.errors import as_server_error, error_json
from bigtop.server.expiry import Expiry
from bigtop.server.in_flight import InFlight
from bigtop.server.leases import Leases
from bigtop.server.limits import TableLimits
from bigtop.server.live import LiveHub
from bigtop.server.no_choice import ANSWER_DELAY, NoChoiceAnswers
from bigtop.server.ratings import RatingRepository, RatingSink
from bigtop.server.request_body import CheckedBody
from bigtop.server.security_headers import SecurityHeaders
from bigtop.server.sessions import SessionRepository
from bigtop.server.socket_limits import SocketLimits
from bigtop.server.store import Store
from bigtop.server.sync import Listener
from bigtop.server.tables import Hall
from bigtop.server.throttle import AttemptRepository

DEFAULT_DATABASE = "sqlite:///bigtop.sqlite3"
log = logging.getLogger("bigtop.server")
ROUTERS = (api.router, analysis.router, lobby.router, accounts.router, profiles.router, ratings.router, chat.router, live.router,
           tutorials.router, frontend.router)


def create_app(database_url: str = DEFAULT_DATABASE, bot_delay: float = 0.4, board_dirs: Sequence[Path] = (),
               bot_workers: int = 1, game_modules: Sequence[str] = (), review_budget: int = analysis.REVIEW_BUDGET,
               hint_budget: int = analysis.HINT_BUDGET, shortest_clock: float | None = None,
               answer_delay: tuple[float, float] = ANSWER_DELAY, limits: TableLimits | None = None,
               address_share: float = SHARE.per_second) -> FastAPI:
    """The bigtop web table on `database_url`; the open and running games are rebuilt once it
    answers, the others when asked for.

    `bot_delay` is how long bots wait before each move (seconds); `board_dirs` are extra folders of
    per-game board modules (`<game>.js`), searched before the built-in ones; `bot_workers` processes
    think for the bots that need the game; `game_modules` are imported there to register extra games.
    `review_budget` and `hint_budget` are the search iterations of a review's decision and of a hint;
    `shortest_clock` (seconds) lowers the shortest clock a table may have (default: 30 s a game, 1 min a turn);
    a question with one answer is answered for a person after a delay drawn in `answer_delay` (`no_choice.py`);
    `limits` bound each creator's tables (`quotas.py`); `address_share` is the seconds of API requests one
    address may have in flight a second (`address_share.py`; 0: no limit)."""
    check_writable(database_url)
    store = Store(database_url)
    hall = Hall(store, limits)
    hub = LiveHub()
    hall.add_sink(hub)
    rating = RatingSink(RatingRepository(store))
    hall.add_sink(rating)
    leases = Leases(store)
    runner = BotRunner(hall, bot_delay, bot_workers, game_modules, leases)
    keeper = ClockKeeper(hall, leases)
    answers = NoChoiceAnswers(hall, answer_delay)
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
        await answers.stop()
        await runner.stop()
        await rating.stop()
        await reviews.stop()
        store.close()

    app = FastAPI(title="bigtop", lifespan=lifespan)
    app.state.hall = hall
    app.state.hub = hub
    app.state.socket_limits = SocketLimits()
    app.state.bots = runner
    app.state.accounts = AccountRepository(store)
    app.state.attempts = AttemptRepository(store)
    app.state.sessions = SessionRepository(store)
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
    import_map = frontend.mount_static(app)
    app.state.time_shares = time_shares(address_share)  # the sockets' too (`live.py`)
    app.add_middleware(AddressShare, buckets=app.state.time_shares)
    if address_share > 0:  # both assume an address is a client (`--address-share 0`: a proxy that does not name them)
        app.add_middleware(InFlight)  # around the share: a request refused here is not charged
    app.add_middleware(SecurityHeaders, scripts=[import_map])  # added last: around everything, refusals included
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
    """Every refusal answers `{"error": {"code", "message"}}` with its 4xx status (a 405 with the
    `Allow` methods; a 503 when the database refuses a write); bodies are checked before any route
    reads them (`request_body.py`)."""

    @app.exception_handler(BigtopError)
    async def bigtop_error(request: Request, exc: BigtopError) -> JSONResponse:
        error = as_server_error(exc)
        return JSONResponse({"error": error.to_json()}, status_code=error.status)

    @app.exception_handler(OperationalError)
    @app.exception_handler(InternalError)
    async def database_error(request: Request, exc: DBAPIError) -> JSONResponse:
        log.warning("%s %s: the database refused: %s", request.method, request.url.path, " ".join(str(exc.orig).split()))
        error = unavailable(exc)
        return JSONResponse({"error": error.to_json()}, status_code=error.status)

    @app.exception_handler(RequestValidationError)
    async def validation_error(request: Request, exc: RequestValidationError) -> JSONResponse:
        problems = "; ".join(f"{'.'.join(map(str, e['loc'][1:])) or 'body'}: {e['msg']}" for e in exc.errors())
        return JSONResponse({"error": error_json("bad_request", problems)}, status_code=400)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "bad_request")
        headers = {"Allow": _allowed(app, request)} if exc.status_code == 405 else exc.headers
        return JSONResponse({"error": error_json(code, str(exc.detail))}, status_code=exc.status_code, headers=headers)

    app.add_middleware(CheckedBody)
    app.add_middleware(GZipMiddleware, minimum_size=1024)  # JSON, scripts, styles, drawings: a replay is 70x smaller


def _allowed(app: FastAPI, request: Request) -> str:
    """The methods some route takes at this request's path (a path may have a route per method)."""
    def taken(method: str) -> bool:
        scope = {**request.scope, "method": method}
        return any(route.matches(scope)[0] == Match.FULL for route in app.router.routes)

    return ", ".join(method for method in _METHODS if taken(method))


_METHODS = ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE")
