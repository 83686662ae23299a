"""Limits on repeated attempts (failed sign-ins per name and per address, registrations per
address), counted in the database so that every server process on it counts the same attempts.

An attempt is a row (key, time); a key is over its `Limit` when it has `count` rows in the last
`seconds`. Rows older than a day are pruned as new ones are written.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from sqlalchemy import Column, Float, Integer, String, Table, delete, func, insert, select
from sqlalchemy.engine import Connection

from bigtop.server.errors import RateLimited
from bigtop.server.schema import metadata
from bigtop.server.store import Repository

KEEP_SECONDS = 24 * 3600

attempts = Table(
    "bigtop_attempts",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("key", String(160), nullable=False, index=True),
    Column("at", Float, nullable=False, index=True),  # seconds since the epoch
)


@dataclass(frozen=True)
class Limit:
    """At most `count` attempts of one key in `seconds`; `what` words the refusal."""

    count: int
    seconds: float
    what: str


class AttemptRepository(Repository):
    """Attempts by key, for rate limits."""

    def check(self, checks: list[tuple[str, Limit]]) -> None:
        """`RateLimited` if any key is at its limit (saying how long to wait)."""
        now = time.time()
        with self.engine.connect() as db:
            for key, limit in checks:
                since = now - limit.seconds
                found = db.execute(
                    select(func.count(), func.min(attempts.c.at)).where(attempts.c.key == key, attempts.c.at > since)
                ).one()
                if found[0] >= limit.count:
                    wait = max(1, int(found[1] + limit.seconds - now + 0.999))
                    raise RateLimited(f"too many {limit.what}: try again in {_duration(wait)}")

    async def add(self, keys: list[str]) -> None:
        """Count one attempt for each key."""
        def work(db: Connection) -> None:
            now = time.time()
            db.execute(insert(attempts), [{"key": key, "at": now} for key in keys])
            db.execute(delete(attempts).where(attempts.c.at < now - KEEP_SECONDS))

        await self.writer.write(work)


def _duration(seconds: int) -> str:
    return f"{seconds} seconds" if seconds < 120 else f"{(seconds + 59) // 60} minutes"
