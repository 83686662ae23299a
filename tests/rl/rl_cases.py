"""Every registered game at every player count, for parametrized tests."""

from __future__ import annotations

from bigtop import games


def game_seats() -> list[tuple[str, int]]:
    """(game name, players) for every registered game and allowed player count."""
    cases = []
    for name in games.names():
        game = games.get(name)
        cases.extend((name, players) for players in range(game.min_players, game.max_players + 1))
    return cases


GAME_SEATS = game_seats()
IDS = [f"{name}-{players}p" for name, players in GAME_SEATS]
