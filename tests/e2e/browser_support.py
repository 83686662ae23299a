"""Helpers shared by the browser tests."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from playwright.sync_api import Browser, Page, expect


class Shots:
    """Numbered screenshots in one folder."""

    def __init__(self, page: Page, folder: Path) -> None:
        self.page, self.folder, self.count = page, folder, 0
        folder.mkdir(parents=True, exist_ok=True)

    def take(self, name: str) -> None:
        self.count += 1
        self.page.screenshot(path=str(self.folder / f"{self.count:03d}-{name}.png"), full_page=True)


def recording_page(browser: Browser, width: int, height: int) -> Iterator[Page]:
    """A page in a fresh context of that size; the errors it raises, and what the content security
    policy refused, collect in `page.errors`."""
    context = browser.new_context(viewport={"width": width, "height": height}, locale="en-US")
    page = context.new_page()
    page.errors = []  # type: ignore[attr-defined]
    page.on("pageerror", lambda error: page.errors.append(str(error)))  # type: ignore[attr-defined]
    page.on("console", lambda message: "Content Security Policy" in message.text and page.errors.append(message.text))  # type: ignore[attr-defined]
    yield page
    context.close()


def screenshot(page: Page, folder: Path, name: str) -> None:
    """The whole page as `folder/name.png`."""
    folder.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(folder / f"{name}.png"), full_page=True)


def start_table(page: Page, url: str, game: str, players: int, board: str, names: tuple[str, ...] = ("Ada",)) -> None:
    """From the lobby: a table of `game` (checking it offers `players` seats by default) with the
    first seats named `names` and random bots in the rest (the default), held in seat 0 and
    started; returns once `board` shows."""
    page.goto(url)
    page.select_option("#new-game", game)
    expect(page.locator("#new-game")).to_have_value(game)
    expect(page.locator("#new-players")).to_have_value(str(players))
    for seat, name in enumerate(names):
        page.locator(f"input[name=name-{seat}]").fill(name)
    for seat in range(len(names), players):
        expect(page.locator(f"select[name=kind-{seat}]")).to_have_value("random")
    page.click("#create-button")
    expect(page.locator("#start")).to_be_enabled()  # the creator holds the seat chosen as "You" at once
    page.click("#start")
    expect(page.locator(board)).to_be_visible()
