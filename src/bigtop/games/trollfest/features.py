"""What each seat had in a finished game of Troll Fest, for the arena's reports (docs/arena.md):
its band, the cities it played in, the action cards it played, and its place in the turn order.

Read only from the game's public record of play: the event log, the spectator view and the
printed content (`Game.content`), so the rules' own state can change shape freely. Hooked on the
`Game` class, so each function's first argument is the game.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from bigtop.games.trollfest.actions import Pick

feature_kinds = {"artist": "chosen", "hometown": "chosen", "concert": "outcome", "card": "outcome"}
"""What each feature is, by its prefix, for the arena's reports: the band was drafted and the
hometown chosen; the cities played in and the action cards played are the game's course."""


def features(game: Any, state: Any) -> list[set[str]]:
    """Per seat: `artist: NAME` for every artist in its band at the end, `hometown: CITY` and
    `concert: CITY` for the cities it started from and played in, `card: NAME` for every action
    card it played."""
    content = game.content(state.options)
    base, copies = content["action_base"], content["action_copies"]
    cities = [city["name"] for city in content["cities"]]

    def card(x: int) -> str:
        name: str = content["action_types"][copies[x - base]]["name"]
        return name

    had: list[set[str]] = [set() for _ in range(state.players)]
    for event in state.events:
        data = event.data
        if event.kind == "start_city":
            had[data["seat"]].add(f"hometown: {cities[data['city']]}")
        elif event.kind == "concert":
            had[data["seat"]].add(f"concert: {cities[data['city']]}")
        elif event.kind == "play_card":
            had[data["seat"]].add(f"card: {card(data['card'])}")
    for seat, band in enumerate(state.view(None)["bands"]):
        had[seat].update(f"artist: {content['artists'][x]['name']}" for x in band)
    return had


def turn_order(game: Any, state: Any) -> list[int]:
    """Each seat's place in the tour's turn order (0 plays first: the seat after the one whose band
    name won the vote, so the winner of the vote plays last)."""
    first = state.view(None)["first"]
    return [(seat - first) % state.players for seat in range(state.players)]


@lru_cache(maxsize=8)
def _artists(game: Any, options: Any) -> tuple[str, ...]:
    return tuple(artist["name"] for artist in game.content(options)["artists"])


def offered_feature(game: Any, options: Any, action: Any) -> str | None:
    """The feature an action gives its seat when taken: `artist: NAME` for drafting an artist
    (whether it stays in the band is decided later); None for any other action."""
    if isinstance(action, Pick):
        names = _artists(game, options)
        return f"artist: {names[action.card]}" if action.card < len(names) else None
    return None
