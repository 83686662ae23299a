"""How many HTTP connections the server holds open: at most `MAX_PER_ADDRESS` from one address,
counted when a connection is made, before anything is read, and given back when it closes or
becomes a WebSocket (sockets have their own count, `socket_limits.MAX_SOCKETS`). One more is
answered 429 (`rate_limited`) and closed. A proxy uvicorn trusts to name its clients
(`--forwarded-allow-ips`, 127.0.0.1 by default) carries many clients and is not counted as one.

`MAX_CONNECTIONS` is the process's backstop, uvicorn's `limit_concurrency`: with that many
connections (WebSockets included) or requests under way, a new request is answered 503 without
reaching the application.
"""

from __future__ import annotations

import functools
import json

from uvicorn.middleware.proxy_headers import _TrustedHosts

from bigtop.server.address_counts import AddressCounts
from bigtop.server.errors import error_json

MAX_PER_ADDRESS = 64
MAX_CONNECTIONS = 2000

OPEN = AddressCounts(MAX_PER_ADDRESS)  # this process's connections, by address
_BODY = json.dumps({"error": error_json("rate_limited", f"this address has {MAX_PER_ADDRESS} connections open, "
                                                        "the most it may have: close some first")}).encode()
REFUSAL = (b"HTTP/1.1 429 Too Many Requests\r\ncontent-type: application/json\r\ncontent-length: "
           + str(len(_BODY)).encode() + b"\r\nconnection: close\r\n\r\n" + _BODY)


@functools.lru_cache(maxsize=8)
def _proxies(trusted: str) -> _TrustedHosts:
    return _TrustedHosts(trusted)


def counted_address(peer: tuple[str, int] | None, trusted: list[str] | str) -> str | None:
    """The address a new connection from `peer` counts for, or None for a trusted proxy's."""
    host = peer[0] if peer else "unknown"
    return None if host in _proxies(trusted if isinstance(trusted, str) else ",".join(trusted)) else host
