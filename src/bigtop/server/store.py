"""Persistence: tables, seats and an append-only move list in SQL (SQLite by default, PostgreSQL by URL).

A game is its record: the `tables` row (game, players, options, seed) plus its rows in `moves`.
Moves are only ever inserted, each committed before the server acknowledges it.
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    DateTime,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    create_engine,
    event,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import ArgumentError, OperationalError
from sqlalchemy.pool import StaticPool

from bigtop.core.errors import BigtopError

metadata = MetaData()

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
    Column("created_at", DateTime(timezone=True), nullable=False),
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
)

moves = Table(
    "bigtop_moves",
    metadata,
    Column("table_id", String(32), ForeignKey("bigtop_tables.id"), primary_key=True),
    Column("number", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("action", JSON, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)


@dataclass
class SeatRow:
    """One seat of a table: a person (with a secret token) or a bot (with its spec)."""

    seat: int
    name: str
    bot: str | None
    token: str | None
    joined: bool = False
    away: bool = False


@dataclass
class TableRow:
    """A stored table and its moves, as loaded at start-up."""

    id: str
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    status: str
    host_token: str
    seats: list[SeatRow]
    moves: list[tuple[int, dict[str, Any]]] = field(default_factory=list)


def _now() -> datetime:
    return datetime.now(UTC)


class Store:
    """The database behind the server. Every method is one short transaction; writes go one at a
    time (SQLite takes one writer anyway, and queueing here beats its busy-wait)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = _engine(url)
        self._write = threading.Lock()
        try:
            metadata.create_all(self.engine)
        except OperationalError as exc:
            raise BigtopError(f"cannot open database {url}: {' '.join(str(exc.orig).split())}") from None

    def add_table(self, row: TableRow) -> None:
        """Store a new table with its seats."""
        with self._write, self.engine.begin() as db:
            db.execute(
                insert(tables).values(
                    id=row.id, game=row.game, players=row.players, options=row.options, seed=row.seed,
                    status=row.status, host_token=row.host_token, created_at=_now(),
                )
            )
            db.execute(insert(seats), [{"table_id": row.id, **vars(s)} for s in row.seats])

    def add_move(self, table_id: str, number: int, seat: int, action: dict[str, Any], status: str) -> None:
        """Append move `number` and the table's status after it, in one commit."""
        with self._write, self.engine.begin() as db:
            db.execute(insert(moves).values(table_id=table_id, number=number, seat=seat, action=action, created_at=_now()))
            db.execute(update(tables).where(tables.c.id == table_id).values(status=status))

    def set_status(self, table_id: str, status: str) -> None:
        with self._write, self.engine.begin() as db:
            db.execute(update(tables).where(tables.c.id == table_id).values(status=status))

    def update_seat(self, table_id: str, seat: SeatRow) -> None:
        """Store a seat's name, bot and presence after a join or a leave."""
        with self._write, self.engine.begin() as db:
            db.execute(
                update(seats)
                .where(seats.c.table_id == table_id, seats.c.seat == seat.seat)
                .values(name=seat.name, bot=seat.bot, joined=seat.joined, away=seat.away)
            )

    def load(self) -> list[TableRow]:
        """Every stored table with its seats and moves, oldest table first."""
        with self.engine.connect() as db:
            rows = db.execute(select(tables).order_by(tables.c.created_at, tables.c.id)).all()
            seat_rows: dict[str, list[SeatRow]] = {}
            for s in db.execute(select(seats).order_by(seats.c.table_id, seats.c.seat)):
                seat_rows.setdefault(s.table_id, []).append(SeatRow(s.seat, s.name, s.bot, s.token, s.joined, s.away))
            move_rows: dict[str, list[tuple[int, dict[str, Any]]]] = {}
            for m in db.execute(select(moves).order_by(moves.c.table_id, moves.c.number)):
                action = json.loads(m.action) if isinstance(m.action, str) else m.action
                move_rows.setdefault(m.table_id, []).append((m.seat, action))
        return [
            TableRow(r.id, r.game, r.players, dict(r.options), int(r.seed), r.status, r.host_token,
                     seat_rows.get(r.id, []), move_rows.get(r.id, []))
            for r in rows
        ]

    def close(self) -> None:
        self.engine.dispose()


def _sqlite_wal(connection: Any, record: Any) -> None:
    """Write-ahead log, synced at every commit: durable and faster than the rollback journal."""
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.close()


def _engine(url: str) -> Engine:
    try:
        if url.startswith("sqlite"):
            memory = url in ("sqlite://", "sqlite:///:memory:")
            engine = create_engine(
                url,
                connect_args={"check_same_thread": False},
                poolclass=StaticPool if memory else None,
            )
            if not memory:
                event.listen(engine, "connect", _sqlite_wal)
            return engine
        return create_engine(url, pool_pre_ping=True)
    except (ArgumentError, ImportError, ValueError) as exc:
        raise BigtopError(f"bad database URL {url!r}: {exc}") from None
