"""Each address's API requests in flight: at most `MAX_IN_FLIGHT` at once.

A request to `/api/` takes a slot when it comes, before any route reads it, and gives it back
when its answer has been taken by the client (the server's HTTP layer holds the last part of an
answer until the client has read all but a little of it: `http_protocol.py`) or the connection
has dropped. One more is answered 429 (`rate_limited`, `Retry-After: 1`, `Connection: close`) at once. Requests
that all come at the same moment are counted as they come, so they cannot all pass (the time
share, `address_share.py`, is charged only as they end), and an answer the client never reads
holds its slot until the server drops the connection. A page has a few requests in flight; a
browser opens at most 6 connections to a host. It is on with the time share (`bigtop serve
--address-share 0` turns both off).
"""

from __future__ import annotations

from starlette.requests import HTTPConnection
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

from bigtop.server.address_counts import AddressCounts
from bigtop.server.clients import client_address
from bigtop.server.errors import error_json

MAX_IN_FLIGHT = 6
COUNTED = "/api/"


class InFlight:
    """ASGI middleware: refuse an address's API request while it has `most` in flight."""

    def __init__(self, app: ASGIApp, most: int = MAX_IN_FLIGHT) -> None:
        self.app = app
        self.counts = AddressCounts(most)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not scope["path"].startswith(COUNTED):
            await self.app(scope, receive, send)
            return
        address = client_address(HTTPConnection(scope))
        if not self.counts.take(address):
            refusal = error_json("rate_limited", f"this address has {self.counts.most} requests in flight, "
                                                 "the most it may have: wait for their answers")
            await JSONResponse({"error": refusal}, status_code=429, headers={"Retry-After": "1", "Connection": "close"})(scope, receive, send)
            return
        try:
            await self.app(scope, receive, send)
        finally:
            self.counts.give_back(address)
