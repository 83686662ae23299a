"""Browser tests: the Drum Roll board on a phone (390×844, touch) in Debian's Chromium. The status
sticks at the top and the question's targets come into view; every target is at least 44 px; the
last change is outlined and another seat's flashes; a tapped card is shown whole first and played
by a second tap; no word is broken inside, in English, French and Traditional Chinese. One server
for the module; each test opens a practice table of its own (Ada against a random bot)."""

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
from browser_support import screenshot  # noqa: E402
from server_support import ServerProcess, sqlite_url, state_of  # noqa: E402
from test_board_carcassonne_touch import boxes  # noqa: E402
from test_table_games import docs_picture  # noqa: E402

TARGETS = "#board .dr-board .dr-move"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp("drumroll-touch")
    process = ServerProcess(sqlite_url(folder), folder, bot_delay=0.05).start()
    yield process
    process.stop()


def practice_table(server: ServerProcess, seed: int = 4) -> tuple[str, str]:
    """A started practice table where Ada (seat 0) plays a random bot; its id and Ada's token."""
    body = {"game": "drumroll", "players": 2, "seats": [{"name": "Ada"}, {"name": "Bot", "bot": "random"}], "seed": seed, "practice": True}
    with server.client() as client:
        created = client.post("/api/tables", json=body).json()
        table_id = created["table"]["id"]
        for seat in created["seats"]:
            assert client.post(f"/api/tables/{table_id}/join", json={"token": seat["token"], "name": "Ada"}).status_code == 200
        assert client.post(f"/api/tables/{table_id}/start", json={"token": created["host_token"]}).status_code == 200
    return table_id, created["seats"][0]["token"]


def open_table(page: Page, server: ServerProcess, table_id: str, token: str, language: str = "en") -> None:
    page.goto(server.url)
    page.select_option("#language", language)
    page.goto(f"{server.url}/#/table/{table_id}?token={token}")
    expect(page.locator("#board .dr-board")).to_be_visible()
    expect(page.locator(TARGETS).first).to_be_attached()
    page.wait_for_function("() => getComputedStyle(document.querySelector('#board .dr-status')).backgroundImage !== 'none'")  # styled


def ada_state(server: ServerProcess, table_id: str, token: str) -> dict[str, Any]:
    with server.client() as client:
        return state_of(client, table_id, token)


def tap_one(page: Page, rng: random.Random) -> bool:
    """Tap one offered target at random (and "Play" or the like in the card it shows); False if none."""
    targets = page.locator(TARGETS)
    count = targets.count()
    if not count:
        return False
    page.locator("#board .dr-board").evaluate("board => { board.dataset.tapped = '1'; }")
    try:
        targets.nth(rng.randrange(count)).tap(timeout=2_000)
        plays = page.locator("#board .dr-sheet-play")
        if plays.count():
            plays.nth(rng.randrange(plays.count())).tap(timeout=2_000)
    except Exception:  # noqa: BLE001 - the board was drawn again (the bot moved) between counting and tapping
        return False
    page.locator("#board .dr-board:not([data-tapped]), #end-screen").first.wait_for(timeout=10_000)
    return True


BROKEN_WORDS = """() => {
  // Every Latin word of the board on more than one line, or sticking out of its box.
  const found = [];
  const walker = document.createTreeWalker(document.querySelector('#board .dr-board'), NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const box = node.parentElement.closest('.dr-card, .dr-deck, .dr-space, button, .dr-sheet, .dr-panel');
    if (!box || !node.parentElement.getClientRects().length) continue;
    const outer = box.getBoundingClientRect();
    for (const match of node.data.matchAll(/[A-Za-zÀ-ÿ'’-]{2,}/g)) {
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0);
      const lines = new Set(rects.map((r) => Math.round(r.top)));
      const right = Math.max(...rects.map((r) => r.right));
      if (lines.size > 1 || right > outer.right + 1) found.push(match[0]);
    }
  }
  return found;
}"""


def test_the_status_sticks_and_the_question_brings_its_targets_into_view(server, phone, tmp_path):
    table_id, token = practice_table(server)
    open_table(phone, server, table_id, token)
    expect(phone.locator("#board .dr-phase")).to_have_text("Keep one of two performers")
    phone.wait_for_timeout(200)
    head = boxes(phone, "#board .dr-head")[0]
    drafted = boxes(phone, "#board .dr-circus.dr-mine .dr-picks .dr-card.dr-move")
    assert len(drafted) == 2
    assert any(head["bottom"] <= b["top"] and b["bottom"] <= 844 for b in drafted), (head, drafted)  # Ada's circus is far down the page
    screenshot(phone, tmp_path / "screenshots", "1-draft-in-view")
    phone.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    status = boxes(phone, "#board .dr-status")[0]
    assert -1 <= status["top"] <= 2, status  # the status stays at the top of the screen
    assert phone.errors == []  # type: ignore[attr-defined]


def test_the_dealt_performers_show_their_hiring_cost(server, phone, tmp_path):
    """The two performers dealt at set-up say what hiring them costs (paid out of the 15 starting coins), as
    the hiring row's cards say theirs and the lesson's first step does ("Keep the Levitator (hire 2 coins)"),
    in each language (were: only the flip prestige and the salaries)."""
    table_id, token = practice_table(server)
    dealt = ada_state(server, table_id, token)["view"]["seats"][0]["draft"]
    with server.client() as client:
        costs = {card: client.get(f"/api/games/drumroll/content?table={table_id}").json()["performers"][card]["cost"] for card in dealt}
    for language, words in (("en", "hire {} coins"), ("fr", "embauche {} pièces"), ("zh-Hant", "雇用費 {} 元")):
        open_table(phone, server, table_id, token, language)
        for card, cost in costs.items():
            expect(phone.locator(f"#board .dr-circus.dr-mine .dr-picks .dr-card[data-card='{card}'] .dr-cost")).to_have_text(words.format(cost))
        phone.locator("#board .dr-circus.dr-mine .dr-picks").scroll_into_view_if_needed()
        phone.screenshot(path=str(tmp_path / f"dealt-cost-{language}.png"))
    assert phone.errors == []  # type: ignore[attr-defined]


def test_every_target_is_44_px_and_nothing_is_wider_than_the_phone(server, phone, tmp_path):
    table_id, token = practice_table(server, seed=5)
    open_table(phone, server, table_id, token)
    rng = random.Random(11)
    phases: set[str] = set()
    broken: list[tuple[str, str]] = []
    for _ in range(60):
        phone.locator("#board .dr-sheet").evaluate_all("sheets => sheets.forEach((s) => s.remove())")
        found = [b for b in boxes(phone, TARGETS) if b["width"] and b["height"]]
        small = [b for b in found if b["width"] < 43.5 or b["height"] < 43.5]
        phase = phone.locator("#board .dr-phase").text_content() or ""
        assert not small, (phase, small)
        if phase not in phases:
            phases.add(phase)
            screenshot(phone, tmp_path / "screenshots", f"2-{len(phases)}-targets")
        assert phone.evaluate("document.scrollingElement.scrollWidth") <= 390
        broken += [(phase, word) for word in phone.evaluate(BROKEN_WORDS)]
        if not tap_one(phone, rng):
            phone.wait_for_timeout(50)
    assert {"Keep one of two performers", "Place an action marker"} <= phases, phases
    assert len(phases) >= 4, phases
    assert broken == []  # no word broken inside, or sticking out of its box, in any phase
    assert phone.errors == []  # type: ignore[attr-defined]


def test_the_last_change_is_outlined_and_the_other_seats_flashes(server, phone, tmp_path):
    table_id, token = practice_table(server)
    open_table(phone, server, table_id, token, "fr")
    expect(phone.locator("#board .dr-last")).to_have_count(0)  # nothing when the table opens
    keep = next(m["action"] for m in ada_state(server, table_id, token)["legal"] if m["action"]["type"] == "Keep")
    with server.client() as client:
        assert client.post(f"/api/tables/{table_id}/moves", json={"token": token, "action": keep}).status_code == 200
    space = phone.locator("#board .dr-space.dr-move").first
    for _ in range(2):  # the draft is over: Ada takes her two starting cubes, then places a marker
        phone.locator("#board .dr-supply .dr-pile.dr-move").first.tap()
    expect(space).to_be_attached(timeout=10_000)
    state = ada_state(server, table_id, token)
    if state["view"]["start"] == 1:  # the bot began: its marker is the last change, and flashes
        expect(phone.locator("#board .dr-marker.dr-last.dr-flash[data-key^='marker:1:']")).to_have_count(1)
    slot = space.get_attribute("data-slot")
    space.tap()
    mine = phone.locator(f"#board .dr-space[data-slot='{slot}'] .dr-marker[data-key^='marker:0:'].dr-last")
    expect(mine.or_(phone.locator("#board .dr-marker.dr-flash[data-key^='marker:1:']")).first).to_be_attached()
    markers = ada_state(server, table_id, token)["view"]["markers"]
    deadline = time.monotonic() + 10
    while markers[-1][0] != 1 and time.monotonic() < deadline:  # the bot answers after its delay
        time.sleep(0.05)
        markers = ada_state(server, table_id, token)["view"]["markers"]
    assert markers[-1][0] == 1, markers
    expect(phone.locator("#board .dr-space.dr-move").first).to_be_attached(timeout=10_000)  # Ada's turn again
    flash = phone.locator("#board .dr-marker.dr-last.dr-flash")
    expect(flash).to_have_count(1)
    expect(flash).to_have_attribute("data-key", re.compile(rf"^marker:1:{markers[-1][1]}:"))
    expect(phone.locator("#board .dr-last.dr-flash[data-key^='marker:0:']")).to_have_count(0)  # Ada's own: no flash
    screenshot(phone, tmp_path / "screenshots", "3-flash-fr")
    assert phone.errors == []  # type: ignore[attr-defined]



def test_a_tapped_card_is_shown_whole_first_and_played_by_a_second_tap(server, phone, tmp_path):
    table_id, token = practice_table(server)
    for language, play in (("zh-Hant", "保留"), ("fr", "Garder"), ("en", "Keep")):
        open_table(phone, server, table_id, token, language)
        assert phone.evaluate(BROKEN_WORDS) == []
        card = phone.locator("#board .dr-circus.dr-mine .dr-picks .dr-card.dr-move").first
        card_id = card.get_attribute("data-card")
        card.tap()
        sheet = phone.locator("#board .dr-sheet")
        expect(sheet).to_be_visible()
        expect(sheet.locator(".dr-shown-card .dr-benefit")).to_have_count(3)  # the whole card, its three benefits
        assert phone.evaluate(BROKEN_WORDS) == []
        assert sheet.bounding_box()["width"] <= 390
        expect(sheet.locator(".dr-sheet-play")).to_contain_text(play)
        assert all(b["width"] >= 44 and b["height"] >= 44 for b in boxes(phone, "#board .dr-sheet button"))
        assert ada_state(server, table_id, token)["view"]["sealed"]["waiting"] == [0]  # shown, not played
        phone.evaluate("() => window.scrollBy(0, document.querySelector('#board .dr-mine').getBoundingClientRect().top"
                       " - document.querySelector('#board .dr-head').offsetHeight - 8)")  # the circus under the status, for the picture
        docs_picture(phone, f"drumroll-phone-{language}")  # before the whole page's picture, which scrolls
        screenshot(phone, tmp_path / "screenshots", f"4-card-shown-{language}")
        if language != "en":
            sheet.locator(".dr-sheet-close").tap()
            expect(sheet).to_have_count(0)
    phone.locator("#board .dr-sheet-play").tap()
    expect(phone.locator("#board .dr-sheet")).to_have_count(0)
    view = ada_state(server, table_id, token)["view"]
    assert card_id in [p["id"] for p in view["seats"][0]["performers"]]  # the second tap kept it
    assert phone.errors == []  # type: ignore[attr-defined]


def test_performers_and_regions_are_named_in_the_chosen_language(server, phone):
    from bigtop.games.drumroll.content import content_for

    content = content_for(None)
    named = {**content["performers"], **content["regions"]}
    table_id, token = practice_table(server, seed=6)
    for language in ("fr", "zh-Hant"):
        open_table(phone, server, table_id, token, language)
        text = phone.locator("#board").inner_text()
        shown = [c for c in named.values() if c["names"][language] in text]
        assert shown, language  # the draft's performers and the seats' regions are on the board
        english = [c["name"] for c in named.values() if c["names"][language] != c["name"] and re.search(rf"\b{re.escape(c['name'])}\b", text)]
        assert not english, (language, english)  # "Moscou", "Femme à barbe": never the English name
    assert phone.errors == []  # type: ignore[attr-defined]
