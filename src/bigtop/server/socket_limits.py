"""How fast WebSocket clients may send: a token bucket per socket and one per address (shared by
all the sockets of that address in this process). A message over either budget is dropped unread
(the first of a run gets an error saying so); a socket that goes on sending past its budget is
closed (1008, policy violation) once it has had `TOLERATED.burst` messages dropped, or more than
`TOLERATED.per_second` a second for longer. The page sends a message per click
and a ping now and then: far below these rates. A language switch sends the whole state again
(9 ms for a long game, where a move's message takes a fraction of one): an address's sockets
switch at most `LANGUAGE_SWITCHES` (a switch past it is refused, the language kept). An address may have `MAX_SOCKETS` sockets open
at once in this process; one more is refused (403) before its handshake is accepted.
"""

from __future__ import annotations

import time

from bigtop.server.rates import Bucket, Buckets, Rate

PER_SOCKET = Rate(20, 60)
PER_ADDRESS = Rate(1000, 2000)
TOLERATED = Rate(1, 200)  # messages dropped before a socket is closed
LANGUAGE_SWITCHES = Rate(2, 10)  # by the sockets of one address
CLOSE_POLICY = 1008
MAX_SOCKETS = 100  # open at once by one address


class SocketBudget:
    """What one socket may still send: its own bucket, then its address's."""

    def __init__(self, own: Bucket, address: Bucket, languages: Bucket) -> None:
        self.own = own
        self.address = address
        self.languages = languages
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

    def allow_language(self) -> bool:
        """Whether the socket may switch its language now (its address's switches)."""
        return self.languages.take(time.monotonic())


class SocketLimits:
    """The budgets of this process's sockets, by the address they come from."""

    def __init__(self, per_socket: Rate = PER_SOCKET, per_address: Rate = PER_ADDRESS) -> None:
        self.per_socket = per_socket
        self.per_address = per_address
        self._addresses = Buckets(per_address)
        self._languages = Buckets(LANGUAGE_SWITCHES)
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
        return SocketBudget(Bucket(self.per_socket), self._addresses[address], self._languages[address])
