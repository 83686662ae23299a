"""Drum Roll's log in English: a template per event kind (the web table's translations are in
static/games/drumroll.js) and the names its data stands for."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .data import load_content
from .render import card_name

if TYPE_CHECKING:
    from .state import DrumRollOptions

LOG_TEMPLATES = {
    "reshuffled": "The {deck} discard pile is shuffled into a new deck.",
    "fired": "{seat} fires {card}.",
    "draft_revealed": "The starting performers are revealed.",
    "starting_cubes": "Everyone takes their starting cubes.",
    "votes_revealed": "The votes are revealed.",
    "distributed": "{seat} moves cubes onto the performers.",
    "played": "{seat} plays {card}.",
    "placed": "{seat} places a marker on {slot}.",
    "declined": "{seat} does not carry out the marker on {slot}.",
    "invested": "{seat} pays for an investment card.",
    "drew_investment": "You draw {card}.",
    "hired": "{seat} hires {card}.",
    "organizer_returned": "{seat} returns the Show Organizer and will start next turn.",
    "performed": "{seat}'s {card} in the show: {level}.",
    "flipped": "{seat} flips {card} for prestige.",
    "discarded": "{seat} discards {card}.",
    "looking": "You look at {cards}.",
    "vote_result": "Vote: {delay} to delay, {ready} to start.",
    "show": "Show {number} begins!",
    "region_bonus": "{seat} earns {prestige} prestige in the region ({region}).",
    "salaries": "{seat} pays {due} coins of salaries ({unpaid} unpaid).",
    "game_over": "The last show is over: final scoring.",
}


DECK_NAMES = {"perf": "performer", "pers": "personnel", "inv": "investment"}
LEVEL_NAMES = ("no show", "poor", "good", "outstanding")  # a performance by the cube slots filled


def log_values(kind: str, data: dict[str, Any], options: DrumRollOptions) -> dict[str, Any]:
    """Cards and region tiles by their printed names, a deck and a performance level by name."""
    c = load_content(options.cards)
    out: dict[str, Any] = {key: card_name(c, data[key]) for key in ("card", "region") if isinstance(data.get(key), str)}
    if isinstance(data.get("cards"), list):
        out["cards"] = [card_name(c, x) for x in data["cards"]]
    if data.get("deck") in DECK_NAMES:
        out["deck"] = DECK_NAMES[data["deck"]]
    if type(data.get("level")) is int and 0 <= data["level"] < len(LEVEL_NAMES):
        out["level"] = LEVEL_NAMES[data["level"]]
    return out
