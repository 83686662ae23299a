"""Troll Fest's log in English: a template per event kind (the web table's translations are in
static/games/trollfest.js) and the names its data stands for."""

from __future__ import annotations

from typing import Any

from bigtop.games.trollfest.data import content

LOG_TEMPLATES = {
    "draft_pick": "Draft: everyone picks a card (pick {round}).",
    "bands": "The bands are revealed.",
    "play_card": "{seat} plays an action card.",
    "cancelled": "Thor's Hammer cancels a card of {seat}.",
    "names": "The bands are named.",
    "vote": "The votes for the best band name are in.",
    "vote_settled": "The tie is settled: {seat} has the best band name.",
    "start_city": "{seat} chooses {city} as hometown.",
    "groundhog": "The Groundhog moves to {city}.",
    "move": "{seat} moves to {city}.",
    "concert": "{seat} gives a concert in {city}: {points} points.",
    "market": "{seat} keeps a card at the Market.",
    "recruit": "{seat} recruits an artist.",
    "blind_discard": "{seat} turns down a blind audition.",
    "drop": "{seat} lets an artist go.",
    "tour_end": "The tour is over: the Festival begins.",
    "festival": "The Festival is scored.",
}


def log_values(kind: str, data: dict[str, Any], options: Any) -> dict[str, Any]:
    """A city by its name."""
    cities = content().cities
    city = data.get("city")
    return {"city": cities[city].name} if type(city) is int and 0 <= city < len(cities) else {}
