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
    expect(learned).to_be_enabled()
    table(None, 6)  # weights for two to five players
    expect(learned).to_be_disabled()
    table("drumroll", 2)
    page.select_option("#language", "fr")
    expect(page.locator('select[name=kind-1] option[value="learned"]')).to_have_text("Robot : appris")
    page.select_option("#language", "zh-Hant")
    expect(page.locator('select[name=kind-1] option[value="learned"]')).to_have_text("電腦：學習型")
    assert errors == []


@pytest.mark.parametrize("language", ["en", "fr", "zh-Hant"])
def test_the_form_says_what_each_bot_does_and_how_they_compare_at_the_game(
    server: ServerProcess, browser: Browser, language: str, tmp_path: Path,
) -> None:
    page = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-US").new_page()  # a phone
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(server.url)
    page.select_option("#language", language)
    strings = page.evaluate("async () => (await import('/static/i18n.js')).catalogue()")[language]
    help_line = page.locator("fieldset.seats #bots-help")
    order = page.locator("fieldset.seats #bots-order")
    for game in ("drumroll", "trollfest", "carcassonne"):
        page.select_option("#new-game", game)
        expect(help_line).to_have_text(strings["lobby.botsHelp"])
        expect(order).to_have_text(strings[f"lobby.botsOrder.{game}"])  # how the bots compare at this game
        page.fill("#new-players", "3")
        page.dispatch_event("#new-players", "change")
        expect(order).to_have_count(1)  # drawn again with the seats, once
    page.select_option("#new-game", "highcard")  # a game registered at runtime: no measured order, the help alone
    expect(help_line).to_have_text(strings["lobby.botsHelp"])
    expect(order).to_have_count(0)
    assert "null" not in page.locator("fieldset.seats").inner_text()
    page.select_option("#new-game", "carcassonne")
    help_line.scroll_into_view_if_needed()
    box = help_line.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390  # wrapped on a phone, not cut
    page.screenshot(path=str(tmp_path / f"lobby-bots-{language}.png"), full_page=True)
    assert errors == []
