"""The server's SQL tables (SQLAlchemy Core), shared by every repository of the store.

A game is its record: a `bigtop_tables` row (game, players, options, seed, status, clock) with
its `bigtop_seats` and the append-only `bigtop_moves`, whose key (table, row number) is what orders
moves when several server processes share one database. A row is a move, a move the clock's bot
played (`timeout`) or an `undo` of its seat's last move; the rows' times run the clocks.
`bigtop_leases` says which process plays a table's bots and keeps its clock. A module that adds
tables (accounts, ratings, chat) defines them on `metadata` too, and is imported before the store
opens the database (`app.py` imports them all).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    false,
    inspect,
    text,
)
from sqlalchemy.engine import Dialect, Engine
from sqlalchemy.types import TypeDecorator

metadata = MetaData()


class UtcDateTime(TypeDecorator[datetime]):
    """A moment, stored in UTC and read back with its time zone on every database (SQLite keeps
    none and would give it back naive)."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("UtcDateTime stores moments with their time zone only")
        return value.astimezone(UTC)

    def process_result_value(self, value: Any, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)

tables = Table(
    "bigtop_tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("players", Integer, nullable=False),
    Column("options", JSON, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("status", String(16), nullable=False),
    Column("host_token", String(64), nullable=False),
    Column("created_at", UtcDateTime(), nullable=False),
    Column("practice", Boolean, nullable=False, server_default=false()),
    Column("rated", Boolean, nullable=False, server_default=false()),
    Column("clock", JSON),  # the clock chosen at creation (`clocks.py`), None for none
    Column("started_at", Float),  # seconds since the epoch when the game started (its clocks run from then)
    Column("next_table", String(32)),  # the table where its seats play again, once one asked to
    Column("creator_address", String(64), index=True),  # who made it (`quotas.py`): the client's address
    Column("creator_player", Integer, index=True),  # and the signed-in player, if any
    Column("move_count", Integer),  # the game's moves so far (its summary without replaying it); None if stored before
    Index("bigtop_tables_status_created", "status", "created_at"),  # the newest tables of a status
)

seats = Table(
    "bigtop_seats",
    metadata,
    Column("table_id", String(32), ForeignKey("bigtop_tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("name", String(64), nullable=False),
    Column("bot", String(128)),
    Column("token", String(64)),
    Column("joined", Boolean, nullable=False),
    Column("away", Boolean, nullable=False),
    Column("open", Boolean, nullable=False, server_default=false()),  # anyone may sit here from the lobby
    Column("player_id", Integer),  # the registered player holding the seat (accounts.py), None for a guest
)

moves = Table(
    "bigtop_moves",
    metadata,
    Column("table_id", String(32), ForeignKey("bigtop_tables.id"), primary_key=True),
    Column("number", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("action", JSON, nullable=False),
    Column("created_at", UtcDateTime(), nullable=False),  # the clocks run by it
    Column("kind", String(8), nullable=False, server_default="move"),  # move, timeout (the clock's bot) or undo
)

leases = Table(
    "bigtop_leases",
    metadata,
    Column("table_id", String(32), ForeignKey("bigtop_tables.id"), primary_key=True),
    Column("owner", String(64), nullable=False),
    Column("expires", Float, nullable=False),  # seconds since the epoch, by the database's clock
)

# Columns added since the first release: (table, column, SQL type and default) for `ALTER TABLE`.
_ADDED_COLUMNS = [
    ("bigtop_tables", "practice", "BOOLEAN NOT NULL DEFAULT FALSE"),
    ("bigtop_tables", "rated", "BOOLEAN NOT NULL DEFAULT FALSE"),
    ("bigtop_tables", "clock", "JSON"),
    ("bigtop_seats", "open", "BOOLEAN NOT NULL DEFAULT FALSE"),
    ("bigtop_seats", "player_id", "INTEGER"),
    ("bigtop_tables", "started_at", "DOUBLE PRECISION"),
    ("bigtop_tables", "next_table", "VARCHAR(32)"),
    ("bigtop_moves", "kind", "VARCHAR(8) NOT NULL DEFAULT 'move'"),
    ("bigtop_tables", "creator_address", "VARCHAR(64)"),
    ("bigtop_tables", "creator_player", "INTEGER"),
    ("bigtop_tables", "move_count", "INTEGER"),
]


def create_schema(engine: Engine) -> None:
    """Create the missing tables, and add the columns a database made by an older bigtop lacks."""
    metadata.create_all(engine)
    found = inspect(engine)
    for name, column, kind in _ADDED_COLUMNS:
        if column not in {c["name"] for c in found.get_columns(name)}:
            with engine.begin() as db:
                db.execute(text(f"ALTER TABLE {name} ADD COLUMN {column} {kind}"))
    for table in metadata.sorted_tables:  # those of columns added since
        for index in table.indexes:
            index.create(engine, checkfirst=True)
