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
from bigtop.games.trollfest.pieces import BLIND, FIRST_TOKEN, GROUNDHOG


def describe(c: Content, view: Mapping[str, Any], action: Action, lang: str = "en") -> str:  # noqa: C901 - one line per action type
    """`action` in words, in the position `view` (a spectator's view is enough)."""
    say = words.say
    if isinstance(action, Pick):
        return say("do.Pick", lang, card=_choice(c, action.card, lang))
    if isinstance(action, Keep):
        if not action.cards:
            return say("do.KeepNone", lang)
        cards = say("do.and", lang).join(words.artist_choice(c, a, lang) for a in action.cards)
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
        roads = words.listed((c.cities[b].name for b, _ in c.neighbours[action.city]), lang)
        return say("do.StartCity", lang, city=c.cities[action.city].name, where=_city(c, view, action.city, lang),
                   roads=roads)
    if isinstance(action, Move):
        return say("do.Move", lang, city=c.cities[action.city].name, where=_where(c, view, action.city, lang))
    if isinstance(action, PlayCard):
        if c.action(action.card).effect == "scout":  # the artist it takes, with its strengths
            target = say("target.scout", lang, artist=words.artist_choice(c, view["springboard"][action.arg], lang))
        else:
            target = words.target(c, action.card, action.arg, lang)
        return say("do.PlayCard", lang, card=words.action_name(c, action.card, lang), target=target)
    if isinstance(action, Answer):
        return say("do.Hammer" if action.hammer else "do.Let", lang)
    if isinstance(action, VisitMarket):
        return say("do.Visit" if action.visit else "do.PassMarket", lang)
    if isinstance(action, KeepMarket):
        return say("do.KeepMarket", lang, card=_choice(c, action.card, lang))
    if isinstance(action, Recruit):
        if action.source < 0:
            return say("do.RecruitNone", lang)
        if action.source == BLIND:
            return say("do.RecruitBlind", lang)
        return say("do.Recruit", lang, card=words.artist_choice(c, view["springboard"][action.source], lang),
                   detail=_joining(c, view, view["springboard"][action.source], lang))
    if isinstance(action, KeepBlind):
        return say("do.KeepBlind" if action.keep else "do.DiscardBlind", lang)
    if isinstance(action, DropArtist):
        return say("do.DropArtist", lang, card=words.artist_choice(c, action.card, lang))
    if isinstance(action, EndTurn):
        return say("do.StopFestival" if view.get("phase") == "festival" else "do.EndTurn", lang)
    return str(action)


def _choice(c: Content, card: int, lang: str) -> str:
    """A card as a choice names it: an artist in words (`words.artist_choice`), an action card with
    its effect."""
    return words.artist_choice(c, card, lang) if c.is_artist(card) else words.card_text(c, card, lang)


def _joining(c: Content, view: Mapping[str, Any], card: int, lang: str) -> str:
    """What recruiting artist `card` here brings the band on the move: the species point, and whom
    it replaces (of a Duo pair, one of the two, the band's choice)."""
    p = view["turn"]
    artists = c.artists
    detail = words.say("recruit.point", lang) if artists[card].species == c.cities[view["pos"][p]].species else ""
    same = [a for a in view["bands"][p] if artists[a].instrument == artists[card].instrument]
    if len(same) == 1:
        detail += words.say("do.replacing", lang, card=words.artist(c, same[0], lang))
    elif same:
        detail += words.say("do.replacing_one", lang, cards=words.say("do.or", lang).join(
            words.artist(c, a, lang) for a in same))
    return detail


def _city(c: Content, view: Mapping[str, Any], city: int, lang: str) -> str:
    """A city's species and symbol, and whether the Groundhog is there."""
    here = c.cities[city]
    parts = [words.say(f"species.{here.species}", lang)]
    if here.symbol != "none":
        parts.append(words.say(f"symbol.{here.symbol}", lang))
    if view["groundhog"] == city:
        parts.append(words.say("do.groundhog", lang))
    return words.listed(parts, lang)


def _where(c: Content, view: Mapping[str, Any], city: int, lang: str) -> str:
    """Where a road leads, for the band on the move: the city (`_city`), the dragon pass on the
    way and whether a dragon can still be taken there, and whether the band can play a concert there
    and for how many points."""
    say = words.say
    here = c.cities[city]
    parts = [_city(c, view, city, lang)]
    p = view["turn"]
    colour = next((col for b, col in c.neighbours[view["pos"][p]] if b == city), -1)
    if colour >= 0:
        dragon = "held" if colour in view["dragons"][p] else "take" if view["pass_tokens"][colour] else "none"
        parts.append(say(f"do.pass.{dragon}", lang, colour=words.colour(colour, lang)))
    if view["bus"] and view["step"] == "move":
        parts.append(say("do.passing", lang))  # the Tour Bus rolls on: no stop here
        return words.listed(parts, lang)
    tokens = view["city_tokens"][city]
    if view["tokens"][p] == 0:
        parts.append(say("do.no_concert.no_tokens", lang))
    elif p in tokens:
        parts.append(say("do.no_concert.played", lang))
    elif len(tokens) >= view["players"] - 1:
        parts.append(say("do.no_concert.full", lang))
    else:
        kin = sum(1 for a in view["bands"][p] if c.artists[a].species == here.species)
        points = kin + (0 if tokens else FIRST_TOKEN) + (GROUNDHOG if view["groundhog"] == city else 0)
        parts.append(say("do.concert", lang, pts=words.points(points, lang)))
    return words.listed(parts, lang)
