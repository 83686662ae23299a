"""Browser tests of players, the lobby, chat and ratings: two people in two browser contexts
register, one creates a table with an open seat, the other finds it in the lobby and sits, they
chat and play High Card to its end by clicking, and both see their new ratings and the game on
their player pages and the leaderboard. Screenshots of the lobby, a player page and the
leaderboard in English, French and Traditional Chinese, and in a 390×844 phone window, go to
the test's folder (or to BIGTOP_DOC_SCREENSHOTS, e.g. docs/img, as small PNGs)."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path

import pytest
from PIL import Image
from playwright.sync_api import Browser, Page, expect

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))
from server_postgres import postgres_server  # noqa: E402
from server_support import ServerProcess, sqlite_url  # noqa: E402

PASSWORD = "circus tent password"
CLICKABLE = "svg.hc-playable, #board button.action"
LANGUAGES = {"en": "Leaderboard", "fr": "Classement", "zh-Hant": "排行榜"}


@pytest.fixture(params=["sqlite", "postgresql"])
def server(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[ServerProcess]:
    """A server on a fresh SQLite file, or on a throwaway PostgreSQL cluster."""
    with ExitStack() as stack:
        url = sqlite_url(tmp_path) if request.param == "sqlite" else stack.enter_context(postgres_server())
        process = ServerProcess(url, tmp_path, bot_delay=0.1).start()
        stack.callback(process.stop)
        yield process


@pytest.fixture
def sqlite_server(tmp_path: Path) -> Iterator[ServerProcess]:
    process = ServerProcess(sqlite_url(tmp_path), tmp_path).start()
    yield process
    process.stop()


def person(browser: Browser, width: int = 1200, height: int = 900) -> Page:
    """A page in a browser context of its own (its own cookies and storage), collecting its errors
    (what the content security policy refused among them)."""
    page = browser.new_context(viewport={"width": width, "height": height}, locale="en-US").new_page()
    page.errors = []  # type: ignore[attr-defined]
    page.on("pageerror", lambda error: page.errors.append(str(error)))  # type: ignore[attr-defined]
    page.on("console", lambda message: "Content Security Policy" in message.text and page.errors.append(message.text))  # type: ignore[attr-defined]
    return page


def sign_up(page: Page, url: str, name: str) -> None:
    page.goto(url + "/#/account")
    page.fill("#register-name", name)
    page.fill("#register-password", PASSWORD)
    page.click("#register-button")
    expect(page.locator("#me-link")).to_have_text(name)
    expect(page.locator("#create-button")).to_be_visible()  # back in the lobby


def small_png(page: Page, folder: Path, name: str) -> None:
    """A screenshot of the page, reduced to a palette of 64 colours to stay small."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    Image.open(path).convert("RGB").quantize(64).save(path, optimize=True)


def play_until_over(pages: list[Page]) -> None:
    """Click a legal move on whichever page has one until both show the end screen."""
    for _ in range(400):
        if all(p.locator("#end-screen").is_visible() for p in pages):
            return
        for page in pages:
            moves = page.locator(CLICKABLE)
            if moves.count():
                try:
                    moves.first.click(timeout=1000)
                except Exception:  # the board was drawn again under the click: look again
                    pass
        pages[0].wait_for_timeout(50)
    raise AssertionError("the game did not end")


def test_two_people_meet_in_the_lobby_chat_play_and_see_their_ratings(server: ServerProcess, browser: Browser, tmp_path: Path) -> None:
    shots = Path(os.environ.get("BIGTOP_DOC_SCREENSHOTS") or tmp_path / "screenshots")
    if server.database_url.startswith("postgresql"):
        shots = tmp_path / "screenshots"  # the pictures for the docs come from one run
    ada, bo = person(browser), person(browser)
    sign_up(ada, server.url, "Ada")
    sign_up(bo, server.url, "Bo")

    ada.select_option("#new-game", "highcard")
    ada.fill("#new-players", "2")
    ada.select_option("select[name=kind-1]", "open")
    expect(ada.locator("input[name=name-1]")).to_be_hidden()  # an open seat is named by whoever sits
    expect(ada.locator("#new-rated")).to_be_checked()
    ada.click("#create-button")
    expect(ada.locator(".seat-list li.joined")).to_have_count(1)  # Ada holds her seat at once

    bo.goto(server.url)
    table = bo.locator("#tables-open li", has_text="High Card")
    expect(table.locator(".badge.rated")).to_have_text("Rated")
    table.locator("button.sit").click()  # one click: Bo is seated
    expect(bo.locator(".seat-list li.joined")).to_have_count(2)
    expect(ada.locator("#start")).to_be_enabled()
    ada.click("#start")
    expect(bo.locator("#board")).to_be_visible()

    ada.fill("#chat-input", "good luck <b>Bo</b>")
    ada.press("#chat-input", "Enter")
    said = bo.locator("#chat-list li").first
    expect(said).to_have_text("Ada: good luck <b>Bo</b>")  # shown as typed, never as HTML
    assert bo.locator("#chat-list b").count() == 0
    bo.fill("#chat-input", "merci, à toi aussi")
    bo.press("#chat-input", "Enter")
    expect(ada.locator("#chat-list li")).to_have_count(2)
    expect(ada.locator("#chat-input")).to_have_value("")

    elsewhere = bo.context.new_page()  # Bo's other tab: the lobby lists the game under "My games"
    elsewhere.goto(server.url)
    expect(elsewhere.locator("#my-games li", has_text="High Card").locator("a.resume")).to_be_visible()
    elsewhere.close()

    play_until_over([ada, bo])
    expect(ada.locator("#chat-list li")).to_have_count(2)  # the chat stays through the game

    for page, name, other in ((ada, "Ada", "Bo"), (bo, "Bo", "Ada")):
        page.goto(f"{server.url}/#/players/{name}")
        expect(page.locator("#player-name")).to_have_text(name)
        row = page.locator("#player-games tbody tr")
        expect(row).to_have_count(1)
        expect(row.locator("td").nth(1)).to_have_text("1")  # played
        expect(row.locator("td").nth(3)).to_have_text("1")  # rated
        expect(row.locator("td.rating")).not_to_have_text("—")
        recent = page.locator("#player-recent tbody tr")
        expect(recent).to_have_count(1)
        expect(recent.locator("a.player", has_text=other)).to_be_visible()
    small_png(ada, shots, "player-en")
    ada.locator("#player-recent a.replay").click()
    expect(ada.locator("#replay-position")).to_contain_text("Step 0 of")
    ada.fill("#replay-step", "999")
    expect(ada.locator(".replay-chat li")).to_have_count(2)  # the chat is kept with the table's replay

    ada.goto(f"{server.url}/#/leaderboard/highcard")
    rows = ada.locator("#leaderboard tbody tr")
    expect(rows).to_have_count(2)
    names = sorted(rows.locator("td:nth-child(2)").all_inner_texts())
    assert names == ["Ada", "Bo"]
    with server.client() as client:  # an open table waiting for people, for the lobby's pictures
        seats = [{"name": "Cy"}, {"open": True}, {"open": True}, {"bot": "random"}]
        body = {"game": "highcard", "players": 4, "seats": seats, "clock": {"kind": "turn", "per_move": 86400}}
        assert client.post("/api/tables", json=body).status_code == 201

    for language, title in LANGUAGES.items():
        for page_name, path in (("lobby", "/#/"), ("player", "/#/players/Ada"), ("leaderboard", "/#/leaderboard/highcard")):
            ada.goto(server.url + path)
            ada.select_option("#language", language)
            expect(ada.locator("#leaderboard-link")).to_have_text(title)
            if page_name == "lobby":
                expect(ada.locator("#tables-finished li")).to_have_count(1)
                expect(ada.locator("#tables-open button.sit")).to_have_count(2)
            else:
                expect(ada.locator("table.grid").first).to_be_visible()
            small_png(ada, shots, f"{page_name}-{language}")
    ada.select_option("#language", "en")
    phone = person(browser, 390, 844)
    phone.goto(server.url + "/#/players/Bo")
    expect(phone.locator("#player-games")).to_be_visible()
    small_png(phone, shots, "player-phone")
    phone.goto(server.url + "/#/")
    expect(phone.locator("#tables-finished li")).to_have_count(1)
    small_png(phone, shots, "lobby-phone")
    for page in (ada, bo, phone):
        assert page.errors == []  # type: ignore[attr-defined]


def test_what_is_typed_in_the_new_table_form_is_never_lost(sqlite_server: ServerProcess, browser: Browser) -> None:
    page = person(browser)
    page.goto(sqlite_server.url)
    page.select_option("#new-game", "trollfest")
    page.fill("#new-players", "4")
    page.dispatch_event("#new-players", "change")
    page.select_option("select[name=runoff_limit]", "0")
    page.select_option("select[name=kind-1]", "")
    page.fill("input[name=name-1]", "Zoé")
    page.select_option("select[name=kind-2]", "heuristic")
    page.select_option("#new-clock", "daily")
    page.fill("#guest-name", "Walk-in")
    expect(page.locator("select[name=runoff_limit] option:checked")).to_have_text("Vote until one band wins")

    page.fill("#new-players", "5")  # more seats: the first ones keep what was chosen
    page.dispatch_event("#new-players", "change")
    page.select_option("#new-game", "carcassonne")  # another game and back: its choices are kept
    page.select_option("#new-game", "trollfest")
    page.select_option("#language", "fr")  # the whole lobby is drawn again in French
    expect(page.locator("#create-button")).to_have_text("Créer la table")
    expect(page.locator("#new-players")).to_have_value("5")
    expect(page.locator("input[name=name-1]")).to_have_value("Zoé")
    expect(page.locator("select[name=kind-2]")).to_have_value("heuristic")
    expect(page.locator("select[name=kind-2] option:checked")).to_have_text("Robot : moyen")
    expect(page.locator("select[name=runoff_limit] option:checked")).to_have_text("Voter jusqu’à ce qu’un groupe gagne")
    expect(page.locator("#new-clock")).to_have_value("daily")
    expect(page.locator("#guest-name")).to_have_value("Walk-in")
    page.select_option("#language", "zh-Hant")
    expect(page.locator("select[name=kind-1] option:checked")).to_have_text("僅限邀請")
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_password_change_signs_every_other_browser_out(sqlite_server: ServerProcess, browser: Browser) -> None:
    laptop, phone = person(browser), person(browser)
    sign_up(laptop, sqlite_server.url, "Cleo")
    phone.goto(sqlite_server.url + "/#/account")
    phone.fill("#sign-in-name", "Cleo")
    phone.fill("#sign-in-password", PASSWORD)
    phone.click("#sign-in-button")
    expect(phone.locator("#me-link")).to_have_text("Cleo")

    laptop.click("#me-link")
    laptop.click("#change-password-link")
    laptop.select_option("#language", "fr")
    expect(laptop.locator("#password-form h2")).to_have_text("Changer de mot de passe")
    laptop.fill("#current-password", "not my password")
    laptop.fill("#new-password", "a new circus password")
    laptop.click("#password-button")
    expect(laptop.locator("#notice")).to_contain_text("wrong name or password")
    laptop.fill("#current-password", PASSWORD)
    laptop.click("#password-button")
    expect(laptop.locator("#notice")).to_have_text("Votre mot de passe est changé.")
    laptop.reload()
    expect(laptop.locator("#me-link")).to_have_text("Cleo")  # this browser stays signed in

    phone.reload()
    expect(phone.locator("#sign-in-link")).to_be_visible()  # the other one is signed out
    phone.goto(sqlite_server.url + "/#/account")
    phone.fill("#sign-in-name", "Cleo")
    phone.fill("#sign-in-password", "a new circus password")
    phone.click("#sign-in-button")
    expect(phone.locator("#me-link")).to_have_text("Cleo")
    for page in (laptop, phone):
        assert page.errors == []  # type: ignore[attr-defined]
