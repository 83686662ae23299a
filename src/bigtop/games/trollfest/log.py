"""Troll Fest's log: the values each entry's template (`log.<kind>` in `data/text.toml`) names, in
the reader's language: cards, cities, bands, points and what they are for."""

from __future__ import annotations

from typing import Any

from bigtop.games.trollfest import words
from bigtop.games.trollfest.data import content


def _concert(c: Any, data: dict[str, Any], lang: str) -> str:
    """Why a concert scored what it did: the artists of the city's species, the bonuses."""
    species, n = c.cities[data["city"]].species, data["species"]
    kin = words.say(f"kin.{species}", lang, n=n) if n else words.say(f"no_kin.{species}", lang)
    parts = [words.say("concert.kin", lang, kin=kin)]
    if data.get("first"):
        parts.append(words.say("concert.first", lang, n=data["first"]))
    if data.get("groundhog"):
        parts.append(words.say("concert.groundhog", lang, n=data["groundhog"]))
    return words.listed(parts, lang)


def _award(data: dict[str, Any], lang: str) -> str:
    """What a score is for (the Festival with its categories)."""
    award = data["award"]
    if award == "festival":
        parts = [words.say("reason.part", lang, category=words.category(key, lang), n=pts)
                 for key, pts in data["parts"].items() if pts]
        return words.say("reason.festival", lang, parts=words.listed(parts, lang))
    key = f"reason.{award}"
    return words.say(key, lang) if words.TEXT.has(key) else words.category(award, lang)


def log_values(kind: str, data: dict[str, Any], options: Any, lang: str = "en") -> dict[str, Any]:
    """Cities, cards and bands by name, points with their unit, and what a score is for, in `lang`."""
    c = content(getattr(options, "cards", None))
    out: dict[str, Any] = {}
    city = data.get("city")
    if type(city) is int and 0 <= city < len(c.cities):
        out["city"] = c.cities[city].name
    if type(data.get("card")) is int:
        out["card"] = words.card(c, data["card"], lang)
    if type(data.get("points")) is int:
        out["pts"] = words.points(data["points"], lang)
    if kind == "play_card":
        out["target"] = words.target(c, data["card"], data.get("arg", -1), lang, data.get("artist", -1))
    elif kind == "concert" and "species" in data:
        out["detail"] = _concert(c, data, lang)
    elif kind == "recruit":
        out["source"] = words.say(f"recruit.{data['source']}", lang) if "source" in data else ""
        detail = words.say("recruit.point", lang) if data.get("point") else ""
        if data.get("replaced", -1) >= 0:
            detail += words.say("recruit.replaces", lang, card=words.card(c, data["replaced"], lang))
        out["detail"] = detail
    elif kind == "scored" and "award" in data:
        out["award"] = _award(data, lang)
    elif kind == "hand_shown" and type(data.get("cards")) is list:
        shown = [words.card(c, card, lang) for card in data["cards"]]
        out["cards"] = words.listed(shown, lang) if shown else words.say("none", lang)
    elif kind == "vote" and "bands" in data:
        tally = [(data["votes"].count(s), name) for s, name in enumerate(data["bands"])]
        out["tally"] = words.listed(
            (words.say("vote.tally", lang, band=name, n=n) for n, name in sorted(tally, key=lambda t: -t[0]) if n), lang)
        runoff = data.get("runoff", 0)
        out["ballot"] = words.say("vote.runoff", lang, n=runoff) if runoff else words.say("vote.first", lang)
    elif kind == "dragon":
        out["colour"] = words.colour(data["colour"], lang)
    elif kind == "no_concert" and isinstance(data.get("why"), str):
        out["why"] = words.say(f"no_concert.{data['why']}", lang, n=data.get("n", 0))
    return out
