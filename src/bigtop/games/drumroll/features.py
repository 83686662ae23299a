"""What each seat had in a finished game of Drum Roll, for the arena's reports (docs/arena.md):
the cards it hired, held at the end and played, and its place in the turn order.

Read only from the game's public record of play: the event log, the spectator view and the
printed content (`Game.content`), so the rules' own state can change shape freely. Hooked on the
`Game` class, so each function's first argument is the game.
"""

from __future__ import annotations

from typing import Any


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
