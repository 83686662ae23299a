"""Browser tests: what a new player on a phone (390×844, touch) meets around the boards, in Debian's
Chromium. The page's own controls (the language, the table's Rules / Take back / Leave, the sound
box, the chat, the lobby's new-table form) are 44 CSS px high; the end screen fits the phone's
width with its links 44 px high; lists of names are joined as the language joins them ("Ada、Bo"
in Chinese). One server for the module; tables are made and played by REST."""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))
from browser_support import screenshot  # noqa: E402
from server_support import ServerProcess, sqlite_url, state_of  # noqa: E402

WIDTH = 390


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp("phone-controls")
    process = ServerProcess(sqlite_url(folder), folder, bot_delay=0.05).start()
    yield process
    process.stop()


def new_table(server: ServerProcess, game: str, seats: list[dict], options: dict | None = None) -> tuple[str, list[str]]:
    """A started practice table with `seats` (every human seat joined); its id and the seats' tokens."""
    body = {"game": game, "players": len(seats), "seats": seats, "seed": 4, "practice": True, "options": options or {}}
    with server.client() as client:
        created = client.post("/api/tables", json=body).json()
        table_id = created["table"]["id"]
        people = [given for given in seats if "bot" not in given]  # the tokens are the people's seats'
        for seat, given in zip(created["seats"], people, strict=True):
            assert client.post(f"/api/tables/{table_id}/join", json={"token": seat["token"], "name": given["name"]}).status_code == 200
        assert client.post(f"/api/tables/{table_id}/start", json={"token": created["host_token"]}).status_code == 200
    return table_id, [seat["token"] for seat in created["seats"]]


def open_table(page: Page, server: ServerProcess, table_id: str, token: str, language: str) -> None:
    page.goto(server.url)
    page.select_option("#language", language)
    page.goto(f"{server.url}/#/table/{table_id}?token={token}")
    expect(page.locator("#board *").first).to_be_attached()


def heights(page: Page, selector: str) -> list[tuple[str, float, float]]:
    """(what, width, height) of every shown element of `selector`."""
    return page.eval_on_selector_all(selector, """nodes => nodes.filter((n) => n.getClientRects().length)
      .map((n) => { const r = n.getBoundingClientRect(); return [n.id || n.className || n.tagName, r.width, r.height]; })""")


def test_the_pages_own_controls_are_44_px_high_on_a_phone(server, phone, tmp_path):
    table_id, tokens = new_table(server, "drumroll", [{"name": "Ada"}, {"name": "Bot", "bot": "random"}])
    open_table(phone, server, table_id, tokens[0], "fr")
    expect(phone.locator("#leave")).to_be_visible()
    controls = "#language, .seat-controls button, .seat-controls label.sound, #chat-input, #chat-send"
    found = heights(phone, controls)
    assert len(found) >= 6, found
    small = [c for c in found if c[1] < 44 or c[2] < 44]
    assert not small, small  # were 32 px high (the sound box 13 px, the language 19 px)
    phone.locator(".seat-controls").scroll_into_view_if_needed()
    screenshot(phone, tmp_path / "screenshots", "1-table-controls-fr")
    phone.goto(server.url)
    expect(phone.locator("#create-button")).to_be_visible()
    form = heights(phone, "#create-table select, #create-table input:not([type=checkbox]), #create-table button, #create-table label:has(> input[type=checkbox])")
    assert len(form) >= 6, form
    small = [c for c in form if c[2] < 44]
    assert not small, small
    assert phone.errors == []  # type: ignore[attr-defined]


def play_to_the_end(server: ServerProcess, table_id: str, token: str) -> None:
    """Ada plays her first legal move by REST until the table is finished."""
    deadline = time.monotonic() + 60
    with server.client() as client:
        while time.monotonic() < deadline:
            state = state_of(client, table_id, token)
            if state["table"]["status"] == "finished":
                return
            if state["legal"]:
                client.post(f"/api/tables/{table_id}/moves", json={"token": token, "action": state["legal"][0]["action"]})
            else:
                time.sleep(0.05)
    raise AssertionError("the game did not end")


def test_the_end_screen_fits_the_phone_and_its_links_are_44_px_high(server, phone, tmp_path):
    seats = [{"name": "Ada"}, {"name": "Bot", "bot": "random"}]
    table_id, tokens = new_table(server, "carcassonne", seats, {"tiles": ["V", "U", "U", "V"], "tiles_only": True})
    play_to_the_end(server, table_id, tokens[0])
    for language in ("fr", "zh-Hant", "en"):
        open_table(phone, server, table_id, tokens[0], language)
        expect(phone.locator("#end-screen .end-links a").first).to_be_visible()
        phone.wait_for_timeout(100)
        assert phone.evaluate("document.scrollingElement.scrollWidth") <= WIDTH, language  # was 404 px in French
        links = heights(phone, "#end-screen .end-links a, #end-screen .end-links button")
        assert len(links) >= 4, links
        assert all(44 <= c[2] <= 60 for c in links), (language, links)  # one line each, not squeezed into 127 px high columns
        right = phone.eval_on_selector_all("#end-screen, #end-screen *", "nodes => Math.max(...nodes.map((n) => n.getBoundingClientRect().right))")
        assert right <= WIDTH, (language, right)
        phone.locator("#end-screen").scroll_into_view_if_needed()
        screenshot(phone, tmp_path / "screenshots", f"2-end-screen-{language}")
    assert phone.errors == []  # type: ignore[attr-defined]


def test_names_are_listed_as_the_language_lists_them(server, phone, tmp_path):
    table_id, tokens = new_table(server, "drumroll", [{"name": "Ada"}, {"name": "Bo"}])  # both keep a performer at once
    open_table(phone, server, table_id, tokens[0], "zh-Hant")
    expect(phone.locator("#board .dr-whose")).to_have_text("等待 Ada、Bo")  # not "Ada, Bo"
    benefits = phone.locator("#board .dr-benefit").all_text_contents()  # a card's effects, listed alike
    assert any("、" in b for b in benefits) and not any(", " in b for b in benefits), benefits
    phone.screenshot(path=str(tmp_path / "3-waiting-zh.png"))
    phone.goto(server.url)
    expect(phone.locator(f"#tables-running li[data-table='{table_id}']")).to_contain_text("Ada、Bo")
    open_table(phone, server, table_id, tokens[0], "fr")
    expect(phone.locator("#board .dr-whose")).to_have_text("En attente de Ada, Bo")
    assert phone.errors == []  # type: ignore[attr-defined]


def test_two_bots_of_one_strength_are_told_apart_on_the_page(server, phone):
    """Two Easy bots: the seats, the log and the end screen say "Easy bot 1" and "Easy bot 2" (in
    seat order, as the server's log does), never two "Easy bot"s nobody can tell apart."""
    table_id, tokens = new_table(server, "highcard", [{"name": "Ada"}, {"bot": "random"}, {"bot": "random"}])
    open_table(phone, server, table_id, tokens[0], "fr")
    seats = phone.locator("section.scores tbody tr td:nth-child(2)")
    expect(seats).to_have_text(["Ada", "Robot facile 1", "Robot facile 2"])
    expect(phone.locator(".log li").filter(has_text="Robot facile 2").first).to_be_attached()
    assert phone.errors == []  # type: ignore[attr-defined]
