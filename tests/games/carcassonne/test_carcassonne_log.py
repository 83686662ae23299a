"""The log says who gained what, in English, French and Traditional Chinese: every point a seat
scores is an entry naming the seat, the points and what they are for (a feature by its kind and
size, the circus, the ringmaster's bonus, acrobats), and no entry is about nothing."""

from __future__ import annotations

import re
from collections import defaultdict

import pytest
from carcassonne_scenario import GAME, new, turn

from bigtop.core import Rng
from bigtop.core.events import Event
from bigtop.games.carcassonne.actions import Meeple, Place
from bigtop.games.carcassonne.bigtop.actions import Acrobat, Ringmaster, ScorePyramid

LANGS = ("en", "fr", "zh-Hant")
NAMES = ["Ada", "Bo", "Cy", "Di", "Ed"]


def played(players: int, seed: int):
    state = GAME.new(players, seed=seed)
    rng = Rng(seed)
    while not state.is_over():
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.below(len(legal))])
    return state


def lines(state, lang: str = "en") -> list[str]:
    return [GAME.describe_event(e, NAMES, state.options, lang=lang) for e in state.events]


def figure_action(state, words: str, kind=Meeple):
    """The figure action of the seat to move whose English words start with `words`."""
    seat = state.to_move()[0]
    return next(a for a in state.legal_actions(seat) if isinstance(a, kind) and GAME.describe(state, a).startswith(words))


def test_the_catalog_speaks_every_language_and_is_the_only_source() -> None:
    """Every key in English, French and Chinese, the expansion's keys merged in, and no English
    log dictionary beside it."""
    assert GAME.text.missing() == {"en": [], "fr": [], "zh-Hant": []}
    assert {"log.scored", "log.circus_points", "log.ringmaster", "log.acrobat_points"} <= set(GAME.text.keys())
    assert GAME.log_templates == {}


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 2), (4, 3), (5, 4)])
def test_every_point_scored_is_an_entry_naming_the_seat(players: int, seed: int) -> None:
    """Summing the points of the entries that name a seat gives each seat's final score."""
    state = played(players, seed)
    gained: dict[int, int] = defaultdict(int)
    for event in state.events:
        if "seat" in event.data and "points" in event.data:
            assert event.data["points"] > 0, event
            gained[event.data["seat"]] += event.data["points"]
    assert [gained[p] for p in range(players)] == list(state.scores())


@pytest.mark.parametrize("seed", range(4))
def test_no_wrong_plural_no_doubled_word_no_each_for_one(seed: int) -> None:
    state = played(3, seed)
    english, french, chinese = (lines(state, lang) for lang in LANGS)
    for line in english:
        assert not re.search(r"\b1 (points|figures|tiles|acrobats|pennants|completed cities)\b", line), line
        assert not re.search(r"\b([02-9]|\d\d+) (point|figure|tile|acrobat|pennant|completed city)\b", line), line
        assert not re.search(r"\+0\b|\b0 points\b", line), line
    for line in french:
        assert not re.search(r"\b[01] (points|figurines|tuiles|acrobates|blasons|villes)\b", line), line
        assert not re.search(r"\b([2-9]|\d\d+) (point|figurine|tuile|acrobate|blason|ville)\b", line), line
    for line in chinese:
        assert not re.search(r"(一個|一名|一條|一段)\1", line) and "各得" not in line, line
    assert {len(english), len(french), len(chinese)} == {len(state.events)}


def test_a_city_at_the_end_is_named_with_its_tiles_and_pennants() -> None:
    state = new(["C"])
    state.apply(0, Place(0, -1, 0))
    state.apply(0, figure_action(state, "Put a meeple on the city"))
    scored = [line for line in lines(state) if "scores" in line]
    assert scored == ["Ada scores 3 points for an unfinished city of 2 tiles with 1 pennant at (0, -1)."]
    assert [line for line in lines(state, "fr") if "marque" in line] == [
        "Ada marque 3 points pour une ville inachevée de 2 tuiles avec 1 blason en (0, -1)."]
    assert [line for line in lines(state, "zh-Hant") if "得" in line] == ["Ada 因位於 (0, -1) 的未完成的城市（2 塊板塊、1 面盾徽）得 3 分。"]


def test_a_tie_is_one_entry_per_scorer_saying_it_is_a_tie() -> None:
    """Two roads with a meeple each are joined: at the end both players score the whole road."""
    state = new(["U", "V", "V", "V"])
    state.apply(0, Place(1, 0, 0))
    state.apply(0, figure_action(state, "Put a meeple on the road"))
    state.apply(1, Place(0, 1, 0))
    state.apply(1, figure_action(state, "Put a meeple on the road"))
    turn(state, -1, 0, 3)
    turn(state, -1, 1, 2)
    assert state.is_over()
    assert [line for line in lines(state) if "scores" in line] == [
        "Ada scores 5 points for an unfinished road of 5 tiles at (1, 0), tied for the most figures.",
        "Bo scores 5 points for an unfinished road of 5 tiles at (1, 0), tied for the most figures.",
    ]  # one square for the feature: the first scoring figure's (Ada's)
    assert [line for line in lines(state, "zh-Hant") if "得" in line][0] == "Ada 因位於 (1, 0) 的未完成的道路（5 塊板塊）得 5 分（人偶數並列最多）。"


def test_the_ringmasters_bonus_follows_its_feature() -> None:
    """"If the feature with your ringmaster becomes completed, first score points for the
    completed feature. Then, for each Circus and Acrobat tile that your ringmaster is on or
    adjacent to, score 2 points.\""""
    state = new(["ffrf.bt", "A"])
    state.apply(0, Place(0, 1, 0))
    state.apply(0, figure_action(state, "Put your ringmaster on the road", Ringmaster))
    turn(state, 0, 2, 2)
    said = lines(state)
    first = said.index("Ada scores 2 points for a completed road of 2 tiles at (0, 1); its figures go back to their owners.")
    assert said[first + 1] == "Ringmaster bonus: Ada scores 2 points for 1 circus or acrobat tile on and around the ringmaster's tile."
    assert ("Bonus de Monsieur Loyal : Ada marque 2 points pour 1 tuile Cirque ou Acrobates sur la tuile de Monsieur Loyal "
            "et autour.") in lines(state, "fr")


def test_a_pyramid_scored_says_what_each_owner_gains() -> None:
    """"Instead of placing a meeple ... you can score a completed pyramid. Each acrobat in the
    completed pyramid is worth 5 points.\""""
    state = new(["ffff.ac", "U", "U", "U"])
    state.apply(0, Place(0, 1, 0))
    state.apply(0, Acrobat(0, 0))
    state.apply(1, Place(1, 1, 1))
    state.apply(1, Acrobat(-1, 0))
    state.apply(0, Place(-1, 1, 1))
    state.apply(0, Acrobat(1, 0))
    state.apply(1, Place(0, 2, 0))
    assert GAME.describe(state, ScorePyramid(0, 1)) == (
        "Score the complete pyramid at (0, 1) instead of placing a figure (yours: 1 acrobat)")
    state.apply(1, ScorePyramid(0, 1))
    said = lines(state)
    assert "Ada adds an acrobat to the pyramid on an acrobat tile at (0, 1): 3 of 3." in said
    at = said.index("Bo scores the complete pyramid on an acrobat tile at (0, 1) instead of placing a figure.")
    assert said[at + 1: at + 3] == ["Ada scores 10 points for 2 acrobats in the pyramid.", "Bo scores 5 points for 1 acrobat in the pyramid."]


def test_acrobats_left_at_the_end_are_one_entry_per_player() -> None:
    """"During final scoring, each of your acrobats is worth 5 points.\""""
    state = new(["ffff.ac", "U"])
    state.apply(0, Place(0, 1, 0))
    state.apply(0, Acrobat(0, 0))
    state.apply(1, Place(1, 1, 1))
    state.apply(1, Acrobat(-1, 0))
    said = lines(state)
    assert "Ada scores 5 points for 1 acrobat still on the pyramids." in said
    assert "Bo scores 5 points for 1 acrobat still on the pyramids." in said
    assert "Bo 還有 1 名特技演員在疊羅漢上，得 5 分。" in lines(state, "zh-Hant")


def test_a_circus_with_nobody_around_says_so_and_gives_nobody_points() -> None:
    state = new(["ffrf.bt", "cfff.bt"], tokens=("monkey",))
    turn(state, 0, 1, 0)
    turn(state, 0, -1, 2)
    said = lines(state)
    assert ("The circus is scored: under the Big Top is a monkey, 3 points per figure on its tile and the 8 around it. "
            "Nobody has a figure there.") in said
    assert not any("at the circus" in line for line in said)


SCORED = {"seat": 1, "points": 10, "feature": "city", "size": 4, "pennants": 1, "complete": True, "n": 1, "seats": [1], "x": -2, "y": 0}


def test_a_scoring_line_names_the_square_of_its_feature_in_every_language() -> None:
    """A scored feature is named with the square its scoring figure stood on, so that the board shows
    which one it was after its figures have gone home; a feature completed during the game says that
    they go home, on its last line only."""
    said = {lang: GAME.describe_event(Event("scored", SCORED), NAMES, lang=lang) for lang in LANGS}
    assert said == {
        "en": "Bo scores 10 points for a completed city of 4 tiles with 1 pennant at (-2, 0); its figures go back to their owners.",
        "fr": "Bo marque 10 points pour une ville achevée de 4 tuiles avec 1 blason en (-2, 0) ; "
              "les figurines posées dessus retournent à leurs propriétaires.",
        "zh-Hant": "Bo 因位於 (-2, 0) 的完成的城市（4 塊板塊、1 面盾徽）得 10 分；上面的人偶回到各自主人手中。",
    }
    tie = {**SCORED, "feature": "road", "pennants": 0, "n": 2, "seats": [0, 1], "seat": 0, "complete": False, "size": 5, "points": 5, "x": 3}
    assert [GAME.describe_event(Event("scored", tie), NAMES, lang=lang) for lang in LANGS] == [
        "Ada scores 5 points for an unfinished road of 5 tiles at (3, 0), tied for the most figures.",
        "Ada marque 5 points pour une route inachevée de 5 tuiles en (3, 0), à égalité de figurines.",
        "Ada 因位於 (3, 0) 的未完成的道路（5 塊板塊）得 5 分（人偶數並列最多）。",
    ]
    first_of_two = {**SCORED, "n": 2, "seats": [1, 2]}  # the last scorer's line says the figures go home
    assert [GAME.describe_event(Event("scored", {**first_of_two, "seat": seat}), NAMES).endswith("owners.") for seat in (1, 2)] == [False, True]



@pytest.mark.parametrize("players, seed", [(2, 1), (3, 2), (5, 4)])
def test_every_scored_feature_is_named_by_a_square_a_scoring_figure_stood_on(players: int, seed: int) -> None:
    """In a whole game, each scoring entry names a laid tile where a figure of a scorer stood (the
    figure entries say where each one went), in every language; a tie names one square."""
    state = played(players, seed)
    stood: set[tuple[int, int, int]] = set()
    board = {(x, y) for x, y, *_ in state.view(None)["board"]}
    scored = 0
    for event in state.events:
        data = event.data
        if event.kind == "figure":
            stood.add((data["seat"], data["x"], data["y"]))
        elif event.kind == "scored":
            scored += 1
            assert (data["x"], data["y"]) in board
            assert any((seat, data["x"], data["y"]) in stood for seat in data["seats"]), data
            for lang, where in zip(LANGS, ("at ({x}, {y})", "en ({x}, {y})", "位於 ({x}, {y}) 的"), strict=True):
                assert where.format(**data) in GAME.describe_event(event, NAMES, state.options, lang=lang)
    assert scored > 5


@pytest.mark.parametrize("lang, last", [
    ("en", "Game over. Final points: Ada {}, Bo {}, Cy {}."),
    ("fr", "Partie terminée. Points finaux : Ada {}, Bo {}, Cy {}."),
    ("zh-Hant", "遊戲結束。最終分數：Ada {}、Bo {}、Cy {}。"),
])
def test_the_last_line_names_each_seat_with_its_points(lang: str, last: str) -> None:
    """The final points, each after the name the log gives that seat elsewhere."""
    state = played(3, 2)
    assert lines(state, lang)[-1] == last.format(*state.scores())
    assert GAME.describe_event(state.events[-1], options=state.options).startswith("Game over. Final points: Seat 0 ")
