"""Who a request or a socket comes from: the client's address as the server sees it.

Behind a proxy on 127.0.0.1 the address is what the proxy names in `X-Forwarded-For`, and a header
may hold anything; the address is a key of the limits (`throttle.py`, `quotas.py`,
`socket_limits.py`) and a stored column (`bigtop_tables.creator_address`), so it is cut to
`MAX_ADDRESS` characters (an IPv6 address has at most 45).
"""

from __future__ import annotations

from starlette.requests import HTTPConnection

MAX_ADDRESS = 64


def client_address(connection: HTTPConnection) -> str:
    """The address `connection` (a request or a socket) comes from, at most `MAX_ADDRESS` characters."""
    return connection.client.host[:MAX_ADDRESS] if connection.client else "unknown"
