"""The most decisions one game can take: OpenSpiel's `max_game_length`.

A game states it with the hook `Game.max_game_length(players, options)`. Until the shipped games
have the hook, this module holds theirs:

- Carcassonne: every tile in play is laid in one decision and followed by at most one figure
  decision (a meeple, the expansion's figures, a pyramid, or none), and a tile that fits nowhere
  leaves the game without one: twice the tiles in play (the drawn tile and the stack of a new
  game). A bound from the rules.
- Drum Roll and Troll Fest: three times the longest of 1,000 seeded random games at each player
  count (`python -m bigtop.rl.lengths GAME`), about four times their bots' longest games. A
  measurement with a wide margin, not a proof; a game of Troll Fest with `runoff_limit=0` (vote
  until one band wins) has no bound at all (the environments set `bots_only`, so by default a tie
  lasts at most 3 run-offs and a tour at most 10 rounds without a concert).

A game with neither gets `DEFAULT_MAX_GAME_LENGTH`.
"""

from __future__ import annotations

import sys
from typing import Any

from bigtop import games
from bigtop.bots.match import random_playout
from bigtop.core.api import Game
from bigtop.core.rng import Rng

DEFAULT_MAX_GAME_LENGTH = 100_000

MEASURED = {  # game -> players -> 3 x the longest of 1,000 seeded random games (seeds 0-999)
    "drumroll": {2: 1251, 3: 1779, 4: 2418},
    "trollfest": {3: 2310, 4: 2025, 5: 1731, 6: 2127},
}


def _carcassonne(game: Game[Any], players: int, options: Any) -> int:
    view = game.new(players, seed=0, options=options).view(None)
    return 2 * (view["stack_size"] + (view["tile"] is not None))


def max_game_length(game: Game[Any], players: int, options: Any) -> int:
    """The game's own bound (`Game.max_game_length`), else the one this module holds, else
    `DEFAULT_MAX_GAME_LENGTH`."""
    hook = getattr(game, "max_game_length", None)
    if hook is not None:
        return int(hook(players, options))
    if game.name == "carcassonne":
        return _carcassonne(game, players, options)
    return MEASURED.get(game.name, {}).get(players, DEFAULT_MAX_GAME_LENGTH)


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
