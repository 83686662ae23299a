"""The application: `create_app` wires the store, the hall, the bot runner, the API and the front end."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from bigtop.core.errors import BigtopError
from bigtop.server import api, live
from bigtop.server.boards import STATIC, board_file
from bigtop.server.botplay import BotRunner
from bigtop.server.errors import NotFound, TooLarge, as_server_error
from bigtop.server.store import Store
from bigtop.server.tables import Hall

MAX_BODY = 1024 * 1024
DEFAULT_DATABASE = "sqlite:///bigtop.sqlite3"


def create_app(database_url: str = DEFAULT_DATABASE, bot_delay: float = 0.4, board_dirs: Sequence[Path] = ()) -> FastAPI:
    """The bigtop web table on `database_url`; every stored game is rebuilt when the app starts.

    `bot_delay` is how long bots wait before each move (seconds); `board_dirs` are extra folders of
    per-game board modules (`<game>.js`), searched before the built-in ones."""
    store = Store(database_url)
    hall = Hall(store)
    runner = BotRunner(hall, bot_delay)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        hall.load()
        runner.kick_all()
        yield
        await runner.stop()
        store.close()

    app = FastAPI(title="bigtop", lifespan=lifespan)
    app.state.hall = hall
    app.state.board_dirs = [Path(d) for d in board_dirs]

    @app.exception_handler(BigtopError)
    async def bigtop_error(request: Request, exc: BigtopError) -> JSONResponse:
        error = as_server_error(exc)
        return JSONResponse({"error": error.to_json()}, status_code=error.status)

    @app.exception_handler(RequestValidationError)
    async def validation_error(request: Request, exc: RequestValidationError) -> JSONResponse:
        problems = "; ".join(f"{'.'.join(map(str, e['loc'][1:])) or 'body'}: {e['msg']}" for e in exc.errors())
        return JSONResponse({"error": {"code": "bad_request", "message": problems}}, status_code=400)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = {404: "not_found", 405: "bad_request"}.get(exc.status_code, "bad_request")
        return JSONResponse({"error": {"code": code, "message": str(exc.detail)}}, status_code=exc.status_code)

    @app.middleware("http")
    async def limit_body(request: Request, call_next):  # type: ignore[no-untyped-def]
        length = request.headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
            error = TooLarge(f"request too large: at most {MAX_BODY} bytes")
            return JSONResponse({"error": error.to_json()}, status_code=error.status)
        return await call_next(request)

    app.include_router(api.router)
    app.include_router(live.router)

    @app.get("/boards/{name}.js", include_in_schema=False)
    def board(name: str) -> Response:
        path = board_file(app.state.board_dirs, name)
        if path is None:
            raise NotFound(f"game {name!r} has no board module")
        return FileResponse(path, media_type="text/javascript")

    @app.get("/", include_in_schema=False)
    def index() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app
