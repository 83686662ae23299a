"""The review's own words in English, French and Traditional Chinese (`text.toml`, a
`bigtop.core.text.Catalog`), and how it writes its numbers: points of the game's unit, grades,
percentages. Moves are named by each game's `describe(state, action, lang)`."""

from __future__ import annotations

import math
from collections.abc import Sequence
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


EXTRA_DIGITS = 2  # the most decimals `figures` adds to keep a figure on its side of a threshold


def figures(value: float, digits: int = 1, marks: Sequence[float] = (), margin: float | None = None) -> tuple[str, str | None]:
    """`value` (and its `margin`) written with `digits` decimals, or as many more as it takes (up
    to `EXTRA_DIGITS`) for the figure printed to sit on the same side of every mark (a grade's
    thresholds) as the value itself, and above the printed margin exactly when the value is above
    the margin: a cost of 9.97 against a blunder from 10 is "9.97", not "10.0", which the legend
    would call a blunder. Where even that would carry it across a mark it is cut down ("9.999")."""

    def agrees(d: int) -> bool:
        shown = round(value, d)
        if any((shown >= mark) != (value >= mark) for mark in marks):
            return False
        return margin is None or (shown > round(margin, d)) == (value > margin)

    d = next((d for d in range(digits, digits + EXTRA_DIGITS + 1) if agrees(d)), digits + EXTRA_DIGITS)
    text = f"{value:.{d}f}"
    if not agrees(d):
        text = f"{math.floor(value * 10 ** d) / 10 ** d:.{d}f}"
    return text, None if margin is None else f"{margin:.{d}f}"


def figure(value: float, lang: str, digits: int = 1, marks: Sequence[float] = (), margin: float | None = None) -> str:
    """`value` as `figures` writes it ("9.97", with its margin "9.97 ± 2.20"), with a decimal comma in French."""
    text, spread = figures(value, digits, marks, margin)
    if spread is not None:
        text = f"{text} ± {spread}"
    return text.replace(".", ",") if lang == "fr" else text


def points(value: float, unit: str, lang: str, short: bool = False, margin: float | None = None,
           marks: Sequence[float] = ()) -> str:
    """`value` points of a game's `unit` ("unit.prestige"), with one decimal: "2.5 points",
    "1.0 points" (a number written with decimals takes the plural in English), "1,0 point";
    `short`: as few decimals as it needs (a threshold: "5 points", "2,5 points"); `margin`: with
    its ± half-width ("6.9 ± 7.3 points"); `marks`: the thresholds it is graded against, which the
    figure printed never crosses (`figures`: "9.97 points", not "10.0 points")."""
    count = round(value, 1) if lang == "fr" else None  # French: singular below 2
    template = WORDS.template(unit, lang, count)
    text = figure(value, lang, 1, marks, margin)
    if short:
        text = f"{value:g}".replace(".", ",") if lang == "fr" else f"{value:g}"
    return (template or "{n}").replace("{n}", text)


def unit_name(unit: str, lang: str) -> str:
    """The name of a game's points ("prestige", "points") in `lang`."""
    return say(unit.replace("unit.", "unit.name.", 1), lang)


def grade_name(grade: str | None, lang: str) -> str:
    return say(f"grade.{grade}", lang) if grade else ""


def percent(value: float, tight: bool = False, marks: Sequence[float] = (), margin: float | None = None,
            lang: str = "en") -> str:
    """A share as a percentage: "42 %"; `tight`: "42%", which a terminal never wraps between the
    number and its sign (every kind of space is a place to wrap a line). `marks` (shares, as the
    win-chance thresholds) and `margin` as in `figures`: a loss of 0.196 against a blunder from
    0.20 is "19.6%", not "20%"; with a margin: "19.6% ± 3.0%" (a decimal comma in French)."""
    sign = f"{'' if tight else ' '}%"
    text, spread = figures(100 * value, 0, [100 * mark for mark in marks], None if margin is None else 100 * margin)
    text = text + sign if spread is None else f"{text}{sign} ± {spread}{sign}"
    return text.replace(".", ",") if lang == "fr" else text


def share(value: float) -> str:
    """A share of playouts won as a percentage, never "0 %" or "100 %" unless it is exactly so:
    "<1 %", ">99 %" (a few playouts in a thousand are not none)."""
    if 0 < value < 0.005:
        return "<1 %"
    if 0.995 <= value < 1:
        return ">99 %"
    return percent(value)


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
