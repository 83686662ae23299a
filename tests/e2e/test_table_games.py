"""Each game's table in Chromium, in English, French and Traditional Chinese: the board mid-game on
a phone (390×844) and a laptop (1280×800), with its rules; the end screen of a finished game with
its scoring breakdown and "play again". Every page is checked for raw keys, `{placeholders}` and
English left in a French or Chinese page, and on a phone for anything wider than the screen.

Screenshots go to tmp_path/screenshots; with BIGTOP_DOCS_SCREENSHOTS=1 the ones the game pages of
docs/ show are written to docs/img/ as well."""

from __future__ import annotations

import os
import random
import re
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))
from browser_support import screenshot  # noqa: E402
from server_support import ServerProcess, create, sqlite_url, start_table  # noqa: E402

from bigtop import games  # noqa: E402

PLAYERS = {"drumroll": 3, "trollfest": 4, "carcassonne": 3}
MOVES = {"drumroll": 14, "trollfest": 12, "carcassonne": 8}  # Ada's moves before the mid-game pictures
BOARD = {"drumroll": ".dr-board", "trollfest": ".tf-board", "carcassonne": ".cc-svg"}
LANGUAGES = ("en", "fr", "zh-Hant")
DOCS_IMG = Path(__file__).resolve().parents[2] / "docs" / "img"
RAW_KEY = re.compile(r"\b(?:dr|tf|cc|table|end|lobby|clock|log|error|replay|app|view|score)\.[a-z][\w.]*[a-z]")
PLACEHOLDER = re.compile(r"\{\w+\}")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp("games")
    process = ServerProcess(sqlite_url(folder), folder).start()
    yield process
    process.stop()


def new_table(client: Any, game: str) -> tuple[str, str]:
    """A started table of `game`: Ada in seat 0, random bots elsewhere; answers its id and Ada's token."""
    seats = [{"name": "Ada"}] + [{"bot": "random", "name": name} for name in ("Bruno", "Chen", "Dora")[: PLAYERS[game] - 1]]
    created = create(client, seats, seed=8, game=game, players=PLAYERS[game])
    return start_table(client, created, {0: "Ada"}), created["seats"][0]["token"]


def mid_game(client: Any, game: str) -> tuple[str, str]:
    """A table where Ada has made `MOVES[game]` random moves (the bots answer at once)."""
    table_id, token = new_table(client, game)
    rng = random.Random(3)
    made = 0
    deadline = time.monotonic() + 30
    while made < MOVES[game]:
        assert time.monotonic() < deadline, "the bots did not answer"
        seen = client.get(f"/api/tables/{table_id}/state", params={"token": token}).json()
        if seen["legal"]:
            body = {"token": token, "action": rng.choice(seen["legal"])["action"], "move": seen["move"]}
            made += client.post(f"/api/tables/{table_id}/moves", json=body).status_code == 200
        else:
            time.sleep(0.05)
    time.sleep(0.3)  # the bots' answers
    return table_id, token


def finished(client: Any, game: str) -> tuple[str, str]:
    """A finished table: Ada leaves at once and a stand-in bot plays her seat to the end."""
    table_id, token = new_table(client, game)
    assert client.post(f"/api/tables/{table_id}/leave", json={"token": token}).status_code == 200
    deadline = time.monotonic() + 60
    while client.get(f"/api/tables/{table_id}").json()["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.2)
    return table_id, token


def english_phrases(page: Page, game: str) -> dict[str, set[str]]:
    """By language, the English phrases (of two words and more, placeholders taken out) of the page's
    and the board's strings that the language words otherwise: none may show in that language."""
    found = page.evaluate("""async (game) => {
        const i18n = await import("/static/i18n.js");
        const board = await import(`/boards/${game}.js`);
        return [i18n.catalogue(), board.strings];
    }""", game)
    out: dict[str, set[str]] = {}
    for language in LANGUAGES[1:]:
        phrases = set()
        for strings in found:
            for key, english in strings["en"].items():
                if strings.get(language, {}).get(key, english) == english:
                    continue
                phrases |= {p.strip() for p in PLACEHOLDER.split(english) if len(p.strip()) >= 12 and " " in p.strip()}
        out[language] = phrases
    return out


def check_page(page: Page, language: str, phrases: dict[str, set[str]], phone: bool = False) -> None:
    """No raw key, no placeholder, no English phrase in another language; on a phone, nothing wider than the screen."""
    text = page.locator("body").inner_text()
    assert not RAW_KEY.findall(text), RAW_KEY.findall(text)
    assert not PLACEHOLDER.findall(text), PLACEHOLDER.findall(text)
    if language != "en":
        left = sorted(p for p in phrases[language] if re.search(rf"(?<!\w){re.escape(p)}(?!\w)", text))
        assert not left, f"English left in the {language} page: {left}"
    if phone:
        wide = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert wide <= 1, f"the page is {wide}px wider than the phone"


DETAILED = ".dr-card[data-card], .tf-card[data-card], .cc-drawn, .cc-tiles > g"


def check_details(page: Page) -> None:
    """A tap on a card or tile that is not a move shows its details (what a mouse shows on hover)."""
    details = page.locator(f"#board :is({DETAILED})").filter(
        has_not=page.locator(".dr-move, .tf-legal, .cc-move")).filter(visible=True)
    target = next((d for d in details.all() if not d.evaluate("e => !!e.closest('.dr-move, .tf-legal, .cc-move')")), None)
    assert target is not None, "no card or tile to tap"
    text = target.evaluate("e => e.getAttribute('title') || e.querySelector(':scope > title').textContent")
    assert text and not RAW_KEY.search(text)
    target.click(position={"x": 3, "y": 3})
    expect(page.locator("#notice")).to_have_text(text)
    page.evaluate("document.getElementById('notice').hidden = true")


def open_table(browser: Any, url: str, width: int, height: int) -> tuple[Any, Page]:
    context = browser.new_context(viewport={"width": width, "height": height}, locale="en-US")
    page = context.new_page()
    page.errors = []  # type: ignore[attr-defined]
    page.on("pageerror", lambda error: page.errors.append(str(error)))  # type: ignore[attr-defined]
    page.goto(url)
    return context, page


def docs_picture(page: Page, name: str) -> None:
    """With BIGTOP_DOCS_SCREENSHOTS set, what the window shows as a small PNG for the docs (at most
    800 pixels wide, 128 colours)."""
    if not os.environ.get("BIGTOP_DOCS_SCREENSHOTS"):
        return
    from PIL import Image

    DOCS_IMG.mkdir(exist_ok=True)
    path = DOCS_IMG / f"{name}.png"
    page.screenshot(path=str(path), full_page=False)
    with Image.open(path) as picture:
        picture.thumbnail((800, 1000))
        picture.convert("RGB").quantize(colors=128).save(path, optimize=True)


@pytest.mark.parametrize("game", list(PLAYERS))
def test_each_board_mid_game_on_a_phone_and_a_laptop_in_each_language_with_its_rules(server, browser, game, tmp_path):
    folder = tmp_path / "screenshots" / game
    with server.client() as client:
        table_id, token = mid_game(client, game)
    for width, height in ((390, 844), (1280, 800)):
        context, page = open_table(browser, f"{server.url}/#/table/{table_id}?token={token}", width, height)
        try:
            expect(page.locator(f"#board {BOARD[game]}")).to_be_visible()
            phrases = english_phrases(page, game)
            for language in LANGUAGES:
                page.select_option("#language", language)
                expect(page.locator("html")).to_have_attribute("lang", language)
                page.wait_for_timeout(200)
                screenshot(page, folder, f"mid-game-{language}-{width}")
                check_page(page, language, phrases, phone=width < 500)
                check_details(page)
                page.click("#rules-button")
                rules = page.locator("dialog#rules")
                expect(rules).to_be_visible()
                assert rules.locator("h3").count() >= 4
                if width < 500 or language == "en":
                    screenshot(page, folder, f"rules-{language}-{width}")
                check_page(page, language, phrases, phone=width < 500)
                page.click("#rules-close")
                expect(rules).to_have_count(0)
            page.select_option("#language", "en")
            page.wait_for_timeout(200)
            docs_picture(page, f"{game}-board" if width > 500 else f"{game}-phone")
            assert page.errors == []  # type: ignore[attr-defined]
        finally:
            context.close()


@pytest.mark.parametrize("game", list(PLAYERS))
def test_the_end_screen_of_each_game_in_each_language(server, browser, game, tmp_path):
    folder = tmp_path / "screenshots" / game
    with server.client() as client:
        table_id, token = finished(client, game)
        final = client.get(f"/api/tables/{table_id}/state").json()
    labels = {row["key"]: row["label"] for row in final["breakdown"]}
    shown = [row for row in final["breakdown"] if any(row["points"])]
    context, page = open_table(browser, f"{server.url}/#/table/{table_id}?token={token}", 1280, 800)
    try:
        end = page.locator("#end-screen")
        expect(end).to_be_visible()
        phrases = english_phrases(page, game)
        words = page.evaluate("async (game) => (await import(`/boards/${game}.js`)).strings", game)
        rows = end.locator("#breakdown tbody tr")
        expect(rows).to_have_count(len(shown))
        totals = [float(x) for x in end.locator("#breakdown tfoot th.num").all_inner_texts()]
        standings = [float(x) for x in end.locator(".standings tbody td:nth-child(3)").all_inner_texts()]
        assert totals == standings  # the same seats in the same order: the totals are the scores
        for column in range(len(totals)):
            cells = [float(x) for x in end.locator(f"#breakdown tbody td.num:nth-child({column + 2})").all_inner_texts()]
            assert sum(cells) == pytest.approx(totals[column])
        for language in LANGUAGES:
            page.select_option("#language", language)
            expect(page.locator("html")).to_have_attribute("lang", language)
            page.wait_for_timeout(200)
            categories = rows.locator("td:first-child").all_inner_texts()
            mine = words.get(language, {})
            assert categories == [mine.get(f"score.{row['key']}", labels[row["key"]]) for row in shown]
            if language != "en":
                assert all(f"score.{row['key']}" in mine for row in shown), categories
            expect(page.locator("#play-again")).to_be_visible()
            screenshot(page, folder, f"end-{language}")
            check_page(page, language, phrases)
        page.select_option("#language", "en")
        page.wait_for_timeout(200)
        end.scroll_into_view_if_needed()
        docs_picture(page, f"{game}-end")
        page.click("#play-again")
        expect(page.locator(".seat-list li").first).to_have_class("joined")  # the new table: Ada holds her seat
        expect(page.locator("#join")).to_have_count(0)
        assert table_id not in page.url
        with server.client() as client:
            assert client.get(f"/api/tables/{table_id}").json()["next_table"] in page.url
        assert page.errors == []  # type: ignore[attr-defined]
    finally:
        context.close()


def test_every_game_has_rules_in_every_language(server, browser):
    context, page = open_table(browser, server.url, 1280, 800)
    try:
        for game in PLAYERS:
            rules = page.evaluate("async (game) => (await import(`/boards/${game}.js`)).rules", game)
            assert set(rules) == set(LANGUAGES), game
            shapes = [[len(section) for section in rules[language]] for language in LANGUAGES]
            assert shapes[0] == shapes[1] == shapes[2], f"{game}: the languages' rules differ in shape"
            assert len(rules["en"]) >= 4 and games.get(game).title
    finally:
        context.close()
