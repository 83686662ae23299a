"""The REST API: games, the lobby (create, join, start, leave, list), views, moves, records, replays.

Every error answers `{"error": {"code", "message"}}` with a 4xx status and changes nothing.
"""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from bigtop import bots, games
from bigtop.core.errors import BigtopError
from bigtop.core.record import Record
from bigtop.core.text import language
from bigtop.server.accounts import check_guest_name, current_player
from bigtop.server.boards import board_url
from bigtop.server.botspecs import learned_options, learned_players
from bigtop.server.clock_settings import Clock, check_clock
from bigtop.server.errors import ERROR_RESPONSES, Conflict, ServerError
from bigtop.server.messages import WHOLE_LOG, game_content, game_message, seat_names, summary
from bigtop.server.quotas import creator_of
from bigtop.server.replays import replay_frames
from bigtop.server.request_body import check_json_text
from bigtop.server.tables import Hall, LiveTable, NewSeat

MAX_SEATS = 16  # more than any game seats: bounds a request before its game is looked up


router = APIRouter(prefix="/api", responses=ERROR_RESPONSES)


class SeatSpec(BaseModel):
    name: str = Field(default="", max_length=200)
    bot: str | None = Field(default=None, max_length=100, description="A bot spec such as `random`; none for a person.")
    open: bool = Field(default=False, strict=True, description="A person's seat anyone may take from the lobby (else: invitation link only).")
    you: bool = Field(default=False, strict=True, description="The creator's own seat, held by the creator at once (at most one).")


class CreateTable(BaseModel):
    game: str
    players: int = Field(ge=1, le=MAX_SEATS, strict=True)
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatSpec] | None = Field(
        default=None, max_length=MAX_SEATS, description="Default: a person in seat 0, random bots elsewhere."
    )
    seed: int | None = Field(
        default=None, ge=0, lt=2**63, strict=True, description="A chosen deal: the table is then a practice table."
    )
    practice: bool = Field(
        default=False, strict=True,
        description="A practice table may fix what chance deals (a seed; deck, tile and token orders); everyone sees it is one.",
    )
    rated: bool | None = Field(
        default=None, strict=True, description="Whether the game moves ratings; default: yes, unless it is a practice table (never rated)."
    )
    clock: Clock | None = Field(
        default=None,
        description='None, {"kind": "realtime", "base": s, "increment": s} (a Fischer clock) or {"kind": "turn", "per_move": s}.',
    )


class SeatToken(BaseModel):
    token: str
    name: str | None = None


class Move(BaseModel):
    token: str
    action: Any
    move: int | None = Field(default=None, strict=True, description="The move number this action was chosen at (see docs/server.md).")


class Undo(BaseModel):
    token: str
    move: int | None = Field(default=None, strict=True, description="The move number the player saw: refused as stale if the table moved on.")


def _hall(request: Request) -> Hall:
    return request.app.state.hall


async def _table(request: Request, table_id: str) -> LiveTable:
    return await _hall(request).find(table_id)


@router.get("/games")
async def list_games(request: Request) -> list[dict[str, Any]]:
    """Every game the server can host, with its player counts, default options and board script."""
    out = []
    for name in games.names():
        game = games.get(name)
        out.append({
            "name": name,
            "title": game.title,
            "min_players": game.min_players,
            "max_players": game.max_players,
            "options": {k: v for k, v in game.options_json(None).items() if k not in game.file_options},
            "practice_options": sorted(game.hidden_order_options),  # only a practice table may set them
            "learned_players": learned_players(game),  # the player counts whose learned weights ship
            "learned_options": learned_options(game),  # players -> their options: where the form offers the bot
            "board": board_url(request.app.state.board_dirs, name),
        })
    return out


@router.get("/games/{name}/content")
async def game_content_of(request: Request, name: str, table: str | None = None) -> dict[str, Any]:
    """The game's public, unchanging content (cards, tiles, map) that boards draw what views name
    by id from: for the options of table `table`, else for the default options."""
    game = games.get(name)  # an unknown game answers 404
    if table is None:
        return game_content(game, None)
    live = await _table(request, table)
    if live.game.name != name:
        raise ServerError(f"table {table} plays {live.game.name}, not {name}")
    return game_content(game, live.options)


@router.get("/bots")
async def list_bots() -> list[str]:
    return bots.names()


@router.get("/tables")
async def list_tables(request: Request, status: str | None = None,
                      limit: int = Query(default=100, ge=1, le=1000)) -> list[dict[str, Any]]:
    """The newest `limit` tables, newest first; `status` is open, running or finished."""
    return await _hall(request).listing(status, limit)


@router.post("/tables", status_code=201)
async def create_table(request: Request, body: CreateTable) -> dict[str, Any]:
    """A new open table; answers the host token and each person's secret seat link."""
    specs = body.seats if body.seats is not None else [SeatSpec()] + [SeatSpec(bot="random")] * (body.players - 1)
    clock = check_clock(body.clock, request.app.state.shortest_clock)
    player = await current_player(request)
    for spec in specs:
        if spec.you and (spec.bot is not None or spec.open):
            raise ServerError("the creator's own seat ('you') is a person's seat, neither a bot's nor open")
        if spec.you and player is None:
            await check_guest_name(request, spec.name)
    if sum(s.you for s in specs) > 1:
        raise ServerError("at most one seat is the creator's own ('you')")
    seats = [NewSeat(player.name if s.you and player else s.name, s.bot, s.open, s.you) for s in specs]
    table, tokens = await _hall(request).create(body.game, body.players, body.options, seats, body.seed, body.practice,
                                                body.rated, clock, await creator_of(request))
    return {
        "table": summary(table),
        "host_token": table.host_token,
        "seats": [{"seat": i, "token": t, "link": f"/#/table/{table.id}?token={t}"} for i, t in enumerate(tokens) if t],
    }


@router.get("/tables/{table_id}")
async def get_table(request: Request, table_id: str) -> dict[str, Any]:
    return summary(await _table(request, table_id))


@router.post("/tables/{table_id}/join")
async def join_table(request: Request, table_id: str, body: SeatToken) -> dict[str, Any]:
    """Take the seat of `token` (a signed-in player holds it, under their name)."""
    table = await _table(request, table_id)
    player = await current_player(request)
    if player is None:
        await check_guest_name(request, body.name)
    name, player_id = (player.name, player.id) if player else (body.name, None)
    seat = await _hall(request).join(table, body.token, name, player_id)
    return {"seat": seat, "table": summary(table)}


@router.post("/tables/{table_id}/leave")
async def leave_table(request: Request, table_id: str, body: SeatToken) -> dict[str, Any]:
    table = await _table(request, table_id)
    seat = await _hall(request).leave(table, body.token)
    return {"seat": seat, "table": summary(table)}


@router.post("/tables/{table_id}/start")
async def start_table(request: Request, table_id: str, body: SeatToken) -> dict[str, Any]:
    """Start the game (host token); every person's seat must have joined."""
    table = await _table(request, table_id)
    await _hall(request).start(table, body.token)
    return summary(table)


@router.get("/tables/{table_id}/state")
async def table_state(request: Request, table_id: str, token: str | None = None, lang: str | None = None) -> dict[str, Any]:
    """What the seat of `token` sees (its view and legal actions, its moves and log in `lang`); a
    spectator's view without a token."""
    table = await _table(request, table_id)
    seat = table.seat_of(token) if token is not None else None
    return game_message(table, seat, WHOLE_LOG, language(lang))[0]


@router.post("/tables/{table_id}/moves")
async def play_move(request: Request, table_id: str, body: Move) -> dict[str, Any]:
    """Play an action (as the game's JSON) for the seat of `token`; answers the stored move number."""
    table = await _table(request, table_id)
    number = await _hall(request).play_token(table, body.token, body.action, body.move)
    return {"move": number}


@router.post("/tables/{table_id}/undo")
async def undo_move(request: Request, table_id: str, body: Undo) -> dict[str, Any]:
    """Take back the last move of the seat of `token`, where the game's table rule allows it (never
    across a random draw, a reveal or another seat's move); 409 `undo_refused` with a `reason` if not."""
    table = await _table(request, table_id)
    return {"move": await _hall(request).undo(table, body.token, body.move)}


@router.post("/tables/{table_id}/rematch")
async def rematch(request: Request, table_id: str, body: SeatToken) -> dict[str, Any]:
    """Play again with the same seats: the new table (same game, options, clock, names and bots),
    made by the first seat of the finished table to ask; answers the asking seat's token there,
    and the host token to the seat that made it."""
    new, seat, host_token = await _hall(request).rematch(await _table(request, table_id), body.token, await creator_of(request))
    token = new.seats[seat].token
    return {"table": summary(new), "seat": seat, "token": token, "link": f"/#/table/{new.id}?token={token}",
            "host_token": host_token}


@router.get("/tables/{table_id}/record")
async def download_record(request: Request, table_id: str) -> JSONResponse:
    """A finished game's record (seed and every move), as a JSON file."""
    table = await _finished(request, table_id)
    headers = {"Content-Disposition": f'attachment; filename="bigtop-{table.game.name}-{table.id}.json"'}
    return JSONResponse(table.state.record().to_json(), headers=headers)


MAX_VIEWS = 200  # views one replay request may ask for


def _views(views_from: int | None, views: int | None) -> range:
    """The frames whose views a replay request asks for: `views` of them (`MAX_VIEWS` if not
    said: every view of a long game would weigh megabytes) from `views_from`."""
    return range(views_from or 0, (views_from or 0) + (MAX_VIEWS if views is None else views))


@router.get("/tables/{table_id}/replay")
async def table_replay(request: Request, table_id: str, seat: int | None = None, lang: str | None = None,
                       views_from: int | None = Query(default=None, ge=0),
                       views: int | None = Query(default=None, ge=0, le=MAX_VIEWS)) -> dict[str, Any]:
    """Every step of a finished game, as seat `seat` (default: spectator) saw it, in `lang`, with
    the views of `views` frames (at most and by default `MAX_VIEWS`) from `views_from` (the others'
    are null)."""
    table = await _finished(request, table_id)
    lang = language(lang)
    names = seat_names(table, lang)  # long: other tables go on meanwhile
    return await asyncio.to_thread(replay_frames, table.state.record(), seat, names, lang, _views(views_from, views))


@router.post("/replays")
async def upload_replay(request: Request, seat: int | None = None, lang: str | None = None,
                        views_from: int | None = Query(default=None, ge=0),
                        views: int | None = Query(default=None, ge=0, le=MAX_VIEWS)) -> dict[str, Any]:
    """Every step of an uploaded record (the body is the record's JSON), as the table's replay. A
    record whose options name a file (a game's `cards`) is refused: no request names a file on the server."""
    try:
        record = Record.from_json(check_json_text(await request.body()))
    except (BigtopError, TypeError, ValueError) as exc:
        raise ServerError(str(exc)) from None
    return await asyncio.to_thread(replay_frames, record, seat, None, language(lang), _views(views_from, views))


async def _finished(request: Request, table_id: str) -> LiveTable:
    table = await _table(request, table_id)
    if table.status != "finished":
        raise Conflict(f"table {table_id} is {table.status}: its record is secret until the game ends")
    return table
