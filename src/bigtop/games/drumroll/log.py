"""Drum Roll's log in words: the values an entry's template (`log.<kind>` in `data/text.toml`) names,
in the reader's language: cards, regions and action spaces by name, amounts with their unit, a
performance level, a vote's outcome, a seat's distribution."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .data import load_content
from .text import (
    card_name,
    coins,
    color,
    cubes,
    cubes_text,
    for_price,
    kind_name,
    level_name,
    listing,
    prestige,
    say,
    slot_name,
)

if TYPE_CHECKING:
    from .data import Content
    from .state import DrumRollOptions


def _distribution_text(c: Content, data: dict[str, Any], lang: str) -> str:
    """What a seat's distribution carried out, in words ("nothing" if it did nothing)."""
    parts = [say("distributed.move", lang, color=color(col, lang), card=card_name(c, card, lang))
             for card, col in data.get("moves") or ()]
    for card, src, dst in data.get("conversions") or ():
        target = cubes(dst, 1, lang) if dst else say("distributed.two", lang)
        parts.append(say("distributed.convert", lang, source=color(src, lang), target=target, card=card_name(c, card, lang)))
    return say("distributed.separator", lang).join(parts) or say("distributed.nothing", lang)


COINS = {"coins": "earned", "cost": "price", "due": "due_coins", "paid": "paid_coins", "bank": "bank_coins", "salary": "saved"}
"""Amounts of coins in an entry's data, and the value naming each with its unit ("4 coins")."""
POINTS = {"prestige": "points", "lost": "lost_points"}
"""Amounts of prestige, likewise; the data keeps the numbers (the web board's templates read them)."""
def _skips(n: int, lang: str) -> str:
    return say("skips", lang, n=n)


GAINS = {"coins": coins, "prestige": prestige, "skips": _skips}
"""What a gain may be made of, in the order a line lists them."""


BONUS_WHY = {"largest_show", "full_variety", "perfect_show", "large_troupe", "bank_representative"}
"""The end bonuses whose log line says what they were scored on (`why.bonus.<bonus>`)."""


def _bonus_why(data: dict[str, Any], lang: str) -> str:
    """What an end bonus was scored on, in parentheses after its name ("" for the cards' own)."""
    bonus = data["bonus"]
    if bonus not in BONUS_WHY or type(data.get("performers")) is not int:
        return ""
    key = "why.bonus.largest_show_tied" if bonus == "largest_show" and data.get("tied") else f"why.bonus.{bonus}"
    return say(key, lang, n=data["performers"], coins=coins(int(data.get("bank") or 0), lang))


def log_values(kind: str, data: dict[str, Any], options: DrumRollOptions, lang: str = "en") -> dict[str, Any]:
    """The values of an entry's template in `lang` that its data holds as ids or bare numbers."""
    c = load_content(options.cards)
    out: dict[str, Any] = {key: card_name(c, data[key], lang) for key in ("card", "other", "region", "source")
                           if isinstance(data.get(key), str)}
    for key, name in COINS.items():
        if type(data.get(key)) is int:
            out[name] = coins(data[key], lang)
    for key, name in POINTS.items():
        if type(data.get(key)) is int:
            out[name] = prestige(data[key], lang)
    if type(data.get("cost")) is int:
        out["for_price"] = for_price(data["cost"], lang)
    if kind in ("gained", "cube_spent"):
        out["gains"] = listing([say_amount(data[key], lang) for key, say_amount in GAINS.items() if data.get(key)], lang)
    if isinstance(data.get("color"), str):
        out["color"] = color(data["color"], lang)
    if isinstance(data.get("cubes"), list):
        out["cubes"] = cubes_text(data["cubes"], lang)
    if isinstance(data.get("cards"), list):
        out["cards"] = listing([card_name(c, x, lang) for x in data["cards"]], lang)
    if isinstance(data.get("deck"), str):
        out["deck"] = say(f"deck.{data['deck']}", lang)
    if type(data.get("level")) is int:
        out["level"] = level_name(data["level"], lang)
    if isinstance(data.get("slot"), str):
        out["slot"] = slot_name(data["slot"], lang)
    if isinstance(data.get("type"), str):
        out["type"] = kind_name(data["type"], lang)
    if kind == "fired":
        out["how"] = say("how.compensation" if data.get("compensation") else "how.card", lang, **out)
    elif kind == "vote_result":
        out["outcome"] = say("outcome.delayed" if data.get("delayed") else "outcome.started", lang)
        out["delay_votes"] = say("votes.delay_virtual" if data.get("virtual") else "votes.delay", lang, n=data.get("delay"))
    elif kind == "distributed":
        out["moves"] = _distribution_text(c, data, lang)
    elif kind == "bonus" and isinstance(data.get("bonus"), str):
        out["bonus"] = say(f"score.{data['bonus']}", lang)
        out["why"] = _bonus_why(data, lang)
    elif kind == "no_trailer" and isinstance(data.get("why"), str):
        out["why"] = say(f"why.{data['why']}", lang)
    elif kind == "applause":
        out["outstanding"] = say("count.outstanding", lang, n=data.get("outstanding"))
        out["poor"] = say("count.poor", lang, n=data.get("poor"))
    return out
