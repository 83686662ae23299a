"""Troll Fest's moves in words, in the reader's language, as a seat sees them (menus, hints,
reviews): each action type says what it does in the position of the view."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bigtop.core import Action
from bigtop.games.trollfest import words
from bigtop.games.trollfest.actions import (
    Answer,
    DropArtist,
    EndTurn,
    Keep,
    KeepBlind,
    KeepMarket,
    Move,
    Name,
    OwnName,
    Pick,
    PlayCard,
    Recruit,
    ShowBand,
    StartCity,
    VisitMarket,
    Vote,
)
from bigtop.games.trollfest.data import Content
from bigtop.games.trollfest.pieces import BLIND


def describe(c: Content, view: Mapping[str, Any], action: Action, lang: str = "en") -> str:  # noqa: C901 - one line per action type
    """`action` in words, in the position `view` (a spectator's view is enough)."""
    say = words.say
    if isinstance(action, Pick):
        return say("do.Pick", lang, card=words.card_text(c, action.card, lang))
    if isinstance(action, Keep):
        if not action.cards:
            return say("do.KeepNone", lang)
        cards = say("do.and", lang).join(words.artist_card(c, a, lang) for a in action.cards)
        return say("do.KeepDuo" if len(action.cards) == 2 else "do.Keep", lang, cards=cards)
    if isinstance(action, ShowBand):
        return say("do.ShowBand", lang)
    if isinstance(action, Name):
        return say("do.Name", lang, band=c.band_names[action.index])
    if isinstance(action, OwnName):
        return say("do.Name", lang, band=action.text) if action.text else say("do.OwnName", lang)
    if isinstance(action, Vote):
        return say("do.Vote", lang, band=(view.get("band_names") or [])[action.seat] or action.seat)
    if isinstance(action, StartCity):
        return say("do.StartCity", lang, city=c.cities[action.city].name)
    if isinstance(action, Move):
        return say("do.Move", lang, city=c.cities[action.city].name, where=_where(c, view, action.city, lang))
    if isinstance(action, PlayCard):
        scouted = view["springboard"][action.arg] if c.action(action.card).effect == "scout" else -1
        return say("do.PlayCard", lang, card=words.action_name(c, action.card, lang),
                   target=words.target(c, action.card, action.arg, lang, scouted))
    if isinstance(action, Answer):
        return say("do.Hammer" if action.hammer else "do.Let", lang)
    if isinstance(action, VisitMarket):
        return say("do.Visit" if action.visit else "do.PassMarket", lang)
    if isinstance(action, KeepMarket):
        return say("do.KeepMarket", lang, card=words.card_text(c, action.card, lang))
    if isinstance(action, Recruit):
        if action.source < 0:
            return say("do.RecruitNone", lang)
        if action.source == BLIND:
            return say("do.RecruitBlind", lang)
        return say("do.Recruit", lang, card=words.artist_card(c, view["springboard"][action.source], lang))
    if isinstance(action, KeepBlind):
        return say("do.KeepBlind" if action.keep else "do.DiscardBlind", lang)
    if isinstance(action, DropArtist):
        return say("do.DropArtist", lang, card=words.artist_card(c, action.card, lang))
    if isinstance(action, EndTurn):
        return say("do.StopFestival" if view.get("phase") == "festival" else "do.EndTurn", lang)
    return str(action)


def _where(c: Content, view: Mapping[str, Any], city: int, lang: str) -> str:
    """Where a road leads: the city's species and symbol, and the dragon pass on the way."""
    here = c.cities[city]
    parts = [words.say(f"species.{here.species}", lang)]
    if here.symbol != "none":
        parts.append(words.say(f"symbol.{here.symbol}", lang))
    pos = view["pos"][view["turn"]] if view.get("turn", -1) >= 0 else -1
    colour = next((col for b, col in c.neighbours[pos] if b == city), -1) if pos >= 0 else -1
    if colour >= 0:
        parts.append(words.say("do.over_pass", lang, colour=words.colour(colour, lang)))
    return words.listed(parts, lang)
