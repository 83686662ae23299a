"""Drum Roll's words: one catalog (`data/text.toml`) in English, French and Traditional Chinese, read for
moves and log lines in every language, with the rulebooks' own words where they have them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from drumroll_scenario import GAME, position, show

from bigtop.core import Rng
from bigtop.core.events import Event
from bigtop.core.text import LANGUAGES
from bigtop.games.drumroll.actions import Done, Hire, Perform, Place, SkipSalary, TakeCube
from bigtop.games.drumroll.data import DATA, load_content
from bigtop.games.drumroll.text import TEXT, card_name, coins

PLACEHOLDER = re.compile(r"\{(\w+)\}")
NAMES = ["Ada", "Bo", "Cy", "Di"]
LATIN = re.compile(r"[A-Za-z]+")
LATIN_IN_CHINESE = {"Pass", *NAMES}  # the Chinese rulebook's own 【Pass】, and the seats' names


def forms(key: str, lang: str) -> list[str]:
    """Every form of `key`'s template in `lang` (one, or its plural forms)."""
    return [TEXT.template(key, lang, n) for n in (1, 2)]  # type: ignore[misc]


def test_every_word_is_in_french_and_chinese() -> None:
    assert TEXT.missing() == {"en": [], "fr": [], "zh-Hant": []}
    assert GAME.text is TEXT


@pytest.mark.parametrize("lang", LANGUAGES[1:])
def test_a_translation_names_what_the_english_names(lang: str) -> None:
    for key in TEXT.keys():
        english = {name for form in forms(key, "en") for name in PLACEHOLDER.findall(form)}
        for form in forms(key, lang):
            assert set(PLACEHOLDER.findall(form)) == english - {"n"} | ({"n"} & set(PLACEHOLDER.findall(form))), (key, form)


def test_the_rulebooks_words() -> None:
    """"Exemple: La foule à Moscou ..." — "莫斯科的觀眾喜歡魔術師和馴獸師" — "la Funambule" — "「走鋼索師」" — "Applaudissements
    prolongés (Extended Applause)" — "額外鼓掌" — "Répétition: Le joueur prend un cube blanc" — "【練習】玩家獲得1個白方塊"."""
    c = load_content()
    expected = {
        "moscow": ("Moscow", "Moscou", "莫斯科"),
        "rope-walker": ("Rope Walker", "Funambule", "走鋼索師"),
        "applause-tamer": ("Extended Applause (tamer)", "Applaudissements prolongés (dompteur)", "額外鼓掌（馴獸師）"),
        "bank-representative": ("Bank Representative", "Représentant de la banque", "銀行代表"),
        "assistant-red": ("Personal Assistant (red)", "Assistant personnel (rouge)", "個人秘書（紅）"),
        "unblock-2": ("Unblock Action", "Débloquer une action", "行動不受阻"),
    }
    for card, names in expected.items():
        assert tuple(card_name(c, card, lang) for lang in LANGUAGES) == names
    state = position(3)
    assert [GAME.describe(state, Place("white"), lang) for lang in LANGUAGES] == [
        "place a marker on Rehearsal (white cube)", "poser un jeton sur Répétition (cube blanc)", "在「練習（白方塊）」放置標記"]
    assert [TEXT.text("level.3", lang) for lang in LANGUAGES] == ["outstanding", "exceptionnelle", "絕妙演技"]


def test_every_card_and_region_has_its_own_name_in_each_language() -> None:
    c = load_content()
    cards = [*c.performers, *c.personnel, *c.investments, *c.regions]
    for lang in LANGUAGES[1:]:
        names = {card: card_name(c, card, lang) for card in cards}
        assert all(name != card for card, name in names.items())
        assert len({names[x] for x in c.performers}) == len(c.performers)  # no two performers share a name
        if lang == "zh-Hant":
            assert [name for name in names.values() if LATIN.search(name)] == []
        else:
            assert [x for x in c.performers if names[x] == c.performers[x].name] == []


def test_numbers_take_their_plural_form() -> None:
    assert [coins(n, "en") for n in (0, 1, 2)] == ["0 coins", "1 coin", "2 coins"]
    assert [coins(n, "fr") for n in (0, 1, 2)] == ["0 pièce", "1 pièce", "2 pièces"]
    assert [coins(n, "zh-Hant") for n in (1, 2)] == ["1 元", "2 元"]
    state = position(3)
    assert GAME.describe(state, TakeCube("red", 2), "fr") == "prendre 2 cubes rouges"
    assert GAME.describe(state, TakeCube("red", 1), "fr") == "prendre 1 cube rouge"
    assert GAME.describe(state, Place("pass"), "fr") == "passer (1 pièce)"
    assert GAME.describe(state, Hire("tumbler"), "zh-Hant") == "雇用翻滾師（2 元）"
    flipped = Event("flipped", {"seat": 1, "card": "rope-walker", "prestige": 1})
    assert GAME.describe_event(flipped, NAMES, lang="fr") == "Bo retourne Funambule pour 1 point de prestige."


def test_a_card_file_that_renames_a_card_keeps_its_name_in_every_language(tmp_path: Path) -> None:
    path = tmp_path / "cards.toml"
    path.write_text((DATA / "cards.toml").read_text(encoding="utf-8").replace('name = "Rope Walker"', 'name = "Tightrope Tess"'),
                    encoding="utf-8")
    c = load_content(str(path))
    assert {card_name(c, "rope-walker", lang) for lang in LANGUAGES} == {"Tightrope Tess"}
    assert card_name(c, "tumbler", "fr") == "Saltimbanque"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_move_and_log_line_of_a_game_reads_in_every_language(players: int) -> None:
    """Seeded random games: every legal move and every log entry, in each language, with nothing left unfilled,
    and no Latin word in Chinese but the seats' names."""
    state = GAME.new(players, seed=players)
    rng = Rng(players)
    while not state.is_over():
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        for action in legal:
            for lang in LANGUAGES:
                words = GAME.describe(state, action, lang)
                assert words and "{" not in words, (action, lang, words)
            assert not set(LATIN.findall(GAME.describe(state, action, "zh-Hant"))) - LATIN_IN_CHINESE, action
        state.apply(seat, legal[rng.below(len(legal))])
    for event in state.log.to_list():
        for lang in LANGUAGES:
            line = GAME.describe_event(event, NAMES, state.options, lang=lang)
            assert "{" not in line and not line.startswith(f"{event.kind}("), (event, lang, line)
        assert not set(LATIN.findall(GAME.describe_event(event, NAMES, state.options, lang="zh-Hant"))) - LATIN_IN_CHINESE


def test_a_done_says_what_it_does_where_it_is_asked() -> None:
    """"Skip a payment of any single salary after the show": the salary skip prompt names each salary's amount, and
    its `Done` says that the skip goes unused."""
    s = show(3, {0: {"coins": 10, "performers": [{"id": "bearded-lady", "cubes": ["green", "white"]},  # good: skip a salary
                                                 {"id": "rope-walker", "cubes": ["red"]}]}})
    assert GAME.describe(s, Done()) == "end your show here"
    s.apply(0, Perform("bearded-lady"))
    assert [GAME.describe(s, a) for a in s.legal_actions(0)] == [
        "use no salary skip (it is lost after the show)", "skip the salary of Bearded Lady (2 coins)",
        "skip the salary of Rope Walker (4 coins)"]
    assert GAME.describe(s, SkipSalary("rope-walker"), "fr") == "ne pas payer le salaire de Funambule (4 pièces)"
