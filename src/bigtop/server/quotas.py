"""What one creator may have of the server's tables: who made a table, and the limits on it.

A table's creator is the address the request came from and, if signed in, the player. Each limit
holds per address and per player alike. It is checked in the same transaction that stores the
new table (on PostgreSQL under a lock per address and per player), so that parallel requests
cannot all pass it. Past it, the table is refused with a 429 saying which limit and why.

- `live_tables`: open or running tables at once (each is kept in memory and, running, may keep
  bots and clocks busy); `expiry.py` deletes the open tables nobody starts.
- `tables_per_hour`: tables made in the last hour (a finished table is kept for good: its replay,
  its rating).
- `search_tables`: running tables with a bot that searches (`ismcts`), checked when a table with
  such a bot is created and when it starts: the bots' workers share their time fairly between
  creators (`scheduler.py`), and this bounds how much of it one creator queues.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any, NamedTuple

from sqlalchemy import func, select, text
from sqlalchemy.engine import Connection
from starlette.requests import Request

from bigtop.server.accounts import current_player
from bigtop.server.botspecs import searches
from bigtop.server.clients import client_address
from bigtop.server.errors import RateLimited
from bigtop.server.limits import HOUR, TableLimits
from bigtop.server.schema import seats, tables


class Creator(NamedTuple):
    """Who made a table: the client's address, and the signed-in player (None for a guest)."""

    address: str = ""
    player_id: int | None = None

    def share(self, table_id: str) -> str:
        """Whose share of the bots' time the table's bots use: the address's, whoever is signed in
        there (else one client signed in as many players would have as many shares), else the
        player's (a table made by no request), else the table's own (one stored before creators
        were kept)."""
        if self.address:
            return f"address:{self.address}"
        return f"player:{self.player_id}" if self.player_id is not None else f"table:{table_id}"

    def keys(self) -> tuple[str, ...]:
        """What its shares are counted by: its address, and its player if signed in."""
        return (f"address:{self.address}", *((f"player:{self.player_id}",) if self.player_id is not None else ()))


NOBODY = Creator()  # a table made by no request (in tests, by the store directly)


async def creator_of(request: Request) -> Creator:
    """Who sends `request`: the client's address and the signed-in player, if any."""
    player = await current_player(request)
    return Creator(client_address(request), player.id if player else None)


def check_new(db: Connection, creator: Creator, bots: list[str | None], limits: TableLimits) -> None:
    """Refuse (`RateLimited`) a new table of `creator` with these seats' bots past a limit; run
    in the transaction that stores it."""
    _lock(db, creator)
    since = datetime.now(UTC) - timedelta(seconds=HOUR)
    for label, column, value in _keys(creator):
        live = _count(db, column == value, tables.c.status.in_(("open", "running")))
        if live >= limits.live_tables:
            raise RateLimited(f"this {label} has {live} open or running tables, the most it may have: finish or leave "
                              "some first (an open table nobody starts is deleted after "
                              f"{_duration(limits.unstarted_expiry)})")
        made = _count(db, column == value, tables.c.created_at > since)
        if made >= limits.tables_per_hour:
            raise RateLimited(f"this {label} has made {made} tables in the last hour, the most it may: try again later")
    _check_searches(db, creator, bots, limits)


def check_start(db: Connection, creator: Creator, bots: list[str | None], limits: TableLimits) -> None:
    """Refuse (`RateLimited`) to start a table of `creator` with these seats' bots past a limit;
    run in the transaction that stores its start."""
    _lock(db, creator)
    _check_searches(db, creator, bots, limits)


def _lock(db: Connection, creator: Creator) -> None:
    """One request at a time per address and per player, across processes (PostgreSQL; a lone
    process on SQLite writes one transaction at a time anyway)."""
    if db.dialect.name == "postgresql":
        for label, _, value in _keys(creator):
            db.execute(text("SELECT pg_advisory_xact_lock(hashtext(:key))"), {"key": f"bigtop-tables:{label}:{value}"})


def _check_searches(db: Connection, creator: Creator, bots: list[str | None], limits: TableLimits) -> None:
    if not any(searches(bot) for bot in bots if bot is not None):
        return
    for label, column, value in _keys(creator):
        found = _search_tables(db, column == value)
        if found >= limits.search_tables:
            raise RateLimited(f"this {label} has {found} running tables with searching bots (ismcts), the most it "
                              "may have: let one finish first (their bots share the server's time)")


def _keys(creator: Creator) -> list[tuple[str, Any, Any]]:
    keys: list[tuple[str, Any, Any]] = [("address", tables.c.creator_address, creator.address)]
    if creator.player_id is not None:
        keys.append(("player", tables.c.creator_player, creator.player_id))
    return keys


def _count(db: Connection, *where: Any) -> int:
    return db.execute(select(func.count()).select_from(tables).where(*where)).scalar_one()


def _duration(seconds: float) -> str:
    return f"{seconds / HOUR:g} hours" if seconds >= HOUR else f"{seconds:g} seconds"


def _search_tables(db: Connection, mine: Any) -> int:
    """How many running tables matching `mine` have a searching bot."""
    found = db.execute(
        select(seats.c.table_id, seats.c.bot).join(tables, tables.c.id == seats.c.table_id)
        .where(mine, tables.c.status == "running", seats.c.bot.is_not(None))
    )
    return len({row.table_id for row in found if searches(row.bot)})
