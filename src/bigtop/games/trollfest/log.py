"""Troll Fest's log in English: a template per event kind (the web table's translations are in
static/games/trollfest.js) and the words its data stands for (cards, cities, bands, points)."""

from __future__ import annotations

from typing import Any

from bigtop.games.trollfest.data import COLOURS, content
from bigtop.games.trollfest.scoring import CATEGORIES

LOG_TEMPLATES = {
    "draft_pick": "Draft: everyone picks a card (pick {round}).",
    "bands": "The bands are revealed.",
    "play_card": "{seat} plays {card}{target}.",
    "cancelled": "Thor's Hammer cancels {card} of {seat}.",
    "vote": "Votes for the best band name: {tally}; the most votes: {seats}.",
    "vote_settled": "The tie is settled: {seat} has the best band name.",
    "scored": "{seat} scores {pts}: {award}.",
    "start_city": "{seat} chooses {city} as hometown.",
    "groundhog": "The Groundhog moves to {city}.",
    "move": "{seat} moves to {city}.",
    "concert": "{seat} gives a concert in {city}: {pts} ({detail}).",
    "market": "{seat} keeps one of the four Market cards.",
    "market_pass": "{seat} leaves the Market alone.",
    "recruit": "{seat} recruits {card}{detail}.",
    "blind_discard": "{seat} turns down the artist drawn blind (to the bottom of the deck).",
    "drop": "{seat} lets {card} go.",
    "tour_end": "{seat} has placed every tour token: the tour is over and the Festival begins.",
    "hand_shown": "{seat} reveals the action cards left in hand: {cards}.",
    "festival": "The Festival is scored.",
}


def points(n: int) -> str:
    """`1 point`, `5 points`."""
    return f"{n} point" if n == 1 else f"{n} points"


def card_words(card: int) -> str:
    """A card by its printed name: an artist with species and instrument, or an action card."""
    c = content()
    if c.is_artist(card):
        a = c.artists[card]
        return f"{a.name} ({a.species} {a.instrument})"
    return c.action(card).name


def target_words(card: int, arg: int) -> str:
    """What a played action card aims at, as its argument names it."""
    c = content()
    effect = c.action(card).effect
    if arg < 0:
        return ""
    if effect == "take_dragon":
        return f" for a {COLOURS[arg]} dragon"
    if effect == "move_groundhog":
        return f" to send the Groundhog to {c.cities[arg].name}"
    if effect == "scout":
        return f" for the artist in Springboard slot {arg + 1}"
    if effect == "duo":
        return f" to keep two {c.instruments[arg]} players"
    return ""


PLURAL = {"troll": "trolls", "orc": "orcs", "elf": "elves", "dwarf": "dwarves"}


def _concert(data: dict[str, Any]) -> str:
    species = content().cities[data["city"]].species
    kin = data["species"]
    parts = [f"{kin or 'no'} {species if kin == 1 else PLURAL[species]} in the band"]
    if data.get("first"):
        parts.append(f"+{data['first']} for the first token")
    if data.get("groundhog"):
        parts.append(f"+{data['groundhog']} for the Groundhog")
    return ", ".join(parts)


def _award(data: dict[str, Any]) -> str:
    award = data["award"]
    if award == "festival":
        return "the Festival (" + ", ".join(f"{CATEGORIES[k]} {v}" for k, v in data["parts"].items() if v) + ")"
    return CATEGORIES[award].lower() if award != "band_name" else "the best band name, and plays last"


def log_values(kind: str, data: dict[str, Any], options: Any, lang: str = "en") -> dict[str, Any]:
    """Cities, cards and bands by name, points with their unit, and what a score is for."""
    c = content()
    out: dict[str, Any] = {}
    city = data.get("city")
    if type(city) is int and 0 <= city < len(c.cities):
        out["city"] = c.cities[city].name
    if type(data.get("card")) is int:
        out["card"] = card_words(data["card"])
    if type(data.get("points")) is int:
        out["pts"] = points(data["points"])
    if kind == "play_card":
        out["target"] = target_words(data["card"], data.get("arg", -1))
    elif kind == "concert" and "species" in data:
        out["detail"] = _concert(data)
    elif kind == "recruit":
        detail = []
        if data.get("point"):
            detail.append(" (+1 point: the city's species)")
        if data.get("replaced", -1) >= 0:
            detail.append(f", who replaces {card_words(data['replaced'])}")
        out["detail"] = "".join(detail)
    elif kind == "scored" and "award" in data:
        out["award"] = _award(data)
    elif kind == "hand_shown" and type(data.get("cards")) is list:
        out["cards"] = ", ".join(card_words(card) for card in data["cards"]) or "none"
    elif kind == "vote" and "bands" in data:
        tally = [(data["votes"].count(s), name) for s, name in enumerate(data["bands"])]
        out["tally"] = ", ".join(f"{name} {n}" for n, name in sorted(tally, key=lambda t: -t[0]) if n)
    return out
