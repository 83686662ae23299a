"""Drum Roll's log in English: a template per event kind (the web table's translations are in
static/games/drumroll.js) and the names its data stands for."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .data import load_content
from .render import card_name, coins_text
from .scoring import SCORE_CATEGORIES

if TYPE_CHECKING:
    from .data import Content
    from .state import DrumRollOptions

LOG_TEMPLATES = {
    "reshuffled": "The {deck} discard pile is shuffled into a new deck.",
    "fired": "{seat} fires {card} ({how}).",
    "draft_revealed": "The starting performers are revealed.",
    "starting_cubes": "Everyone takes their starting cubes.",
    "votes_revealed": "The votes are revealed.",
    "voted_delay": "{seat} voted to delay the show.",
    "voted_start": "{seat} voted to start the show.",
    "distributed": "{seat} distributes: {moves}.",
    "played": "{seat} plays {card}.",
    "placed": "{seat} places a marker on {slot}.",
    "declined": "{seat} does not carry out the marker on {slot}.",
    "invested": "{seat} pays for an investment card.",
    "drew_investment": "You draw {card}.",
    "hired": "{seat} hires {card}.",
    "organizer_returned": "{seat} returns the Show Organizer and will start next turn.",
    "performed": "{seat}'s {card} in the show: {level}.",
    "flipped": "{seat} flips {card} for {prestige} prestige.",
    "applause": "{seat}'s Extended Applause ({type}): {outstanding} outstanding, {poor} poor in the show: {prestige} prestige.",
    "discarded": "{seat} discards {card}.",
    "looking": "You look at {cards}.",
    "vote_result": "Vote: {delay} to delay, {ready} to start: {outcome}.",
    "show": "Show {number} begins!",
    "region_bonus": "{seat} earns {prestige} prestige in the region ({region}).",
    "salaries": "{seat} pays {due_coins} of salaries ({unpaid} unpaid).",
    "bonus": "{seat} scores {prestige} prestige: {bonus}.",
    "game_over": "The last show is over: final scoring.",
}


DECK_NAMES = {"perf": "performer", "pers": "personnel", "inv": "investment"}
LEVEL_NAMES = ("no show", "poor", "good", "outstanding")  # a performance by the cube slots filled


def _distribution_text(c: Content, data: dict[str, Any]) -> str:
    """What a seat's distribution carried out, in words ("nothing" if it did nothing)."""
    parts = [f"a {color} cube onto {card_name(c, card)}" for card, color in data.get("moves") or ()]
    for card, src, dst in data.get("conversions") or ():
        parts.append(f"a {src} cube converted into {dst or 'two cubes'} by {card_name(c, card)}")
    return "; ".join(parts) or "nothing"


def log_values(kind: str, data: dict[str, Any], options: DrumRollOptions, lang: str = "en") -> dict[str, Any]:
    """Cards and region tiles by their printed names, a deck, a performance level, a vote, an end
    bonus and a seat's distribution in words."""
    c = load_content(options.cards)
    out: dict[str, Any] = {key: card_name(c, data[key]) for key in ("card", "region") if isinstance(data.get(key), str)}
    if isinstance(data.get("cards"), list):
        out["cards"] = [card_name(c, x) for x in data["cards"]]
    if data.get("deck") in DECK_NAMES:
        out["deck"] = DECK_NAMES[data["deck"]]
    if type(data.get("level")) is int and 0 <= data["level"] < len(LEVEL_NAMES):
        out["level"] = LEVEL_NAMES[data["level"]]
    if kind == "fired":
        out["how"] = "no performance: compensation paid, prestige lost" if data.get("compensation") else "Fire a Performer"
    elif kind == "vote_result":
        out["outcome"] = "the show is delayed" if data.get("delayed") else "the show starts"
    elif kind == "distributed":
        out["moves"] = _distribution_text(c, data)
    elif kind == "salaries" and type(data.get("due")) is int:
        out["due_coins"] = coins_text(data["due"])
    elif kind == "bonus" and data.get("bonus") in SCORE_CATEGORIES:
        out["bonus"] = SCORE_CATEGORIES[data["bonus"]]
    return out
