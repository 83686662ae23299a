"""Browser test of the Drum Roll board: Debian's Chromium, driven by Playwright, creates a table in
the lobby with a person in seat 0 against a `random` bot and plays the game to its end by clicking
only the moves the board offers; screenshots go to tmp_path/screenshots/drumroll."""

from __future__ import annotations

import random
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))
from browser_support import Shots, recording_page, start_table  # noqa: E402
from server_support import ServerProcess, sqlite_url  # noqa: E402

CLICKABLE = "#board .dr-move"
FRESH_BOARD = "#board .dr-board:not([data-clicked])"
MAX_CLICKS = 600


@pytest.fixture
def page(browser) -> Iterator[Page]:
    yield from recording_page(browser, 1280, 1000)


def check_spectator(page: Page, shots: Shots) -> None:
    """Someone without a token sees both circuses but no one's dealt cards, and nothing to click."""
    context = page.context.browser.new_context(viewport={"width": 1280, "height": 1000}, locale="en-US")  # type: ignore[union-attr]
    try:
        watcher = context.new_page()
        watcher.goto(page.url.split("?")[0])
        expect(watcher.locator("#board .dr-circus")).to_have_count(2)
        expect(watcher.get_by_text("You are watching.")).to_be_visible()
        expect(watcher.locator("#board .dr-picks")).to_have_count(0)
        expect(watcher.locator("#board .dr-mine")).to_have_count(0)
        expect(watcher.locator(CLICKABLE)).to_have_count(0)
        Shots(watcher, shots.folder / "spectator").take("start")
    finally:
        context.close()


def click_one(page: Page, rng: random.Random) -> bool:
    """Click one of the offered moves at random and wait for the board drawn after it; False if none."""
    moves = page.locator(CLICKABLE)
    count = moves.count()
    if not count:
        return False
    page.locator("#board .dr-board").evaluate("board => { board.dataset.clicked = '1'; }")
    try:
        moves.nth(rng.randrange(count)).click(timeout=2_000)
    except PlaywrightTimeoutError:
        return False  # the board was drawn again (a bot moved) between counting and clicking
    page.locator(f"{FRESH_BOARD}, #end-screen").first.wait_for(timeout=10_000)
    return True


def play_to_the_end(page: Page, shots: Shots) -> set[str]:
    """Click random offered moves until the end screen shows; answers the phases seen on the way,
    with a screenshot the first time each shows."""
    rng = random.Random(7)
    clicks = 0
    phases: set[str] = set()
    while not page.locator("#end-screen").is_visible():
        phase = page.locator("#board .dr-phase").text_content(timeout=10_000) or ""
        if phase not in phases and page.locator(CLICKABLE).count():
            phases.add(phase)
            shots.take("phase-" + "-".join(re.findall(r"[a-z]+", phase.lower())[:3]))
        if click_one(page, rng):
            clicks += 1
        else:
            page.wait_for_timeout(30)
        assert clicks < MAX_CLICKS, "the game did not end"
    return phases


def test_play_drumroll_to_the_end_by_clicking_the_board(tmp_path, page):
    server = ServerProcess(sqlite_url(tmp_path), tmp_path, bot_delay=0.02).start()
    shots = Shots(page, tmp_path / "screenshots" / "drumroll")
    try:
        start_table(page, server.url, "drumroll", 2, "#board .dr-board")
        expect(page.locator("#board .dr-status")).to_contain_text("Show 1/3")
        expect(page.locator("#board .dr-circus")).to_have_count(2)
        expect(page.locator("#board .dr-circus.dr-mine .dr-picks .dr-card.dr-move")).to_have_count(2)  # the draft: keep one
        shots.take("start")
        check_spectator(page, shots)
        phases = play_to_the_end(page, shots)
        assert {"Place an action marker", "Move cubes onto performers", "Choose the next performer"} <= phases
        shots.take("end")
        expect(page.locator("#end-screen .standings tbody tr")).to_have_count(2)
        expect(page.locator("#board .dr-status")).to_contain_text("Game over")
        expect(page.locator("#board .dr-bonuses")).to_have_count(2)
        expect(page.locator(CLICKABLE)).to_have_count(0)
        expect(page.locator(".log li").filter(has_text="Show 1 begins!")).to_have_count(1)
        page.select_option("#language", "fr")
        expect(page.locator("#board .dr-status")).to_contain_text("Partie terminée")
        page.select_option("#language", "zh-Hant")
        expect(page.locator("#board .dr-status")).to_contain_text("遊戲結束")
        shots.take("end-zh-Hant")
        page.select_option("#language", "en")
    finally:
        server.stop()
    assert page.errors == []  # type: ignore[attr-defined]
