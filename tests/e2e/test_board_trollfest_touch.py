"""Browser tests: the Troll Fest board on a phone (390×844, touch) in Debian's Chromium. The status
sticks, the question's targets come into view and are 44 CSS px at least, the last change is marked
and flashed, a tapped card is shown whole before "Play" plays it, and the map pans with a hint and
cues. One server for the module; the early phases are played by REST to reach the one to check."""

from __future__ import annotations

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
import test_board_carcassonne_touch as carcassonne_touch  # noqa: E402
from browser_support import screenshot  # noqa: E402
from server_support import ServerProcess, sqlite_url, state_of  # noqa: E402
from test_table_games import docs_picture  # noqa: E402

LANGUAGES = carcassonne_touch.LANGUAGES

TARGETS = "#board .tf-legal"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp("trollfest-touch")
    process = ServerProcess(sqlite_url(folder), folder, bot_delay=0.3).start()
    yield process
    process.stop()


@pytest.fixture(autouse=True)
def no_page_errors(phone: Page) -> Iterator[None]:
    """Each test ends with no error on the page."""
    yield
    assert phone.errors == []  # type: ignore[attr-defined]


def new_table(server: ServerProcess, seed: int = 3) -> tuple[str, str]:
    """A started 3-player table where Ada (seat 0) plays two random bots; its id and Ada's token."""
    seats = [{"name": "Ada"}, {"name": "Bot 1", "bot": "random"}, {"name": "Bot 2", "bot": "random"}]
    with server.client() as client:
        created = client.post("/api/tables", json={"game": "trollfest", "players": 3, "seats": seats, "seed": seed}).json()
        table_id = created["table"]["id"]
        assert client.post(f"/api/tables/{table_id}/join", json={"token": created["seats"][0]["token"], "name": "Ada"}).status_code == 200
        assert client.post(f"/api/tables/{table_id}/start", json={"token": created["host_token"]}).status_code == 200
    return table_id, created["seats"][0]["token"]


def play_until(server: ServerProcess, table_id: str, token: str, move_type: str) -> dict[str, Any]:
    """Play Ada's first legal move by REST until a move of `move_type` is legal; answers her state."""
    deadline = time.monotonic() + 60
    with server.client() as client:
        while time.monotonic() < deadline:
            state = state_of(client, table_id, token)
            legal = [m["action"] for m in state["legal"]]
            if any(a["type"] == move_type for a in legal):
                return state
            if legal:
                client.post(f"/api/tables/{table_id}/moves", json={"token": token, "action": legal[0]})
            else:
                time.sleep(0.05)
    raise AssertionError(f"no {move_type} came")


def people_until(server: ServerProcess, move_type: str, phase: str, seed: int = 3) -> tuple[str, str]:
    """A table of three people, each playing at random by REST (no bot waits its delay), until a
    move of `move_type` is legal to Ada (seat 0) in `phase`; the table's id and Ada's token."""
    names = ["Ada", "Bo", "Cy"]
    rng = random.Random(seed)
    with server.client() as client:
        created = client.post("/api/tables", json={"game": "trollfest", "players": 3, "seats": [{"name": n} for n in names], "seed": seed}).json()
        table_id, tokens = created["table"]["id"], [s["token"] for s in created["seats"]]
        for token, name in zip(tokens, names, strict=True):
            assert client.post(f"/api/tables/{table_id}/join", json={"token": token, "name": name}).status_code == 200
        assert client.post(f"/api/tables/{table_id}/start", json={"token": created["host_token"]}).status_code == 200
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            offered = [[m["action"] for m in state_of(client, table_id, token)["legal"]] for token in tokens]
            ada = state_of(client, table_id, tokens[0])
            if any(a["type"] == move_type for a in offered[0]) and ada["view"]["phase"] == phase:
                return table_id, tokens[0]
            assert ada["result"] is None, f"the game ended before a {move_type} in {phase}"
            for token, legal in zip(tokens, offered, strict=True):
                if legal:
                    client.post(f"/api/tables/{table_id}/moves", json={"token": token, "action": rng.choice(legal)})
            if not any(offered):
                time.sleep(0.02)
    raise AssertionError(f"no {move_type} in {phase} came")


def open_table(page: Page, server: ServerProcess, table_id: str, token: str, language: str = "en") -> None:
    page.goto(server.url)
    page.select_option("#language", language)
    page.goto(f"{server.url}/#/table/{table_id}?token={token}")
    expect(page.locator("#board .tf-board")).to_be_visible()
    expect(page.locator(TARGETS).first).to_be_attached()


def on_screen(page: Page, selector: str) -> int:
    """How many of `selector` have their middle on screen, below the sticky status."""
    return page.evaluate("""(selector) => {
      const head = document.querySelector('.tf-head').getBoundingClientRect().bottom;
      return [...document.querySelectorAll(selector)].filter((node) => {
        const r = node.getBoundingClientRect(), x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
        return x > 0 && x < innerWidth && y > head && y < innerHeight;
      }).length; }""", selector)


def test_status_sticks_and_the_cities_to_choose_come_into_view(server, phone):
    table_id, token = new_table(server)
    play_until(server, table_id, token, "StartCity")
    open_table(phone, server, table_id, token)
    expect(phone.locator("#board .tf-city.tf-target")).to_have_count(32)
    expect(phone.locator("#board .tf-head")).to_have_css("position", "sticky")
    phone.wait_for_function("() => document.querySelector('.tf-map-box').getBoundingClientRect().top < innerHeight / 2")
    assert on_screen(phone, "#board .tf-city.tf-target") >= 1  # the thing to tap is on screen when asked
    phone.locator("#board .tf-band").last.scroll_into_view_if_needed()  # the foot of the board
    phone.wait_for_function("() => scrollY > 600")
    head = phone.locator("#board .tf-head").bounding_box()
    assert head is not None and -1 <= head["y"] <= 80  # the status stays at the top of the screen
    expect(phone.locator("#board .tf-status")).to_be_in_viewport()


def test_every_target_is_44_px_at_least(server, phone):
    for move_type in ("Pick", "StartCity"):
        table_id, token = new_table(server, seed=5)
        play_until(server, table_id, token, move_type)
        open_table(phone, server, table_id, token)
        sizes = phone.evaluate("""(selector) => [...document.querySelectorAll(selector)]
          .map((node) => { const r = node.getBoundingClientRect(); return [node.className.baseVal ?? node.className, r.width, r.height]; })""", TARGETS)
        assert sizes
        small = [size for size in sizes if min(size[1], size[2]) < 44]
        assert not small, f"{move_type}: targets under 44 px: {small[:5]}"


def test_a_bots_move_is_marked_and_flashed_and_ones_own_is_not_flashed(server, phone):
    table_id, token = new_table(server, seed=8)
    play_until(server, table_id, token, "StartCity")
    open_table(phone, server, table_id, token)
    expect(phone.locator("#board .tf-flash")).to_have_count(0)  # nothing flashes on the first drawing
    phone.locator("#board .tf-city.tf-target").nth(20).scroll_into_view_if_needed()
    phone.locator("#board .tf-city.tf-target").nth(20).tap()
    own = phone.locator('#board .tf-city[data-city="20"]')
    expect(own.locator(".tf-pawn")).to_have_count(1)
    expect(own).not_to_have_class(re.compile(r"\btf-flash\b"))  # one's own move is not flashed
    # a bot moves next: its city (and band) is marked as the last change and flashes
    expect(phone.locator("#board .tf-city.tf-flash")).not_to_have_count(0, timeout=15000)
    flashed = phone.locator("#board .tf-city.tf-flash").first
    expect(flashed).to_have_class(re.compile(r"\btf-last\b"))
    expect(flashed.locator(".tf-pawn, .tf-token, .tf-groundhog").first).to_be_attached()
    phone.wait_for_function("""() => [...document.querySelectorAll('#board .tf-city.tf-flash .tf-city-disc')]
      .some((disc) => getComputedStyle(disc).animationName === 'tf-flash-disc')""")


def words_broken(page: Page, selector: str) -> list[str]:
    """The words of `selector`'s texts laid on two lines or more, or sticking out of their box (or,
    in the shown card, texts cut at the foot). A word is a run of Latin letters and digits: Chinese
    lines break between characters, as Chinese is set."""
    return page.evaluate("""(selector) => {
      const broken = [];
      for (const node of document.querySelectorAll(selector)) {
        if (!node.offsetParent) continue;
        if (node.scrollWidth > node.clientWidth + 1) broken.push(`wide: ${node.textContent}`);
        if (node.closest('.tf-sheet') && node.scrollHeight > node.clientHeight + 1) broken.push(`cut: ${node.textContent}`);
        const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
        for (let text = walker.nextNode(); text; text = walker.nextNode()) {
          for (const match of text.data.matchAll(/[\\p{Script=Latin}\\p{N}’'-]+/gu)) {
            const range = document.createRange();
            range.setStart(text, match.index);
            range.setEnd(text, match.index + match[0].length);
            const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
            if (tops.size > 1) broken.push(match[0]);
          }
        }
      }
      return broken; }""", selector)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_tapped_card_is_shown_whole_and_played_by_play(server, phone, language, tmp_path):
    table_id, token = new_table(server, seed=11)
    play_until(server, table_id, token, "Pick")
    open_table(phone, server, table_id, token, language)
    card = phone.locator("#board .tf-card.tf-legal.tf-action").last  # the longest texts: an action card's
    number = card.get_attribute("data-card")
    card.tap()
    sheet = phone.locator("#board .tf-sheet")
    expect(sheet).to_be_visible()
    expect(sheet).to_be_in_viewport(ratio=1)
    with server.client() as client:
        assert state_of(client, table_id, token)["view"]["my_choice"] is None  # the tap only showed it
    shown = sheet.locator(f'.tf-card[data-card="{number}"]')
    expect(shown).to_be_visible()
    assert words_broken(phone, "#board .tf-card-name, #board .tf-card-text") == []
    screenshot(phone, tmp_path, f"shown-{language}")
    docs_picture(phone, f"trollfest-phone-{language}")
    sheet.locator(".tf-play").tap()
    expect(sheet).to_have_count(0)
    with server.client() as client:  # picked: held until every seat has picked, then among her picks
        view = state_of(client, table_id, token)["view"]
    assert view["my_choice"] == int(number) or int(number) in view["picks"]


def test_the_map_pans_with_a_hint_and_cues_for_the_cities_off_screen(server, phone):
    table_id, token = new_table(server, seed=13)
    play_until(server, table_id, token, "StartCity")
    open_table(phone, server, table_id, token)
    expect(phone.locator("#board .tf-pan-hint")).to_be_visible()
    box = phone.locator("#board .tf-map-box")
    box.evaluate("(box) => box.scrollTo(0, 0)")
    right = phone.locator("#board .tf-cue-right")
    expect(right).to_be_visible()
    off = box.evaluate("""(box) => { const edge = box.getBoundingClientRect();
      return [...box.querySelectorAll('.tf-city.tf-target')].filter((node) => {
        const r = node.getBoundingClientRect(); return (r.left + r.right) / 2 > edge.right; }).length; }""")
    assert off > 0
    expect(right).to_have_attribute("data-count", str(off))  # every city off screen is counted
    right_box = right.bounding_box()
    assert right_box is not None and right_box["width"] >= 44 and right_box["height"] >= 44
    right.tap()
    phone.wait_for_function("() => document.querySelector('.tf-map-box').scrollLeft > 0")
    expect(phone.locator("#board .tf-cue-left")).to_be_visible()


@pytest.mark.parametrize("move_type, phase, answers", [
    ("Recruit", "tour", "#board .tf-small.tf-legal"),  # the Springboard's artists
    ("PlayCard", "festival", "#board .tf-action.tf-legal"),  # the seat's Festival cards
])
def test_the_answers_to_a_question_off_the_map_come_above_the_map(server, phone, tmp_path, move_type, phase, answers):
    """"Tour: Ada — recruit an artist" and "Festival: Ada plays Festival cards": the answers (the
    Springboard's artists; the seat's Festival cards) come right under the question, above the map.
    On a phone they were a screen further down, below the map, and the only answer in sight was
    "Recruit nobody" or "Stop playing Festival cards". At the Festival the bands come before the
    map too: the tour is over."""
    table_id, token = people_until(server, move_type, phase)
    for language in LANGUAGES:
        open_table(phone, server, table_id, token, language)
        map_top = phone.locator("#board .tf-map-box").bounding_box()["y"]  # type: ignore[index]
        found = phone.locator(answers)
        expect(found.first).to_be_visible()
        assert all(box["y"] + box["height"] <= map_top for box in map(lambda n: n.bounding_box(), found.all()))
        assert on_screen(phone, answers) >= 1, language  # in the first screen, by the question
        if phase == "festival":
            assert phone.locator("#board .tf-band").first.bounding_box()["y"] < map_top  # type: ignore[index]
        screenshot(phone, tmp_path / "screenshots", f"{phase}-{language}")
