"""Instructions executed per unit of work, counted by valgrind's cachegrind: a figure that the
machine's load does not move, for changes too small to show in CPU time.

    python bench/instructions.py playout carcassonne                        # per random game
    python bench/instructions.py playout carcassonne --rev speed-baseline   # and an older revision
    python bench/instructions.py ismcts drumroll                            # per ISMCTS iteration
    python bench/instructions.py openspiel trollfest                        # per OpenSpiel decision
    python bench/instructions.py playout drumroll --at 904ff2f --rev 7664247  # two older revisions
    python bench/instructions.py playout carcassonne --cache                  # first-level data misses too

Each tree runs the work twice under `valgrind --tool=cachegrind --cache-sim=no` (with
`PYTHONHASHSEED=0`), at two sizes, and the figure is the difference divided by the difference in
units: start-up and imports cancel out. `playout` is `bench/worker.py`'s random games (seeds from
0, three players); `ismcts`, `IsmctsBot` at its default settings from three points of a game;
`openspiel`, the loop of `bigtop.rl.speed.openspiel_steps`. Needs valgrind. Object addresses still
vary between runs (action ids are remembered by identity): a playout's figure moves by about
0.05 % from run to run, an OpenSpiel decision's by about 1 %.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from compare import GAMES, TREE, checkout

HERE = Path(__file__).resolve().parent
SIZES = {"playout": (30, 130), "ismcts": (20, 120), "openspiel": (30, 130)}
UNIT = {"playout": "game", "ismcts": "iteration", "openspiel": "decision"}


def work(what: str, game_name: str, size: int) -> int:
    """Do `size` of the work in this process; how many units that was."""
    from bigtop import games
    from bigtop.core.rng import Rng

    sys.path.insert(0, str(HERE))
    import worker

    game = games.get(game_name)
    players = GAMES[game_name]
    if what == "playout":
        rng = Rng(12345)
        for seed in range(size):
            worker.random_game(game, players, seed, rng)
        return size
    if what == "ismcts":
        from bigtop.bots.ismcts import IsmctsBot

        states = worker.positions(game, players, 3)
        bot, rng = IsmctsBot(game, seed=1, iterations=size), Rng(5)
        for state in states:
            seat = state.to_move()[0]
            bot.search(state.determinize(seat, rng.fork()), seat)
        return size * len(states)
    from bigtop.rl import openspiel as bo

    spiel, rng, decisions = bo.load_game(game_name, players=players), Rng(12345), 0
    for _ in range(size):
        state = spiel.new_initial_state()
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[rng.below(len(legal))])
            decisions += 1
    return decisions


def count(tree: Path, what: str, game: str, size: int, cache: bool) -> tuple[int, int, int]:
    """(instructions, first-level data misses or 0, units) of `size` of the work on `tree`,
    start-up included."""
    env = {**os.environ, "PYTHONPATH": str(tree / "src"), "PYTHONHASHSEED": "0"}
    done = subprocess.run(
        ["valgrind", "--tool=cachegrind", f"--cache-sim={'yes' if cache else 'no'}", "--cachegrind-out-file=/dev/null",
         sys.executable, str(Path(__file__).resolve()), "--inside", what, game, str(size)],
        capture_output=True, text=True, env=env,
    )
    refs = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    misses = re.search(r"D1\s+misses:\s+([\d,]+)", done.stderr)
    units = re.search(r"^UNITS (\d+)$", done.stdout, re.M)
    if done.returncode != 0 or refs is None or units is None or (cache and misses is None):
        sys.exit(f"instructions.py: {what} {game} failed on {tree}:\n{done.stderr[-2000:]}")
    return int(refs.group(1).replace(",", "")), int(misses.group(1).replace(",", "")) if misses else 0, int(units.group(1))


def per_unit(tree: Path, what: str, game: str, cache: bool) -> tuple[float, float]:
    """(instructions, first-level data misses) per unit of the work."""
    small, large = (count(tree, what, game, n, cache) for n in SIZES[what])
    units = large[2] - small[2]
    return (large[0] - small[0]) / units, (large[1] - small[1]) / units


def line(game: str, what: str, where: str, found: tuple[float, float], cache: bool) -> str:
    misses = f", {found[1]:,.0f} first-level data misses" if cache else ""
    return f"{game} {what}: {found[0]:,.0f} instructions{misses} per {UNIT[what]} on {where}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("measure", choices=sorted(SIZES))
    parser.add_argument("game", choices=sorted(GAMES))
    parser.add_argument("--rev", help="an older revision to count too, side by side (a tag, branch or commit)")
    parser.add_argument("--at", help="count this revision instead of the working tree")
    parser.add_argument("--cache", action="store_true", help="simulate the caches and count first-level data misses too (slower)")
    parser.add_argument("--inside", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("size", nargs="?", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.inside:
        print(f"UNITS {work(args.measure, args.game, args.size)}")
        return
    if shutil.which("valgrind") is None:
        sys.exit("instructions.py: valgrind is not installed (apt install valgrind)")
    tree = checkout(args.at) if args.at else TREE
    new = per_unit(tree, args.measure, args.game, args.cache)
    print(line(args.game, args.measure, args.at or str(tree), new, args.cache))
    if args.rev:
        old = per_unit(checkout(args.rev), args.measure, args.game, args.cache)
        print(line(args.game, args.measure, args.rev, old, args.cache)
              + f" (instructions old / new {old[0] / new[0]:.3f}, new / old {new[0] / old[0] - 1:+.1%})")


if __name__ == "__main__":
    main()
