"""A tutorial at the web table, in Chromium, on High Card (the test game's tutorial.toml): only the
scripted move is offered at each of the learner's steps, a bubble next to it says why, the scripted
bots play their moves, the lesson survives a reload, and the chapter ends as a free game; and the
built-in games' tutorials played through by clicking what each step outlines."""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))
from browser_support import Shots, recording_page  # noqa: E402
from server_support import ServerProcess, sqlite_url  # noqa: E402
from test_table_games import docs_picture  # noqa: E402

from bigtop import games  # noqa: E402
from bigtop.tutorial import load  # noqa: E402

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


DRUMROLL_SHOTS = {1: "draft", 4: "markers", 9: "distribution"}  # learner step (from 1) -> the docs picture's name


@pytest.mark.parametrize("number", [1, 3])
def test_drumroll_chapter_in_french_by_clicking_each_highlighted_move(server, page, tmp_path, number):
    """A Drum Roll chapter to its end on a phone, in French, clicking only what the lesson outlines (chapter
    1: set-up, markers, cubes, hiring, the distribution; 3: the last show, after which the game ends);
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
