"""The review's own words in English, French and Traditional Chinese (`text.toml`, a
`bigtop.core.text.Catalog`), and how it writes its numbers: points of the game's unit, grades,
percentages. Moves are named by each game's `describe(state, action, lang)`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bigtop.core.errors import BigtopError
from bigtop.core.text import COMMON, DEFAULT_LANGUAGE, LANGUAGES, Catalog

WORDS = Catalog.load(Path(__file__).with_name("text.toml"))


def say(key: str, lang: str, **values: Any) -> str:
    """The review's line `key` in `lang` with `values` filled in."""
    return WORDS.text(key, lang, **values)


def number(value: float, lang: str, digits: int = 1) -> str:
    """`value` with `digits` decimals, with a decimal comma in French."""
    text = f"{value:.{digits}f}"
    return text.replace(".", ",") if lang == "fr" else text


def points(value: float, unit: str, lang: str, short: bool = False, margin: float | None = None) -> str:
    """`value` points of a game's `unit` ("unit.prestige"), with one decimal: "2.5 points",
    "1.0 points" (a number written with decimals takes the plural in English), "1,0 point";
    `short`: as few decimals as it needs (a threshold: "5 points", "2,5 points"); `margin`: with
    its ± half-width ("6.9 ± 7.3 points")."""
    count = round(value, 1) if lang == "fr" else None  # French: singular below 2
    template = WORDS.template(unit, lang, count)
    text = number(value, lang)
    if short:
        text = f"{value:g}".replace(".", ",") if lang == "fr" else f"{value:g}"
    if margin is not None:
        text = f"{text} ± {number(margin, lang)}"
    return (template or "{n}").replace("{n}", text)


def unit_name(unit: str, lang: str) -> str:
    """The name of a game's points ("prestige", "points") in `lang`."""
    return say(unit.replace("unit.", "unit.name.", 1), lang)


def grade_name(grade: str | None, lang: str) -> str:
    return say(f"grade.{grade}", lang) if grade else ""


def percent(value: float, tight: bool = False) -> str:
    """A share as a percentage: "42 %"; `tight`: "42%", which a terminal never wraps between the
    number and its sign (every kind of space is a place to wrap a line)."""
    return f"{100 * value:.0f}{'' if tight else ' '}%"


def checked(lang: str) -> str:
    """`lang` if the review speaks it (`en`, `fr`, `zh-Hant`); a clear error otherwise."""
    if lang not in LANGUAGES:
        raise BigtopError(f"unknown language {lang!r}: one of {', '.join(LANGUAGES)}")
    return lang


def spoken(game: Any) -> tuple[str, ...]:
    """The languages in which `game` names its moves itself: English, and each language its own
    catalog (`Game.text`) has every entry of, if the catalog words more than the log. A review or a
    hint sends the moves' words in these; a front end names the others its own way."""
    text = getattr(game, "text", COMMON)
    if text is COMMON or all(key.startswith("log.") for key in text.keys()):
        return (DEFAULT_LANGUAGE,)
    missing = text.missing()
    return tuple(lang for lang in LANGUAGES if lang == DEFAULT_LANGUAGE or not missing.get(lang))


def named(game: Any, state: Any, action: Any) -> dict[str, str]:
    """`action` in words in `state`, in every language `game` speaks (`spoken`)."""
    return {lang: game.describe(state, action, lang) for lang in spoken(game)}
