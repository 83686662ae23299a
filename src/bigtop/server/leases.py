"""Which process plays a table's bots: a lease per table in the database, held by one process at a time.

A process takes a table's lease before its bots play, renews every lease it holds each
`LEASE_SECONDS / 3` seconds, and gives them up when it stops. If it dies, its leases run out after
`LEASE_SECONDS` and another process takes the table over. On a database only one process uses
(SQLite), every lease is this process's without asking.
"""

from __future__ import annotations

import time

from bigtop.server.store import Store

LEASE_SECONDS = 6.0


class Leases:
    """This process's view of the leases: those it holds, and those others held when last asked."""

    def __init__(self, store: Store, seconds: float = LEASE_SECONDS) -> None:
        self.store = store
        self.owner = store.origin
        self.seconds = seconds
        self.held: dict[str, float] = {}  # table id -> when the lease runs out (monotonic clock)
        self._others: dict[str, float] = {}  # table id -> when to ask again

    def holds(self, table_id: str) -> bool:
        """Whether this process holds the table's lease now (always, on a database of its own)."""
        return not self.store.shared or self.held.get(table_id, 0.0) > time.monotonic()

    def held_elsewhere(self, table_id: str) -> bool:
        """Whether another process held the lease when last asked, and it has not run out since."""
        return self.store.shared and self._others.get(table_id, 0.0) > time.monotonic()

    async def take(self, table_id: str) -> bool:
        """Take (or keep) the table's lease; False if another process holds it."""
        if self.holds(table_id):
            return True
        now = time.monotonic()
        if await self.store.leases.acquire(table_id, self.owner, self.seconds):
            self.held[table_id] = now + self.seconds
            self._others.pop(table_id, None)
            return True
        self._others[table_id] = now + self.seconds / 3
        return False

    async def renew(self) -> None:
        """Extend every lease this process holds (one statement); forget those it lost."""
        if not self.store.shared or not self.held:
            return
        now = time.monotonic()
        kept = await self.store.leases.renew(self.owner, list(self.held), self.seconds)
        self.held = {table_id: now + self.seconds for table_id in kept}

    async def release(self, table_id: str | None = None) -> None:
        """Give up one table's lease (or all) so another process may take it at once."""
        if not self.store.shared:
            return
        if table_id is None:
            self.held.clear()
            await self.store.leases.release(self.owner)
        elif self.held.pop(table_id, None) is not None:
            await self.store.leases.release(self.owner, [table_id])
