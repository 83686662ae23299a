"""Troll Fest's words in English, French and Traditional Chinese: one catalog (data/text.toml) for
the log, the menus and the terminal board."""

from __future__ import annotations

import re

import pytest
from trollfest_scenario import CITY, copies

from bigtop.core import Rng
from bigtop.core.events import Event
from bigtop.games.trollfest import GAME
from bigtop.games.trollfest.data import content
from bigtop.games.trollfest.words import TEXT

LANGUAGES = ("en", "fr", "zh-Hant")
RAW = re.compile(r"\{\w+\}|\b(?:log|do|species|kin|no_kin|instrument|colour|action|target|reason|category)\.\w+")


def test_every_word_is_in_french_and_traditional_chinese() -> None:
    assert TEXT.missing() == {"en": [], "fr": [], "zh-Hant": []}
    assert GAME.text is TEXT and not GAME.log_templates  # the catalog holds every template


def test_the_catalog_names_action_cards_as_the_content_prints_them() -> None:
    c = content()
    for kind in c.action_types:
        key = "action.light" if kind.effect == "light" else f"action.{kind.id}"
        colour = TEXT.text(f"colour.{kind.colour}") if kind.colour else ""
        assert (TEXT.text(f"{key}.name", colour=colour), TEXT.text(f"{key}.text", colour=colour)) == (kind.name, kind.text)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_move_and_log_line_of_a_game_has_words_in_each_language(lang: str) -> None:
    """No key or placeholder left unfilled; in Chinese, no English word (only printed names)."""
    for players, seed in ((3, 1), (5, 2)):
        state = GAME.new(players, seed=seed)
        rng = Rng(seed)
        said: list[str] = []
        while not state.is_over():
            p = state.to_move()[rng.below(len(state.to_move()))]
            legal = state.legal_actions(p)
            said += [GAME.describe(state, action, lang) for action in legal]
            state.apply(p, legal[rng.below(len(legal))])
        said += [GAME.describe_event(event, ["Ada", "Bo", "Cy", "Di", "Ed"], state.options, lang=lang) for event in state.events]
        for line in said:
            assert line and not RAW.search(line), line
            assert lang != "zh-Hant" or not re.search(r"[a-z]{3,}", without_printed_names(line)), line


def without_printed_names(line: str) -> str:
    """The line without the names printed the same in every language: cities, artists, bands, seats."""
    c = content()
    printed = {city.name for city in c.cities} | {a.name for a in c.artists} | set(c.band_names)
    for name in sorted(printed, key=len, reverse=True):
        line = line.replace(name, "")
    return line


def test_a_line_in_each_language() -> None:
    names = ["Ada", "Bo", "Cy"]
    concert = Event("concert", {"seat": 0, "city": CITY["snorheim"], "points": 8, "species": 1, "first": 2, "groundhog": 5})
    assert GAME.describe_event(concert, names, lang="fr") == (
        "Ada donne un concert à Snorheim : 8 points (1 troll dans le groupe, +2 pour le premier jeton, +5 pour la Marmotte).")
    assert GAME.describe_event(concert, names, lang="zh-Hant") == (
        "Ada 在Snorheim開了一場演唱會：8 分（樂團中：1 位巨魔、首個標記 +2、土撥鼠 +5）。")
    one = Event("scored", {"seat": 1, "points": 1, "award": "festival", "parts": {"energy": 1}})
    assert GAME.describe_event(one, names, lang="fr") == "Bo marque 1 point : le Festival (Énergie 1)."
    assert GAME.describe_event(one, names, lang="en") == "Bo scores 1 point: the Festival (Energy 1)."
    tamer = Event("play_card", {"seat": 2, "card": copies("dragon_tamer")[0], "arg": 1})
    assert GAME.describe_event(tamer, names, lang="zh-Hant") == "Cy 打出馴龍師，拿取一枚藍龍。"
