"""The WebSocket of a table, `/ws/tables/{id}?token=...` (no token: a spectator), and the hub that
turns the hall's announcements into each connection's messages.

On connect the server sends the seat its whole `state` message (`log_from` 0), then after every
change a new one whose `log` holds only the entries since the last (`log_from`: how many the seat
had before; 0 again after an undo, which takes entries out). The client sends `{"type": "move",
"action": {...}, "move": n}` (`move` optional: the move number it saw) or `{"type": "undo", "move":
n}` and gets `{"type": "ack", "move": n}` or `{"type": "error", "code", "message"}`; `{"type":
"ping"}` answers `{"type": "pong"}`. Moves and log entries come in the language the socket asked for
(`?lang=en|fr|zh-Hant`, default English); `{"type": "language", "lang": ...}` switches it and
sends the whole state again in the new language. A message over `MAX_MESSAGE` bytes is refused with an
error; a connection that falls `MAX_QUEUED` messages or `MAX_QUEUED_TEXT` characters behind is
closed (the page reconnects). An
address has at most `MAX_SOCKETS` sockets open (`socket_limits.py`), and its sockets draw on its
share of the server's time (`address_share.py`): opening one while it is spent is refused (403).
Chat messages the watcher may read come on the same socket as `{"type": "chat", ...}` (`chat.py`).
A socket opened from another site's page (its `Origin`) is refused; what a socket sends past its
budget is dropped, and a socket that floods is closed (`socket_limits.py`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

import orjson
from fastapi import APIRouter, WebSocket

from bigtop.core.errors import BigtopError
from bigtop.core.text import DEFAULT_LANGUAGE, language
from bigtop.server.accounts import player_of
from bigtop.server.address_share import charged, spent
from bigtop.server.clients import client_address
from bigtop.server.database_checks import WRITE_ERRORS, unavailable
from bigtop.server.errors import Forbidden, RateLimited, ServerError, TooLarge, as_server_error
from bigtop.server.messages import WHOLE_LOG, LogMark, game_message
from bigtop.server.rates import Bucket, Buckets
from bigtop.server.request_body import check_json_text
from bigtop.server.socket_limits import CLOSE_POLICY, SocketBudget, SocketLimits
from bigtop.server.tables import Hall, LiveTable

MAX_MESSAGE = 16 * 1024
MAX_QUEUED = 512
MAX_QUEUED_TEXT = 1024 * 1024  # characters queued to one connection (a finished Drum Roll game's whole state: 65,000)
CLOSE_TOO_SLOW = 1013  # "try again later": the page reconnects and gets the whole state
CLOSE_WAIT = 5.0  # seconds to send what is queued and the close frame to a socket closed for flooding
_LANGUAGE_TOO_OFTEN = "the language was switched too often: it stays as it is; ask again in a moment"
_SHARE_SPENT = ("this address has used its share of the server's time: what its sockets send now is dropped; "
                "send again in a few seconds")
_TOO_FAST = "too many messages: what this socket sends past its budget is dropped; keep on and it is closed"

router = APIRouter()


def encode(message: dict[str, Any]) -> str:
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()


@dataclass(eq=False)
class Watcher:
    """One connection following a table: a seat (None for a spectator), the seat whose chat it
    reads (its own; for a spectator, the seat its signed-in player holds at the table, if any), its
    outgoing messages (JSON text; a close code closes it), how many characters they hold, and how
    much of the log it has been sent."""

    seat: int | None
    reader: int | None
    lang: str = DEFAULT_LANGUAGE
    queue: asyncio.Queue[str | int] = field(default_factory=asyncio.Queue)
    mark: LogMark = WHOLE_LOG
    queued: int = 0
    closing: bool = False

    def send(self, text: str) -> None:
        """Queue `text`, or close a connection that reads too slowly: `MAX_QUEUED` messages or
        `MAX_QUEUED_TEXT` characters behind (one message, however long, is always queued)."""
        if self.closing:
            return
        if self.queue.qsize() >= MAX_QUEUED or self.queued and self.queued + len(text) > MAX_QUEUED_TEXT:
            self.close(CLOSE_TOO_SLOW)
            return
        self.queued += len(text)
        self.queue.put_nowait(text)

    async def next(self) -> str | int:
        """The next message to send (a close code to close)."""
        item = await self.queue.get()
        if isinstance(item, str):
            self.queued -= len(item)
        return item

    def close(self, code: int) -> None:
        """Close the connection with `code` once what is queued before is sent (nothing is queued after)."""
        if not self.closing:
            self.closing = True
            self.queue.put_nowait(code)


class LiveHub:
    """Who follows which table; a `TableSink` that queues each watcher its message after a change
    (one message built per seat and log position, shared by the watchers that need it)."""

    def __init__(self) -> None:
        self.watchers: dict[str, set[Watcher]] = {}

    def watch(self, table: LiveTable, seat: int | None, reader: int | None = None, lang: str = DEFAULT_LANGUAGE) -> Watcher:
        """A new watcher of `table`, queued its seat's whole state in language `lang`; `reader` as
        in `Watcher` (default: `seat`)."""
        watcher = Watcher(seat, seat if reader is None else reader, lang)
        self.watchers.setdefault(table.id, set()).add(watcher)
        self._queue(table, [watcher])
        return watcher

    def speak(self, table: LiveTable, watcher: Watcher, lang: str) -> None:
        """Switch `watcher` to language `lang` and queue it the whole state again in it."""
        watcher.lang, watcher.mark = lang, WHOLE_LOG
        self._queue(table, [watcher])

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
        if not watchers:
            return
        if move is not None and table.held_since is not None:  # an answer of a secret step: its seat alone learns of it
            mover = next((seat for seat, number in table.last_rows.items() if number == move), None)
            watchers = {w for w in watchers if w.seat is not None and w.seat == mover}
        self._queue(table, list(watchers))

    def _queue(self, table: LiveTable, watchers: list[Watcher]) -> None:
        built: dict[tuple[int | None, LogMark, str], tuple[str, LogMark]] = {}
        for watcher in watchers:
            key = (watcher.seat, watcher.mark, watcher.lang)
            if key not in built:
                message, mark = game_message(table, watcher.seat, watcher.mark, watcher.lang)
                built[key] = (encode(message), mark)
            text, watcher.mark = built[key]
            watcher.send(text)


@router.websocket("/ws/tables/{table_id}")
async def table_socket(ws: WebSocket, table_id: str, token: str | None = None, lang: str = DEFAULT_LANGUAGE) -> None:
    """Follow a table and, with a seat's token, play it, in language `lang`; refused (403) when
    opened from another site's page or when the address has `MAX_SOCKETS` open already."""
    if not same_origin(ws):
        await ws.close(code=CLOSE_POLICY)  # before accepting: the handshake is answered 403
        return
    limits: SocketLimits = ws.app.state.socket_limits
    address = client_address(ws)
    shares: Buckets | None = ws.app.state.time_shares
    share = shares[address] if shares is not None else None
    budget = limits.open(address) if not spent(share) else None
    if budget is None:
        await ws.close(code=CLOSE_POLICY)  # before the handshake is accepted: answered 403
        return
    try:
        await _follow(ws, table_id, token, language(lang), budget, share)
    finally:
        limits.close(address)


async def _follow(ws: WebSocket, table_id: str, token: str | None, lang: str, budget: SocketBudget,
                  share: Bucket | None) -> None:
    """Send the table's whole state, then its changes, and answer the socket's messages; the
    seconds of the first and of each answer are charged to the address's `share` of time."""
    await ws.accept()
    hall: Hall = ws.app.state.hall
    hub: LiveHub = ws.app.state.hub
    with charged(share):
        try:
            table = await hall.find(table_id)
            seat = table.seat_of(token) if token is not None else None
        except ServerError as exc:
            await ws.send_json({"type": "error", **exc.to_json()})
            await ws.close(code=4000 + exc.status)
            return
        reader = seat
        if seat is None:  # a player watching their own table reads the chat as their seat, not a spectator's
            player = await player_of(ws)
            held = table.seat_of_player(player.id if player is not None else None)
            reader = held.seat if held is not None else None
        watcher = hub.watch(table, seat, reader, lang)
    sender = asyncio.create_task(_send_queued(ws, watcher, share))
    share_refused = False
    try:
        while True:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                break
            if watcher.closing:  # it reads too slowly: what it asks is not built
                await asyncio.wait({sender}, timeout=CLOSE_WAIT)  # nor waited for long
                break
            if not budget.allow():
                if budget.dropped == 1:
                    watcher.send(encode({"type": "error", **RateLimited(_TOO_FAST).to_json()}))
                if budget.over:
                    watcher.close(CLOSE_POLICY)
                    await asyncio.wait({sender}, timeout=CLOSE_WAIT)  # a client that reads nothing is not waited for
                    break
                continue
            if spent(share):  # dropped unread, the first of a run answered
                if not share_refused:
                    watcher.send(encode({"type": "error", **RateLimited(_SHARE_SPENT).to_json()}))
                share_refused = True
                continue
            share_refused = False
            with charged(share):
                asked = _language_asked(message.get("text"))
                if asked is not None:
                    if budget.allow_language():
                        hub.speak(table, watcher, asked)
                    else:
                        watcher.send(encode({"type": "error", **RateLimited(_LANGUAGE_TOO_OFTEN).to_json()}))
                    continue
                reply = await _answer(hall, table, token, seat, message.get("text"), message.get("bytes"))
                watcher.send(encode(reply))
    finally:
        hub.unwatch(table.id, watcher)
        sender.cancel()


def _language_asked(text: str | None) -> str | None:
    """The language a `{"type": "language", "lang": ...}` message asks for (the closest bigtop
    speaks), else None."""
    if not text or len(text) > 100 or '"language"' not in text:
        return None
    try:
        request = orjson.loads(text)
    except orjson.JSONDecodeError:
        return None
    if not isinstance(request, dict) or request.get("type") != "language":
        return None
    return language(str(request.get("lang")))


async def _send_queued(ws: WebSocket, watcher: Watcher, share: Bucket | None) -> None:
    """Send what is queued to the socket, each send (its compression, its writing out) charged to
    the address's `share` of time."""
    while True:
        text = await watcher.next()
        if isinstance(text, int):
            await ws.close(code=text)
            return
        with charged(share):
            await ws.send_text(text)


def same_origin(ws: WebSocket) -> bool:
    """Whether a browser opened this socket from a page of this server: its `Origin` names the
    host and port the request was sent to (`Host`). A client that sends no Origin (not a browser)
    passes; behind a proxy, the proxy passes `Host` on."""
    origin = ws.headers.get("origin")
    if origin is None:
        return True
    sent, asked = urlsplit(origin), urlsplit("//" + ws.headers.get("host", ""))
    default = {"http": 80, "https": 443}.get(sent.scheme)
    try:
        return default is not None and sent.hostname is not None and \
            (sent.hostname, sent.port or default) == (asked.hostname, asked.port or default)
    except ValueError:  # a port that is not a number
        return False


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
    except WRITE_ERRORS as exc:
        return {"type": "error", **unavailable(exc).to_json()}


def _parse(text: str | None, data: bytes | None) -> dict[str, Any]:
    raw = text.encode("utf-8") if text is not None else (data or b"")
    if len(raw) > MAX_MESSAGE:
        raise TooLarge(f"message too large: at most {MAX_MESSAGE} bytes")
    request = check_json_text(raw, "the message")  # strict JSON, as a request body
    if not isinstance(request, dict) or request.get("type") not in ("move", "undo", "ping"):
        raise ServerError('expected {"type": "move", "action": {...}}, {"type": "undo"} or {"type": "ping"}')
    if request["type"] == "move" and "action" not in request:
        raise ServerError("a move needs an `action`")
    return request
