"""A game's words in every language bigtop speaks: one catalog per game, read by every front end.

The terminal, the web table, hints and reviews all name moves and write the log from the same
catalog, so a line reads the same everywhere and a translation is made once. A catalog is a TOML
file with one table per key and one entry per language; an entry is a template (`{name}` is
replaced by a value) or, for words that change with a number, a table of plural forms chosen by
the value named `n`:

    [log.hired]
    en = "{seat} hires {card}."
    fr = "{seat} engage {card}."
    zh-Hant = "{seat} 雇用了 {card}。"

    [coins]
    en = { one = "{n} coin", other = "{n} coins" }
    fr = { one = "{n} pièce", other = "{n} pièces" }
    zh-Hant = "{n} 枚金幣"

A key missing in a language falls back to English; `Catalog.missing` lists such gaps for a test.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from bigtop.core.data import read_toml
from bigtop.core.errors import DataError
from bigtop.core.events import fill_template

LANGUAGES = ("en", "fr", "zh-Hant")
DEFAULT_LANGUAGE = "en"
PLURAL_FORMS = ("one", "other")

Template = str | Mapping[str, str]  # a template, or its plural forms by name


def language(code: str | None) -> str:
    """The language bigtop speaks closest to `code` ("fr-CA" -> "fr", "zh-TW" -> "zh-Hant");
    English for anything else."""
    if not code:
        return DEFAULT_LANGUAGE
    code = code.strip().lower()
    if code.startswith("fr"):
        return "fr"
    if code.startswith("zh"):
        return "zh-Hant"
    return DEFAULT_LANGUAGE


def plural_form(lang: str, n: Any) -> str:
    """The plural form a count takes: French says "1 pièce" and "0 pièce", English "0 coins"."""
    if not isinstance(n, (int, float)) or isinstance(n, bool):
        return "other"
    if lang == "fr":
        return "one" if abs(n) < 2 else "other"
    return "one" if n == 1 else "other"


class Catalog:
    """Templates by key and language. `text(key, lang, **values)` fills one; `has(key)` tells
    whether the catalog knows a key (in English at least)."""

    def __init__(self, entries: Mapping[str, Mapping[str, Template]], source: str = "catalog") -> None:
        self.source = source
        self._entries = {key: dict(by_lang) for key, by_lang in entries.items()}
        for key, by_lang in self._entries.items():
            if DEFAULT_LANGUAGE not in by_lang:
                raise DataError(f"{source}: [{key}] has no English ({DEFAULT_LANGUAGE}) entry")
            for lang, template in by_lang.items():
                if lang not in LANGUAGES:
                    raise DataError(f"{source}: [{key}] names the unknown language {lang!r} (known: {', '.join(LANGUAGES)})")
                if isinstance(template, Mapping) and "other" not in template:
                    raise DataError(f"{source}: [{key}] {lang}: plural forms need 'other'")

    @classmethod
    def load(cls, path: str | Path) -> Catalog:
        """The catalog in the TOML file at `path` (nested tables give dotted keys: [log.hired])."""
        return cls(_flatten(read_toml(path)), source=str(path))

    def merged(self, *others: Catalog) -> Catalog:
        """This catalog with the keys of `others` added (a later catalog wins on a shared key)."""
        entries: dict[str, Mapping[str, Template]] = dict(self._entries)
        for other in others:
            entries.update(other._entries)
        return Catalog(entries, source=self.source)

    def has(self, key: str) -> bool:
        return key in self._entries

    def keys(self) -> Iterable[str]:
        return self._entries.keys()

    def template(self, key: str, lang: str = DEFAULT_LANGUAGE, n: Any = None) -> str | None:
        """The template of `key` in `lang` (English when `lang` lacks it), the plural form for
        the count `n` chosen; None if the catalog has no such key."""
        by_lang = self._entries.get(key)
        if by_lang is None:
            return None
        if lang in by_lang:
            template = by_lang[lang]
        else:
            template, lang = by_lang[DEFAULT_LANGUAGE], DEFAULT_LANGUAGE
        if isinstance(template, str):  # before the plural forms: a check against `Mapping` is slow
            return template
        return template.get(plural_form(lang, n)) or template["other"]

    def text(self, key: str, lang: str = DEFAULT_LANGUAGE, **values: Any) -> str:
        """`key`'s template in `lang` with `values` filled in; the key itself if unknown."""
        template = self.template(key, lang, values.get("n"))
        return key if template is None else fill_template(template, values)

    def missing(self) -> dict[str, list[str]]:
        """For each language, the keys it lacks (each falls back to English)."""
        return {lang: sorted(k for k, by_lang in self._entries.items() if lang not in by_lang) for lang in LANGUAGES}


def _flatten(table: Mapping[str, Any], prefix: str = "") -> dict[str, dict[str, Template]]:
    """Nested TOML tables as dotted keys: a table whose keys are all languages is an entry."""
    out: dict[str, dict[str, Template]] = {}
    for name, value in table.items():
        key = f"{prefix}{name}"
        if not isinstance(value, Mapping):
            raise DataError(f"[{key}] must be a table of languages, not a bare value")
        if value and all(lang in LANGUAGES for lang in value):
            out[key] = dict(value)
        else:
            out.update(_flatten(value, key + "."))
    return out


COMMON = Catalog(
    {
        "log.hint_used": {"en": "{seat} used a hint.", "fr": "{seat} a demandé un conseil.", "zh-Hant": "{seat} 使用了提示。"},
        "log.table.timeout": {"en": "{seat} ran out of time: a bot played for them.",
                              "fr": "{seat} n’a plus de temps : un robot a joué à sa place.",
                              "zh-Hant": "{seat} 時間用完：由電腦代為出手。"},
        "log.table.away": {"en": "{seat} ran out of time {count} times in a row: a bot plays for them until they take their seat back.",
                           "fr": "{seat} a manqué de temps {count} fois de suite : un robot joue à sa place jusqu’à son retour.",
                           "zh-Hant": "{seat} 連續 {count} 次時間用完：在回到座位前由電腦代打。"},
        "log.table.undo": {"en": "{seat} took a move back.", "fr": "{seat} a repris un coup.", "zh-Hant": "{seat} 悔了一步。"},
        "by_seat.entry": {"en": "{seat} {value}", "fr": "{seat} {value}", "zh-Hant": "{seat} {value}"},
        "by_seat.sep": {"en": ", ", "fr": ", ", "zh-Hant": "、"},
        "bot.random": {"en": "Easy bot", "fr": "Robot facile", "zh-Hant": "簡單電腦"},
        "bot.heuristic": {"en": "Normal bot", "fr": "Robot moyen", "zh-Hant": "普通電腦"},
        "bot.ismcts": {"en": "Strong bot", "fr": "Robot fort", "zh-Hant": "困難電腦"},
        "bot.learned": {"en": "Learned bot", "fr": "Robot appris", "zh-Hant": "學習型電腦"},
    },
    source="bigtop.core.text",
)
"""Log entries the platform writes in any game (not the rules): hints, and a table's notes (clocks,
undos); a figure per seat in a log entry (`by_seat.*`); and the names of the bots nobody named, by
strength (`bot.<kind>`)."""


def by_seat(values: Sequence[Any], names: Sequence[str], lang: str = DEFAULT_LANGUAGE) -> str:
    """A figure per seat, each after its seat's name, in seat order: "Ada 34, Bruno 28"."""
    return COMMON.text("by_seat.sep", lang).join(
        COMMON.text("by_seat.entry", lang, seat=name, value=value) for name, value in zip(names, values, strict=False))
