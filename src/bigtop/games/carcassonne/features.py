"""What each seat had in a finished game of Carcassonne, for the arena's reports (docs/arena.md):
the tiles it laid, the figures it placed, the Under the Big Top elements it used, and its place in
the turn order.

Read only from the game's public record of play: the event log and the printed content
(`Game.content`), so the rules' own state can change shape freely. Hooked on the `Game` class, so
each function's first argument is the game.
"""

from __future__ import annotations

from typing import Any

from bigtop.games.carcassonne.expansions import FIGURE_NAMES

feature_kinds = {"tile": "dealt", "expansion tile": "dealt", "figure": "chosen", "acrobat": "chosen", "circus": "outcome"}
"""What each feature is, by its prefix, for the arena's reports: tiles are drawn, figures placed
by choice, and a circus scored with one's figures around it is the game's course."""


def features(game: Any, state: Any) -> list[set[str]]:
    """Per seat: `tile: ID` for every kind of tile it laid, `expansion tile: NAME` if it laid a
    tile of that expansion, `figure: NAME` for every kind of figure it placed, `acrobat` if it
    added an acrobat to a pyramid, `circus: ANIMAL` if it had figures around the Big Top when that
    animal's circus was scored."""
    tiles = game.content(state.options)["tiles"]
    had: list[set[str]] = [set() for _ in range(state.players)]
    for event in state.events:
        data = event.data
        if event.kind == "placed":
            had[data["seat"]].add(f"tile: {data['tile']}")
            expansion = tiles[data["tile"]]["expansion"]
            if expansion != "base":
                had[data["seat"]].add(f"expansion tile: {expansion}")
        elif event.kind == "figure":
            had[data["seat"]].add(f"figure: {FIGURE_NAMES[data['figure']]}")
        elif event.kind == "acrobat":
            had[data["seat"]].add("acrobat")
        elif event.kind == "circus":
            for seat, count in enumerate(data["meeples"]):
                if count:
                    had[seat].add(f"circus: {data['animal']}")
    return had


def turn_order(game: Any, state: Any) -> list[int]:
    """Each seat's place in the turn order (0: the seat that draws the first tile)."""
    first = next(event.data["seat"] for event in state.events if event.kind == "drew")
    return [(seat - first) % state.players for seat in range(state.players)]


def feature_label(game: Any, options: Any, feature: str) -> tuple[str, Any] | None:
    """A tile feature in words, with the tile's picture (a Rich `Text`): `tile: cfff.bt` is
    ("a circus tile with a city edge (cfff.bt)", its 5x5 picture); None for the others."""
    from bigtop.games.carcassonne.names import ENGLISH
    from bigtop.games.carcassonne.render import picture_text, tile_picture
    from bigtop.games.carcassonne.state import tiles_of

    prefix, _, tile = feature.partition(": ")
    tiles = tiles_of(game.parse_options(options))
    if prefix != "tile" or tile not in tiles.by_id:
        return None
    kind = tiles.kinds[tiles.by_id[tile]]
    return f"{ENGLISH.tile(kind)} ({tile})", picture_text(tile_picture(kind, 0))
