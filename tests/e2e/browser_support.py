"""Helpers shared by the browser tests."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from playwright.sync_api import Browser, Page


class Shots:
    """Numbered screenshots in one folder."""

    def __init__(self, page: Page, folder: Path) -> None:
        self.page, self.folder, self.count = page, folder, 0
        folder.mkdir(parents=True, exist_ok=True)

    def take(self, name: str) -> None:
        self.count += 1
        self.page.screenshot(path=str(self.folder / f"{self.count:03d}-{name}.png"), full_page=True)


def recording_page(browser: Browser, width: int, height: int) -> Iterator[Page]:
    """A page in a fresh context of that size; the errors it raises collect in `page.errors`."""
    context = browser.new_context(viewport={"width": width, "height": height}, locale="en-US")
    page = context.new_page()
    page.errors = []  # type: ignore[attr-defined]
    page.on("pageerror", lambda error: page.errors.append(str(error)))  # type: ignore[attr-defined]
    yield page
    context.close()
