"""What each seat had in a finished game of Drum Roll, for the arena's reports (docs/arena.md):
the cards it hired, held at the end and played, and its place in the turn order.

Read only from the game's public record of play: the event log, the spectator view and the
printed content (`Game.content`), so the rules' own state can change shape freely. Hooked on the
`Game` class, so each function's first argument is the game.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from .actions import Hire, Keep

feature_kinds = {"hired": "chosen", "held": "chosen", "played": "outcome"}
"""What each feature is, by its prefix, for the arena's reports: cards hired and held were chosen;
playing an investment card is the game's course (a seat doing well has more to play)."""


def features(game: Any, state: Any) -> list[set[str]]:
    """Per seat: `hired: NAME` for every performer and personnel card it hired (the starting
    performers count as hired), `held: NAME` for those in its circus at the end, `played: NAME`
    for every investment card it played."""
    content = game.content(state.options)
    names = {x: card["name"] for kind in ("performers", "personnel", "investments") for x, card in content[kind].items()}
    had: list[set[str]] = [set() for _ in range(state.players)]
    for event in state.events:
        if event.kind == "hired":
            had[event.data["seat"]].add(f"hired: {names[event.data['card']]}")
        elif event.kind == "draft_revealed":
            for seat, circus in enumerate(event.data["circus"]):
                had[seat].update(f"hired: {names[x]}" for x in circus)
        elif event.kind == "played":
            had[event.data["seat"]].add(f"played: {names[event.data['card']]}")
    for seat, view in enumerate(state.view(None)["seats"]):
        had[seat].update(f"held: {names[x['id']]}" for x in view["performers"])
        had[seat].update(f"held: {names[x]}" for x in view["personnel"])
    return had


def turn_order(game: Any, state: Any) -> list[int]:
    """Each seat's place in the turn order of the first turn (0: the starting player, who places
    the first marker; the start then passes to the left from turn to turn)."""
    start = next(event.data["seat"] for event in state.events if event.kind == "placed")
    return [(seat - start) % state.players for seat in range(state.players)]


@lru_cache(maxsize=8)
def _hireable(game: Any, options: Any) -> dict[str, str]:
    content = game.content(options)
    return {x: card["name"] for kind in ("performers", "personnel") for x, card in content[kind].items()}


def offered_feature(game: Any, options: Any, action: Any) -> str | None:
    """The feature an action gives its seat when taken: `hired: NAME` for hiring a performer or
    personnel card, or keeping a starting performer in the draft; None for any other action."""
    if isinstance(action, Hire | Keep):
        name = _hireable(game, options).get(action.card)
        return None if name is None else f"hired: {name}"
    return None
