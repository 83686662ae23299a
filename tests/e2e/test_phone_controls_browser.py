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


# Every control a thumb can reach on the page (links, buttons, fields, what a board makes clickable), as
# (what, width, height): a checkbox or radio button by its label (the label taps it), the rest by its own box.
CONTROLS = """() => [...document.querySelectorAll("a[href], button, select, input, textarea, [role=button], [tabindex]:not([tabindex='-1'])")]
  .filter((node) => node.getClientRects().length && getComputedStyle(node).visibility !== "hidden")
  .map((node) => {
    const label = ["checkbox", "radio"].includes(node.type) && node.closest("label");
    const box = (label || node).getBoundingClientRect();
    const name = `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ""}${node.className ? `.${String(node.className).trim().replaceAll(" ", ".")}` : ""}`;
    return [`${name} "${(node.innerText || node.value || "").trim().slice(0, 24)}"`, Math.round(box.width), Math.round(box.height)];
  })"""


def test_every_control_of_the_welcome_and_lobby_is_a_thumb_target(server, phone, tmp_path):
    """On a phone, every link, button and field of the welcome and the lobby (its lists holding a table to
    sit at, one of mine to go back to, one to watch and a finished one) is at least 40 px wide and high, or
    its label is (a checkbox's), in each language (were: "Go to my seat" and "Watch" 19 px high, "Hide"
    33x16, the Players field 25 px wide, the brand 24 px and the guest's sign-in link 16 px high)."""
    with server.client() as client:  # a table with a free seat, not started
        created = client.post("/api/tables", json={"game": "highcard", "players": 2, "seats": [{"name": "Ada"}, {"open": True}]})
        assert created.status_code == 201, created.text
    running, tokens = new_table(server, "drumroll", [{"name": "Ada"}, {"bot": "random"}])
    finished, done = new_table(server, "carcassonne", [{"name": "Ada"}, {"bot": "random"}], {"tiles": ["V", "U"], "tiles_only": True})
    play_to_the_end(server, finished, done[0])
    phone.goto(server.url)
    phone.evaluate("seats => localStorage.setItem('bigtop.seats', JSON.stringify(seats))", [{"table": running, "seat": 0, "token": tokens[0]}])
    for language in ("en", "fr", "zh-Hant"):
        phone.goto(server.url)
        phone.select_option("#language", language)
        for shown in ("#welcome .game-card", "#my-games a.resume", "#tables-open button.sit", "#tables-running a.watch", "#tables-finished a"):
            expect(phone.locator(shown).first, language).to_be_visible()
        phone.locator("#new-practice").check()  # its options show too
        found = phone.evaluate(CONTROLS)
        assert len(found) >= 25, found
        small = [c for c in found if c[1] < 40 or c[2] < 40]
        assert not small, (language, small)
        screenshot(phone, tmp_path / "screenshots", f"5-lobby-{language}")
    phone.locator("#welcome-hide").click()
    expect(phone.locator("#welcome-show")).to_be_visible()
    box = phone.locator("#welcome-show").bounding_box()
    assert box and box["width"] >= 40 and box["height"] >= 40, box
    phone.locator("#welcome-show").click()
    expect(phone.locator("#welcome")).to_be_visible()
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
    table_id, tokens = new_table(server, "drumroll", [{"name": "Ada"}, {"name": "Bo"}, {"name": "Cy"}])  # all keep a performer at once
    open_table(phone, server, table_id, "", "zh-Hant")  # watching
    expect(phone.locator("#board .dr-whose")).to_have_text("等待 Ada、Bo、Cy")  # not "Ada, Bo, Cy"
    benefits = phone.locator("#board .dr-benefit").all_text_contents()  # a card's effects, listed alike
    assert any("、" in b for b in benefits) and not any(", " in b for b in benefits), benefits
    phone.screenshot(path=str(tmp_path / "3-waiting-zh.png"))
    phone.goto(server.url)
    expect(phone.locator(f"#tables-running li[data-table='{table_id}']")).to_contain_text("Ada、Bo")
    open_table(phone, server, table_id, "", "fr")
    expect(phone.locator("#board .dr-whose")).to_have_text("En attente de Ada, Bo, Cy")
    assert phone.errors == []  # type: ignore[attr-defined]


def test_the_seat_to_move_is_told_it_is_its_turn_not_waited_for(server, phone, tmp_path):
    """The seat waited for reads "Your turn" (with the others waited for too), never "Waiting for" its own
    name: Drum Roll's banner (everyone keeps a performer at once) and Troll Fest's status (everyone names
    their band at once), in each language (were "Waiting for Ada, Bo", "Name your band. Waiting for Ada.")."""
    table_id, tokens = new_table(server, "drumroll", [{"name": "Ada"}, {"name": "Bo"}, {"name": "Cy"}])
    for language, both in (("en", "Your turn; waiting for Bo, Cy too"), ("fr", "À vous ; en attente aussi de Bo, Cy"),
                           ("zh-Hant", "輪到你；也在等待 Bo、Cy")):
        open_table(phone, server, table_id, tokens[0], language)
        expect(phone.locator("#board .dr-whose")).to_have_text(both)
        screenshot(phone, tmp_path, f"4-your-turn-drumroll-{language}")
    with server.client() as client:  # Bo and Cy keep theirs: Ada alone is waited for
        for token in tokens[1:]:
            action = state_of(client, table_id, token)["legal"][0]["action"]
            assert client.post(f"/api/tables/{table_id}/moves", json={"token": token, "action": action}).status_code == 200
    open_table(phone, server, table_id, tokens[0], "en")
    expect(phone.locator("#board .dr-whose")).to_have_text("Your turn")
    open_table(phone, server, table_id, tokens[1], "en")
    expect(phone.locator("#board .dr-whose")).to_have_text("Waiting for Ada")

    table_id, tokens = new_table(server, "trollfest", [{"name": "Ada"}, {"name": "Bo"}, {"name": "Cy"}])
    with server.client() as client:  # the draft, played for everyone, up to naming the bands
        for turn in range(300):
            state = state_of(client, table_id, tokens[turn % 3])
            if state["view"]["phase"] == "name":
                break
            if state["legal"]:
                client.post(f"/api/tables/{table_id}/moves", json={"token": tokens[turn % 3], "action": state["legal"][0]["action"]})
        assert state["view"]["phase"] == "name", state["view"]["phase"]
    for language, words in (("en", "Your turn: name your band. Also waiting for Bo, Cy."),
                            ("fr", "À vous : nommez votre groupe. En attente aussi de : Bo, Cy."),
                            ("zh-Hant", "輪到你：為你的樂團取名。也在等待：Bo、Cy。")):
        open_table(phone, server, table_id, tokens[0], language)
        expect(phone.locator("#tf-status")).to_contain_text(words)
        screenshot(phone, tmp_path, f"4-your-turn-trollfest-{language}")
    open_table(phone, server, table_id, "", "en")
    expect(phone.locator("#tf-status")).to_contain_text("Name your band. Waiting for Ada, Bo, Cy.")
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
