"""Speed of this source tree against an older revision, measured in turn on the same machine.

    .venv/bin/python bench/compare.py speed-baseline                  # every game, every measure
    .venv/bin/python bench/compare.py speed-baseline -g carcassonne -m playout -r 7

REV is checked out once into a detached git worktree under the temporary directory (kept for the
next call; `git worktree remove PATH` when done: the first line prints PATH). Each round runs `bench/worker.py` once per tree for every game and measure, the order
of the two trees swapped every round (new old, old new, ...), each in a fresh process timed in CPU
seconds, so a change in the machine's load hits both alike. A row prints the ratio new / old of
the measure's rate (decisions/s, iterations/s, 1 / seconds per determinize, views/s, evaluate calls/s): the median over the
rounds and its spread (lowest and highest), then what the new tree alone says (determinize over
clone, the last third's cost per decision over the first's). Run it with nothing else of yours
running; it says the load average before and after.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
TREE = HERE.parent
WORKER = HERE / "worker.py"
GAMES = {"drumroll": 3, "trollfest": 3, "carcassonne": 3}
MEASURES = ("playout", "ismcts", "determinize", "phases", "turns", "view", "evaluate")


def checkout(rev: str) -> Path:
    """A worktree of `rev` (made once, then reused), detached, under the temporary directory."""
    found = subprocess.run(["git", "-C", str(TREE), "rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}"],
                           capture_output=True, text=True)
    if found.returncode != 0:
        sys.exit(f"compare.py: {rev!r} is not a revision of this repository")
    sha = found.stdout.strip()
    path = Path(tempfile.gettempdir()) / f"bigtop-compare-{sha[:12]}"
    if not (path / "src" / "bigtop").is_dir():
        subprocess.run(["git", "-C", str(TREE), "worktree", "add", "--detach", str(path), sha],
                       check=True, capture_output=True)
    return path


def measure(tree: Path, what: str, game: str, players: int, work: float) -> dict:
    env = {**os.environ, "PYTHONPATH": str(tree / "src"), "PYTHONHASHSEED": "0"}
    out = subprocess.run([sys.executable, str(WORKER), what, game, str(players), "--work", str(work)],
                         check=True, capture_output=True, text=True, env=env).stdout
    return json.loads(out.strip().splitlines()[-1])


def notes(what: str, result: dict) -> str:
    if what == "determinize":
        return f"determinize = {result['ratio']:.1f} x clone"
    if what == "phases":
        return f"last third / first third per decision = {result['last_over_first']:.2f}"
    if what == "turns":
        return f"last third / first third per turn = {result['last_over_first']:.2f}"
    return ""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("rev", help="the older revision (a tag, branch or commit), e.g. speed-baseline")
    parser.add_argument("-g", "--game", action="append", choices=sorted(GAMES), help="a game (repeat; default all)")
    parser.add_argument("-m", "--measure", action="append", choices=MEASURES, help="a measure (repeat; default all)")
    parser.add_argument("-r", "--rounds", type=int, default=5, help="rounds (default 5)")
    parser.add_argument("-w", "--work", type=float, default=1.0, help="CPU seconds per measurement (default 1)")
    args = parser.parse_args()
    if args.rounds < 1 or args.work <= 0:
        parser.error("--rounds must be at least 1 and --work more than 0")
    old = checkout(args.rev)
    names = args.game or list(GAMES)
    whats = args.measure or list(MEASURES)
    print(f"load average before: {os.getloadavg()[0]:.2f}; {args.rev} ({old}) against {TREE}", flush=True)
    rows = []
    for game in names:
        for what in whats:
            ratios, last = [], {}
            for r in range(args.rounds):
                trees = (TREE, old) if r % 2 == 0 else (old, TREE)
                got = {tree: measure(tree, what, game, GAMES[game], args.work) for tree in trees}
                ratios.append(got[TREE]["rate"] / got[old]["rate"])
                last = got[TREE]
                print(f"  {game:12} {what:12} round {r + 1}: {ratios[-1]:.2f}", file=sys.stderr, flush=True)
            row = (f"{game:12} {what:12} new/old {statistics.median(ratios):5.2f} "
                   f"(spread {min(ratios):.2f}-{max(ratios):.2f}, {len(ratios)} rounds)  {notes(what, last)}")
            rows.append(row)
            print(row, flush=True)
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
