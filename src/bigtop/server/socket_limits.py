"""How fast WebSocket clients may send: a token bucket per socket and one per address (shared by
all the sockets of that address in this process). A message over either budget is dropped unread
(the first of a run gets an error saying so); a socket that goes on sending past its budget is
closed (1008, policy violation) once it has had `TOLERATED.burst` messages dropped, or more than
`TOLERATED.per_second` a second for longer. The page sends a message per click
and a ping now and then: far below these rates. An address may have `MAX_SOCKETS` sockets open
at once in this process; one more is refused (403) before its handshake is accepted.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Rate:
    """`per_second` messages on average, `burst` at once."""

    per_second: float
    burst: float


PER_SOCKET = Rate(20, 60)
PER_ADDRESS = Rate(1000, 2000)
TOLERATED = Rate(1, 200)  # messages dropped before a socket is closed
CLOSE_POLICY = 1008
MAX_SOCKETS = 100  # open at once by one address
_MAX_ADDRESSES = 10_000  # buckets kept before the full ones are forgotten


@dataclass
class Bucket:
    """A token bucket: `take` spends one token if there is one; tokens come back at `rate`."""

    rate: Rate
    tokens: float = -1.0
    at: float = field(default_factory=time.monotonic)

    def __post_init__(self) -> None:
        if self.tokens < 0:
            self.tokens = self.rate.burst

    def refill(self, now: float) -> None:
        self.tokens = min(self.rate.burst, self.tokens + (now - self.at) * self.rate.per_second)
        self.at = now

    def take(self, now: float) -> bool:
        self.refill(now)
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class SocketBudget:
    """What one socket may still send: its own bucket, then its address's."""

    def __init__(self, own: Bucket, address: Bucket) -> None:
        self.own = own
        self.address = address
        self.dropped = 0  # in a row
        self.tolerated = Bucket(TOLERATED)
        self.over = False  # it has sent too much past its budget: close it

    def allow(self) -> bool:
        """Whether to read the message that just came (else drop it); counts the run of drops."""
        now = time.monotonic()
        if self.own.take(now) and self.address.take(now):
            self.dropped = 0
            return True
        self.dropped += 1
        self.over = not self.tolerated.take(now)
        return False


class SocketLimits:
    """The budgets of this process's sockets, by the address they come from."""

    def __init__(self, per_socket: Rate = PER_SOCKET, per_address: Rate = PER_ADDRESS) -> None:
        self.per_socket = per_socket
        self.per_address = per_address
        self._addresses: dict[str, Bucket] = {}
        self._open: dict[str, int] = {}  # sockets open, by address

    def open(self, address: str) -> SocketBudget | None:
        """A new socket's budget (`close` the address when the socket closes), or None when the
        address has `MAX_SOCKETS` open already."""
        count = self._open.get(address, 0)
        if count >= MAX_SOCKETS:
            return None
        self._open[address] = count + 1
        return self.budget(address)

    def close(self, address: str) -> None:
        """One socket of `address` has closed."""
        count = self._open.pop(address, 0) - 1
        if count > 0:
            self._open[address] = count

    def budget(self, address: str) -> SocketBudget:
        """A new socket's budget, sharing its address's bucket."""
        bucket = self._addresses.get(address)
        if bucket is None:
            if len(self._addresses) >= _MAX_ADDRESSES:
                self._forget_full()
            bucket = self._addresses[address] = Bucket(self.per_address)
        return SocketBudget(Bucket(self.per_socket), bucket)

    def _forget_full(self) -> None:
        now = time.monotonic()
        for address, bucket in list(self._addresses.items()):
            bucket.refill(now)
            if bucket.tokens >= bucket.rate.burst:
                del self._addresses[address]
