"""The welcome a newcomer sees in Chromium: what bigtop is, each game with its facts and the ways
in (learn, rules, play), the lobby opened on one game, and each game's rules on a page of their own,
in the three languages and on a phone."""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))
from browser_support import recording_page  # noqa: E402
from server_support import ServerProcess, create, sqlite_url  # noqa: E402
from test_table_games import docs_picture  # noqa: E402

GAMES = ("drumroll", "trollfest", "carcassonne")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp("welcome")
    process = ServerProcess(sqlite_url(folder), folder).start()
    yield process
    process.stop()


@pytest.fixture
def page(browser) -> Iterator[Page]:
    yield from recording_page(browser, 390, 844)


@pytest.mark.parametrize(("lang", "what", "play"), [("en", "bigtop is a free place", "Play"),
                                                    ("fr", "bigtop est un lieu gratuit", "Jouer"),
                                                    ("zh-Hant", "bigtop 是免費的遊戲場所", "開始玩")])
def test_the_welcome_says_what_bigtop_is_and_shows_each_game(server, page, lang, what, play):
    page.goto(server.url)
    page.select_option("#language", lang)
    expect(page.locator(".welcome .what")).to_contain_text(what)
    cards = page.locator(".game-card")
    expect(cards).to_have_count(3)
    for game in GAMES:
        card = page.locator(f".game-card[data-game={game}]")
        expect(card.locator("img")).to_have_attribute("src", re.compile(rf"/assets/[0-9a-f]{{16}}/img/{game}\.png$"))
        loaded = "img => img.complete && img.naturalWidth > 0"
        page.wait_for_function(loaded, arg=card.locator("img").element_handle(), timeout=10_000)
        expect(card.locator(".facts")).not_to_be_empty()
        expect(card.locator(".about")).not_to_be_empty()
        expect(card.locator("a.button")).to_have_count(3)
        expect(card.locator("a.button.primary")).to_have_text(play)
        for box in card.locator("a.button").all():  # a thumb can hit every way in
            size = box.bounding_box()
            assert size is not None and size["height"] >= 44 and size["width"] >= 44, size
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # nothing wider than the phone
    docs_picture(page, f"welcome-{lang}-phone")
    assert page.errors == []  # type: ignore[attr-defined]


def test_play_opens_the_lobby_on_that_game_and_hiding_the_welcome_is_remembered(server, page):
    with server.client() as client:
        create(client, [{"name": "Ada"}, {"bot": "random"}, {"bot": "random"}], game="trollfest")
        create(client, [{"name": "Bo"}, {"bot": "random"}], game="drumroll")
    page.goto(server.url)
    page.locator(".game-card[data-game=trollfest] a.button.primary").click()
    expect(page.locator("#lobby-filter")).to_contain_text("Troll Fest")
    expect(page.locator("#new-game")).to_have_value("trollfest")
    expect(page.locator(".table-list li")).to_have_count(1)
    page.locator("#lobby-filter a").click()
    expect(page.locator(".table-list li")).to_have_count(2)
    page.locator("#welcome-hide").click()
    expect(page.locator("#welcome")).to_have_count(0)
    page.reload()
    expect(page.locator("#welcome-show")).to_be_visible()
    page.locator("#welcome-show").click()
    expect(page.locator("#welcome")).to_be_visible()
    assert page.errors == []  # type: ignore[attr-defined]


@pytest.mark.parametrize("game", GAMES)
def test_each_games_rules_read_without_sitting_at_a_table(server, page, game):
    page.goto(f"{server.url}/#/rules/{game}")
    sections = page.locator("#rules-page section h3")
    expect(sections.first).to_be_visible()
    english = sections.all_inner_texts()
    assert len(english) >= 4
    docs_picture(page, f"rules-{game}-en-phone")
    page.select_option("#language", "fr")
    expect(sections.first).not_to_have_text(english[0])
    expect(page.locator("#rules-page a.button.primary")).to_have_attribute("href", f"#/?game={game}")
    docs_picture(page, f"rules-{game}-fr-phone")
    page.select_option("#language", "zh-Hant")
    expect(sections.first).not_to_have_text(english[0])
    docs_picture(page, f"rules-{game}-zh-Hant-phone")
    page.goto(f"{server.url}/#/rules/nosuchgame")
    expect(page.locator(".error")).to_be_visible()
    assert page.errors == []  # type: ignore[attr-defined]
