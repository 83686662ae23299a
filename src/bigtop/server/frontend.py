"""The front end: the page at `/`, its static files, and per-game board modules.

Each file has two addresses. At its plain one (`/static/app.js`, `/boards/drumroll.js`) the browser
asks again at every use (`Cache-Control: no-cache`; an unchanged file is a 304 by its ETag). At its
versioned one, under `/assets/<version>/` (`/assets/<version>/app.js`,
`/assets/<version>/boards/drumroll.js`), it is kept a year (`immutable`): `<version>` is a digest of
every file the page may load, so a changed file comes under new addresses. The page asks only for
versioned ones: `/` names them, and its import map sends every import of `/static/...` or
`/boards/...` there, so a board module and the page's own modules share one copy of each module.
An address of another version (a page left open across a deploy) is answered with today's file,
not kept.
"""

from __future__ import annotations

import base64
import hashlib
import json
from collections.abc import Iterable
from pathlib import Path

from fastapi import APIRouter, FastAPI, Request
from fastapi.responses import FileResponse, HTMLResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException
from starlette.types import Scope

from bigtop import games
from bigtop.server.boards import STATIC, board_file
from bigtop.server.errors import NotFound

router = APIRouter(include_in_schema=False)

KEPT = "public, max-age=31536000, immutable"
ASKED_AGAIN = "no-cache"
ASSETS = "/assets"


@router.get("/boards/{name}.js")
async def board(request: Request, name: str) -> Response:
    path = board_file(request.app.state.board_dirs, name)
    if path is None:
        raise NotFound(f"game {name!r} has no board module")
    response = FileResponse(path, media_type="text/javascript", headers={"Cache-Control": ASKED_AGAIN}, stat_result=path.stat())
    if request.headers.get("if-none-match") == response.headers["etag"]:
        return Response(status_code=304, headers={"ETag": response.headers["etag"], "Cache-Control": ASKED_AGAIN})
    return response


@router.get("/")
async def index(request: Request) -> HTMLResponse:
    return HTMLResponse(request.app.state.page, headers={"Cache-Control": ASKED_AGAIN})


def version_of(files: Iterable[Path]) -> str:
    """A short digest of these files' names and contents: the version of the page's addresses."""
    digest = hashlib.sha256()
    for path in sorted(set(files)):
        digest.update(str(path).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def page_files(board_dirs: Iterable[Path]) -> list[Path]:
    """Every file the page may load: the static folder's and each game's board module."""
    boards = [board_file(list(board_dirs), name) for name in games.names()]
    extra = [path for folder in board_dirs for path in Path(folder).glob("*.js")]
    return [p for p in STATIC.rglob("*") if p.is_file()] + [b for b in boards if b is not None] + extra


def import_map(version: str) -> str:
    """The page's import map: modules imported by their plain address load the versioned one."""
    return json.dumps({"imports": {"/static/": f"{ASSETS}/{version}/", "/boards/": f"{ASSETS}/{version}/boards/"}})


def script_hash(text: str) -> str:
    """The content policy's source for an inline script with this text (`'sha256-...'`)."""
    return f"'sha256-{base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()}'"


def page_html(version: str, mapping: str) -> str:
    """index.html naming the versioned addresses, with the import map before any module, and
    every stylesheet of the static folder in its head (a few kilobytes each, kept a year): a board,
    a rules page or a review is drawn in its colours from its first frame, never unstyled while its
    stylesheet arrives. (A game's module still asks for its own with `useStylesheet`, which finds
    it there.)"""
    html = (STATIC / "index.html").read_text(encoding="utf-8")
    for name in ("app.js", "favicon.svg"):
        html = html.replace(f'"/static/{name}"', f'"{ASSETS}/{version}/{name}"')
    sheets = ["style.css", *sorted(p.relative_to(STATIC).as_posix() for p in STATIC.rglob("*.css") if p.name != "style.css")]
    links = "\n  ".join(f'<link rel="stylesheet" href="{ASSETS}/{version}/{name}">' for name in sheets)
    html = html.replace('<link rel="stylesheet" href="/static/style.css">', links, 1)
    return html.replace("<script type=\"module\"", f'<script type="importmap">{mapping}</script>\n  <script type="module"', 1)


class AskedAgain(StaticFiles):
    """The static folder at its plain addresses: revalidated at every use."""

    async def get_response(self, path: str, scope: Scope) -> Response:
        response = await super().get_response(path, scope)
        response.headers["Cache-Control"] = ASKED_AGAIN
        return response


class Versioned(StaticFiles):
    """The static folder and the board modules at `/assets/<version>/`: kept if the version is
    today's, else answered with today's file and asked again."""

    def __init__(self, version: str, board_dirs: list[Path]) -> None:
        super().__init__(directory=STATIC)
        self.version = version
        self.board_dirs = board_dirs

    async def get_response(self, path: str, scope: Scope) -> Response:
        version, _, rest = path.partition("/")
        if rest.startswith("boards/") and rest.endswith(".js"):
            found = board_file(self.board_dirs, rest[len("boards/"):-len(".js")])
            if found is None:
                raise HTTPException(status_code=404)
            response: Response = FileResponse(found, media_type="text/javascript")
        else:
            response = await super().get_response(rest, scope)
        response.headers["Cache-Control"] = KEPT if version == self.version else ASKED_AGAIN
        return response


def mount_static(app: FastAPI) -> str:
    """Serve the static folder and the versioned addresses; keep the page on `app.state.page`.
    Answers the content policy's source for the page's one inline script (its import map)."""
    board_dirs = app.state.board_dirs
    version = version_of(page_files(board_dirs))
    mapping = import_map(version)
    app.state.asset_version = version
    app.state.page = page_html(version, mapping)
    app.mount("/static", AskedAgain(directory=STATIC), name="static")
    app.mount(ASSETS, Versioned(version, board_dirs), name="assets")
    return script_hash(mapping)
