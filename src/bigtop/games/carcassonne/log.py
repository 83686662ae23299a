"""Carcassonne's log in English: a template per event kind (the web table's translations are in
static/games/carcassonne.js) and the names its data stands for.

Events name tiles by id and features by number; the English log names them in words (`tile_name`,
`feature_name`, `turned`), under keys of their own so that the boards' translations keep the ids.
"""

from __future__ import annotations

from typing import Any

from bigtop.games.carcassonne.expansions import CAPABILITIES, FIGURE_NAMES
from bigtop.games.carcassonne.names import TURN_WORDS, feature_name, tile_name
from bigtop.games.carcassonne.options import CarcassonneOptions
from bigtop.games.carcassonne.state import tiles_of

LOG_TEMPLATES = {
    "drew": "{seat} draws {tile_name}.",
    "discarded": "The drawn tile, {tile_name}, fits nowhere and leaves the game.",
    "placed": "{seat} lays {tile_name} at ({x}, {y}), {turned}.",
    "figure": "{seat} puts a {figure} on {feature_name} of the tile at ({x}, {y}).",
    "scored": "A {feature} is scored: +{points} for {seats}.",
    "game_over": "Game over. Final points: {scores}.",
    **{kind: text for c in CAPABILITIES for kind, text in c.log_templates.items()},
}


def log_values(kind: str, data: dict[str, Any], options: CarcassonneOptions) -> dict[str, Any]:
    """The tile in words for its id, the feature a figure stands on in words, the turn in words;
    a figure by its name (the event numbers its kind); each scoring seat once (a
    pyramid lists a seat per acrobat); points per figure (`value`) with the right plural."""
    out: dict[str, Any] = {}
    tiles = tiles_of(options)
    found = tiles.by_id.get(data.get("tile"))  # type: ignore[arg-type]
    turns = data.get("turns")
    if found is not None:
        tile = tiles.kinds[found]
        out["tile_name"] = tile_name(tile)
        feature = data.get("feature")
        if kind == "figure" and turns in range(4) and feature in range(len(tile.features)):
            out["feature_name"] = feature_name(tile, turns, feature)
    if kind == "placed" and turns in range(4):
        out["turned"] = TURN_WORDS[turns]
    figure = data.get("figure")
    if type(figure) is int and 0 <= figure < len(FIGURE_NAMES):
        out["figure"] = FIGURE_NAMES[figure]
    if isinstance(data.get("seats"), list):
        out["seats"] = list(dict.fromkeys(data["seats"]))
    if type(data.get("value")) is int:
        out["points_each"] = f"{data['value']} point{'' if data['value'] == 1 else 's'}"
    return out
