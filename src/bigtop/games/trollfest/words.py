"""Troll Fest's words in every language: the catalog (`data/text.toml`) and the names it gives the
content (species, instruments, colours, action cards, artists, points), for the log, the menus and
the terminal board. Cities and artists keep their printed names in every language; an action card
a content file adds without words in the catalog keeps its printed name and text."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

from bigtop.core.text import DEFAULT_LANGUAGE, Catalog
from bigtop.games.trollfest.data import COLOURS, Content

TEXT = Catalog.load(Path(__file__).parent / "data" / "text.toml")


def say(key: str, lang: str, **values: Any) -> str:
    """The catalog's `key` in `lang`, filled with `values`."""
    return TEXT.text(key, lang, **values)


def listed(items: Iterable[str], lang: str) -> str:
    """Items one after the other, as the language separates them."""
    return say("separator", lang).join(items)


def points(n: int, lang: str) -> str:
    """`1 point`, `5 points`."""
    return say("points", lang, n=n)


def colour(index: int, lang: str) -> str:
    return say(f"colour.{COLOURS[index]}", lang)


def _known(key: str, lang: str, printed: str, colour: str | None = None) -> str:
    """The catalog's words for `key` in `lang` (naming `colour` in it) where the content prints
    what the catalog says in English (a shipped card); else what the content prints: a card a
    designer renamed or reworded in a content file is shown with its new words, in every language."""
    return _words(key, lang, colour) if _shipped(key, printed, colour) else printed


def _words(key: str, lang: str, colour: str | None) -> str:
    return say(key, lang, colour=say(f"colour.{colour}", lang)) if colour else say(key, lang)


@cache
def _shipped(key: str, printed: str, colour: str | None) -> bool:
    """Whether the catalog has `key` and says `printed` in English (asked once per card and word:
    every legal move of every message is worded)."""
    return TEXT.has(key) and _words(key, DEFAULT_LANGUAGE, colour) == printed


def action_name(c: Content, card: int, lang: str) -> str:
    """An action card's name."""
    kind = c.action(card)
    if kind.effect == "light":
        return _known("action.light.name", lang, kind.name, kind.colour)
    return _known(f"action.{kind.id}.name", lang, kind.name)


def action_text(c: Content, card: int, lang: str) -> str:
    """What an action card does."""
    kind = c.action(card)
    if kind.effect == "light":
        return _known("action.light.text", lang, kind.text, kind.colour)
    return _known(f"action.{kind.id}.text", lang, kind.text)


def species(name: str, lang: str) -> str:
    """A species by the catalog's word where it has one; else as the content prints it."""
    return _known(f"species.{name}", lang, name)


def seat(n: int, lang: str, band: str = "") -> str:
    """A seat as the terminal board names it: `seat 2`, or `seat 2 (“Bog Rock”)` once its band has
    a name."""
    return say("board.seat_band", lang, n=n, band=band) if band else say("board.seat", lang, n=n)


def artist(c: Content, card: int, lang: str) -> str:
    """An artist with species and instrument."""
    a = c.artists[card]
    return say("artist", lang, name=a.name, species=_known(f"species.{a.species}", lang, a.species),
               instrument=_known(f"instrument.{a.instrument}", lang, a.instrument))


def artist_card(c: Content, card: int, lang: str) -> str:
    """An artist with everything printed on the card: gender and strengths too."""
    a = c.artists[card]
    return say("artist_card", lang, name=a.name, species=_known(f"species.{a.species}", lang, a.species),
               instrument=_known(f"instrument.{a.instrument}", lang, a.instrument),
               gender=say(f"gender.{a.gender}", lang), energy=a.energy, charisma=a.charisma, skill=a.skill)


def artist_choice(c: Content, card: int, lang: str) -> str:
    """An artist as a choice names it: everything on the card, in words ("female; Energy 2,
    Charisma 2, Skill 0"), where the board's compact lines say "f, E2 C2 S0" under a legend."""
    a = c.artists[card]
    return say("artist_choice", lang, name=a.name, species=_known(f"species.{a.species}", lang, a.species),
               instrument=_known(f"instrument.{a.instrument}", lang, a.instrument),
               gender=say(f"gender_word.{a.gender}", lang), energy=a.energy, charisma=a.charisma, skill=a.skill)


def card(c: Content, card: int, lang: str) -> str:
    """A card by what it is called: an artist with species and instrument, or an action card."""
    return artist(c, card, lang) if c.is_artist(card) else action_name(c, card, lang)


def card_text(c: Content, card: int, lang: str) -> str:
    """A card with what it does: an artist's values, or an action card's name, kind and effect."""
    if c.is_artist(card):
        return artist_card(c, card, lang)
    return say("card_text", lang, name=action_name(c, card, lang), kind=say(f"kind.{c.action(card).kind}", lang),
               text=action_text(c, card, lang))


def target(c: Content, card: int, arg: int, lang: str, scouted: int = -1) -> str:
    """What a played action card aims at (`scouted`: the artist a Talent Scout takes)."""
    if arg < 0 or c.is_artist(card):
        return ""
    effect = c.action(card).effect
    if effect == "take_dragon":
        return say("target.dragon", lang, colour=colour(arg, lang))
    if effect == "move_groundhog":
        return say("target.groundhog", lang, city=c.cities[arg].name)
    if effect == "scout" and scouted >= 0:
        return say("target.scout", lang, artist=artist(c, scouted, lang))
    if effect == "duo":
        return say("target.duo", lang, instrument=say(f"instrument.{c.instruments[arg]}", lang))
    return ""


def category(key: str, lang: str) -> str:
    """A score category's name (`scoring.CATEGORIES`)."""
    return say(f"category.{key}", lang)
