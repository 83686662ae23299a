"""What the review writes of a key moment and of a cost, in the terminal and on the page: a cost is
never written so that it seems to cross a grade's threshold it did not reach (9.97 points, a
mistake, is not "10.0 points" beside "blunder from 10 points"), and a key moment's win chances
are the position's, as on the graph, with the shares won in the compared playouts labelled as
such (they measure the cost; "0 %" in mid-game is not the position's chance)."""

from __future__ import annotations

import html
import re
from functools import cache
from typing import Any

import pytest

from bigtop import bots
from bigtop.analysis.grading import WIN_THRESHOLDS
from bigtop.analysis.page import review_page
from bigtop.analysis.review import Review, review
from bigtop.analysis.run import cost_text, grade_reason
from bigtop.analysis.search import Budget
from bigtop.analysis.words import figure, percent, points, say, share
from bigtop.bots.match import play_game
from toy.game import GAME

CARCASSONNE = (2.5, 5.0, 10.0)  # its points of lead for an inaccuracy, a mistake, a blunder


def test_a_figure_never_seems_to_cross_a_threshold_it_did_not_reach() -> None:
    assert figure(9.97, "en", 1, CARCASSONNE) == "9.97" and figure(9.97, "fr", 1, CARCASSONNE) == "9,97"
    assert figure(10.02, "en", 1, CARCASSONNE) == "10.0" and figure(7.26, "en", 1, CARCASSONNE) == "7.3"
    assert figure(9.9996, "en", 1, CARCASSONNE) == "9.999"  # cut down where even three decimals round up
    assert figure(4.96, "en", 1, CARCASSONNE, margin=2.0) == "4.96 ± 2.00"  # its margin with as many decimals
    assert figure(5.12, "en", 1, (), margin=5.08) == "5.12 ± 5.08"  # beyond its noise: not "5.1 ± 5.1"
    assert points(9.97, "unit.points", "en", margin=2.2, marks=CARCASSONNE) == "9.97 ± 2.20 points"
    assert percent(0.196, tight=True, marks=WIN_THRESHOLDS) == "19.6%" and percent(0.204, tight=True, marks=WIN_THRESHOLDS) == "20%"
    assert percent(0.196, tight=True, marks=WIN_THRESHOLDS, margin=0.05, lang="fr") == "19,6% ± 5,0%"
    assert share(0.0006) == "<1 %" and share(0.9994) == ">99 %" and share(0.0) == "0 %" and share(1.0) == "100 %"


def near_threshold(lang: str) -> dict[str, Any]:
    """A Carcassonne decision that gave up 9.97 points (a mistake: under the blunder's 10) and
    19.6 points of win chance (under the blunder's 20)."""
    return {"move": 7, "seat": 0, "action": 1, "best_action": 2, "action_text": "a", "best_text": "b",
            "loss": 0.196, "loss_margin": 0.05, "lead_loss": 9.97, "lead_loss_margin": 2.2, "grade": "mistake"}


@pytest.mark.parametrize("lang", ("en", "fr", "zh-Hant"))
def test_the_terminal_writes_a_cost_beside_its_grade_without_seeming_to_cross_it(lang: str) -> None:
    row = near_threshold(lang)
    decimal = "," if lang == "fr" else "."
    cost = cost_text(row, "unit.points", CARCASSONNE, lang)
    assert f"9{decimal}97 ± 2{decimal}20" in cost and f"19{decimal}6% ± 5{decimal}0%" in cost, cost
    assert f"10{decimal}0" not in cost and "20%" not in cost
    reason = grade_reason(row, "unit.points", CARCASSONNE, lang)
    assert f"9{decimal}97" in reason and f"19{decimal}6%" in reason and f"10{decimal}0" not in reason, reason


@cache
def reviewed() -> Review:
    """A real game of three random bots (seed 10), reviewed at a tiny budget: it has key moments."""
    state = play_game(GAME, [bots.make("random", GAME, seed=p) for p in range(3)], seed=10)
    return review(state.record(), budget=Budget(20, None, 16), workers=1)


def record():
    return play_game(GAME, [bots.make("random", GAME, seed=p) for p in range(3)], seed=10).record()


def text_of(page: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


@pytest.mark.parametrize("lang", ("en", "fr", "zh-Hant"))
def test_a_key_moment_on_the_page_gives_the_position_s_win_chance_and_labels_the_playouts(lang: str) -> None:
    """The position's win chance before the move (the graph's), then the shares of the compared
    playouts won, said to be those: a move 77 that "dropped" a seat from 82 % to 16 % in the
    playouts, where the graph said 66 % after it, no longer reads as the position's chances."""
    data = reviewed().to_json()
    rows = {r["move"]: r for r in data["decisions"]}
    moment = data["key_moments"][0]
    row = rows[moment["move"]]
    moment["win_before"] = [0.0006] + [0.9994 / (data["players"] - 1)] * (data["players"] - 1)  # nearly none: not "0 %"
    page = text_of(review_page(data, record(), lang=lang))
    names = [say("seat", lang, n=p) for p in range(data["players"])]
    now = ", ".join(f"{names[p]} {percent(w)}" for p, w in enumerate(row["win_chance"]))
    before = ", ".join(f"{names[p]} {share(w)}" for p, w in enumerate(moment["win_before"]))
    after = ", ".join(f"{names[p]} {share(w)}" for p, w in enumerate(moment["win_after"]))
    expected = " ".join(say("page.chances", lang, now=now, before=before, after=after).split())
    assert expected in page
    assert f"{names[0]} <1 %" in page and f"{names[0]} 0 %" not in expected
    assert {"en": "compared playouts", "fr": "parties simulées comparées", "zh-Hant": "比較的模擬對局"}[lang] in expected


def test_the_page_writes_costs_beside_their_grades_without_seeming_to_cross_them() -> None:
    """In a key moment and in the costliest decisions: 7.97 points where the toy game's blunder is
    from 8 is "7.97", and 19.6 points of win chance "19.6"."""
    data = reviewed().to_json()
    thresholds = data["result"]["thresholds"]
    assert thresholds[2] == 8
    move = data["key_moments"][0]["move"]
    for row in data["decisions"]:
        if row["move"] == move:
            row.update(lead_loss=7.97, lead_loss_margin=1.0, loss=0.196, loss_margin=0.05, grade="mistake")
    seat = next(r["seat"] for r in data["decisions"] if r["move"] == move)
    assert move in next(a for a in data["accuracy"] if a["seat"] == seat)["costliest"]
    page = text_of(review_page(data, record(), lang="en"))
    assert "cost 7.97 ± 1.00 points and 19.6 ± 5.0 points of win chance" in page
    assert re.search(rf"{move} \S.*?7\.97 ± 1\.00 19\.6 ± 5\.0 mistake", page)
    assert "8.0 ± 1.0" not in page and "20.0 ± 5.0" not in page
