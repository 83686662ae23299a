"""Browser test of the Troll Fest board: Debian's Chromium, driven by Playwright, plays a 3-player
game (a person in seat 0 against two random bots) to its end by clicking only the board's legal
moves; screenshots at the start, in the middle and at the end go to a folder under tmp_path."""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Error, Page, expect

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))
from browser_support import recording_page, screenshot, start_table  # noqa: E402
from server_support import ServerProcess, sqlite_url  # noqa: E402

LEGAL = "#board .tf-legal"
MAX_CLICKS = 800
MOMENTS = (".tf-stack", ".tf-vote", ".tf-armed", ".tf-city.tf-target")  # worth a screenshot


@pytest.fixture
def page(browser) -> Iterator[Page]:
    yield from recording_page(browser, 1400, 1000)


def click_one(page: Page, rng: random.Random) -> bool:
    """Click one of the legal moves drawn on the board, if any; wait until the board is redrawn."""
    moves = page.locator(LEGAL)
    count = moves.count()
    if not count:
        page.wait_for_timeout(40)
        return False
    try:
        target = moves.nth(rng.randrange(count)).element_handle(timeout=1000)
        target.click(timeout=2000)
        target.wait_for_element_state("hidden", timeout=5000)  # a redrawn board drops the clicked node
    except Error:
        return False  # the board was redrawn under the click (a bot moved): look again
    return True


def watch_as_spectator(watcher: Page, table_url: str, shots: Path) -> None:
    """A spectator sees every band, hand and score of the finished game, and nothing to click."""
    watcher.goto(table_url)
    expect(watcher.get_by_text("You are watching.")).to_be_visible()
    expect(watcher.locator("#board .tf-band")).to_have_count(3)
    expect(watcher.locator("#board .tf-breakdown")).to_have_count(3)
    expect(watcher.locator("#board .tf-legal")).to_have_count(0)
    screenshot(watcher, shots, "7-spectator")


def phase(page: Page) -> str:
    current = page.locator("#board .tf-phases .tf-current")
    return current.inner_text() if current.count() else ""


def test_play_trollfest_to_the_end_by_clicking(tmp_path, page):
    server = ServerProcess(sqlite_url(tmp_path), tmp_path, bot_delay=0.02).start()
    shots = tmp_path / "screenshots" / "trollfest"
    rng = random.Random(7)
    try:
        start_table(page, server.url, "trollfest", 3, "#board .tf-board", ("Ada", "Bo", "Cy"))
        expect(page.locator("#board svg.tf-map g.tf-city")).to_have_count(32)
        expect(page.locator("#board .tf-band")).to_have_count(3)
        expect(page.locator(LEGAL).first).to_be_visible()  # the draft packet: pick a card
        screenshot(page, shots, "1-start")
        clicks, seen = 0, set()
        while not page.locator("#end-screen").is_visible():
            clicks += click_one(page, rng)
            now = phase(page)
            if now and now not in seen:
                seen.add(now)
                screenshot(page, shots, f"2-phase-{len(seen)}-{now.replace(' ', '-').lower()}")
            for moment in MOMENTS:
                if moment not in seen and page.locator(f"#board {moment}").count():
                    seen.add(moment)
                    screenshot(page, shots, f"3-{moment.strip('.')}")
            assert clicks < MAX_CLICKS, "the game did not end"
        screenshot(page, shots, "4-end")
        assert {"Draft", "Band", "Name vote", "Tour", "Festival"} <= seen
        expect(page.locator("#end-screen .standings tbody tr")).to_have_count(3)
        expect(page.locator("#table-status")).to_have_text("finished")
        expect(page.locator("#board .tf-breakdown").first).to_be_visible()  # the Festival's points on the board
        expect(page.locator(LEGAL)).to_have_count(0)
        assert page.locator(".generic-view").count() == 0  # the board never fell back to the generic one
        page.select_option("#language", "fr")
        expect(page.locator("#board .tf-phases .tf-current")).to_have_text("Festival")
        expect(page.locator(".log li[data-kind=festival]")).to_have_text("Le Festival est décompté.")
        screenshot(page, shots, "5-end-fr")
        page.select_option("#language", "zh-Hant")
        expect(page.locator("#board .tf-phases .tf-current")).to_have_text("音樂祭")
        screenshot(page, shots, "6-end-zh-Hant")
        page.select_option("#language", "en")
        watch_as_spectator(page.context.new_page(), page.url.split("?")[0], shots)
    finally:
        server.stop()
    assert page.errors == []  # type: ignore[attr-defined]
