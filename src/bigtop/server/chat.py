"""Table chat: the seated players' channel and the spectators' own, kept with the table.

`POST /api/tables/{id}/chat {token?, text}`: with a seat's token (or signed in as the player
holding a seat) a message goes to the players' channel; otherwise, signed in, to the spectators'
channel (a spectator who is not signed in may read but not write). Everyone watching sees the
players' channel; the spectators' channel is shown to the spectators, and to everyone once the
game is over (so that nobody at the table is told what spectators see: a signed-in player who
watches their own table without its token still reads as their seat). A message is pushed over
the table's WebSockets as `{"type": "chat", ...}`, to the sockets of every server process (on
PostgreSQL through the store's notices), and stored with the move number it came at, so that the
replay shows it at its moment.

Bounded: `MAX_TEXT` characters (control characters become spaces), `MAX_PER_TABLE` messages, and
per sender at most `BURST` messages in `BURST_SECONDS`, counted in the database. The text is kept
as typed and always shown as text, never read as HTML.

`GET /api/tables/{id}/chat?token=` answers the messages the asker may read and their channel.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field
from sqlalchemy import Boolean, Column, Float, ForeignKey, Integer, String, Table, Text, func, insert, select
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from bigtop.core.typed import TextRefused, typed_line
from bigtop.server.accounts import Player, current_player
from bigtop.server.errors import ERROR_RESPONSES, Conflict, NotFound, NotSignedIn, RateLimited, ServerError
from bigtop.server.live import LiveHub, encode
from bigtop.server.schema import metadata, tables
from bigtop.server.store import Repository, SeatRow
from bigtop.server.tables import Hall, LiveTable

MAX_TEXT = 500
MAX_PER_TABLE = 1000
BURST, BURST_SECONDS = 5, 10.0
PLAYERS, SPECTATORS = "players", "spectators"

chat_messages = Table(
    "bigtop_chat",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(32), ForeignKey("bigtop_tables.id"), nullable=False, index=True),
    Column("channel", String(16), nullable=False),
    Column("sender", String(40), nullable=False),  # "seat:N" or "player:ID": what the rate limit counts
    Column("seat", Integer),  # the sender's seat (players' channel)
    Column("name", String(64), nullable=False),
    Column("registered", Boolean, nullable=False),  # the name is a registered player's
    Column("text", Text, nullable=False),
    Column("move", Integer, nullable=False),  # moves played when it was sent
    Column("at", Float, nullable=False),  # seconds since the epoch
)


@dataclass(frozen=True)
class Sender:
    """Who writes: a seat of the table (players' channel) or a signed-in spectator."""

    channel: str
    key: str
    name: str
    seat: int | None
    registered: bool


def clean_text(text: str) -> str:
    """The message as it is kept: control characters as spaces, trimmed; `ServerError` if empty or long."""
    try:
        return typed_line(text, "a chat message", MAX_TEXT)
    except TextRefused as exc:
        raise ServerError(str(exc)) from None


def readable(message: dict[str, Any], seat: int | None, finished: bool) -> bool:
    """Whether a watcher (its seat, None for a spectator) may read a message."""
    return message["channel"] == PLAYERS or seat is None or finished


def _message(row: Mapping[Any, Any]) -> dict[str, Any]:
    return {"type": "chat", "table": row["table_id"],
            **{key: row[key] for key in ("id", "channel", "seat", "name", "registered", "text", "move", "at")}}


class ChatRepository(Repository):
    """The messages of every table's chat."""

    async def add(self, table_id: str, sender: Sender, text: str, move: int) -> dict[str, Any]:
        """Store a message (refused if the sender wrote too many just now, or the table's chat is
        full) and tell the other processes; answers it as pushed to the sockets."""
        def work(db: Connection) -> dict[str, Any]:
            if db.execute(select(tables.c.id).where(tables.c.id == table_id)).first() is None:
                raise NotFound(f"no table {table_id!r}: it was deleted")  # an open table nobody started (`expiry.py`)
            now = time.time()
            recent = db.execute(select(func.count()).where(
                chat_messages.c.table_id == table_id, chat_messages.c.sender == sender.key,
                chat_messages.c.at > now - BURST_SECONDS)).scalar_one()
            if recent >= BURST:
                raise RateLimited(f"at most {BURST} messages in {BURST_SECONDS:g} seconds: wait a moment")
            if db.execute(select(func.count()).where(chat_messages.c.table_id == table_id)).scalar_one() >= MAX_PER_TABLE:
                raise Conflict(f"this table's chat is full ({MAX_PER_TABLE} messages)")
            values = {"table_id": table_id, "channel": sender.channel, "sender": sender.key, "seat": sender.seat,
                      "name": sender.name, "registered": sender.registered, "text": text, "move": move, "at": now}
            row_id = db.execute(insert(chat_messages).values(**values)).inserted_primary_key[0]  # type: ignore[index]  # an INSERT's result has its key
            message = _message({"id": row_id, **values})
            self.notify(db, "chat", table_id, m=message)
            return message

        try:
            return await self.writer.write(work)
        except IntegrityError:  # PostgreSQL: deleted by another process between the check and the insert
            raise NotFound(f"no table {table_id!r}: it was deleted") from None

    def messages(self, table_id: str) -> list[dict[str, Any]]:
        """Every message of a table, oldest first."""
        with self.engine.connect() as db:
            found = db.execute(select(chat_messages).where(chat_messages.c.table_id == table_id).order_by(chat_messages.c.id))
            return [_message(r._mapping) for r in found]


class ChatHub:
    """Pushes each message to the sockets of the table that may read it, in this process."""

    def __init__(self, hall: Hall, hub: LiveHub) -> None:
        self.hall = hall
        self.hub = hub

    def deliver(self, message: dict[str, Any]) -> None:
        table = self.hall.tables.get(message["table"])
        finished = table is not None and table.status == "finished"
        text = encode(message)
        self.hub.send_each(message["table"], lambda seat: text if readable(message, seat, finished) else None)

    async def heard(self, notice: dict[str, Any]) -> None:
        """A message another process stored (its notice carries it)."""
        if isinstance(notice.get("m"), dict):
            self.deliver(notice["m"])


router = APIRouter(prefix="/api", tags=["chat"], responses=ERROR_RESPONSES)


class ChatPost(BaseModel):
    token: str | None = Field(default=None, max_length=200)
    text: str = Field(max_length=4 * MAX_TEXT)


def _seat(table: LiveTable, token: str | None, player: Player | None) -> SeatRow | None:
    """The asker's seat: the token's (`Forbidden` if it opens none), else the signed-in player's."""
    if token:
        return table.seats[table.seat_of(token)]
    return table.seat_of_player(player.id if player is not None else None)


def _sender(table: LiveTable, token: str | None, player: Player | None) -> Sender:
    """Who writes: the asker's seat, else a signed-in spectator; `NotSignedIn` for an anonymous spectator."""
    seat = _seat(table, token, player)
    if seat is not None:
        return Sender(PLAYERS, f"seat:{seat.seat}", seat.name, seat.seat, seat.player_id is not None)
    if player is None:
        raise NotSignedIn("sign in to chat as a spectator (the players' chat is for their seats' tokens)")
    return Sender(SPECTATORS, f"player:{player.id}", player.name, None, True)


@router.post("/tables/{table_id}/chat", status_code=201)
async def post_message(request: Request, table_id: str, body: ChatPost) -> dict[str, Any]:
    """Write in the table's chat: the players' channel with a seat, the spectators' otherwise."""
    table = await request.app.state.hall.find(table_id)
    text = clean_text(body.text)
    sender = _sender(table, body.token, await current_player(request))
    message = await request.app.state.chat.add(table.id, sender, text, table.shown_moves)
    request.app.state.chat_hub.deliver(message)
    return message


@router.get("/tables/{table_id}/chat")
async def read_messages(request: Request, table_id: str, token: str | None = None) -> dict[str, Any]:
    """The messages the asker may read (a seat: the players' channel, and the spectators' once the
    game is over; a spectator: both), oldest first, and the channel the asker writes to."""
    table = await request.app.state.hall.find(table_id)
    found = _seat(table, token, await current_player(request))
    seat = found.seat if found is not None else None
    finished = table.status == "finished"
    messages = await asyncio.to_thread(request.app.state.chat.messages, table.id)
    return {"channel": PLAYERS if seat is not None else SPECTATORS,
            "messages": [m for m in messages if readable(m, seat, finished)]}
