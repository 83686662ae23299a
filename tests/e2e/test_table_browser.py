"""The table page in Chromium, on High Card: a short clock runs out and a bot plays for the person;
undo taken and refused by the rule; a click chosen before a bot's move is still played; the
your-turn signals (tab title, notification). The server runs with `--shortest-clock 1`; screenshots
go to tmp_path/screenshots."""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, WebSocketRoute, expect

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))
from browser_support import Shots, recording_page  # noqa: E402
from server_support import ServerProcess, create, sqlite_url, start_table, state_of  # noqa: E402

CARD = "svg.hc-playable"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp("table")
    process = ServerProcess(sqlite_url(folder), folder, extra_args=("--shortest-clock", "1")).start()
    yield process
    process.stop()


@pytest.fixture
def page(browser) -> Iterator[Page]:
    yield from recording_page(browser, 1200, 900)


class HeldMessages:
    """The page's table socket, with the server's `state` messages held back while `holding`
    (acks and errors pass), as if the network were slow; `release()` hands them over."""

    def __init__(self, page: Page) -> None:
        self.holding = False
        self.held: list[str | bytes] = []
        self.route: WebSocketRoute | None = None
        page.route_web_socket("**/ws/tables/**", self._connect)

    def _connect(self, route: WebSocketRoute) -> None:
        self.route = route
        upstream = route.connect_to_server()
        upstream.on_message(self._from_server)
        route.on_message(upstream.send)

    def _from_server(self, message: str | bytes) -> None:
        if self.holding and '"type":"state"' in str(message):
            self.held.append(message)
        else:
            assert self.route is not None
            self.route.send(message)

    def release(self) -> None:
        self.holding = False
        assert self.route is not None
        for message in self.held:
            self.route.send(message)
        self.held.clear()


def open_seat(page: Page, server: ServerProcess, created: dict[str, Any], seat: int = 0) -> str:
    token = created["seats"][seat]["token"]
    page.goto(f"{server.url}/#/table/{created['table']['id']}?token={token}")
    expect(page.locator("#board")).to_be_visible()
    return token


def play_first(client: Any, table_id: str, token: str) -> None:
    seen = client.get(f"/api/tables/{table_id}/state", params={"token": token}).json()
    body = {"token": token, "action": seen["legal"][0]["action"], "move": seen["move"]}
    assert client.post(f"/api/tables/{table_id}/moves", json=body).status_code == 200


def test_a_short_clock_runs_out_and_a_bot_plays_for_the_person(server, page, tmp_path):
    shots = Shots(page, tmp_path / "screenshots" / "clock")
    with server.client() as client:
        created = create(client, [{"name": "Ada"}, {"bot": "random"}], seed=31, clock={"kind": "turn", "per_move": 3})
        start_table(client, created, {0: "Ada"})
    open_seat(page, server, created)
    clock = page.locator(".scores tr[data-seat='0'] .clock")
    expect(page.locator(".clock-setting")).to_have_text("Clock: 0:03 a turn")
    first = clock.inner_text()
    page.wait_for_timeout(1100)
    assert clock.inner_text() != first, "the clock does not count down"
    shots.take("counting-down")
    note = page.locator(".log li[data-kind='table.timeout']")
    expect(note.first).to_have_text("Ada ran out of time: a bot played for them.", timeout=6000)
    expect(page.locator(CARD)).to_have_count(2)  # the bot played one of her three cards
    shots.take("ran-out")
    page.select_option("#language", "zh-Hant")
    expect(note.first).to_have_text("Ada 時間用完：由電腦代為出手。")
    expect(page.locator(".clock-setting")).to_have_text("計時：每回合 0:03")
    shots.take("ran-out-zh-Hant")
    page.select_option("#language", "en")
    assert page.errors == []  # type: ignore[attr-defined]


def test_undo_is_taken_and_refused_by_the_rule(server, page, tmp_path):
    shots = Shots(page, tmp_path / "screenshots" / "undo")
    held = HeldMessages(page)
    with server.client() as client:
        created = create(client, [{"name": "Ada"}, {"name": "Bo"}], seed=32)
        table_id = start_table(client, created, {0: "Ada", 1: "Bo"})
        open_seat(page, server, created)
        undo = page.locator("#undo")
        expect(undo).to_be_disabled()  # nothing to take back yet
        page.locator(CARD).first.click()
        expect(undo).to_be_enabled()
        shots.take("before-undo")
        undo.click()
        expect(page.locator(".log li").last).to_have_text("Ada took a move back.")
        expect(page.locator(CARD)).to_have_count(3)
        expect(undo).to_be_disabled()
        shots.take("undone")
        page.locator(CARD).first.click()
        expect(undo).to_be_enabled()
        held.holding = True  # Bo's card, which shows both, reaches the server but not yet the page
        play_first(client, table_id, created["seats"][1]["token"])
        undo.click()
        expect(page.locator("#notice")).to_have_text("You cannot take that back: another player has moved since.")
        shots.take("refused")
        held.release()
        expect(undo).to_be_disabled()
        page.select_option("#language", "fr")
        expect(page.locator(".log li[data-kind='table.undo']")).to_have_text("Ada a repris un coup.")
        page.select_option("#language", "en")
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_click_chosen_before_a_bots_move_is_played(page, tmp_path):
    slow = ServerProcess(sqlite_url(tmp_path), tmp_path, bot_delay=1.0).start()  # the bot moves a second after the page is drawn
    held = HeldMessages(page)
    try:
        with slow.client() as client:
            created = create(client, [{"name": "Ada"}, {"bot": "random"}], seed=33)
            table_id = start_table(client, created, {0: "Ada"})
            open_seat(page, slow, created)
            expect(page.locator(CARD)).to_have_count(3)
            held.holding = True
            deadline = time.monotonic() + 10
            while client.get(f"/api/tables/{table_id}").json()["moves"] < 1:  # the bot has sealed its card
                assert time.monotonic() < deadline
                time.sleep(0.05)
            page.locator(CARD).first.click()  # chosen at move 0, arrives at move 1
            deadline = time.monotonic() + 10
            while client.get(f"/api/tables/{table_id}").json()["moves"] < 2:
                assert time.monotonic() < deadline, "the click was not played"
                time.sleep(0.05)
            held.release()
            expect(page.locator(".log li")).to_have_count(3)  # both cards, and the reveal
            expect(page.locator("#notice")).to_be_hidden()
            record = client.get(f"/api/tables/{table_id}/state").json()
        assert record["table"]["moves"] >= 2
        Shots(page, tmp_path / "screenshots" / "stale").take("played")
    finally:
        slow.stop()
    assert page.errors == []  # type: ignore[attr-defined]


def test_the_tab_title_and_a_notification_say_when_it_is_your_turn(server, browser, tmp_path):
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    context.grant_permissions(["notifications"])
    context.add_init_script("""
        window.shown = [];
        const Real = window.Notification;
        window.Notification = class extends Real { constructor(title, options) { super(title, options); window.shown.push(title); } };
        Object.defineProperty(document, "hidden", { get: () => true });
    """)
    page = context.new_page()
    try:
        with server.client() as client:
            created = create(client, [{"name": "Ada"}, {"name": "Bo"}], seed=34, options={"rounds": 2})
            table_id = start_table(client, created, {0: "Ada", 1: "Bo"})
            open_seat(page, server, created)
            expect(page).to_have_title("▶ Your turn · High Card · bigtop")
            expect(page.locator("#notify")).to_have_count(0)  # allowed already: nothing to ask
            page.check("#sound")
            page.locator(CARD).first.click()
            expect(page).to_have_title("High Card · bigtop")  # waiting for Bo
            assert json.loads(page.evaluate("JSON.stringify(window.shown)")) == ["Your turn"]  # when the page first showed her turn
            play_first(client, table_id, created["seats"][1]["token"])
            expect(page).to_have_title("▶ Your turn · High Card · bigtop")  # the drawer decides
            assert page.evaluate("window.shown.length") == 2
            assert page.evaluate("localStorage.getItem('bigtop.sound')") == "on"
            Shots(page, tmp_path / "screenshots" / "turn").take("your-turn")
    finally:
        context.close()


def test_typing_in_the_chat_survives_every_redraw(server, page):
    """No redraw takes the focus, the caret or typed text from a field: Bo's moves redraw Ada's
    table while she types a sentence into the chat, and every letter arrives."""
    with server.client() as client:
        created = create(client, [{"name": "Ada"}, {"name": "Bo"}], seed=35, options={"rounds": 3})
        table_id = start_table(client, created, {0: "Ada", 1: "Bo"})
        open_seat(page, server, created)
        box = page.locator("#chat-input")
        box.click()
        sentence = "good luck, have fun"
        lines = page.locator(".log li")
        for index, word in enumerate(sentence.split(" ")):
            page.keyboard.type(word + (" " if index < 3 else ""))
            if index < 3:  # whoever is to play plays a card: Ada's table redraws
                before = lines.count()
                seat = 1 if state_of(client, table_id, created["seats"][1]["token"])["legal"] else 0
                play_first(client, table_id, created["seats"][seat]["token"])
                expect(lines).not_to_have_count(before)
        expect(box).to_have_value(sentence)
        assert page.evaluate("document.activeElement.id") == "chat-input"
        page.keyboard.press("Enter")
        expect(page.locator("#chat-list .chat-line .text")).to_have_text([sentence])
        expect(box).to_have_value("")
    assert page.errors == []  # type: ignore[attr-defined]


def test_leaving_asks_first_and_then_the_header_says_a_bot_plays(server, page):
    with server.client() as client:
        created = create(client, [{"name": "Ada"}, {"name": "Bo"}], seed=36, options={"rounds": 3})
        table_id = start_table(client, created, {0: "Ada", 1: "Bo"})
        open_seat(page, server, created)
        expect(page.locator("#turn")).to_have_text("Your turn!")
        asked: list[str] = []
        page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
        page.locator("#leave").click()
        assert asked and "A bot will play your seat" in asked[0]
        expect(page.locator("#leave")).to_be_visible()  # said no: still seated
        assert not state_of(client, table_id, created["seats"][0]["token"])["table"]["seats"][0]["away"]
        page.once("dialog", lambda dialog: dialog.accept())
        page.locator("#leave").click()
        expect(page.locator("#take-back")).to_be_visible()
        expect(page.locator("#turn")).to_have_text("A bot plays for you.")
        expect(page).not_to_have_title("▶ Your turn · High Card · bigtop")
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_double_click_is_one_move(server, page):
    with server.client() as client:
        created = create(client, [{"name": "Ada"}, {"name": "Bo"}], seed=37, options={"rounds": 3})
        table_id = start_table(client, created, {0: "Ada", 1: "Bo"})
        open_seat(page, server, created)
        page.locator(CARD).first.dblclick()
        expect(page.locator(".log li")).not_to_have_count(0)
        page.wait_for_timeout(500)  # a second move, if sent, has had time to be refused
        expect(page.locator("#notice")).to_be_hidden()
        assert client.get(f"/api/tables/{table_id}").json()["moves"] == 1
    assert page.errors == []  # type: ignore[attr-defined]
