"""Carcassonne's log in English: a template per event kind (the web table's translations are in
static/games/carcassonne.js) and the names its data stands for."""

from __future__ import annotations

from typing import Any

from bigtop.games.carcassonne.rules import FIGURE_NAMES

LOG_TEMPLATES = {
    "drew": "{seat} draws tile {tile}.",
    "discarded": "Tile {tile} fits nowhere and leaves the game.",
    "placed": "{seat} lays tile {tile} at ({x}, {y}).",
    "figure": "{seat} puts a {figure} on the tile at ({x}, {y}).",
    "scored": "A {feature} is scored: +{points} for {seats}.",
    "acrobat": "{seat} adds an acrobat to the pyramid at ({x}, {y}).",
    "pyramid_scored": "The pyramid at ({x}, {y}) is scored: 5 points per acrobat ({seats}).",
    "circus": "The circus is scored: the {animal} gives {value} points per figure around the Big Top.",
    "game_over": "Game over. Final points: {scores}.",
}


def log_values(kind: str, data: dict[str, Any], options: Any) -> dict[str, Any]:
    """A figure by its name (the event numbers it: 0 meeple, 1 ringmaster); each scoring seat once
    (a pyramid lists a seat per acrobat)."""
    out: dict[str, Any] = {}
    figure = data.get("figure")
    if type(figure) is int and 0 <= figure < len(FIGURE_NAMES):
        out["figure"] = FIGURE_NAMES[figure]
    if isinstance(data.get("seats"), list):
        out["seats"] = list(dict.fromkeys(data["seats"]))
    return out
