"""The most decisions one game can take: OpenSpiel's `max_game_length`.

A game states it with `Game.max_game_length(players, options)` (Carcassonne from its rules, Drum
Roll and Troll Fest as three times the longest of 1,000 seeded random games, which this module's
`python -m bigtop.rl.lengths GAME` measures again); a game that states none gets
`DEFAULT_MAX_GAME_LENGTH`.
"""

from __future__ import annotations

import sys
from typing import Any

from bigtop import games
from bigtop.bots.match import random_playout
from bigtop.core.api import Game
from bigtop.core.rng import Rng

DEFAULT_MAX_GAME_LENGTH = 100_000


def max_game_length(game: Game[Any], players: int, options: Any) -> int:
    """The game's own bound (`Game.max_game_length`), else `DEFAULT_MAX_GAME_LENGTH`."""
    bound = game.max_game_length(players, game.parse_options(options))
    return DEFAULT_MAX_GAME_LENGTH if bound is None else bound


def longest_random_game(name: str, players: int, games_: int = 1000) -> int:
    """The most decisions in `games_` seeded random games (seeds 0, 1, ...)."""
    game = games.get(name)
    longest = 0
    for seed in range(games_):
        state = game.new(players, seed=seed)
        longest = max(longest, random_playout(state, Rng(seed)))
    return longest


if __name__ == "__main__":
    game = games.get(sys.argv[1])
    for n in range(game.min_players, game.max_players + 1):
        print(f"{game.name} {n} players: 3 x {longest_random_game(game.name, n)}")
