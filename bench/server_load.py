"""The server of this tree against an older revision's under one load, `bigtop bench-server`, in turn.

    .venv/bin/python bench/server_load.py REV --games 200 -r 3 [--old-tree PATH] [-- more bench-server options]

Each round runs this tree's `bigtop bench-server --json` once with each tree's server
(`--server-src`), the trees' order swapped every round, and prints each run's figures as a JSON
line, then per tree the range of the server's CPU milliseconds per move, of the move acks' p50 and
p99 and of the other figures, the ratio of the server's CPU per move new / old round by round (its
median and each round's), and the load average before and after. REV is checked out as
`bench/compare.py` does, or `--old-tree` names a checkout of it. Options after `--` go to
bench-server (`-- --restart` measures the reconnect storm of a restart).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
TREE = HERE.parent
sys.path.insert(0, str(HERE))

from compare import checkout  # noqa: E402

FIGURES = ("server_cpu_ms_per_move", "ack_p50_ms", "ack_p99_ms", "moves_per_s", "rest_p50_ms", "rest_p99_ms",
           "reconnect_p50_ms", "reconnect_p99_ms", "storm_ack_p50_ms", "storm_ack_p99_ms", "storm_cpu_s", "down_s",
           "storm_cpu_total_s")


def bench(tree: Path, games: int, seconds: float, more: list[str]) -> dict:
    env = {**os.environ, "PYTHONPATH": str(TREE / "src")}
    command = [sys.executable, "-m", "bigtop", "bench-server", "--games", str(games), "--seconds", str(seconds), "--json",
               "--server-src", str(tree / "src"), *more]
    done = subprocess.run(command, capture_output=True, text=True, env=env)
    if done.returncode != 0:
        print(f"bench-server failed with {tree}'s server:\n{done.stderr[-3000:]}", file=sys.stderr, flush=True)
        return {}
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rev", help="the older revision")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("-r", "--rounds", type=int, default=3)
    parser.add_argument("--old-tree", type=Path, help="a checkout of REV to use")
    args, more = parser.parse_known_args()  # the rest, after --, goes to bench-server
    more = [arg for arg in more if arg != "--"]
    trees = {"new": TREE, "old": args.old_tree or checkout(args.rev)}
    print(f"old tree: {trees['old']}; load average {os.getloadavg()[0]:.2f}", flush=True)
    seen: dict[str, list[dict]] = {"new": [], "old": []}
    ratios: list[float] = []  # per round, the server's CPU per move of the new tree over the old's
    for round_ in range(args.rounds):
        cost: dict[str, float] = {}
        for which in (("new", "old") if round_ % 2 == 0 else ("old", "new")):
            figures = bench(trees[which], args.games, args.seconds, more)
            if figures:
                seen[which].append(figures)
                cost[which] = figures.get("server_cpu_ms_per_move") or 0.0
            print(json.dumps({"tree": which, "load": round(os.getloadavg()[0], 2), **figures}), flush=True)
        if cost.get("new") and cost.get("old"):
            ratios.append(cost["new"] / cost["old"])
    for which, runs in seen.items():
        spans = {f: (min(r[f] for r in runs), max(r[f] for r in runs)) for f in FIGURES if runs and all(r.get(f) is not None for r in runs)}
        print(which, "  ".join(f"{f} {low:g}-{high:g}" for f, (low, high) in spans.items()))
    if ratios:  # a round's two runs ran one after the other: their ratio is what the load moves least
        print(f"server CPU per move, new / old by round: median {statistics.median(ratios):.2f} "
              f"({', '.join(f'{r:.2f}' for r in ratios)})")
    print(f"load average {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
