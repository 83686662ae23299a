"""Drum Roll's public content as JSON, for boards: every card, region tile and the ticket track.

Built from the content actually loaded for the options (`load_content(options.cards)`), so a user's
own card file shows on the board. Cached per card file.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from .data import Content, Effect, Investment, Personnel, load_content


def _effect(e: Effect) -> dict[str, Any]:
    from .render import effect_text

    return {"kind": e.kind, "amount": e.amount, "colors": list(e.colors), "text": effect_text(e)}


def personnel_text(q: Personnel, c: Content) -> str:
    """What a personnel member does, in English."""
    n = c.numbers
    return {
        "organizer": "At the end of the turn, may return to the box to make you the starting player.",
        "supplier": f"Each cube distribution: {n.supplier_moves} more cube moves.",
        "orchestra": f"Each show: +{q.amount} prestige.",
        "popcorn": f"Each show: +{q.amount} coins.",
        "bank": f"At the start of each turn, put coins on it: every {n.bank_coins_per_prestige} coins there "
                f"score 1 prestige at the end (at most {n.bank_cap_coins // n.bank_coins_per_prestige}).",
        "agent": f"Once per distribution: turn one cube of any colour into a {' or '.join(q.colors)} cube.",
        "assistant": f"Once per distribution: turn one {q.source} cube into a {' and a '.join(q.colors)} cube.",
    }[q.kind]


def investment_text(i: Investment) -> str:
    """What an investment card does, in English."""
    text = {
        "unblock": "Place an action marker on an action space already taken.",
        "trailer": "Take a trailer for one of your performers.",
        "fire": "Fire one of your performers.",
        "resource_bonus": f"End of the game: +1 prestige per {i.amount} cubes in your storage.",
        "double_vote": "Your vote counts twice.",
        "income": f"Take {i.amount} coins.",
        "trailer_bonus": "End of the game: +1 prestige per performer of yours in a trailer.",
        "applause": f"Each show: +1 prestige per outstanding {i.type}, -1 per poor {i.type}.",
        "personnel_bonus": "End of the game: +1 prestige per personnel member you have.",
        "extra_resources": f"Take a {i.color} cube.",
        "cube_income": f"Turn a cube into {i.amount} coins.",
    }[i.kind]
    if i.unused_prestige:
        text += f" Unplayed at the end: +{i.unused_prestige} prestige."
    return text


def content_json(c: Content) -> dict[str, Any]:
    """Everything printed on Drum Roll's cards, tiles and board, as JSON."""
    return {
        "performers": {
            p.id: {
                "id": p.id, "name": p.name, "type": p.type, "cost": p.cost, "salary": p.salary,
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
                "text": personnel_text(q, c), "provenance": q.provenance,
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
            r.id: {"id": r.id, "name": r.name, "types": list(r.types), "per": r.per, "prestige": r.prestige,
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
