"""The values Carcassonne's log templates name (`log.<kind>` in the catalog, `expansions.TEXT`), in
any language the catalog speaks.

Events keep what they stand for as data: tiles by id, features by number, figures by kind, points
and counts as numbers, so that every front end can word them. `log_values` words them under keys
of their own (`tile_name`, `feature_name`, `turned`, `figure_name`, `gain`, `what`), and each
capability words its own events (`Capability.log_values`).
"""

from __future__ import annotations

from typing import Any

from bigtop.games.carcassonne.expansions import CAPABILITIES, FIGURE_NAMES
from bigtop.games.carcassonne.names import Words
from bigtop.games.carcassonne.options import CarcassonneOptions
from bigtop.games.carcassonne.state import tiles_of


def log_values(kind: str, data: dict[str, Any], options: CarcassonneOptions, lang: str) -> dict[str, Any]:
    """The words an event's template names in language `lang`: its tile by what is printed on it,
    the feature a figure stands on, the turn, the figure, the points gained (`gain`) and, for a
    scored feature, what it was (`what`: "a completed city of 5 tiles with 2 pennants")."""
    words = Words(lang)
    out: dict[str, Any] = {}
    tiles = tiles_of(options)
    tile_id = data.get("tile")
    found = tiles.by_id.get(tile_id) if isinstance(tile_id, str) else None
    turns = data.get("turns")
    if found is not None:
        tile = tiles.kinds[found]
        out["tile_name"] = words.tile(tile)
        feature = data.get("feature")
        if kind == "figure" and isinstance(turns, int) and turns in range(4) and isinstance(feature, int) \
                and feature in range(len(tile.features)):
            out["feature_name"] = words.feature(tile, turns, feature)
    if kind == "placed" and isinstance(turns, int) and turns in range(4):
        out["turned"] = words.turned(turns)
    figure = data.get("figure")
    if type(figure) is int and 0 <= figure < len(FIGURE_NAMES):
        out["figure_name"] = words.figure(FIGURE_NAMES[figure])
    if type(data.get("points")) is int:
        out["gain"] = words.points(data["points"])
    if kind == "scored":
        out["what"] = scored_what(data, words)
        out["home"] = figures_home(data, words)
    for c in CAPABILITIES:
        found_values = c.log_values(kind, data, words)
        if found_values is not None:
            out.update(found_values)
    return out


def scored_what(data: dict[str, Any], words: Words) -> str:
    """What a scored feature was and where: "a completed road of 3 tiles at (1, -2)", "a field next
    to 2 completed cities at (0, 1)", "an unfinished monastery with 5 tiles around it at (2, 2)".
    The square (`x`, `y`) is the one the first scoring figure stood on (the monastery's own)."""
    feature, size, pennants = data.get("feature"), data.get("size"), data.get("pennants")
    key = f"scored.{feature}.{'complete' if data.get('complete') else 'final'}"
    if pennants:
        key += "_pennants"
    what = words(key, tiles=words("tiles", n=size), pennants=words("pennants", n=pennants), cities=words("cities", n=size))
    x, y = data.get("x"), data.get("y")
    if type(x) is int and type(y) is int:
        return words("scored.at", what=what, x=x, y=y)
    return what


def figures_home(data: dict[str, Any], words: Words) -> str:
    """After the last line of a feature completed during the game ("; its figures go back to their
    owners"): the figures on it leave the board. Empty on the other lines and at the end."""
    seats = data.get("seats")
    if not data.get("complete") or not isinstance(seats, list) or not seats or seats[-1] != data.get("seat"):
        return ""
    return words("scored.home")

