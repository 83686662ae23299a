"""A tutorial at the web table, in Chromium, on High Card (the test game's tutorial.toml): only the
scripted move is offered at each of the learner's steps, a bubble next to it says why, the scripted
bots play their moves, the lesson survives a reload, and the chapter ends as a free game; and the
built-in games' tutorials played through by clicking what each step outlines."""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from bigtop.games import get
from bigtop.tutorial import load

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))
from browser_support import Shots, recording_page  # noqa: E402
from server_support import ServerProcess, sqlite_url  # noqa: E402
from test_table_games import docs_picture  # noqa: E402

from bigtop import games  # noqa: E402

CARD = "svg.hc-playable"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp("tutorial")
    process = ServerProcess(sqlite_url(folder), folder).start()
    yield process
    process.stop()


@pytest.fixture
def page(browser) -> Iterator[Page]:
    yield from recording_page(browser, 390, 844)


def test_a_chapter_is_guided_move_by_move_then_played_freely(server, page, tmp_path):
    shots = Shots(page, tmp_path / "screenshots")
    page.goto(f"{server.url}/#/learn/highcard")
    page.locator("#learn-page button[data-chapter='1']").click()
    bubble = page.locator("#tutorial-bubble")
    expect(bubble).to_contain_text("Play your 12", timeout=30_000)  # the bot's scripted card came first (its worker starts)
    expect(bubble).to_contain_text("Step 1 of 2")
    expect(page.locator(CARD)).to_have_count(1)  # only the scripted card is offered
    expect(page.locator(CARD)).to_have_attribute("data-card", "12")
    expect(page.locator(".tutorial-target")).to_have_count(1)
    shots.take("first-step")
    box, spot = bubble.bounding_box(), page.locator(CARD).bounding_box()
    assert box and spot and (box["y"] >= spot["y"] + spot["height"] or box["y"] + box["height"] <= spot["y"])  # next to it, not over it
    page.reload()  # leave and come back: the lesson stands where it was
    expect(bubble).to_contain_text("Play your 12")
    page.select_option("#language", "fr")
    expect(bubble).to_contain_text("Jouez votre 12")
    page.select_option("#language", "en")
    page.locator(CARD).click()
    expect(bubble).to_contain_text("draw a card or pass")
    expect(page.locator("#board button.action")).to_have_count(1)  # Draw, not Pass
    page.locator("#board button.action").click()
    expect(bubble).to_contain_text("That is the end of the lesson", timeout=15_000)
    expect(bubble).to_have_class("tutorial-bubble docked")
    shots.take("free-game")
    page.locator("#tutorial-done").click()
    expect(bubble).to_have_count(0)
    expect(page.locator(CARD)).to_have_count(3)  # free play: every card of the hand
    expect(page.locator(".practice, .badge.practice").first).to_be_visible()  # a practice table, never rated
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_game_without_a_tutorial_says_so(server, page):
    page.goto(f"{server.url}/#/learn/nosuchgame")
    expect(page.locator(".error")).to_have_text("This game has no tutorial yet.")
    with server.client() as client:
        assert client.get("/api/tutorials/highcard").json()["chapters"][0]["steps"].keys() == {"1", "2"}  # the learner's only
        assert client.get("/api/tutorials/nosuchgame").status_code == 404


CARCASSONNE_SHOTS = {1: "tile", 2: "meeple", 4: "farmer"}  # learner step -> the picture's name


def test_carcassonne_chapter_one_is_played_to_its_end_by_its_targets(server, page, tmp_path):
    """Chapter 1 of Carcassonne in English at phone size, each step by clicking the highlighted target
    (a placement then shows the tile on the square in its one offered turn, and is laid). With BIGTOP_DOC_SCREENSHOTS set, three steps are
    pictured there in each language."""
    folder = Path(os.environ.get("BIGTOP_DOC_SCREENSHOTS") or tmp_path / "screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    chapter = load(get("carcassonne")).chapter[0]
    page.goto(f"{server.url}/#/learn/carcassonne")
    page.locator("#learn-page button[data-chapter='1']").click()
    bubble = page.locator("#tutorial-bubble")
    mine = chapter.learner_steps()
    for number, index in enumerate(mine, 1):
        step = chapter.step[index]
        expect(bubble).to_contain_text(step.words("en"), timeout=30_000)
        expect(bubble).to_contain_text(f"Step {number} of {len(mine)}")
        assert step.target is not None
        expect(page.locator(step.target)).to_have_count(1)  # only the scripted move is offered
        expect(page.locator(".tutorial-target")).to_have_count(1)
        if number in CARCASSONNE_SHOTS:
            for lang in ("fr", "zh-Hant", "en"):
                page.select_option("#language", lang)
                expect(bubble).to_contain_text(step.words(lang)[:20])
                page.screenshot(path=str(folder / f"tutorial-carcassonne-{CARCASSONNE_SHOTS[number]}-{lang}.png"))
        page.locator(".tutorial-target").click()
        if step.action["type"] == "Place":  # the tile lies on the square in its one offered turn: lay it
            expect(page.locator("#cc-lay-tile")).to_have_attribute("data-turns", str(step.action["turns"]))
            page.locator("#cc-lay").click()
    expect(bubble).to_contain_text("That is the end of the lesson", timeout=15_000)
    expect(page.locator(".cc-player[data-seat='0'] .cc-points")).to_contain_text("4")  # the completed city
    assert page.errors == []  # type: ignore[attr-defined]


def test_troll_fest_chapter_one_in_chinese_by_its_highlighted_moves(server, page, tmp_path):
    """Troll Fest's first chapter (draft, band, name, vote) at phone size in Traditional Chinese: each
    step's bubble shows its words and one highlighted move, which a click plays, to the free game.
    With BIGTOP_DOCS_SCREENSHOTS set, three of its steps in each language go to docs/img."""
    chapter = load(get("trollfest")).chapter[0]
    shots = Shots(page, tmp_path / "screenshots")
    page.goto(f"{server.url}/#/learn/trollfest")
    page.select_option("#language", "zh-Hant")
    expect(page.locator("#learn-page h2")).to_contain_text("學習")
    page.locator("#learn-page button[data-chapter='1']").click()
    bubble = page.locator("#tutorial-bubble")
    steps = chapter.learner_steps()
    pictured = {1: "draft", 8: "band", 13: "name"}
    for n, index in enumerate(steps, 1):
        say = chapter.step[index].say
        expect(bubble).to_contain_text(say["zh-Hant"][:12], timeout=30_000)
        expect(bubble).to_contain_text(f"第 {n} 步，共 {len(steps)} 步")
        target = page.locator(".tutorial-target")
        expect(target).to_have_count(1)
        if n in pictured:
            shots.take(f"trollfest-step-{n}")
            for lang in ("en", "fr", "zh-Hant") if os.environ.get("BIGTOP_DOCS_SCREENSHOTS") else ():
                page.select_option("#language", lang)
                expect(bubble).to_contain_text(say[lang][:12])
                docs_picture(page, f"tutorial-trollfest-{pictured[n]}-{lang}")
        target.click()
    expect(bubble).to_contain_text("本課結束", timeout=30_000)
    shots.take("trollfest-free")


DRUMROLL_SHOTS = {1: "draft", 4: "markers", 9: "distribution"}  # learner step (from 1) -> the docs picture's name


@pytest.mark.parametrize("number", [1, 2, 3])
def test_drumroll_chapter_in_french_by_clicking_each_highlighted_move(server, page, tmp_path, number):
    """A Drum Roll chapter to its end on a phone, in French, clicking only what the lesson outlines (chapter
    1: set-up, markers, cubes, hiring, the distribution; 2: the vote and a show with a flip and a salary;
    3: the last show, after which the game ends);
    with BIGTOP_DOCS_SCREENSHOTS set, three steps of chapter 1 in each language go to
    docs/img/tutorial-drumroll-*.png."""
    chapter = load(games.get("drumroll")).chapter[number - 1]
    shots = Shots(page, tmp_path / "screenshots")
    page.goto(f"{server.url}/#/learn/drumroll")
    page.select_option("#language", "fr")
    page.locator(f"#learn-page button[data-chapter='{number}']").click()
    bubble = page.locator("#tutorial-bubble")
    steps = chapter.learner_steps()
    for step, index in enumerate(steps, 1):
        words = chapter.step[index].say
        expect(bubble).to_contain_text(words["fr"][:40], timeout=30_000)
        expect(bubble).to_contain_text(f"Étape {step} sur {len(steps)}")
        target = page.locator(".tutorial-target")
        expect(target).to_have_count(1)
        expect(target).to_have_class(re.compile(r"\bmove\b"))  # the outlined thing is the move itself
        if number == 1 and step in DRUMROLL_SHOTS:
            for language in ("en", "zh-Hant", "fr"):
                page.select_option("#language", language)
                expect(bubble).to_contain_text(words[language][:20])
                docs_picture(page, f"tutorial-drumroll-{DRUMROLL_SHOTS[step]}-{language}")
            shots.take(DRUMROLL_SHOTS[step])
        target.click()
    if number == 3:  # the last show ends the game: no free game, the end screen instead
        expect(bubble).to_have_count(0, timeout=30_000)
        expect(page.locator("#board")).to_contain_text("Partie terminée")
        expect(page.locator("#board")).to_contain_text(re.compile(r"spectacle parfait \+5", re.IGNORECASE))  # an end bonus
    else:
        expect(bubble).to_contain_text("La leçon est finie", timeout=30_000)
    assert page.errors == []  # type: ignore[attr-defined]
