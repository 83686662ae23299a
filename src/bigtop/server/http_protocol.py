"""The server's HTTP connections, bounded before any route sees a request: a request line of at
most `MAX_URL` bytes (else 414), a head (request line and headers) of at most `MAX_HEAD` bytes
(else 431), and at most `HEAD_SECONDS` from a connection's start, or from the end of its last
answer, until a request's head has fully arrived (else the connection is closed). The same holds
for a WebSocket's opening handshake, which is an HTTP request until it is accepted.

uvicorn takes the class as its `http` protocol (`uvicorn.Config(http=BoundedHttp)`); it is
uvicorn's httptools protocol with these checks around the parser.
"""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

MAX_URL = 8 * 1024
MAX_HEAD = 16 * 1024
HEAD_SECONDS = 10.0

_REFUSALS = {414: b"414 URI Too Long", 431: b"431 Request Header Fields Too Large"}


class BoundedHttp(HttpToolsProtocol):
    """uvicorn's HTTP/1.1 protocol (httptools), with bounded request heads and a time limit for them."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._in_head = True  # a request's head is arriving (or the next one may start)
        self._head_bytes = 0
        self._refused = False
        self._head_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]  # a stream server's protocol is handed a Transport
        super().connection_made(transport)
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
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

    def on_body(self, body: bytes) -> None:
        if not self._refused:
            super().on_body(body)

    def on_message_complete(self) -> None:
        if not self._refused:
            super().on_message_complete()

    def handle_websocket_upgrade(self) -> None:
        if not self._refused:
            super().handle_websocket_upgrade()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._in_head = True
        self._head_bytes = 0
        if not self.transport.is_closing():
            self._arm()

    def _arm(self) -> None:
        self._disarm()
        self._head_timer = self.loop.call_later(HEAD_SECONDS, self._head_too_slow)

    def _disarm(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _head_too_slow(self) -> None:
        self._head_timer = None
        if self._in_head and not self.transport.is_closing():
            self.transport.close()

    def _refuse(self, status: int) -> None:
        self._refused = True
        self._disarm()
        message = _REFUSALS[status]
        self.transport.write(b"HTTP/1.1 " + message + b"\r\ncontent-type: text/plain; charset=utf-8\r\n"
                             b"content-length: " + str(len(message)).encode() + b"\r\nconnection: close\r\n\r\n" + message)
        self.transport.close()
