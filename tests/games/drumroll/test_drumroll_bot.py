"""The heuristic bot beats random bots clearly."""

from __future__ import annotations

from drumroll_scenario import place_all, position, sealed, seat, storage

from bigtop import games
from bigtop.bots.match import play_game
from bigtop.bots.random_bot import RandomBot
from bigtop.games.drumroll.actions import Decline

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


def test_heuristic_bot_carries_out_its_cube_and_ticket_markers() -> None:
    """Declining a cube or ticket marker only loses: the bot never does it."""
    s = position(3)
    place_all(s, {0: ["red", "tickets", "tickets"]}, carry_out=False)
    bot = GAME.heuristic_bot(0)
    while sealed(s) == "carry_out":
        choice = bot.choose(s.determinize(0, bot.rng.fork()), 0, s.legal_actions(0))
        assert choice != Decline()
        s.apply(0, choice)
    assert storage(s, 0) == {"red": 1} and seat(s, 0)["tickets"] == 2
