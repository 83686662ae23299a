"""How fast the WebSocket messages of one socket and of one address are taken in.

Each socket and each address (all its sockets together) has a token bucket: `burst` messages at
once, then `rate` a second. A message is read, parsed and answered only once both buckets hold a
token; until then the socket is not read, so what a flooding client sends waits in its own buffers
(the server reads no further ahead than uvicorn's queue of a socket's messages and the kernel's
buffer) and the flood costs the server no more than `rate` messages a second. Nothing is lost: a
page that sends a burst of moves is slowed, not dropped. An address may have `MAX_SOCKETS` open at
once; its bucket lives while it has one.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field

SOCKET_RATE, SOCKET_BURST = 20.0, 60.0  # a page sends a move or a ping now and then
ADDRESS_RATE, ADDRESS_BURST = 100.0, 300.0  # many pages behind one address (a household, a club)
MAX_SOCKETS = 100  # open at once by one address


@dataclass
class Bucket:
    """Up to `burst` tokens, refilled at `rate` a second."""

    rate: float
    burst: float
    tokens: float = field(init=False)
    at: float = field(default_factory=time.monotonic)

    def __post_init__(self) -> None:
        self.tokens = self.burst

    def wait(self, now: float) -> float:
        """Seconds until it holds a token (0: it holds one now)."""
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        return 0.0 if self.tokens >= 1 else (1 - self.tokens) / self.rate


class MessageRates:
    """The buckets of the open sockets' addresses; `pace` makes a socket's own."""

    def __init__(self, socket_rate: float = SOCKET_RATE, socket_burst: float = SOCKET_BURST,
                 address_rate: float = ADDRESS_RATE, address_burst: float = ADDRESS_BURST) -> None:
        self.socket_rate, self.socket_burst = socket_rate, socket_burst
        self.address_rate, self.address_burst = address_rate, address_burst
        self.addresses: dict[str, tuple[Bucket, int]] = {}  # the bucket and how many sockets use it

    def pace(self, address: str) -> Pace | None:
        """The pace of a new socket from `address` (`close` it when the socket closes), or None
        when the address has `MAX_SOCKETS` open."""
        bucket, sockets = self.addresses.get(address) or (Bucket(self.address_rate, self.address_burst), 0)
        if sockets >= MAX_SOCKETS:
            return None
        self.addresses[address] = (bucket, sockets + 1)
        return Pace(self, address, Bucket(self.socket_rate, self.socket_burst), bucket)

    def _release(self, address: str) -> None:
        bucket, sockets = self.addresses[address]
        if sockets == 1:
            del self.addresses[address]
        else:
            self.addresses[address] = (bucket, sockets - 1)


@dataclass(eq=False)
class Pace:
    """One socket's bucket and its address's."""

    rates: MessageRates
    address: str
    own: Bucket
    shared: Bucket

    async def take(self) -> None:
        """Wait until both buckets hold a token, and take one from each."""
        while True:
            now = time.monotonic()
            delay = max(self.own.wait(now), self.shared.wait(now))
            if delay == 0:
                self.own.tokens -= 1
                self.shared.tokens -= 1
                return
            await asyncio.sleep(delay)

    def close(self) -> None:
        self.rates._release(self.address)
