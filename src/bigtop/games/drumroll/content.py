"""Drum Roll's public content as JSON, for boards: every card, region tile and the ticket track.

Built from the content actually loaded for the options (`load_content(options.cards)`), so a user's
own card file shows on the board. Cached per card file.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from bigtop.core.text import LANGUAGES

from .data import Content, Effect, load_content
from .text import card_name, effect_text, investment_text, personnel_text


def _effect(e: Effect) -> dict[str, Any]:
    return {"kind": e.kind, "amount": e.amount, "colors": list(e.colors), "text": effect_text(e)}


def _names(c: Content, card: str) -> dict[str, str]:
    """A performer's or region's name in each language (the printed English one for a card the
    catalog does not know by that name: a user's own card)."""
    return {lang: card_name(c, card, lang) for lang in LANGUAGES}


def content_json(c: Content) -> dict[str, Any]:
    """Everything printed on Drum Roll's cards, tiles and board, as JSON."""
    return {
        "performers": {
            p.id: {
                "id": p.id, "name": p.name, "names": _names(c, p.id), "type": p.type, "cost": p.cost, "salary": p.salary,
                "secondary_salary": p.secondary_salary, "flip_prestige": p.flip_prestige,
                "per_bizarre": p.per_bizarre, "requires": list(p.requires),
                "benefits": {lv: [_effect(e) for e in getattr(p, lv)] for lv in ("poor", "good", "outstanding")},
                "provenance": p.provenance,
            } for p in c.performers.values()
        },
        "personnel": {
            q.id: {
                "id": q.id, "name": q.name, "kind": q.kind, "cost": q.cost, "salary": q.salary,
                "amount": q.amount, "source": q.source, "colors": list(q.colors),
                "text": personnel_text(q, c.numbers), "provenance": q.provenance,
            } for q in c.personnel.values()
        },
        "investments": {
            i.id: {
                "id": i.id, "name": i.name, "kind": i.kind, "amount": i.amount, "color": i.color,
                "type": i.type, "unused_prestige": i.unused_prestige, "text": investment_text(i),
                "provenance": i.provenance,
            } for i in c.investments.values()
        },
        "regions": {
            r.id: {"id": r.id, "name": r.name, "names": _names(c, r.id), "types": list(r.types), "per": r.per, "prestige": r.prestige,
                   "provenance": r.provenance}
            for r in c.regions.values()
        },
        "tickets": list(c.tickets),
        "numbers": c.numbers.model_dump(exclude={"provenance"}),
    }


@lru_cache(maxsize=16)
def content_for(cards: str | None) -> dict[str, Any]:
    """The JSON content of the game played with the card file `cards` (None: the shipped cards)."""
    return content_json(load_content(cards))
