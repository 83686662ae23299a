"""CPU time of the learned bot's decision, for two or more weights files of one table, in turn.

    .venv/bin/python bench/learned_bot.py OLD.npz NEW.npz [--games 20] [--rounds 5]

Collects every decision with a choice of `--games` random games (deals 0, 1, ...) of the table the
first file was trained for, as the seat's determinized copy (what a bot is handed), then times
`LearnedBot.choose` over all of them for each file in turn, `--rounds` times, and prints each
file's microseconds of CPU per decision by round and their median.
"""

from __future__ import annotations

import argparse
import statistics
import time

from bigtop import bots, games
from bigtop.core.rng import Rng
from bigtop.rl.network import load_meta


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("weights", nargs="+", help="Weights files of one game and player count.")
    parser.add_argument("--games", type=int, default=20, help="Random games whose decisions are timed.")
    parser.add_argument("--rounds", type=int, default=5, help="Rounds of all the files in turn.")
    args = parser.parse_args()
    meta = load_meta(args.weights[0])
    game, players = games.get(meta["game"]), meta["players"]
    decisions = []
    for seed in range(args.games):
        state, rng = game.new(players, seed=seed), Rng(seed)
        while not state.is_over():
            seat = min(state.to_move())
            legal = state.legal_actions(seat)
            if len(legal) > 1:
                decisions.append((state.determinize(seat, rng.fork()), seat, legal))
            state.apply(seat, legal[rng.below(len(legal))])
    players_of = {path: bots.make(f"learned:weights={path}", game, 0) for path in args.weights}
    for bot in players_of.values():
        bot.choose(*decisions[0])  # loads and checks the weights
    times: dict[str, list[float]] = {path: [] for path in args.weights}
    for _ in range(args.rounds):
        for path, bot in players_of.items():
            started = time.process_time()
            for decision in decisions:
                bot.choose(*decision)
            times[path].append((time.process_time() - started) / len(decisions) * 1e6)
    print(f"{game.title}, {players} players: {len(decisions):,} decisions of {args.games} random games")
    for path, spent in times.items():
        print(f"{path}: {statistics.median(spent):.0f} us of CPU a decision (rounds: {', '.join(f'{t:.0f}' for t in spent)})")


if __name__ == "__main__":
    main()
