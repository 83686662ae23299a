"""Browser test: Debian's Chromium, driven by Playwright, plays a whole game of Carcassonne with
Under the Big Top against a random bot by clicking the board (a highlighted square, then "Lay the
tile here", then a figure spot or "No figure"); screenshots go to tmp_path/screenshots."""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))
from browser_support import recording_page, screenshot, start_table  # noqa: E402
from server_support import ServerProcess, sqlite_url  # noqa: E402

# What a seat may click, most specific step first: "Lay the tile here" once the tile is on a square, a
# figure move (or "No figure"), a square where the drawn tile fits.
STEPS = ("#board #cc-lay", "#board .cc-choice, #board .cc-pass", "#board .cc-fit")
MAX_CLICKS = 600  # about 46 tiles of ours, at most three clicks each
# a move a player can tap: its centre inside the board's frame and not under anything else (an
# arrow on the board's edge covers a square whose centre is just off the board's visible part)
ON_SCREEN = """node => { const frame = document.querySelector("#board .cc-svg").getBoundingClientRect(), box = node.getBoundingClientRect();
  const x = (box.left + box.right) / 2, y = (box.top + box.bottom) / 2;
  if (!node.closest("svg")) return true;
  const hit = document.elementFromPoint(x, y);
  return x > frame.left && x < frame.right && y > frame.top && y < frame.bottom && hit !== null && (hit === node || node.contains(hit)); }"""


@pytest.fixture
def page(browser) -> Iterator[Page]:
    yield from recording_page(browser, 1280, 1000)


def play_to_the_end(page: Page, folder: Path, rng: random.Random) -> int:
    """Click one of the legal moves shown whenever there is one, until the end screen shows."""
    clicks = 0
    end = page.locator("#end-screen")
    while not end.is_visible():
        for step in STEPS:
            options = page.locator(step)
            count = options.count()
            if count:
                if step == STEPS[1] and not (folder / "2-figure-choice.png").exists():
                    screenshot(page, folder, "2-figure-choice")
                shown = [i for i in range(count) if options.nth(i).evaluate(ON_SCREEN)]
                if not shown:  # every square for the tile is off screen: follow an arrow on the board's edge
                    page.locator("#board .cc-cue").first.click()
                    break
                options.nth(rng.choice(shown)).click()
                clicks += 1
                break
        else:
            page.wait_for_timeout(20)
        if clicks == 60:
            screenshot(page, folder, "2-middle")
        assert clicks < MAX_CLICKS, "the game did not end"
    return clicks


def pass_until_a_tile_has_a_choice(page: Page) -> None:
    """Wait for our first tile with more than one square to lay it on. A tile that fits in one way
    only is laid by the table itself (no question with one answer), and its figure question comes
    first: answer "No figure" until a tile of ours can go to several squares."""
    fits, passes = page.locator("#board .cc-fit"), page.locator("#board .cc-pass")
    for _ in range(10):
        expect(fits.or_(passes).first).to_be_visible()
        if fits.count():
            return
        tiles = page.locator("#board .cc-tiles > g").count()
        passes.first.click()
        expect(page.locator("#board .cc-tiles > g")).not_to_have_count(tiles)  # the bot has laid its tile
    raise AssertionError("ten tiles in a row fitted in one way only")


def test_play_carcassonne_to_the_end_by_clicking_the_board(tmp_path, page):
    server = ServerProcess(sqlite_url(tmp_path), tmp_path, bot_delay=0.02).start()
    folder = tmp_path / "screenshots" / "carcassonne"
    try:
        start_table(page, server.url, "carcassonne", 2, "#board .cc-svg")
        expect(page.locator("#board .cc-player")).to_have_count(2)
        pass_until_a_tile_has_a_choice(page)
        screenshot(page, folder, "1-start")
        board = page.locator("#board .cc-svg")
        fitted = board.get_attribute("viewBox")
        page.click("#board .cc-zoom[aria-label='Zoom in']")
        zoomed = board.get_attribute("viewBox")
        assert zoomed != fitted
        box = board.bounding_box()
        page.mouse.move(box["x"] + 20, box["y"] + 20)
        page.mouse.down()
        page.mouse.move(box["x"] + 120, box["y"] + 70, steps=5)  # dragging pans
        page.mouse.up()
        panned = board.get_attribute("viewBox")
        assert panned != zoomed
        page.mouse.wheel(0, 300)  # the wheel zooms
        expect(board).not_to_have_attribute("viewBox", panned)
        page.click("#board .cc-zoom[aria-label='Show the whole board']")
        assert board.get_attribute("viewBox") == fitted
        page.locator("#board .cc-fit").first.click()
        expect(page.locator("#cc-lay-tile")).to_be_visible()  # the drawn tile stands on the chosen square
        screenshot(page, folder, "1-start-turns")

        clicks = play_to_the_end(page, folder, random.Random(7))
        screenshot(page, folder, "3-end")
        assert clicks > 40
        expect(page.locator("#table-status")).to_have_text("finished")
        expect(page.locator("#end-screen .standings tbody tr")).to_have_count(2)
        expect(page.locator("#end-screen .breakdown-box h3")).to_have_text("How the points were scored")
        expect(page.locator("#breakdown tbody")).to_contain_text("Roads")
        expect(page.locator("#breakdown tfoot")).to_contain_text("Total")
        expect(page.locator("#board .cc-prompt strong")).to_have_text("Game over: the final scoring is done.")
        expect(page.locator("#board .cc-move")).to_have_count(0)
        assert page.locator("#board .cc-tiles > g").count() > 60
        expect(page.locator(".log li").last).to_contain_text("Game over. Final points:")

        page.select_option("#language", "fr")
        expect(page.locator("#board .cc-prompt strong")).to_have_text("Partie terminée : le décompte final est fait.")
        screenshot(page, folder, "4-end-fr")
        page.select_option("#language", "zh-Hant")
        expect(page.locator(".log li").last).to_contain_text("遊戲結束")
        page.select_option("#language", "en")

        page.click("#replay-link")  # the replay draws every step with the same board
        expect(page.locator("#replay-position")).to_contain_text("Step 0 of")
        expect(page.locator("#board .cc-tiles > g")).to_have_count(1)
        steps = page.locator("#replay-step")
        steps.fill(steps.get_attribute("max"))
        expect(page.locator("#end-screen")).to_be_visible()
        assert page.locator("#board .cc-tiles > g").count() > 60
        expect(page.locator("#board .cc-move")).to_have_count(0)
        screenshot(page, folder, "5-replay-end")
    finally:
        server.stop()
    assert page.errors == []  # type: ignore[attr-defined]
