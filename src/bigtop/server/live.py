"""The WebSocket of a table: `/ws/tables/{id}?token=...` (no token: a spectator).

On connect the server sends the seat its `state` message, then a new one after every change.
The client sends `{"type": "move", "action": {...}, "move": n}` (`move` optional: refused if stale)
and gets `{"type": "ack", "move": n}` or `{"type": "error", "code", "message"}`; `{"type": "ping"}`
answers `{"type": "pong"}`. A message over `MAX_MESSAGE` bytes is refused with an error.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from fastapi import APIRouter, WebSocket

from bigtop.core.errors import BigtopError
from bigtop.server.errors import Forbidden, ServerError, TooLarge, as_server_error
from bigtop.server.messages import game_message
from bigtop.server.tables import Hall, LiveTable, Watcher

MAX_MESSAGE = 16 * 1024

router = APIRouter()


@router.websocket("/ws/tables/{table_id}")
async def table_socket(ws: WebSocket, table_id: str, token: str | None = None) -> None:
    """Follow a table and, with a seat's token, play it."""
    await ws.accept()
    hall: Hall = ws.app.state.hall
    try:
        table = hall.get(table_id)
        seat = table.seat_of(token) if token is not None else None
    except ServerError as exc:
        await ws.send_json({"type": "error", **exc.to_json()})
        await ws.close(code=4000 + exc.status)
        return
    watcher = Watcher(seat)
    table.watchers.add(watcher)
    watcher.queue.put_nowait(game_message(table, seat))
    sender = asyncio.create_task(_send_queued(ws, watcher.queue))
    try:
        while True:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                break
            reply = await _answer(hall, table, token, seat, message.get("text"), message.get("bytes"))
            watcher.queue.put_nowait(reply)
    finally:
        table.watchers.discard(watcher)
        sender.cancel()


async def _send_queued(ws: WebSocket, queue: asyncio.Queue[dict[str, Any]]) -> None:
    while True:
        await ws.send_json(await queue.get())


async def _answer(hall: Hall, table: LiveTable, token: str | None, seat: int | None, text: str | None,
                  data: bytes | None) -> dict[str, Any]:
    try:
        request = _parse(text, data)
        if request["type"] == "ping":
            return {"type": "pong"}
        if seat is None:
            raise Forbidden("spectators cannot move: connect with a seat's token")
        expected = request.get("move")
        if expected is not None and not isinstance(expected, int):
            raise ServerError("`move` must be the move number, a whole number")
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
    if not isinstance(request, dict) or request.get("type") not in ("move", "ping"):
        raise ServerError('expected {"type": "move", "action": {...}} or {"type": "ping"}')
    if request["type"] == "move" and "action" not in request:
        raise ServerError("a move needs an `action`")
    return request
