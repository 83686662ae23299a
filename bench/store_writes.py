"""CPU time per move the server stores: `Store.moves.add` from many tables at once, as at a busy
server (the writer thread commits what waits together), on a fresh SQLite file.

    .venv/bin/python bench/store_writes.py [--tables 200] [--moves 4000]
    farm-bench -n 10 --vs "env PYTHONPATH=OLD/src .venv/bin/python bench/store_writes.py" \\
        -- env PYTHONPATH=src .venv/bin/python bench/store_writes.py

Prints the process's CPU microseconds per stored move (the event loop's and the writer thread's).
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from pathlib import Path

from bigtop.server.store import MoveRow, SeatRow, Store, TableRow


async def store_moves(folder: Path, tables: int, moves: int) -> float:
    """CPU seconds per move of storing `moves` moves spread over `tables` running tables."""
    store = Store(f"sqlite:///{folder / 'bench.sqlite'}")
    try:
        for t in range(tables):
            await store.tables.add(TableRow(id=f"t{t}", game="drumroll", players=3, options={}, seed=t,
                                            status="running", host_token="host", seats=[SeatRow(0, "Ann", None, "tok")]))

        async def play(table: int) -> None:
            for number in range(moves // tables):
                row = MoveRow(number, number % 3, {"kind": "pick", "card": number}, "move", time.time())
                await store.moves.add(f"t{table}", row, "running", number + 1)

        start = time.process_time()
        await asyncio.gather(*(play(t) for t in range(tables)))
        return (time.process_time() - start) / (moves // tables * tables)
    finally:
        store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200, help="tables storing moves at once")
    parser.add_argument("--moves", type=int, default=4000, help="moves stored in all")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        seconds = asyncio.run(store_moves(Path(folder), args.tables, args.moves))
    print(f"{1e6 * seconds:.1f} us of CPU per stored move ({args.moves} moves, {args.tables} tables)")


if __name__ == "__main__":
    main()
