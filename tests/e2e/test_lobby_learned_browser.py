"""The new-table form offers the learned bot only where weights ship for the game at that many
players, in every language (Chromium on a real server)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))
from server_support import ServerProcess, sqlite_url  # noqa: E402


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp("learned")
    process = ServerProcess(sqlite_url(folder), folder).start()
    yield process
    process.stop()


def test_the_learned_bot_is_offered_only_where_its_weights_ship(server: ServerProcess, browser: Browser) -> None:
    page = browser.new_context(viewport={"width": 1200, "height": 900}, locale="en-US").new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(server.url)
    learned = page.locator('select[name=kind-1] option[value="learned"]')
    seat = page.locator("select[name=kind-1]")

    def table(game: str | None, players: int) -> None:
        if game is not None:
            page.select_option("#new-game", game)
        page.fill("#new-players", str(players))
        page.dispatch_event("#new-players", "change")

    table("drumroll", 2)
    expect(learned).to_have_text("Bot: Learned")
    expect(learned).to_be_enabled()
    page.select_option("select[name=kind-1]", "learned")
    table(None, 4)  # weights for four players too: the seat keeps its bot
    expect(learned).to_be_enabled()
    expect(seat).to_have_value("learned")
    table("trollfest", 3)
    expect(learned).to_be_enabled()
    page.select_option("select[name=kind-1]", "learned")
    table(None, 5)  # no weights for five players: the seat goes back to a random bot
    expect(learned).to_be_disabled()
    expect(seat).to_have_value("random")
    table("carcassonne", 2)  # a network valuing positions, played by the same bot
    expect(learned).to_be_enabled()
    page.select_option("select[name=kind-1]", "learned")
    page.uncheck("input[name=expansions]")  # the base game: its weights were trained under the Big Top
    expect(learned).to_be_disabled()
    expect(seat).to_have_value("random")
    page.check("input[name=expansions]")
    expect(learned).to_be_enabled()
    table(None, 5)
    expect(learned).to_be_disabled()
    table("drumroll", 2)
    page.select_option("#language", "fr")
    expect(page.locator('select[name=kind-1] option[value="learned"]')).to_have_text("Robot : appris")
    page.select_option("#language", "zh-Hant")
    expect(page.locator('select[name=kind-1] option[value="learned"]')).to_have_text("電腦：學習型")
    assert errors == []
