"""The server's HTTP connections, bounded before any route sees a request: a request line of at
most `MAX_URL` bytes (else 414), a head (request line and headers) of at most `MAX_HEAD` bytes
(else 431), and at most `HEAD_SECONDS` from a connection's start, or from the end of its last
answer, until a request's head has fully arrived (else the connection is closed). The same holds
for a WebSocket's opening handshake, which is an HTTP request until it is accepted. A request's
body has `BODY_SECONDS` from the end of its head to arrive whole (else the connection is closed),
and each address has at most `connection_limits.MAX_PER_ADDRESS` connections open.

An answer is done when the client has taken it: the last part of it is not handed back as sent
while more than the transport's high-water mark (64 KiB) waits for the client, so that what
counts a request until it ends (`in_flight.py`, `address_share.py`) counts it until then. A
client that takes less than `MIN_TAKEN` bytes of an answer in `WRITE_SECONDS` while that much
waits has its connection dropped, and what waited for it is freed.

uvicorn takes the class as its `http` protocol (`uvicorn.Config(http=BoundedHttp)`); it is
uvicorn's httptools protocol with these checks around the parser.
"""

from __future__ import annotations

import asyncio
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from bigtop.server.connection_limits import OPEN, REFUSAL, counted_address

MAX_URL = 8 * 1024
MAX_HEAD = 16 * 1024
HEAD_SECONDS = 10.0
BODY_SECONDS = 10.0
WRITE_SECONDS = 5.0
MIN_TAKEN = 16 * 1024  # bytes of a waiting answer a client takes in WRITE_SECONDS, at least

_REFUSALS = {414: b"414 URI Too Long", 431: b"431 Request Header Fields Too Large"}


class BoundedHttp(HttpToolsProtocol):
    """uvicorn's HTTP/1.1 protocol (httptools), with bounded request heads, time limits for heads,
    bodies and answers, and a count of each address's connections."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.app = self._until_taken(self.app)
        self._in_head = True  # a request's head is arriving (or the next one may start)
        self._in_body = False  # a request's body is arriving
        self._head_bytes = 0
        self._refused = False
        self._deadline: asyncio.TimerHandle | None = None  # for the head or the body arriving
        self._write_check: asyncio.TimerHandle | None = None
        self._waiting = 0  # bytes of answers waiting for the client at the last check
        self._address: str | None = None  # counted in `connection_limits.OPEN` while open

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]  # a stream server's protocol is handed a Transport
        super().connection_made(transport)
        address = counted_address(self.client, self.config.forwarded_allow_ips)
        if address is not None and not OPEN.take(address):
            self._refused = True
            transport.write(REFUSAL)
            transport.close()
            return
        self._address = address
        self._arm(HEAD_SECONDS)

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        self._stop_write_check()
        self._give_back()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self._refused:
            return
        if self._in_head:
            self._head_bytes += len(data)
        super().data_received(data)
        if self._in_head and not self._refused and self._head_bytes > MAX_HEAD + MAX_URL:
            self._refuse(414 if len(getattr(self, "url", b"")) > MAX_URL else 431)

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._in_head = True

    def on_url(self, url: bytes) -> None:
        if not self._refused:
            super().on_url(url)

    def on_header(self, name: bytes, value: bytes) -> None:
        if not self._refused:
            super().on_header(name, value)

    def on_headers_complete(self) -> None:
        if self._refused:
            return
        self._in_head = False
        self._head_bytes = 0
        self._disarm()
        if len(self.url) > MAX_URL:
            self._refuse(414)
        elif sum(len(name) + len(value) + 4 for name, value in self.headers) > MAX_HEAD:
            self._refuse(431)
        else:
            super().on_headers_complete()
            if not (self.parser.should_upgrade() and self._should_upgrade()):
                self._in_body = True
                self._arm(BODY_SECONDS)

    def on_body(self, body: bytes) -> None:
        if not self._refused:
            super().on_body(body)

    def on_message_complete(self) -> None:
        if self._in_body:
            self._in_body = False
            self._disarm()
        if not self._refused:
            super().on_message_complete()

    def handle_websocket_upgrade(self) -> None:
        if not self._refused:
            self._disarm()
            self._give_back()  # a socket from now on, counted as one (`socket_limits.py`)
            super().handle_websocket_upgrade()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._in_head = True
        self._in_body = False  # what is left of a body refused unread comes within the next head's time
        self._head_bytes = 0
        if not self.transport.is_closing():
            self._arm(HEAD_SECONDS)

    def pause_writing(self) -> None:
        super().pause_writing()
        self._stop_write_check()
        self._waiting = self.transport.get_write_buffer_size()
        self._write_check = self.loop.call_later(WRITE_SECONDS, self._check_taken)

    def resume_writing(self) -> None:
        super().resume_writing()
        self._stop_write_check()

    def _until_taken(self, app: ASGIApp) -> ASGIApp:
        """`app`, whose last message of an answer returns once the client has taken all but the
        transport's high-water mark of it (or the connection has dropped)."""
        async def until_taken(scope: Scope, receive: Receive, send: Send) -> None:
            async def sent(message: Message) -> None:
                await send(message)
                if message["type"] == "http.response.body" and not message.get("more_body", False):
                    await self.flow.drain()

            await app(scope, receive, sent if scope["type"] == "http" else send)

        return until_taken

    def _check_taken(self) -> None:
        """While answers wait for the client: drop the connection if it took too little of them."""
        waiting = self.transport.get_write_buffer_size()
        if self._waiting - waiting < MIN_TAKEN:
            self._write_check = None
            self.transport.abort()  # close() would keep what waits until the client takes it
            return
        self._waiting = waiting
        self._write_check = self.loop.call_later(WRITE_SECONDS, self._check_taken)

    def _stop_write_check(self) -> None:
        if self._write_check is not None:
            self._write_check.cancel()
            self._write_check = None

    def _give_back(self) -> None:
        if self._address is not None:
            OPEN.give_back(self._address)
            self._address = None

    def _arm(self, seconds: float) -> None:
        self._disarm()
        self._deadline = self.loop.call_later(seconds, self._too_slow)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _too_slow(self) -> None:
        """A head or a body did not arrive in its time."""
        self._deadline = None
        if (self._in_head or self._in_body) and not self.transport.is_closing():
            self.transport.close()

    def _refuse(self, status: int) -> None:
        self._refused = True
        self._disarm()
        message = _REFUSALS[status]
        self.transport.write(b"HTTP/1.1 " + message + b"\r\ncontent-type: text/plain; charset=utf-8\r\n"
                             b"content-length: " + str(len(message)).encode() + b"\r\nconnection: close\r\n\r\n" + message)
        self.transport.close()
