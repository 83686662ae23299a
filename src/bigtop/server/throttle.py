"""Limits on repeated attempts (sign-ins per name and address, registrations per address), counted
in the database so that every server process on it counts the same attempts.

An attempt is a row (key, time); a key is at its `Limit` when it has `count` rows in the last
`seconds`. `take` counts an attempt *before* the slow work it guards (a password hash), checking
and counting in one transaction: of many attempts at once, exactly those under the limit get
through. On PostgreSQL the transaction first takes a lock per key (`pg_advisory_xact_lock`), so
that two processes count one after the other; on SQLite the store's one writer thread runs the
transactions one at a time. Rows older than a day are pruned as new ones are written.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import Column, Float, Integer, String, Table, delete, func, insert, select, text
from sqlalchemy.engine import Connection

from bigtop.server.errors import RateLimited
from bigtop.server.schema import metadata
from bigtop.server.store import Repository

KEEP_SECONDS = 24 * 3600
KEY_LENGTH = 160  # a longer key is stored as its start and a digest of the whole (`stored_key`)

attempts = Table(
    "bigtop_attempts",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("key", String(KEY_LENGTH), nullable=False, index=True),
    Column("at", Float, nullable=False, index=True),  # seconds since the epoch
)


@dataclass(frozen=True)
class Limit:
    """At most `count` attempts of one key in `seconds`; `what` words the refusal."""

    count: int
    seconds: float
    what: str


@dataclass(frozen=True)
class Taken:
    """Attempts counted by `AttemptRepository.take`: their rows, and how many each key had before."""

    ids: list[int]
    before: dict[str, int]


class AttemptRepository(Repository):
    """Attempts by key, for rate limits."""

    async def take(self, limited: Sequence[tuple[str, Limit]], counted: Sequence[tuple[str, float]] = ()) -> Taken:
        """Count one attempt for every key, unless a `limited` key is at its limit: then
        `RateLimited` (saying how long to wait) and nothing is counted. `counted` keys (with the
        seconds to look back) are counted without a limit; `Taken.before` tells their counts too."""
        stored = {key: stored_key(key) for key in [*(k for k, _ in limited), *(k for k, _ in counted)]}
        keys = sorted(set(stored.values()))

        def work(db: Connection) -> Taken | str:
            now = time.time()
            if db.dialect.name == "postgresql":
                for key in keys:  # in one order in every process: no deadlock
                    db.execute(text("SELECT pg_advisory_xact_lock(:lock)"), {"lock": _lock_id(key)})
            before: dict[str, int] = {}
            for key, seconds in [*((k, lim.seconds) for k, lim in limited), *counted]:
                count, oldest = db.execute(
                    select(func.count(), func.min(attempts.c.at)).where(attempts.c.key == stored[key],
                                                                         attempts.c.at > now - seconds)
                ).one()
                before[key] = count
                limit = next((lim for k, lim in limited if k == key), None)
                if limit is not None and count >= limit.count:
                    wait = max(1, int(oldest + limit.seconds - now + 0.999))
                    return f"too many {limit.what}: try again in {_duration(wait)}"
            ids = [db.execute(insert(attempts).values(key=key, at=now)).inserted_primary_key[0] for key in keys]  # type: ignore[index]  # an INSERT's result has its key
            db.execute(delete(attempts).where(attempts.c.at < now - KEEP_SECONDS))
            return Taken(ids, before)

        outcome = await self.writer.write(work)
        if isinstance(outcome, str):
            raise RateLimited(outcome)
        return outcome

    async def forget(self, taken: Taken) -> None:
        """Uncount attempts (a sign-in that succeeded is no failure)."""
        await self.writer.write(lambda db: db.execute(delete(attempts).where(attempts.c.id.in_(taken.ids))))


def stored_key(key: str) -> str:
    """`key` as its row holds it: itself, or if longer than `KEY_LENGTH`, its start and a digest of
    the whole (a name of 40 letters that case-fold to three, and an IPv6 address, make 174)."""
    if len(key) <= KEY_LENGTH:
        return key
    digest = hashlib.sha256(key.encode()).hexdigest()[:32]
    return f"{key[:KEY_LENGTH - len(digest) - 1]}#{digest}"


def _lock_id(key: str) -> int:
    """A 63-bit number naming `key`, for PostgreSQL's advisory locks."""
    return int.from_bytes(hashlib.sha256(key.encode()).digest()[:8], "big") >> 1


def _duration(seconds: int) -> str:
    return f"{seconds} seconds" if seconds < 120 else f"{(seconds + 59) // 60} minutes"
