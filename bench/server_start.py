"""How soon `bigtop serve` answers with many stored tables, against an older revision, in turn.

    .venv/bin/python bench/server_start.py REV --finished 6000 --open 2000 -r 3

Builds a database of stored tables once (`tests/server/stored_tables.py`: finished High Card games
with their moves and outcomes, and open tables) and an empty one. Each round starts `bigtop serve`
of each tree (this one, and REV checked out as `bench/compare.py` does) on a fresh copy of each
database, the trees' order swapped every round, and times from the command its "serving on" line
and its answer for a finished table (`/api/bots` on the empty one). Prints a JSON line per run,
and the load average before and after.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

HERE = Path(__file__).resolve().parent
TREE = HERE.parent
TESTS = TREE / "tests"
sys.path[:0] = [str(HERE), str(TESTS), str(TESTS / "server")]

from compare import checkout  # noqa: E402
from stored_tables import store_many_tables  # noqa: E402

from bigtop import games  # noqa: E402
from bigtop.server.bench import served_address  # noqa: E402
from toy.game import GAME  # noqa: E402


def start(tree: Path, database: Path, folder: Path, path: str) -> dict[str, float]:
    """Seconds from starting `bigtop serve` of `tree` on a copy of `database` to its line and to its answer for `path`."""
    copy = folder / "run.sqlite3"
    shutil.copy(database, copy)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tree / "src"), str(TESTS)])}
    command = [sys.executable, "-m", "bigtop", "serve", "--port", "0", "--database-url", f"sqlite:///{copy}",
               "--game-module", "toy.game"]
    began = time.monotonic()
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
    try:
        address = served_address(proc, 600)
        if address is None:
            sys.exit(f"server_start.py: {tree} did not start")
        line = time.monotonic() - began
        answer = httpx.get(address + path, timeout=600)
        answer.raise_for_status()
        return {"line_s": round(line, 2), "answer_s": round(time.monotonic() - began, 2)}
    finally:
        proc.terminate()
        proc.wait(30)
        for leftover in folder.glob("run.sqlite3*"):
            leftover.unlink()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rev", help="the older revision")
    parser.add_argument("--finished", type=int, default=6000, help="finished games stored")
    parser.add_argument("--open", type=int, default=2000, help="open tables stored")
    parser.add_argument("-r", "--rounds", type=int, default=3)
    args = parser.parse_args()
    games.register(GAME)
    trees = {"new": TREE, "old": checkout(args.rev)}
    print(f"old tree: {trees['old']}; load average {os.getloadavg()[0]:.2f}", flush=True)
    with tempfile.TemporaryDirectory(prefix="bigtop-start-") as name:
        folder = Path(name)
        full, empty = folder / "full.sqlite3", folder / "empty.sqlite3"
        first = store_many_tables(f"sqlite:///{full}", args.finished, args.open)[0]
        store_many_tables(f"sqlite:///{empty}", 0, 0)
        for round_ in range(args.rounds):
            for which in (("new", "old") if round_ % 2 == 0 else ("old", "new")):
                row = {"tree": which, "empty": start(trees[which], empty, folder, "/api/bots"),
                       "stored": start(trees[which], full, folder, f"/api/tables/{first}")}
                print(json.dumps(row), flush=True)
    print(f"load average {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
