"""A game between bots that does not end is stopped with an error at ten times the game's own
bound on its length (`Game.max_game_length`), not left to run a million moves."""

from __future__ import annotations

from typing import Any

import pytest

from bigtop import bots, games
from bigtop.bots.match import play_game
from bigtop.core.errors import BigtopError
from toy.game import HighCard, HighCardOptions


class ShortHighCard(HighCard):
    """High Card stating a bound every game passes: none at all, where a game takes several moves."""

    def max_game_length(self, players: int, options: HighCardOptions) -> int:
        return 0


def random_bots(game: Any, players: int) -> list[Any]:
    return [bots.make("random", game, seed=p) for p in range(players)]


def test_a_game_past_ten_times_its_bound_stops_with_an_error_naming_it() -> None:
    game = ShortHighCard()
    with pytest.raises(BigtopError, match=r"highcard: game 4 between random, random did not end within 0 moves"):
        play_game(game, random_bots(game, 2), seed=4)
    assert play_game(game, random_bots(game, 2), seed=4, options={"rounds": 3}, max_moves=100).is_over()  # a limit given wins
    assert play_game(HighCard(), random_bots(game, 2), seed=4, options={"rounds": 3}).is_over()  # no bound stated: MAX_MOVES


def test_the_limit_is_ten_times_the_bound() -> None:
    class Bounded(HighCard):
        def max_game_length(self, players: int, options: HighCardOptions) -> int:
            return 1  # 10 moves allowed; a game of 4 players takes more

    game = Bounded()
    with pytest.raises(BigtopError, match="did not end within 10 moves"):
        play_game(game, random_bots(game, 4), seed=4)
    assert play_game(game, random_bots(game, 2), seed=4).is_over()  # 2 players: within 10 moves


@pytest.mark.parametrize("name", ["drumroll", "trollfest", "carcassonne"])
def test_every_shipped_game_states_its_bound_at_every_player_count(name: str) -> None:
    game = games.get(name)
    bounds = [game.max_game_length(n, game.bots_only_options(None)) for n in range(game.min_players, game.max_players + 1)]
    assert all(isinstance(b, int) and 100 < b < 10_000 for b in bounds), bounds


def test_troll_fest_voting_until_one_band_wins_has_no_bound() -> None:
    game = games.get("trollfest")
    assert game.max_game_length(3, game.parse_options({"runoff_limit": 0})) is None
    assert game.max_game_length(3, game.parse_options({"runoff_limit": 3})) == 2310
