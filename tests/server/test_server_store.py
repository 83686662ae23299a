"""The store's rows of moves on SQLite and PostgreSQL: each move with the table's status and move
count after it, moves of many tables committed together, and a number taken twice refused with
nothing changed."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest
from server_postgres import postgres_server

from bigtop.server.store import MoveRow, MoveTaken, SeatRow, Store, TableRow

TABLES = 40
MOVES = 6


@pytest.fixture(scope="module")
def postgres_url() -> Iterator[str]:
    with postgres_server() as url:
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    url = f"sqlite:///{tmp_path / 'store.sqlite'}" if request.param == "sqlite" else request.getfixturevalue("postgres_url")
    found = Store(url)
    try:
        yield found
    finally:
        found.close()


def _table(index: int, prefix: str = "store") -> TableRow:
    return TableRow(id=f"{prefix}-{index}", game="drumroll", players=3, options={}, seed=index, status="running",
                    host_token=f"host-{index}", seats=[SeatRow(0, "Ann", None, f"token-{index}")])


def test_moves_of_many_tables_at_once_are_stored_with_each_tables_status_and_count(store: Store) -> None:
    async def run() -> None:
        for t in range(TABLES):
            await store.tables.add(_table(t))

        async def play(t: int) -> None:
            for n in range(MOVES):
                done = n == MOVES - 1 and t % 2 == 0  # every other table ends with its last move
                await store.moves.add(f"store-{t}", MoveRow(n, n % 3, {"kind": "pick", "card": t * 10 + n}, "move", 1000.0 + n),
                                      "finished" if done else "running", n + 1)

        await asyncio.gather(*(play(t) for t in range(TABLES)))

    asyncio.run(run())
    for t in range(TABLES):
        row = store.tables.load(f"store-{t}")
        assert row is not None
        assert [(m.number, m.seat, m.action, m.kind, m.at) for m in row.moves] == \
            [(n, n % 3, {"kind": "pick", "card": t * 10 + n}, "move", 1000.0 + n) for n in range(MOVES)]
        assert row.move_count == MOVES
        assert row.status == ("finished" if t % 2 == 0 else "running")


def test_a_move_number_taken_twice_is_refused_and_changes_nothing(store: Store) -> None:
    async def run() -> None:
        await store.tables.add(_table(0, "twice"))
        await store.moves.add("twice-0", MoveRow(0, 0, {"kind": "pick", "card": 1}), "running", 1)
        with pytest.raises(MoveTaken):
            await store.moves.add("twice-0", MoveRow(0, 1, {"kind": "pick", "card": 2}), "finished", 7)

    asyncio.run(run())
    row = store.tables.load("twice-0")
    assert row is not None
    assert [(m.number, m.seat, m.action) for m in row.moves] == [(0, 0, {"kind": "pick", "card": 1})]
    assert (row.status, row.move_count) == ("running", 1)


def test_writes_go_on_after_the_database_drops_the_writers_connection(postgres_url: str) -> None:
    """PostgreSQL ends every other session (as a restart or an administrator would): the writer's
    connection is gone, and the next writes, alone or together, are stored all the same."""
    from sqlalchemy import create_engine, text

    store = Store(postgres_url)
    admin = create_engine(postgres_url)
    try:
        async def first() -> None:
            for t in range(4):
                await store.tables.add(_table(t, "dropped"))
            await store.moves.add("dropped-0", MoveRow(0, 0, {"kind": "pick", "card": 1}), "running", 1)

        asyncio.run(first())
        with admin.connect() as db:
            ended = db.execute(text("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                                    "WHERE pid <> pg_backend_pid() AND datname = current_database()")).scalar()
        assert ended and ended >= 1  # the writer's own connection among them

        async def after() -> None:
            await store.moves.add("dropped-0", MoveRow(1, 1, {"kind": "pick", "card": 2}), "running", 2)  # alone
            await asyncio.gather(*(store.moves.add(f"dropped-{t}", MoveRow(0, 0, {"kind": "pick", "card": t}), "running", 1)
                                   for t in range(1, 4)))  # together

        asyncio.run(after())
        for t in range(4):
            row = store.tables.load(f"dropped-{t}")
            assert row is not None and row.move_count == (2 if t == 0 else 1)
            assert [m.number for m in row.moves] == ([0, 1] if t == 0 else [0])
    finally:
        store.close()
        admin.dispose()
