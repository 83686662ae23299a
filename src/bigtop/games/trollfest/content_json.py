"""Troll Fest's public content as JSON, for boards: the map, artists, action cards and band names.

Indexes are the rules' own: a city is its index in `cities`, a card id below `action_base` is an
artist, an action card id `action_base + i` is a copy of `action_types[action_copies[i]]`.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from .data import COLOURS, Content, content


def content_json(c: Content) -> dict[str, Any]:
    """Everything printed on Troll Fest's map and cards, as JSON."""
    index = {city.id: i for i, city in enumerate(c.cities)}
    roads = [
        {"a": index[r.a], "b": index[r.b], "pass": COLOURS.index(r.pass_) if r.pass_ else -1} for r in c.roads
    ]
    return {
        "colours": list(COLOURS),
        "cities": [
            {"id": x.id, "name": x.name, "species": x.species, "symbol": x.symbol,
             "symbols": [] if x.symbol == "none" else [x.symbol], "x": x.x, "y": x.y}
            for x in c.cities
        ],
        "roads": roads,
        "passes": [{"road": n, "a": r["a"], "b": r["b"], "colour": COLOURS[r["pass"]]}
                   for n, r in enumerate(roads) if r["pass"] >= 0],
        "city_cards": [{"id": cid, "city": city} for cid, city in zip(c.city_card_ids, c.city_cards, strict=True)],
        "artists": [
            {"id": a.id, "name": a.name, "deck": a.deck, "instrument": a.instrument, "species": a.species,
             "gender": a.gender, "energy": a.energy, "charisma": a.charisma, "skill": a.skill}
            for a in c.artists
        ],
        "action_base": c.action_base,
        "action_types": [
            {"id": a.id, "name": a.name, "kind": a.kind, "effect": a.effect, "colour": a.colour,
             "value": a.value, "copies": a.copies, "text": a.text}
            for a in c.action_types
        ],
        "action_copies": list(c.action_copies),
        "band_names": list(c.band_names),
        "instruments": list(c.instruments),
        "awards": {k: list(v) for k, v in c.awards.items()},
        "authenticity": dict(c.authenticity),
        "fixed": dict(c.fixed),
    }


@cache
def content_for(cards: str | None = None) -> dict[str, Any]:
    """The JSON content for a game's `cards` option (None: the built-in data)."""
    return content_json(content(cards))
