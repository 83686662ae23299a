"""Persistence: the database behind the server (SQLite by default, PostgreSQL by URL), as repositories.

`Store(url)` opens the database and holds one repository per kind of row: `tables` (a table and
its seats), `moves` (the append-only moves) and `leases` (which process plays a table's bots).
Every write goes through one writer thread that commits whatever is waiting in one transaction
(group commit): a move is acknowledged only once its commit is on disk, yet moves that arrive
together share one disk sync. Reads use the connection pool.

On PostgreSQL each write also notifies channel `CHANNEL` (delivered at commit) so that the other
server processes on the same database hear of it (see `sync.py`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import queue
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, NamedTuple, TypeVar

from sqlalchemy import bindparam, create_engine, delete, event, false, func, insert, select, text, update
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import ArgumentError, IntegrityError, OperationalError
from sqlalchemy.pool import StaticPool

from bigtop.core.errors import BigtopError
from bigtop.server.errors import Conflict
from bigtop.server.schema import create_schema, leases, moves, seats, tables

T = TypeVar("T")
CHANNEL = "bigtop"
_NOTIFY_LIMIT = 7000  # PostgreSQL refuses a NOTIFY payload of 8000 bytes or more


class MoveTaken(BigtopError):
    """Another server process stored a move with this number first."""


class RematchTaken(BigtopError):
    """Another request made the table where a finished table's seats play again first."""


@dataclass
class SeatRow:
    """One seat of a table: a person (with a secret token) or a bot (with its spec). A person's
    seat may be `open` (anyone may sit there from the lobby) and held by a registered player."""

    seat: int
    name: str
    bot: str | None
    token: str | None
    joined: bool = False
    away: bool = False
    open: bool = False
    player_id: int | None = None


class MoveRow(NamedTuple):
    """A stored row of a table's moves: `kind` is "move", "timeout" (played for a person whose clock
    ran out) or "undo" (of its seat's last move; `action` is empty); `at` is when it was played."""

    number: int
    seat: int
    action: dict[str, Any]
    kind: str = "move"
    at: float = 0.0


@dataclass
class TableRow:
    """A stored table and its rows of moves, as loaded."""

    id: str
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    status: str
    host_token: str
    seats: list[SeatRow]
    moves: list[MoveRow] = field(default_factory=list)
    practice: bool = False
    rated: bool = False
    clock: dict[str, Any] | None = None
    started_at: float | None = None
    next_table: str | None = None
    creator_address: str | None = None  # who made it (`quotas.py`); None for a table stored before
    creator_player: int | None = None
    move_count: int | None = None  # the game's moves so far; None for a table stored before it was kept


class TableNow(NamedTuple):
    """What other processes may change of a stored table: status, start time, rematch, seats."""

    status: str
    started_at: float | None
    next_table: str | None
    seats: list[SeatRow]


def _now() -> datetime:
    return datetime.now(UTC)


def _moment(at: float) -> datetime:
    return datetime.fromtimestamp(at, UTC)


def _seconds(moment: datetime) -> float:
    """A stored time as seconds since the epoch."""
    return moment.timestamp()


class Writer:
    """One thread that runs queued writes, all those waiting in one transaction, then wakes their callers.

    The thread keeps one connection for its transactions (taking one from the pool for every commit
    cost more CPU than SQLite's own commit). If a batch fails (a move number another process took,
    or the database dropped the connection), the connection is let go and each of its writes is run
    again alone on a connection from the pool (which checks it first), so one refused write never
    takes the others down with it and a dropped connection costs no write."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._connection: Connection | None = None  # the thread's own, between transactions
        self._queue: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name="bigtop-writer", daemon=True)
        self._thread.start()

    async def write(self, work: Callable[[Connection], T]) -> T:
        """Run `work(connection)` in a committed transaction; returns once it is durable."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        self._queue.put((work, future, loop))
        return await asyncio.shield(future)

    def close(self) -> None:
        self._queue.put(None)
        self._thread.join(10)

    def _run(self) -> None:
        while True:
            first = self._queue.get()
            if first is None:
                self._let_go()
                return
            batch = [first]
            while True:
                try:
                    item = self._queue.get_nowait()
                except queue.Empty:
                    break
                if item is None:
                    self._queue.put(None)  # stop after this batch
                    break
                batch.append(item)
            outcomes = self._commit(batch)
            for (_, future, loop), outcome in zip(batch, outcomes, strict=True):
                loop.call_soon_threadsafe(_settle, future, outcome)

    def _commit(self, batch: list[Any]) -> list[tuple[bool, Any]]:
        try:
            db = self._connection
            if db is None:
                db = self._connection = self.engine.connect()
            with db.begin():
                return [(True, work(db)) for work, _, _ in batch]
        except Exception as exc:  # retried alone below, on connections the pool checks
            self._let_go()
            if len(batch) == 1 and not getattr(exc, "connection_invalidated", False):
                return [(False, exc)]  # a lone write's own error goes to its caller
        outcomes: list[tuple[bool, Any]] = []
        for work, _, _ in batch:
            try:
                with self.engine.begin() as db:
                    outcomes.append((True, work(db)))
            except Exception as exc:
                outcomes.append((False, exc))
        return outcomes

    def _let_go(self) -> None:
        """Close the thread's connection (one that failed may be broken); the next batch opens another."""
        connection, self._connection = self._connection, None
        if connection is not None:
            with contextlib.suppress(Exception):  # a connection the database dropped may fail to close
                connection.close()


def _settle(future: asyncio.Future[Any], outcome: tuple[bool, Any]) -> None:
    if future.cancelled():
        return
    ok, value = outcome
    if ok:
        future.set_result(value)
    else:
        future.set_exception(value)


class Repository:
    """What every repository shares: the engine for reads, the writer, and change notices."""

    def __init__(self, store: Store) -> None:
        self.engine = store.engine
        self.writer = store.writer
        self.store = store

    def notify(self, db: Connection, kind: str, table_id: str, **extra: Any) -> None:
        """Tell the other server processes (PostgreSQL only) what this transaction changes."""
        self.store.notify(db, {"k": kind, "t": table_id, **extra})


class TableRepository(Repository):
    """Tables with their seats and status."""

    async def add(self, row: TableRow, rematch_of: str | None = None,
                  check: Callable[[Connection], None] | None = None) -> None:
        """Store a new table with its seats; `rematch_of`: the finished table whose seats play again
        in it (`RematchTaken`, nothing stored, if that table has its rematch already); `check` runs
        first in the same transaction (a limit: what it raises is raised, nothing stored)."""
        def work(db: Connection) -> None:
            if check is not None:
                check(db)
            db.execute(insert(tables).values(
                id=row.id, game=row.game, players=row.players, options=row.options, seed=row.seed,
                status=row.status, host_token=row.host_token, created_at=_now(), practice=row.practice,
                rated=row.rated, clock=row.clock, creator_address=row.creator_address,
                creator_player=row.creator_player,
            ))
            db.execute(insert(seats), [{"table_id": row.id, **vars(s)} for s in row.seats])
            if rematch_of is not None:
                linked = db.execute(update(tables).where(tables.c.id == rematch_of, tables.c.next_table.is_(None))
                                    .values(next_table=row.id)).rowcount
                if not linked:
                    raise RematchTaken(f"table {rematch_of} has its rematch already")
                self.notify(db, "table", rematch_of)
            self.notify(db, "table", row.id)

        await self.writer.write(work)

    async def set_status(self, table_id: str, status: str, was: str, started_at: float | None = None,
                         check: Callable[[Connection], None] | None = None, seated: bool = False) -> bool:
        """Store a table's status (and, when it starts, the time its clocks start from) if it is
        still `was`: False, nothing stored, if it is not (deleted, or another process changed it);
        `check` runs first in the same transaction (a limit: what it raises is raised, nothing stored).
        With `seated`, every person's seat must still be joined once the table's row is held
        (`Conflict` if one was left meanwhile: a leave holds the row too, `update_seat`)."""
        def work(db: Connection) -> bool:
            if check is not None:
                check(db)
            values: dict[str, Any] = {"status": status} if started_at is None else {"status": status, "started_at": started_at}
            if not db.execute(update(tables).where(tables.c.id == table_id, tables.c.status == was).values(**values)).rowcount:
                return False
            if seated:
                left = db.execute(select(seats.c.seat).where(seats.c.table_id == table_id, seats.c.bot.is_(None),
                                                             seats.c.joined == false()).order_by(seats.c.seat)).scalars().all()
                if left:  # raised: the transaction is rolled back, the table stays open
                    raise Conflict(f"seat(s) {', '.join(map(str, left))} have not joined yet (left a moment ago)")
            self.notify(db, "table", table_id)
            return True

        return await self.writer.write(work)

    async def update_seat(self, table_id: str, seat: SeatRow, status: str | None = None) -> bool:
        """Store a seat's name, bot, presence and player after a join or a leave, if its token is
        still `seat.token` and, given `status`, the table (its row held till the end) still has it:
        False, nothing stored, if not (the table was deleted, another process gave the seat to
        someone else a moment ago, or started the table)."""
        def work(db: Connection) -> bool:
            if status is not None and db.execute(
                select(tables.c.status).where(tables.c.id == table_id).with_for_update()
            ).scalar() != status:
                return False
            if not db.execute(
                update(seats)
                .where(seats.c.table_id == table_id, seats.c.seat == seat.seat, seats.c.token == seat.token)
                .values(name=seat.name, bot=seat.bot, joined=seat.joined, away=seat.away, player_id=seat.player_id)
            ).rowcount:
                return False
            self.notify(db, "table", table_id)
            return True

        return await self.writer.write(work)

    async def take_seat(self, table_id: str, seat: SeatRow, old_token: str | None) -> bool:
        """Give a free seat to whoever sits there (its new name, token and player), unless another
        process gave it away first (its token changed or it was joined): True if taken."""
        def work(db: Connection) -> bool:
            taken = db.execute(
                update(seats)
                .where(seats.c.table_id == table_id, seats.c.seat == seat.seat, seats.c.token == old_token,
                       seats.c.joined == false())
                .values(name=seat.name, token=seat.token, joined=True, player_id=seat.player_id)
            ).rowcount
            if taken:
                self.notify(db, "table", table_id)
            return bool(taken)

        return await self.writer.write(work)

    def load_all(self) -> list[TableRow]:
        """Every stored table with its seats and moves, oldest table first."""
        return self._load(None)

    def load(self, table_id: str) -> TableRow | None:
        """One stored table with its seats and moves, or None."""
        found = self._load([table_id])
        return found[0] if found else None

    def load_many(self, table_ids: list[str], with_moves: bool = True) -> list[TableRow]:
        """These stored tables with their seats (and moves), oldest first."""
        return self._load(table_ids, with_moves) if table_ids else []

    def unfinished(self) -> list[str]:
        """The ids of the open and running tables, oldest first."""
        with self.engine.connect() as db:
            found = db.execute(select(tables.c.id).where(tables.c.status.in_(("open", "running")))
                               .order_by(tables.c.created_at, tables.c.id))
            return [r.id for r in found]

    def newest(self, status: str | None, limit: int | None = None) -> list[str]:
        """The ids of the newest `limit` (default: all) tables with this status (any if None), newest first."""
        query = select(tables.c.id).order_by(tables.c.created_at.desc(), tables.c.id.desc()).limit(limit)
        with self.engine.connect() as db:
            return [r.id for r in db.execute(query if status is None else query.where(tables.c.status == status))]

    def _load(self, table_ids: list[str] | None, with_moves: bool = True) -> list[TableRow]:
        def only(query: Any, column: Any) -> Any:
            return query if table_ids is None else query.where(column.in_(table_ids))

        with self.engine.connect() as db:
            rows = db.execute(only(select(tables), tables.c.id).order_by(tables.c.created_at, tables.c.id)).all()
            seat_rows: dict[str, list[SeatRow]] = {}
            for s in db.execute(only(select(seats), seats.c.table_id).order_by(seats.c.table_id, seats.c.seat)):
                seat_rows.setdefault(s.table_id, []).append(_seat_row(s))
            move_rows: dict[str, list[MoveRow]] = {}
            if with_moves:
                for m in db.execute(only(select(moves), moves.c.table_id).order_by(moves.c.table_id, moves.c.number)):
                    move_rows.setdefault(m.table_id, []).append(_move_row(m))
        return [
            TableRow(r.id, r.game, r.players, dict(r.options), int(r.seed), r.status, r.host_token,
                     seat_rows.get(r.id, []), move_rows.get(r.id, []), bool(r.practice), bool(r.rated),
                     _json(r.clock), r.started_at, r.next_table, r.creator_address, r.creator_player, r.move_count)
            for r in rows
        ]

    async def expire(self, before: float) -> list[str]:
        """Delete the open tables made before `before` (seconds since the epoch), with every row
        that names them; answers their ids."""
        def work(db: Connection) -> list[str]:
            ids = [r.id for r in db.execute(select(tables.c.id).where(tables.c.status == "open",
                                                                       tables.c.created_at < _moment(before)))]
            if not ids:
                return []
            for table in reversed(tables.metadata.sorted_tables):  # the rows naming a table go first
                for key in table.foreign_keys:
                    if key.column is tables.c.id:
                        db.execute(delete(table).where(key.parent.in_(ids)))
            db.execute(update(tables).where(tables.c.next_table.in_(ids)).values(next_table=None))
            db.execute(delete(tables).where(tables.c.id.in_(ids)))
            for table_id in ids:
                self.notify(db, "table", table_id)
            return ids

        return await self.writer.write(work)

    def now(self, table_id: str) -> TableNow | None:
        """What other processes may have changed of a stored table, as it is now."""
        with self.engine.connect() as db:
            row = db.execute(select(tables.c.status, tables.c.started_at, tables.c.next_table).where(tables.c.id == table_id)).first()
            if row is None:
                return None
            found = db.execute(select(seats).where(seats.c.table_id == table_id).order_by(seats.c.seat))
            return TableNow(row.status, row.started_at, row.next_table, [_seat_row(s) for s in found])

    def statuses(self) -> dict[str, str]:
        """Every table's status, by id."""
        with self.engine.connect() as db:
            return {r.id: r.status for r in db.execute(select(tables.c.id, tables.c.status))}


# built once: a statement made afresh per move costs more to build and key than to run
_ADD_MOVE = insert(moves)
_MOVED = update(tables).where(tables.c.id == bindparam("moved_table"))


class MoveRepository(Repository):
    """The append-only rows of moves: (table, number) is unique, so the database orders every table's rows."""

    async def add(self, table_id: str, row: MoveRow, status: str, move_count: int) -> None:
        """Append `row` and the table's status and game move count after it, in one commit;
        `MoveTaken` if another process stored that number first."""
        number = row.number
        def work(db: Connection) -> None:
            db.execute(_ADD_MOVE, {"table_id": table_id, "number": number, "seat": row.seat, "action": row.action,
                                   "created_at": _moment(row.at), "kind": row.kind})
            db.execute(_MOVED, {"moved_table": table_id, "status": status, "move_count": move_count})
            self.notify(db, "move", table_id, n=number, s=row.seat, a=row.action, r=row.kind, at=row.at)

        try:
            await self.writer.write(work)
        except IntegrityError:
            raise MoveTaken(f"move {number} of table {table_id} is already stored") from None

    def since(self, table_id: str, number: int) -> list[MoveRow]:
        """The rows of a table from number `number` on."""
        with self.engine.connect() as db:
            found = db.execute(select(moves).where(moves.c.table_id == table_id, moves.c.number >= number).order_by(moves.c.number))
            return [_move_row(m) for m in found]

    def counts(self) -> dict[str, int]:
        """How many moves each table has stored."""
        with self.engine.connect() as db:
            found = db.execute(select(moves.c.table_id, func.count()).group_by(moves.c.table_id))
            return {table_id: count for table_id, count in found}


class LeaseRepository(Repository):
    """Which process plays a table's bots: a row per table with its owner and when that lease ends."""

    async def acquire(self, table_id: str, owner: str, seconds: float) -> bool:
        """Take or extend the lease of a table unless another owner holds it still; True if `owner` holds it."""
        def work(db: Connection) -> bool:
            now = time.time()
            taken = db.execute(
                update(leases).where(leases.c.table_id == table_id, (leases.c.owner == owner) | (leases.c.expires < now))
                .values(owner=owner, expires=now + seconds)
            ).rowcount
            if taken:
                return True
            if db.execute(select(leases.c.owner).where(leases.c.table_id == table_id)).first() is not None:
                return False
            db.execute(insert(leases).values(table_id=table_id, owner=owner, expires=now + seconds))
            return True

        try:
            return await self.writer.write(work)
        except IntegrityError:  # another process inserted the row first
            return False

    async def renew(self, owner: str, table_ids: list[str], seconds: float) -> set[str]:
        """Extend the leases `owner` still holds among `table_ids`; answers those it holds."""
        def work(db: Connection) -> set[str]:
            now = time.time()
            db.execute(update(leases).where(leases.c.owner == owner, leases.c.expires >= now).values(expires=now + seconds))
            held = db.execute(select(leases.c.table_id).where(leases.c.owner == owner, leases.c.expires >= now))
            return {r.table_id for r in held} & set(table_ids)

        return await self.writer.write(work)

    async def release(self, owner: str, table_ids: list[str] | None = None) -> None:
        """Give up `owner`'s leases (all, or of these tables) so another process may take them at once."""
        def work(db: Connection) -> None:
            query = delete(leases).where(leases.c.owner == owner)
            db.execute(query if table_ids is None else query.where(leases.c.table_id.in_(table_ids)))

        await self.writer.write(work)

    def holders(self) -> dict[str, tuple[str, float]]:
        """Every lease as table id: (owner, expiry)."""
        with self.engine.connect() as db:
            return {r.table_id: (r.owner, r.expires) for r in db.execute(select(leases))}

    def clear(self) -> None:
        """Forget every lease (a lone process on SQLite: whoever held them is gone)."""
        with self.engine.begin() as db:
            db.execute(delete(leases))


class Store:
    """The database of the server and its repositories; `shared` when several processes may use it."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = _engine(url)
        self.shared = self.engine.dialect.name == "postgresql"
        self.origin = secrets.token_hex(8)  # this process, in change notices and leases
        try:
            create_schema(self.engine)
        except OperationalError as exc:
            raise BigtopError(f"cannot open database {url}: {' '.join(str(exc.orig).split())}") from None
        self.writer = Writer(self.engine)
        self.tables = TableRepository(self)
        self.moves = MoveRepository(self)
        self.leases = LeaseRepository(self)

    def notify(self, db: Connection, notice: dict[str, Any]) -> None:
        """Send `notice` to every process listening on this database, when this transaction commits."""
        if not self.shared:
            return
        payload = json.dumps({"o": self.origin, **notice}, separators=(",", ":"))
        if len(payload) > _NOTIFY_LIMIT:  # too big to carry: listeners read the move from the table
            payload = json.dumps({"o": self.origin, "k": notice["k"], "t": notice["t"]})
        db.execute(text("SELECT pg_notify(:channel, :payload)"), {"channel": CHANNEL, "payload": payload})

    def close(self) -> None:
        self.writer.close()
        self.engine.dispose()


def _seat_row(s: Any) -> SeatRow:
    return SeatRow(s.seat, s.name, s.bot, s.token, s.joined, s.away, bool(s.open), s.player_id)


def _json(value: Any) -> Any:
    return json.loads(value) if isinstance(value, str) else value


def _move_row(m: Any) -> MoveRow:
    return MoveRow(m.number, m.seat, _json(m.action), m.kind, _seconds(m.created_at))


def _sqlite_wal(connection: Any, record: Any) -> None:
    """Write-ahead log, synced at every commit: durable, and readers never wait for the writer."""
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA busy_timeout=10000")
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
