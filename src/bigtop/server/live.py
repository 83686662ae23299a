"""The WebSocket of a table, `/ws/tables/{id}?token=...` (no token: a spectator), and the hub that
turns the hall's announcements into each connection's messages.

On connect the server sends the seat its whole `state` message (`log_from` 0), then after every
change a new one whose `log` holds only the entries since the last (`log_from`: how many the seat
had before; 0 again after an undo, which takes entries out). The client sends `{"type": "move",
"action": {...}, "move": n}` (`move` optional: the move number it saw) or `{"type": "undo", "move":
n}` and gets `{"type": "ack", "move": n}` or `{"type": "error", "code", "message"}`; `{"type":
"ping"}` answers `{"type": "pong"}`. A message over `MAX_MESSAGE` bytes is refused with an
error; a connection that falls `MAX_QUEUED` messages behind is closed (the page reconnects). The
messages of a socket and of an address are taken in no faster than `message_rates.py` lets them,
and an address has at most `MAX_SOCKETS` sockets open.
Chat messages the watcher may read come on the same socket as `{"type": "chat", ...}` (`chat.py`).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import orjson
from fastapi import APIRouter, WebSocket

from bigtop.core.errors import BigtopError
from bigtop.server.errors import Forbidden, ServerError, TooLarge, as_server_error
from bigtop.server.message_rates import MessageRates, Pace
from bigtop.server.messages import WHOLE_LOG, LogMark, game_message
from bigtop.server.tables import Hall, LiveTable

MAX_MESSAGE = 16 * 1024
MAX_QUEUED = 512
CLOSE_TOO_SLOW = 1013  # "try again later": the page reconnects and gets the whole state
CLOSE_POLICY = 1008

router = APIRouter()


def encode(message: dict[str, Any]) -> str:
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()


@dataclass(eq=False)
class Watcher:
    """One connection following a table: a seat (None for a spectator), the seat whose chat it
    reads (its own; for a spectator, the seat its signed-in player holds at the table, if any), its
    outgoing messages (JSON text; None closes it) and how much of the log it has been sent."""

    seat: int | None
    reader: int | None
    queue: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)
    mark: LogMark = WHOLE_LOG

    def send(self, text: str) -> None:
        if self.queue.qsize() >= MAX_QUEUED:
            self.queue.put_nowait(None)
            return
        self.queue.put_nowait(text)


class LiveHub:
    """Who follows which table; a `TableSink` that queues each watcher its message after a change
    (one message built per seat and log position, shared by the watchers that need it)."""

    def __init__(self) -> None:
        self.watchers: dict[str, set[Watcher]] = {}

    def watch(self, table: LiveTable, seat: int | None, reader: int | None = None) -> Watcher:
        """A new watcher of `table`, queued its seat's whole state; `reader` as in `Watcher`
        (default: `seat`)."""
        watcher = Watcher(seat, seat if reader is None else reader)
        self.watchers.setdefault(table.id, set()).add(watcher)
        self._queue(table, [watcher])
        return watcher

    def unwatch(self, table_id: str, watcher: Watcher) -> None:
        found = self.watchers.get(table_id)
        if found is not None:
            found.discard(watcher)
            if not found:
                del self.watchers[table_id]

    def send_each(self, table_id: str, text_for: Callable[[int | None], str | None]) -> None:
        """Queue each watcher of a table `text_for(the seat it reads as)`, unless that is None (a
        message only some watchers may read: a chat channel)."""
        for watcher in self.watchers.get(table_id, ()):
            text = text_for(watcher.reader)
            if text is not None:
                watcher.send(text)

    def table_changed(self, table: LiveTable, move: int | None) -> None:
        watchers = self.watchers.get(table.id)
        if watchers:
            self._queue(table, list(watchers))

    def _queue(self, table: LiveTable, watchers: list[Watcher]) -> None:
        built: dict[tuple[int | None, LogMark], tuple[str, LogMark]] = {}
        for watcher in watchers:
            key = (watcher.seat, watcher.mark)
            if key not in built:
                message, mark = game_message(table, watcher.seat, watcher.mark)
                built[key] = (encode(message), mark)
            text, watcher.mark = built[key]
            watcher.send(text)


@router.websocket("/ws/tables/{table_id}")
async def table_socket(ws: WebSocket, table_id: str, token: str | None = None) -> None:
    """Follow a table and, with a seat's token, play it; refused (403) when the address has
    `MAX_SOCKETS` open already."""
    rates: MessageRates = ws.app.state.message_rates
    pace = rates.pace(ws.client.host if ws.client else "unknown")
    if pace is None:
        await ws.close(code=CLOSE_POLICY)  # before the handshake is accepted: answered 403
        return
    try:
        await _follow(ws, table_id, token, pace)
    finally:
        pace.close()


async def _follow(ws: WebSocket, table_id: str, token: str | None, pace: Pace) -> None:
    await ws.accept()
    hall: Hall = ws.app.state.hall
    hub: LiveHub = ws.app.state.hub
    try:
        table = await hall.find(table_id)
        seat = table.seat_of(token) if token is not None else None
    except ServerError as exc:
        await ws.send_json({"type": "error", **exc.to_json()})
        await ws.close(code=4000 + exc.status)
        return
    reader = seat
    if seat is None:  # a player watching their own table reads the chat as their seat, not a spectator's
        held = table.seat_of_player(ws.app.state.sessions.from_request(ws))
        reader = held.seat if held is not None else None
    watcher = hub.watch(table, seat, reader)
    sender = asyncio.create_task(_send_queued(ws, watcher.queue))
    try:
        while True:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                break
            await pace.take()  # the socket is not read meanwhile
            reply = await _answer(hall, table, token, seat, message.get("text"), message.get("bytes"))
            watcher.send(encode(reply))
    finally:
        hub.unwatch(table.id, watcher)
        sender.cancel()


async def _send_queued(ws: WebSocket, queue: asyncio.Queue[str | None]) -> None:
    while True:
        text = await queue.get()
        if text is None:
            await ws.close(code=CLOSE_TOO_SLOW)
            return
        await ws.send_text(text)


async def _answer(hall: Hall, table: LiveTable, token: str | None, seat: int | None, text: str | None,
                  data: bytes | None) -> dict[str, Any]:
    try:
        request = _parse(text, data)
        if request["type"] == "ping":
            return {"type": "pong"}
        if seat is None:
            raise Forbidden("spectators cannot move: connect with a seat's token")
        expected = request.get("move")
        if expected is not None and (not isinstance(expected, int) or isinstance(expected, bool)):
            raise ServerError("`move` must be the move number, a whole number")
        if request["type"] == "undo":
            return {"type": "ack", "move": await hall.undo(table, token, expected)}
        number = await hall.play_token(table, token, request.get("action"), expected)
        return {"type": "ack", "move": number}
    except BigtopError as exc:
        return {"type": "error", **as_server_error(exc).to_json()}


def _parse(text: str | None, data: bytes | None) -> dict[str, Any]:
    raw = text if text is not None else (data or b"").decode("utf-8", "replace")
    if len(raw.encode("utf-8")) > MAX_MESSAGE:
        raise TooLarge(f"message too large: at most {MAX_MESSAGE} bytes")
    try:
        request = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise ServerError(f"message is not JSON: {exc.msg}") from None
    except RecursionError:
        raise ServerError("message is nested too deeply") from None
    if not isinstance(request, dict) or request.get("type") not in ("move", "undo", "ping"):
        raise ServerError('expected {"type": "move", "action": {...}}, {"type": "undo"} or {"type": "ping"}')
    if request["type"] == "move" and "action" not in request:
        raise ServerError("a move needs an `action`")
    return request
