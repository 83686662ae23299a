"""Browser tests: the log's newest entry on a phone (390×844, touch) in Debian's Chromium. Each game's
status, which sticks at the top of the screen, ends with one line holding the log's newest entry (as
the server words it) and how many entries came since the seat's last move; it is on the first screen
without scrolling, grows the sticky status by about one line, follows the moves as they arrive, and a
tap on it brings the whole log into view with those entries marked (the log was some 1,200 to 1,550
px down the page). One server for the module; Ada's moves by REST or by taps, the bots answer."""

from __future__ import annotations

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

WIDTH, HEIGHT = 390, 844
GAMES = {"carcassonne": 2, "drumroll": 2, "trollfest": 3}
ONE_LINE = 36  # px: what the line may add to the sticky status (the line, 26 px, and the status's gap between rows)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp("latest-events")
    process = ServerProcess(sqlite_url(folder), folder, bot_delay=0.05).start()
    yield process
    process.stop()


def new_table(server: ServerProcess, game: str, players: int, options: dict | None = None) -> tuple[str, str]:
    """A started practice table where Ada (seat 0) plays random bots; its id and Ada's token."""
    seats = [{"name": "Ada"}] + [{"bot": "random"}] * (players - 1)
    body = {"game": game, "players": players, "seats": seats, "seed": 4, "practice": True, "options": options or {}}
    with server.client() as client:
        created = client.post("/api/tables", json=body).json()
        table_id, token = created["table"]["id"], created["seats"][0]["token"]
        assert client.post(f"/api/tables/{table_id}/join", json={"token": token, "name": "Ada"}).status_code == 200
        assert client.post(f"/api/tables/{table_id}/start", json={"token": created["host_token"]}).status_code == 200
    return table_id, token


def open_table(page: Page, server: ServerProcess, table_id: str, token: str, language: str) -> None:
    page.goto(server.url)
    page.select_option("#language", language)
    page.goto(f"{server.url}/#/table/{table_id}" + (f"?token={token}" if token else ""))
    expect(page.locator("#board *").first).to_be_attached()


def ada_to_move(server: ServerProcess, table_id: str, token: str) -> dict[str, Any]:
    """Ada's state once she has a move again (the bots have answered)."""
    deadline = time.monotonic() + 20
    with server.client() as client:
        while time.monotonic() < deadline:
            state = state_of(client, table_id, token)
            if state["legal"]:
                return state
            time.sleep(0.05)
    raise AssertionError("Ada never got a move back")


def play_by_rest(server: ServerProcess, table_id: str, token: str, moves: int) -> dict[str, Any]:
    """Ada plays her first legal move `moves` times, each time once the bots have answered."""
    for _ in range(moves):
        action = ada_to_move(server, table_id, token)["legal"][0]["action"]
        with server.client() as client:
            assert client.post(f"/api/tables/{table_id}/moves", json={"token": token, "action": action}).status_code == 200
    return ada_to_move(server, table_id, token)


def news(log: list[dict[str, Any]], mark: int) -> int:
    """How many of `log`'s entries are new to Ada after `mark` (the log's length when she last played or
    the page opened): those after it, less the run of hers that opens them (her move's own entries)."""
    first = mark
    while first < len(log) and log[first]["data"].get("seat") == 0:
        first += 1
    return len(log) - first


def the_line(page: Page) -> dict[str, Any]:
    """The latest line's box, at the top of the page (not scrolled), whether its text is cut to one line,
    and the sticky status holding it, with the line and without."""
    page.evaluate("window.scrollTo(0, 0)")
    return page.evaluate("""() => {
      const line = document.querySelector('#latest'), text = line.querySelector('.latest-text'), head = line.parentElement;
      const box = line.getBoundingClientRect(), lineHeight = parseFloat(getComputedStyle(text).lineHeight);
      const withLine = head.getBoundingClientRect().height;
      line.style.display = 'none';
      const without = head.getBoundingClientRect().height;
      line.style.display = '';
      return { top: box.top, bottom: box.bottom, left: box.left, right: box.right, height: box.height, scrollY,
               oneLine: text.getBoundingClientRect().height < 1.5 * lineHeight && text.getBoundingClientRect().right <= box.right,
               sticky: getComputedStyle(head).position, inBoard: Boolean(head.closest('#board')), withLine, without,
               pageWidth: document.scrollingElement.scrollWidth };
    }""")


def check_the_line(page: Page, language: str) -> dict[str, Any]:
    """The line shows the log's newest entry on one line within the first screen, inside the board's
    sticky status, which it grows by one line at most; answers what was measured."""
    newest = page.locator("#log li").last.inner_text()
    expect(page.locator("#latest .latest-text")).to_have_text(newest)
    found = the_line(page)
    assert found["scrollY"] == 0
    assert 0 <= found["top"] and found["bottom"] <= HEIGHT and 0 <= found["left"] and found["right"] <= WIDTH, (language, found)
    assert found["sticky"] == "sticky" and found["inBoard"], found  # at the foot of the board's own sticky status
    assert found["oneLine"] and found["height"] <= 30, (language, found)  # long entries are cut with "…", never wrapped
    assert found["withLine"] - found["without"] <= ONE_LINE, (language, found)
    assert found["pageWidth"] <= WIDTH, (language, found)
    return found


def tap_shows_the_log(page: Page, fresh: int) -> None:
    """A tap on the line brings the whole log into view, the `fresh` new entries marked."""
    page.locator("#latest").tap()
    expect(page.locator("#log")).to_be_in_viewport()
    expect(page.locator("#log li.fresh")).to_have_count(fresh)
    if fresh:
        expect(page.locator("#log li.fresh").first).to_be_in_viewport()


def test_the_newest_entry_shows_under_each_games_status_and_a_tap_shows_the_log(server, phone, tmp_path):
    for game, players in GAMES.items():
        table_id, token = new_table(server, game, players)
        open_table(phone, server, table_id, token, "en")
        expect(phone.locator("#log")).to_be_attached()
        before = phone.locator("#log li").count()
        state = play_by_rest(server, table_id, token, 2)  # the page follows the moves as they come
        expect(phone.locator("#log li")).to_have_count(len(state["log"]))
        assert state["log"][-1]["text"] == phone.locator("#log li").last.inner_text()
        found = check_the_line(phone, game)
        fresh = news(state["log"], before)  # since the page opened, Ada's first move's entries left out
        assert fresh >= 1, state["log"]
        expect(phone.locator("#latest .latest-new")).to_have_text(f"{fresh} new")
        screenshot(phone, tmp_path / "screenshots", f"{game}-latest")
        phone.evaluate("window.scrollTo(0, 700)")  # the board under the status: the line stays on screen with it
        phone.wait_for_timeout(100)
        box = phone.locator("#latest").bounding_box()
        assert box and 0 <= box["y"] < 250, (game, box, found)
        tap_shows_the_log(phone, fresh)
    assert phone.errors == []  # type: ignore[attr-defined]


def test_new_entries_count_from_the_seats_own_move_in_french_and_chinese_and_a_spectator_sees_the_line(server, phone, tmp_path):
    table_id, token = new_table(server, "carcassonne", 2, {"tiles": ["E", "U", "U", "U"], "tiles_only": True})
    open_table(phone, server, table_id, token, "fr")
    phone.locator("#board .cc-fit[data-x='0'][data-y='-1']").tap()
    phone.locator("#cc-lay").tap()
    expect(phone.locator("#board .cc-choice").first).to_be_visible()
    state = ada_to_move(server, table_id, token)  # Ada's tile is in; her figure is next
    played_at = len(state["log"])
    figure = next(i for i, move in enumerate(state["legal"]) if move["action"]["type"] == "Meeple")
    phone.locator(f"#cc-choice-{figure}").tap()
    log = ada_to_move(server, table_id, token)["log"]
    fresh = news(log, played_at)  # her figure's own entries are not news to her
    assert fresh >= 2, log[played_at:]  # the bot drew and laid a tile
    expect(phone.locator("#log li")).to_have_count(len(log))
    expect(phone.locator("#latest .latest-new")).to_have_text(f"{fresh} nouvelles")
    check_the_line(phone, "fr")
    tap_shows_the_log(phone, fresh)
    assert not phone.locator("#log li.fresh").first.inner_text().startswith("Ada")

    open_table(phone, server, table_id, token, "zh-Hant")  # the count outlives a reload (the tab keeps it)
    expect(phone.locator("#latest .latest-new")).to_have_text(f"新增 {fresh} 則")
    expect(phone.locator("#log li").last).to_have_text(re.compile("[\u4e00-\u9fff]"))
    check_the_line(phone, "zh-Hant")
    screenshot(phone, tmp_path / "screenshots", "carcassonne-latest-zh")

    open_table(phone, server, table_id, "", "en")  # a spectator: the same line, nothing new yet
    expect(phone.locator("#latest .latest-new")).to_have_text("")
    check_the_line(phone, "spectator")
    assert phone.errors == []  # type: ignore[attr-defined]
