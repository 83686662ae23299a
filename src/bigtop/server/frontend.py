"""The front end: the page at `/`, its static files under `/static`, and per-game board modules."""

from __future__ import annotations

from fastapi import APIRouter, FastAPI, Request
from fastapi.responses import FileResponse, Response
from fastapi.staticfiles import StaticFiles

from bigtop.server.boards import STATIC, board_file
from bigtop.server.errors import NotFound

router = APIRouter(include_in_schema=False)


@router.get("/boards/{name}.js")
async def board(request: Request, name: str) -> Response:
    path = board_file(request.app.state.board_dirs, name)
    if path is None:
        raise NotFound(f"game {name!r} has no board module")
    return FileResponse(path, media_type="text/javascript")


@router.get("/")
async def index() -> FileResponse:
    return FileResponse(STATIC / "index.html")


def mount_static(app: FastAPI) -> None:
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
