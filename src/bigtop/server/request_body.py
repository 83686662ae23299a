"""What a request body may be, checked before any route reads it: JSON (else 415), at most
`MAX_BODY` bytes as they arrive (else 413, a chunked body included), and text a route can store
and answer again: strict UTF-8, no `NaN` or `Infinity`, no lone UTF-16 surrogate, nested at most
`MAX_DEPTH` deep (else 400: deeper values would reach Python's recursion limit in the code that
reads them, a server error).

`CheckedBody` is an ASGI middleware: it reads a request's body itself, holding at most `MAX_BODY`
bytes (the server's HTTP layer pauses the socket past 64 KiB until they are read), stops at the
first byte over the limit and answers 413 with `Connection: close`, so that nothing more is read.
A body it accepts is handed to the route as one message.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from bigtop.server.errors import ServerError, TooLarge, UnsupportedMediaType

MAX_BODY = 1024 * 1024
MAX_DEPTH = 64  # arrays and objects inside one another; a record's move is 4 deep
JSON_TYPES = frozenset({"application/json"})
_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]")  # a \uD800-\uDFFF escape: maybe a lone surrogate


class CheckedBody:
    """Refuse a request whose body is not JSON, is too large or cannot be stored as text."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        try:
            body = await _read(scope, receive)
        except ServerError as exc:
            headers = {"connection": "close"} if isinstance(exc, TooLarge) else None
            await JSONResponse({"error": exc.to_json()}, status_code=exc.status, headers=headers)(scope, receive, send)
            return
        if body is None:
            await self.app(scope, receive, send)
            return
        delivered = False

        async def replay() -> Message:
            nonlocal delivered
            if delivered:
                return await receive()  # what comes after the body: a disconnect
            delivered = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay, send)


async def _read(scope: Scope, receive: Receive) -> bytes | None:
    """The whole body, checked; None for a request without one (nothing was read)."""
    headers = dict(scope["headers"])
    length = headers.get(b"content-length")
    chunked = b"chunked" in headers.get(b"transfer-encoding", b"").lower()
    if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
        raise TooLarge(f"request too large: at most {MAX_BODY} bytes")
    if not chunked and (length is None or int(length) == 0):
        return None
    _check_media_type(headers.get(b"content-type"))
    parts: list[bytes] = []
    size = 0
    more = True
    while more:
        message = await receive()
        if message["type"] != "http.request":  # the client went away
            return b""
        part = message.get("body", b"")
        size += len(part)
        if size > MAX_BODY:
            raise TooLarge(f"request too large: at most {MAX_BODY} bytes")
        parts.append(part)
        more = message.get("more_body", False)
    body = b"".join(parts)
    if body:
        check_json_text(body)
    return body


def _check_media_type(content_type: bytes | None) -> None:
    if content_type is None:
        raise UnsupportedMediaType("a request body must be JSON: send it with Content-Type: application/json")
    media, _, parameters = content_type.decode("latin-1").partition(";")
    charset = re.search(r"charset\s*=\s*\"?([\w-]+)", parameters, re.IGNORECASE)
    if media.strip().lower() not in JSON_TYPES or (charset is not None and charset.group(1).lower() != "utf-8"):
        raise UnsupportedMediaType(
            f"a request body must be JSON in UTF-8 (Content-Type: application/json), not {content_type[:100].decode('latin-1')!r}")


def check_json_text(body: bytes, what: str = "the body") -> Any:
    """The JSON value of `body`, or `ServerError` if it is not strict JSON text that can be stored
    and sent again: UTF-8, no NaN or Infinity, no lone UTF-16 surrogate, not nested too deeply.
    `what` names it in the refusal ("the body", "the message")."""
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ServerError(f"{what} is not UTF-8 text (byte {exc.start})") from None
    try:
        value = json.loads(text, parse_constant=_no_constant, parse_float=_finite)
    except json.JSONDecodeError as exc:
        raise ServerError(f"{what} is not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    except RecursionError:
        raise ServerError(f"{what} is nested too deeply to be read") from None
    if _deeper_than(value, MAX_DEPTH):
        raise ServerError(f"{what} is nested too deeply: at most {MAX_DEPTH} arrays and objects inside one another")
    if _SURROGATE_ESCAPE.search(body):
        try:
            json.dumps(value, ensure_ascii=False).encode("utf-8")
        except UnicodeEncodeError:
            raise ServerError(f"{what} holds a lone UTF-16 surrogate (\\ud800-\\udfff): not text") from None
        except RecursionError:
            raise ServerError(f"{what} is nested too deeply to be read") from None
    return value


def _deeper_than(value: Any, limit: int) -> bool:
    """Whether arrays and objects lie more than `limit` deep in `value` (walked a level at a time,
    without recursion)."""
    level = [value] if isinstance(value, (list, dict)) else []
    for _ in range(limit):
        inner = []
        for item in level:
            for child in item.values() if isinstance(item, dict) else item:
                if isinstance(child, (list, dict)):
                    inner.append(child)
        level = inner
    return bool(level)


def _no_constant(name: str) -> Any:
    raise ServerError(f"{name} is not a JSON number")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ServerError(f"the number {text[:40]} is too large")
    return value
