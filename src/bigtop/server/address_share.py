"""Each address's share of the server's time: how long its API requests may take, together.

A request to `/api/` is charged, when it ends, the seconds it took from its address's bucket
(`SHARE`: the bucket refills at `per_second` seconds a second and holds at most `burst`). A request
that comes while the bucket is empty is answered 429 (`rate_limited`, with `Retry-After`) before
any route reads it, which costs next to nothing. A request runs on the process's one event loop
(or waits for the database), so its seconds are the server's time it took: one address asking for
the whole state of a long game over and over, many at once, gets half of one process's time at
most, and the other addresses the rest; a page's few requests a second take a few hundredths. The address is the client's as `clients.py` reads it: behind a proxy,
each player's own. Static files (the page, its scripts, its pictures) are not charged.

A WebSocket draws on the same share (`live.py`): opening one is refused (403, before its handshake
is accepted) while its address's share is spent, and the seconds it takes to build its first whole
state, to answer each of its messages and to send it each message are charged; a message that
comes while the share is spent is dropped. Else a socket opened and closed over and over would ask for the whole state
as often as a client likes, past the share its requests have.

`bigtop serve --address-share 0` turns it off (a test that sends thousands of requests from
127.0.0.1, or a server only reached from one proxy that does not name the client).
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterator
from contextlib import contextmanager

from starlette.requests import HTTPConnection
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

from bigtop.server.clients import client_address
from bigtop.server.errors import error_json
from bigtop.server.rates import Bucket, Buckets, Rate

SHARE = Rate(0.5, 3.0)  # seconds of requests in flight: a second, and at most
BURST_SECONDS = SHARE.burst / SHARE.per_second  # the burst as seconds of the rate (`--address-share`)
CHARGED = "/api/"


def time_shares(per_second: float) -> Buckets | None:
    """Each address's share of time: `per_second` seconds a second, with the burst of `SHARE` in
    proportion (None for 0: no limit)."""
    return Buckets(Rate(per_second, BURST_SECONDS * per_second)) if per_second > 0 else None


def spent(bucket: Bucket | None) -> bool:
    """Whether an address's share (its bucket; None: no limit) is spent now."""
    if bucket is None:
        return False
    bucket.refill(time.monotonic())
    return bucket.tokens <= 0


@contextmanager
def charged(bucket: Bucket | None) -> Iterator[None]:
    """Charge the seconds the block takes to an address's share (its bucket; None: no limit)."""
    start = time.monotonic()
    try:
        yield
    finally:
        if bucket is not None:
            now = time.monotonic()
            bucket.spend(now - start, now)


class AddressShare:
    """ASGI middleware: refuse an address's API request while its share of time is spent."""

    def __init__(self, app: ASGIApp, buckets: Buckets | None) -> None:
        self.app = app
        self.buckets = buckets

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if self.buckets is None or scope["type"] != "http" or not scope["path"].startswith(CHARGED):
            await self.app(scope, receive, send)
            return
        bucket = self.buckets[client_address(HTTPConnection(scope))]
        if spent(bucket):
            wait = math.ceil(-bucket.tokens / bucket.rate.per_second + 0.001)
            refusal = error_json("rate_limited", f"this address has used its share of the server's time: "
                                                 f"try again in {wait} seconds")
            await JSONResponse({"error": refusal}, status_code=429, headers={"Retry-After": str(wait)})(scope, receive, send)
            return
        with charged(bucket):
            await self.app(scope, receive, send)
