"""The lobby's seats: sit at a free open seat with one click, and "my games" across devices.

`POST /api/tables/{id}/sit {seat, name?}` takes a free open seat of a table not yet started and
answers its secret token (a new one: whoever held an earlier link of that seat no longer opens it).
A signed-in player sits under their name and holds the seat (their player page and ratings follow
it); a guest gives a name that is not a registered player's. `GET /api/me/games` answers every
open or running table where the signed-in player holds a seat, with the seat's token, so that they
can go on playing from any device.
"""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field
from sqlalchemy import select
from sqlalchemy.engine import Engine

from bigtop.server.accounts import check_guest_name, current_player, signed_in
from bigtop.server.errors import ERROR_RESPONSES, NotFound, ServerError
from bigtop.server.messages import summary
from bigtop.server.schema import seats, tables

MAX_SEAT = 64
router = APIRouter(prefix="/api", tags=["lobby"], responses=ERROR_RESPONSES)


class Sit(BaseModel):
    seat: int = Field(ge=0, le=MAX_SEAT, strict=True)
    name: str | None = Field(default=None, max_length=200, description="A guest's name (a signed-in player sits as themselves).")


def seat_link(table_id: str, token: str) -> str:
    return f"/#/table/{table_id}?token={token}"


@router.post("/tables/{table_id}/sit")
async def sit(request: Request, table_id: str, body: Sit) -> dict[str, Any]:
    """Take a free open seat; answers the seat, its secret token and link, and the table."""
    hall = request.app.state.hall
    table = await hall.find(table_id)
    player = await current_player(request)
    if player is None:
        if not (body.name or "").strip():
            raise ServerError("a guest needs a name to sit (or sign in)")
        await check_guest_name(request, body.name)
    name = player.name if player else body.name or ""
    token = await hall.sit(table, body.seat, name, player.id if player else None)
    return {"seat": body.seat, "token": token, "link": seat_link(table.id, token), "table": summary(table)}


def held_seats(engine: Engine, player_id: int) -> list[tuple[str, int, str]]:
    """(table, seat, token) of every seat the player holds at an open or running table, newest table first."""
    with engine.connect() as db:
        found = db.execute(
            select(seats.c.table_id, seats.c.seat, seats.c.token).join(tables, tables.c.id == seats.c.table_id)
            .where(seats.c.player_id == player_id, tables.c.status.in_(("open", "running")))
            .order_by(tables.c.created_at.desc(), seats.c.seat)
        ).all()
    return [(r.table_id, r.seat, r.token) for r in found]


@router.get("/me/games")
async def my_games(request: Request) -> list[dict[str, Any]]:
    """The signed-in player's open and running tables, with their seat's token and link."""
    player = await signed_in(request)
    hall = request.app.state.hall
    answer = []
    for table_id, seat, token in await asyncio.to_thread(held_seats, hall.store.engine, player.id):
        try:
            table = await hall.find(table_id)
        except NotFound:  # a table this server cannot rebuild (its game is not installed)
            continue
        answer.append({"table": summary(table), "seat": seat, "token": token, "link": seat_link(table.id, token)})
    return answer
