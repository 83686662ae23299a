"""The heuristic bot beats random bots clearly."""

from __future__ import annotations

from bigtop import games
from bigtop.bots.match import play_game
from bigtop.bots.random_bot import RandomBot

GAME = games.get("drumroll")


def test_heuristic_bot_beats_two_random_bots() -> None:
    wins = 0
    games_played = 30
    for i in range(games_played):
        seat = i % 3
        bots = [RandomBot(100 + 3 * i + k) for k in range(3)]
        bots[seat] = GAME.heuristic_bot(i)
        result = play_game(GAME, bots, seed=i).result()
        wins += result.winners == (seat,)
    assert wins >= 0.9 * games_played
