"""A tutorial at the web table, in Chromium, on High Card (the test game's tutorial.toml): only the
scripted move is offered at each of the learner's steps, a bubble next to it says why, the scripted
bots play their moves, the lesson survives a reload, and the chapter ends as a free game; and every
chapter of the built-in games' tutorials played to its end, in each language, by clicking what each
step outlines (`make test` plays each chapter in one language; `--all-tutorials` all of them, see
docs/tutorials.md)."""

from __future__ import annotations

import functools
import re
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from bigtop.core.text import LANGUAGES
from bigtop.games import get
from bigtop.tutorial import Tutorial, check, load, start

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))
from browser_support import Shots, recording_page  # noqa: E402
from server_support import ServerProcess, sqlite_url  # noqa: E402
from test_table_games import docs_picture  # noqa: E402

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


def test_the_lobby_lists_a_lesson_as_a_lesson_in_the_chosen_language(server, phone, tmp_path):
    """A lesson begun in English (its seat named "Learner") is listed, in the lobby's lists and in My games,
    as a lesson of its chapter, its seats named as its table names them, in the chosen language: the
    learner translated, the lesson's bot by its name (were "Table d'entraînement · Learner, tutorial")."""
    phone.goto(f"{server.url}/#/learn/drumroll")
    phone.locator("#learn-page button[data-chapter='1']").click()
    expect(phone.locator("#tutorial-bubble .tutorial-counter")).to_be_visible(timeout=30_000)
    table_id = re.search(r"#/table/([^?]+)", phone.url)[1]
    for language, lesson, seats, english in (("fr", "Leçon, chapitre 1", "Apprenti, Bruno", "Table d’entraînement"),
                                            ("zh-Hant", "教學第 1 章", "學員、Bruno", "練習桌"),
                                            ("en", "Lesson, chapter 1", "Learner, Bruno", "Practice table")):
        phone.goto(server.url)
        phone.select_option("#language", language)
        for listed in (phone.locator(f"#tables-running li[data-table='{table_id}']"), phone.locator("#my-games li").filter(has_text=lesson)):
            expect(listed, language).to_contain_text(lesson)
        running = phone.locator(f"#tables-running li[data-table='{table_id}']")
        expect(running).to_contain_text(seats)
        text = running.inner_text()
        assert "tutorial" not in text and english not in text and (language == "en" or "Learner" not in text), text
        running.scroll_into_view_if_needed()
        phone.screenshot(path=str(tmp_path / f"lesson-listed-{language}.png"))
        phone.goto(f"{server.url}/#/table/{table_id}")  # watching it: the learner in the chosen language too
        expect(phone.locator("section.scores tbody tr td:nth-child(2)").first).to_have_text(seats.split(", ")[0].split("、")[0])
    assert phone.errors == []  # type: ignore[attr-defined]


def test_a_game_without_a_tutorial_says_so(server, page):
    page.goto(f"{server.url}/#/learn/nosuchgame")
    expect(page.locator(".error")).to_have_text("This game has no tutorial yet.")
    with server.client() as client:
        assert client.get("/api/tutorials/highcard").json()["chapters"][0]["steps"].keys() == {"1", "2"}  # the learner's only
        assert client.get("/api/tutorials/nosuchgame").status_code == 404


# ------------------------------------------------------------------ every built-in game's tutorial
# One driver plays every chapter of every built-in game's tutorial in every language: at each of the
# learner's steps it reads the step from the tutorial data (`bigtop.tutorial.load`), waits for the
# bubble to say it, checks the bubble stands next to the outlined move on screen, and clicks that move.
# What differs between games is data: the second click some moves need, and the pictures for the docs.

TUTORIAL_GAMES = ("drumroll", "trollfest", "carcassonne")
SIZES = {"desk": (1280, 800), "phone": (390, 844)}  # a laptop's window and a phone's
PHONE_GAME = "carcassonne"  # the game whose chapters make test also plays at phone size
CONFIRM = {("carcassonne", "Place"): "#cc-lay"}  # (game, action type) -> what lays the move after its target
SHEET_PLAY = "#board .dr-sheet-play, #board .tf-play"  # on a touch screen a tapped card shows whole first: this plays it
PICTURES = {  # (game, chapter) -> {learner step (from 1): the docs picture's name, tutorial-GAME-NAME-LANG.png}
    ("drumroll", 1): {1: "draft", 4: "markers", 9: "distribution"},
    ("trollfest", 1): {1: "draft", 8: "band", 13: "name"},
    ("carcassonne", 1): {1: "tile", 2: "meeple", 4: "farmer"},
}
# The bubble and its outlined target, as the person sees them: `ok` when the bubble is beside the target
# (above or below it, at most 24 px apart, overlapping it sideways), both inside the window (a target
# taller or wider than the window at least in it); measured at the next frame the page draws.
PLACEMENT = """async () => {
  await new Promise((drawn) => requestAnimationFrame(() => drawn()));
  const bubble = document.getElementById("tutorial-bubble"), target = document.querySelector(".tutorial-target");
  if (!bubble || !target) return { ok: false, missing: !bubble ? "bubble" : "target" };
  const b = bubble.getBoundingClientRect(), t = target.getBoundingClientRect();
  const box = (r) => [r.left, r.top, r.right, r.bottom].map(Math.round);
  const inside = (r) => r.left >= -1 && r.top >= -1 && r.right <= innerWidth + 1 && r.bottom <= innerHeight + 1;
  const overlaps = (r) => r.right > 0 && r.bottom > 0 && r.left < innerWidth && r.top < innerHeight;
  const gap = Math.max(t.top - b.bottom, b.top - t.bottom);
  const across = Math.min(b.right, t.right) - Math.max(b.left, t.left);
  const targetSeen = t.width <= innerWidth && t.height <= innerHeight ? inside(t) : overlaps(t);
  return { ok: gap >= -1 && gap <= 24 && across > 0 && inside(b) && targetSeen, gap, across,
           bubble: box(b), target: box(t), window: [innerWidth, innerHeight], bubbleInside: inside(b), targetSeen };
}"""


@functools.cache
def tutorial_of(name: str) -> tuple[Tutorial, list[Any]]:
    """The game's tutorial and, per chapter, the engine's state after its script (`bigtop.tutorial.check`)."""
    game = get(name)
    tutorial = load(game)
    return tutorial, check(game, tutorial)


@functools.cache
def copies_of_the_scripted_card(name: str, number: int) -> dict[int, int]:
    """Per step of chapter `number` where the learner's scripted move plays a card with copies among
    their moves (two Tour Bus cards in a packet), how many such moves there are: each is offered."""
    game = get(name)
    chapter = load(game).chapter[number - 1]
    state = start(game, chapter)
    found = {}
    for index, step in enumerate(chapter.step):
        action = game.codec.from_json(step.action)
        same = [a for a in state.legal_actions(step.seat) if state.choice_key(a) == state.choice_key(action)]
        if step.seat == chapter.learner and len(same) > 1:
            found[index] = len(same)
        state.apply(step.seat, action)
    return found


def tutorial_cases(every: bool) -> list[Any]:
    """The play-throughs: with `every` (--all-tutorials), every chapter of every game in every language at
    desk and phone size; else each chapter in one language, rotating so that each language has one chapter
    of every game, at desk size, and PHONE_GAME's chapters at phone size as well."""
    cases = []
    for rank, name in enumerate(TUTORIAL_GAMES):
        for number in range(1, len(tutorial_of(name)[0].chapter) + 1):
            languages = LANGUAGES if every else LANGUAGES[(rank + number - 1) % len(LANGUAGES):][:1]
            sizes = SIZES if every or name == PHONE_GAME else {"desk": SIZES["desk"]}
            cases += [pytest.param((name, number, lang, size), id=f"{name}-ch{number}-{lang}-{label}")
                      for lang in languages for label, size in sizes.items()]
    return cases


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "tutorial_case" in metafunc.fixturenames:
        metafunc.parametrize("tutorial_case", tutorial_cases(metafunc.config.getoption("--all-tutorials")))


@pytest.fixture
def tutorial_page(browser, tutorial_case) -> Iterator[Page]:
    yield from recording_page(browser, *tutorial_case[3])


def assert_bubble_beside_target(page: Page, where: str) -> None:
    """Wait (frame by frame, at most 5 s) until the bubble stands next to its outlined target, both on
    screen; else fail saying where they are."""
    deadline = time.monotonic() + 5
    while not (placed := page.evaluate(PLACEMENT))["ok"]:
        assert time.monotonic() < deadline, f"{where}: the bubble is not next to its target on screen: {placed}"


# A card shown whole (a sheet at the foot of the screen) and the bubble: `ok` when the bubble is hidden
# or clear of the sheet.
SHEET_CLEAR = """() => {
  const sheet = document.querySelector("#board [role=dialog]"), bubble = document.getElementById("tutorial-bubble");
  if (!sheet) return { ok: false, missing: "sheet" };
  if (!bubble || !bubble.getClientRects().length) return { ok: true };
  const b = bubble.getBoundingClientRect(), s = sheet.getBoundingClientRect();
  const covers = b.left < s.right && s.left < b.right && b.top < s.bottom && s.top < b.bottom;
  return { ok: !covers, bubble: [b.left, b.top, b.right, b.bottom].map(Math.round), sheet: [s.left, s.top, s.right, s.bottom].map(Math.round) };
}"""

# Troll Fest's band names to choose from (chips, in rows), as drawn: `ok` when every chip's words sit in
# its middle (within 3 px) and the chips of a row are of one height.
CHIPS_EVEN = """() => {
  const chips = [...document.querySelectorAll("#board .tf-chip")].map((chip) => {
    const range = document.createRange();
    range.selectNodeContents(chip);
    const c = chip.getBoundingClientRect(), w = range.getBoundingClientRect();
    return { name: chip.textContent, top: Math.round(c.top), height: Math.round(c.height), off: Math.round(Math.abs((w.top + w.bottom) / 2 - (c.top + c.bottom) / 2)) };
  });
  const rows = new Map();
  chips.forEach((chip) => rows.set(chip.top, [...(rows.get(chip.top) || []), chip.height]));
  const uneven = [...rows.values()].filter((heights) => Math.max(...heights) - Math.min(...heights) > 1);
  const offCentre = chips.filter((chip) => chip.off > 3);
  return { ok: chips.length > 0 && !uneven.length && !offCentre.length, count: chips.length, uneven, offCentre };
}"""


def play_chapter(page: Page, url: str, name: str, number: int, lang: str, pictures: bool) -> None:
    """Play chapter `number` of `name`'s tutorial in `lang` to its end by clicking what each step outlines
    (and with `pictures`, take the docs pictures of PICTURES on the way). On a touch screen a card the
    outline is on may show itself whole first (a sheet, which the bubble must leave uncovered): its
    button plays it."""
    tutorial, finals = tutorial_of(name)
    chapter = tutorial.chapter[number - 1]
    page.goto(f"{url}/#/learn/{name}")
    page.select_option("#language", lang)
    expect(page.locator("html")).to_have_attribute("lang", lang)
    page.locator(f"#learn-page button[data-chapter='{number}']").click()
    bubble = page.locator("#tutorial-bubble")
    mine = chapter.learner_steps()
    for n, index in enumerate(mine, 1):
        step = chapter.step[index]
        where = f"{name} chapter {number} step {n} ({lang})"
        expect(bubble.locator(".tutorial-counter"), where).to_have_text(re.compile(rf"^\D*\b{n}\b\D+\b{len(mine)}\b\D*$"), timeout=30_000)
        expect(bubble.locator(".tutorial-text"), where).to_have_text(step.words(lang))
        target = page.locator(".tutorial-target")
        expect(target, where).to_have_count(1)
        offered = page.locator(step.target or "#board .move")
        copies = copies_of_the_scripted_card(name, number).get(index, 1)
        expect(offered, f"{where}: only the scripted move (and copies of its card) is offered").to_have_count(copies)
        expect(page.locator(f"{step.target or '.move'}.tutorial-target"), f"{where}: the outline is on the move").to_have_count(1)
        assert_bubble_beside_target(page, where)
        if step.side:  # the words keep in sight what they speak of (was: the start tile under the bubble)
            expect(bubble, f"{where}: the words stand {step.side} their target").to_have_attribute("data-side", step.side)
        if page.locator("#board .tf-chip").count():  # the band names: the one to choose outlined among the others
            chips = page.evaluate(CHIPS_EVEN)
            assert chips["ok"], f"{where}: the band names are not even chips with their words in the middle: {chips}"
        if pictures and n in PICTURES.get((name, number), {}):
            docs_picture(page, f"tutorial-{name}-{PICTURES[name, number][n]}-{lang}")
        if copies > 1:  # another copy of the card plays the scripted move just as well
            page.locator(f"#board .move[data-card]:not([data-card='{step.action['card']}'])").first.click()
        else:
            target.click()
        if page.locator(SHEET_PLAY).count():  # a touch screen shows the card first
            placed = page.evaluate(SHEET_CLEAR)
            assert placed["ok"], f"{where}: the bubble covers the card shown: {placed}"
            page.locator(SHEET_PLAY).first.click()
        confirm = CONFIRM.get((name, step.action["type"]))
        if confirm:
            page.locator(confirm).click()
    final = finals[number - 1]
    if final.is_over():  # the script ends the game: the end screen, with the engine's scores
        expect(page.locator("#end-screen"), f"{name} chapter {number}: the end screen").to_be_visible(timeout=30_000)
        expect(bubble).to_have_count(0)
        ranked = sorted(final.scores(), reverse=True)
        expect(page.locator("#end-screen .standings tbody td:nth-child(3)")).to_have_text([f"{s:g}" for s in ranked])
    else:  # the free game against an Easy bot, the lesson's end said in a docked bubble
        expect(page.locator("#tutorial-done"), f"{name} chapter {number}: the lesson's end").to_be_visible(timeout=30_000)
        expect(bubble).to_have_class(re.compile(r"\bdocked\b"))
    assert page.errors == []  # type: ignore[attr-defined]


def test_every_tutorial_chapter_is_played_to_its_end(server, tutorial_page, tutorial_case):
    """A chapter of Drum Roll, Troll Fest or Carcassonne in English, French or Traditional Chinese,
    clicked through to its end: at each step the bubble says the step's words in that language, next to
    the one outlined move, on screen; the chapter ends in the free game (or the end screen with the
    scores the engine gives). With BIGTOP_DOCS_SCREENSHOTS set, the phone-size play-throughs take the
    steps in PICTURES for docs/img."""
    name, number, lang, size = tutorial_case
    play_chapter(tutorial_page, server.url, name, number, lang, pictures=size == SIZES["phone"])


@pytest.mark.parametrize("name, lang", [("drumroll", "en"), ("drumroll", "fr"), ("trollfest", "zh-Hant"), ("carcassonne", "en")])
def test_chapter_one_on_a_touch_phone_outlines_the_move_to_make(server, phone, name, lang):
    """Chapter 1 on a touch phone (390x844): at every step the outline (and the bubble beside it, on
    screen) is on what plays the step's move, the step's own target or else a move of the board, never
    on something else of the board (Drum Roll's market cards, which only show their details); a card
    that shows itself whole before it plays leaves the bubble clear of it (was: "Keep the Levitator"
    outlined Flying Sisters in the hiring row, 1,200 px above the Levitator)."""
    play_chapter(phone, server.url, name, 1, lang, pictures=False)
