"""Carcassonne's public content as JSON, for boards: every tile kind played with, and what the
expansions add (Under the Big Top: the animal tokens).

Each tile kind is given as the board draws it: city pieces ("N+W" one piece on the N and W edges),
road segments ("W-E"; "S*" ends inside the tile), fields by their half-edges ("NL NR EL ..."), the
monastery, the pennant, the circus or acrobat space; and `features`, each feature's type and sides in
the game's own numbering (cities, then roads, then fields, then the monastery), which the view's
figure positions use. Built from the tiles file the options play with, so a user's file shows.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from bigtop.games.carcassonne.data import FEATURE_NAMES, SIDES, TileSet, tile_set
from bigtop.games.carcassonne.expansions import CAPABILITIES, EXPANSION_NAMES


def content_json(tiles: TileSet) -> dict[str, Any]:
    """The tile kinds of `tiles` and what the expansions' capabilities add (the animal tokens), as JSON."""
    kinds = {}
    for k in tiles.kinds:
        e = k.entry
        kinds[k.id] = {
            "id": k.id, "expansion": k.expansion, "count": k.count, "edges": e.edges.split(),
            "cities": list(e.cities), "roads": list(e.roads),
            "fields": [f.halves for f in e.fields],
            "field_cities": [list(f.cities) for f in e.fields],
            "monastery": e.monastery, "pennant": e.pennant, "space": e.space, "start": e.start,
            "features": [
                {"type": FEATURE_NAMES[f.type], "sides": "".join(SIDES[s] for s in f.sides), "pennants": f.pennants,
                 "cities": list(f.cities)}
                for f in k.features
            ],
            "provenance": e.provenance,
        }
    out = {"tiles": kinds, "order": [k.id for k in tiles.kinds], "start": tiles.kinds[tiles.start].id, "total": tiles.total}
    for c in CAPABILITIES:
        out.update(c.content())
    return out


@lru_cache(maxsize=16)
def content_for(expansions: tuple[str, ...], cards: str | None) -> dict[str, Any]:
    """The JSON content of the tiles file `cards` (None: the built-in one) with these expansions."""
    return content_json(tile_set(expansions, cards, EXPANSION_NAMES))
