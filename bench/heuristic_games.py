"""Heuristic-bot games, to time a tree's heuristic bot from outside (`farm-bench`, two trees in turn).

    farm-bench -n 10 --vs "env PYTHONPATH=OLD/src .venv/bin/python bench/heuristic_games.py carcassonne" \\
        -- env PYTHONPATH=src .venv/bin/python bench/heuristic_games.py carcassonne

Plays `--games` games of GAME with the heuristic bot (or `--bot`) at every seat (deals 0, 1, ...; the bot at
seat i of deal d seeded d * players + i) through the kernel's runner, and prints a digest of every
move played, so that two trees can be checked to play the same games as well as timed.
"""

from __future__ import annotations

import argparse
import hashlib

from bigtop import bots, games
from bigtop.bots.match import play_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", help="Game name.")
    parser.add_argument("--players", type=int, default=3, help="Players at each table.")
    parser.add_argument("--games", type=int, default=12, help="Games to play.")
    parser.add_argument("--bot", default="heuristic", help="The bot at every seat (a spec, e.g. ismcts:iterations=50).")
    args = parser.parse_args()
    game = games.get(args.game)
    digest = hashlib.sha1()
    for deal in range(args.games):
        seats = [bots.make(args.bot, game, deal * args.players + i) for i in range(args.players)]
        state = play_game(game, seats, deal)
        digest.update(repr((state.scores(), [str(action) for _, action in state.moves()])).encode())
    print(f"{args.games} games of {game.title} at {args.players} players, {args.bot}: moves digest {digest.hexdigest()[:16]}")


if __name__ == "__main__":
    main()
