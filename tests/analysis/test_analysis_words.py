"""The review in the player's language: its own words in English, French and Traditional Chinese,
and the moves in the words of the game's catalog, in every language the game speaks."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from bigtop import bots, games
from bigtop.analysis.hints import hints
from bigtop.analysis.page import review_page
from bigtop.analysis.review import review
from bigtop.analysis.search import Budget
from bigtop.analysis.words import WORDS, points, spoken
from bigtop.bots.match import play_game
from bigtop.core.errors import BigtopError
from bigtop.core.text import COMMON, Catalog
from toy.game import Draw, HighCard, Play


class WordyHighCard(HighCard):
    """High Card with a catalog of its own, in English and French (no Chinese yet)."""

    name = "highcard_words"
    text = Catalog({
        "move.play": {"en": "play the {card}", "fr": "jouer le {card}"},
        "move.draw": {"en": "draw a card", "fr": "piocher une carte"},
        "move.pass": {"en": "pass", "fr": "passer"},
    })

    def describe(self, state: Any, action: Any, lang: str = "en") -> str:
        if isinstance(action, Play):
            return self.text.text("move.play", lang, card=action.card)
        return self.text.text("move.draw" if isinstance(action, Draw) else "move.pass", lang)


WORDY = WordyHighCard()


@pytest.fixture(scope="module", autouse=True)
def wordy_is_a_game() -> Iterator[None]:
    """The review finds a record's game by its name: WORDY is registered while these tests run only
    (registered at import, other modules would collect it as one of the games)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(games._registered, WORDY.name, WORDY)
        yield


def test_the_reviews_own_words_are_in_every_language() -> None:
    assert WORDS.missing() == {"en": [], "fr": [], "zh-Hant": []}
    assert points(2.5, "unit.prestige", "fr") == "2,5 prestige" and points(1.0, "unit.points", "en") == "1.0 points"
    assert points(3.0, "unit.points", "zh-Hant") == "3.0 分"


def test_a_game_speaks_the_languages_its_catalog_has_in_full() -> None:
    plain = type("PlainHighCard", (HighCard,), {"name": "plain", "text": COMMON})()
    assert spoken(plain) == ("en",)  # no catalog of its own: its words are English only
    assert spoken(WORDY) == ("en", "fr")  # French in full, no Chinese
    assert spoken(games.get("drumroll"))[0] == "en"


def test_a_review_and_hints_name_the_moves_in_the_games_words() -> None:
    state = play_game(WORDY, [bots.make("random", WORDY, seed=p) for p in range(2)], seed=9)
    data = review(state.record(), budget=Budget(60)).to_json()
    for row in data["decisions"]:
        assert set(row["action_texts"]) == {"en", "fr"} and row["action_texts"]["en"] == row["action_text"]
        assert row["action_texts"]["fr"].startswith(("jouer le ", "piocher", "passer"))
    page = review_page(data, state.record(), lang="fr")
    assert "jouer le " in page and "play the " not in page
    chinese = review_page(data, state.record(), lang="zh-Hant")  # the game has no Chinese: its English words
    assert "對局分析" in chinese and "play the " in chinese
    fresh = WORDY.new(2, seed=3)
    found = hints(fresh, 0, Budget(100), lang="fr")
    assert all(h.text.startswith("jouer le ") and h.texts["en"].startswith("play the ") for h in found)
    with pytest.raises(BigtopError, match="unknown language"):
        hints(fresh, 0, Budget(10), lang="de")
