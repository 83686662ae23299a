"""Browser tests: Debian's Chromium, driven by Playwright, creates a table against a bot and plays
High Card to its end by clicking, on a real server; screenshots go to a folder under tmp_path."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))
from browser_support import Shots, recording_page, screenshot  # noqa: E402
from server_support import ServerProcess, sqlite_url  # noqa: E402


@pytest.fixture
def page(browser) -> Iterator[Page]:
    yield from recording_page(browser, 1200, 900)


def create_and_start(page: Page, url: str, shots: Shots) -> None:
    page.goto(url)
    page.select_option("#new-game", "highcard")
    expect(page.locator("#new-game")).to_have_value("highcard")
    page.locator("input[name=name-0]").fill("Ada")
    expect(page.locator("select[name=kind-1]")).to_have_value("random")
    shots.take("lobby")
    page.click("#create-button")
    expect(page.locator(".seat-list li").first).to_have_class("joined")  # "You": held at once, no click
    expect(page.locator("#join")).to_have_count(0)
    shots.take("waiting-room")
    expect(page.locator("#start")).to_be_enabled()
    page.click("#start")
    expect(page.locator("#board")).to_be_visible()


def play_by_clicking(page: Page, shots: Shots, clickable: str, until: str = "#end-screen", label: str = "end") -> int:
    """Click the first legal move whenever there is one, until `until` shows; answers the clicks."""
    clicks = 0
    end = page.locator(until)
    while not end.is_visible():
        moves = page.locator(clickable)
        if moves.count():
            moves.first.click()
            clicks += 1
            shots.take(f"move-{clicks}")
        else:
            page.wait_for_timeout(50)
        assert clicks < 30, "the game did not end"
    shots.take(label)
    return clicks


def test_play_highcard_against_a_bot_with_its_board(tmp_path, page):
    server = ServerProcess(sqlite_url(tmp_path), tmp_path, bot_delay=0.2).start()
    shots = Shots(page, tmp_path / "screenshots" / "highcard-board")
    try:
        create_and_start(page, server.url, shots)
        expect(page.locator("svg.hc-card")).to_have_count(3)
        clickable = "svg.hc-playable, #board button.action"
        clicks = play_by_clicking(page, shots, clickable, until=".log li:nth-child(4)", label="round-over")  # a round is over
        server.kill()  # the connection drops mid-game; the page says so and reconnects to the restarted server
        expect(page.locator("#connection")).to_have_text("Connection lost, reconnecting…")
        shots.take("connection-lost")
        server.start()
        expect(page.locator("#connection")).to_have_text("")
        clicks += play_by_clicking(page, shots, clickable)
        assert clicks >= 3  # at least one card per round
        expect(page.locator("#end-screen .standings tbody tr")).to_have_count(2)
        expect(page.locator("#end-screen .standings th")).to_have_text(["Rank", "Player", "Score", "Tie-break"])
        expect(page.locator("#end-screen .standings")).to_contain_text("Easy bot")  # the bot nobody named, by its strength
        expect(page.locator(".log li").filter(has_text="Easy bot").first).to_have_text("Easy bot plays a card face down.")
        expect(page.locator("#table-status")).to_have_text("finished")
        log = page.locator(".log li").filter(has_text="Ada")  # the bot may have played first
        expect(log.first).to_have_text("Ada plays a card face down.")

        page.select_option("#language", "fr")
        expect(page.locator("#end-screen h2")).to_have_text("Partie terminée")
        expect(log.first).to_have_text("Ada joue une carte face cachée.")
        expect(page.locator("#end-screen .standings")).to_contain_text("Robot facile")
        expect(page.locator(".log li").filter(has_text="Robot facile").first).to_have_text("Robot facile joue une carte face cachée.")
        shots.take("end-fr")
        page.select_option("#language", "zh-Hant")
        expect(page.locator("#end-screen h2")).to_have_text("遊戲結束")
        expect(log.first).to_have_text("Ada 蓋牌出了一張牌。")
        shots.take("end-zh-Hant")
        page.select_option("#language", "en")

        page.click("#replay-link")
        expect(page.locator("#replay-position")).to_contain_text("Step 0 of")
        page.click("#replay-next")
        expect(page.locator("#replay-position")).to_contain_text("Step 1 of")
        expect(page.locator("#replay-position")).to_contain_text("plays a card face down.")  # Ada's or the bot's
        shots.take("replay")
        page.goto(server.url + "/#/")
        expect(page.locator("#tables-finished li")).to_have_count(1)
        with server.client() as client:
            table_id = client.get("/api/tables").json()[0]["id"]
            record = client.get(f"/api/tables/{table_id}/record").json()
        record_file = tmp_path / "record.json"
        record_file.write_text(json.dumps(record))
        page.set_input_files("#record-file", str(record_file))
        expect(page.locator("#replay-position")).to_have_text(f"Step 0 of {len(record['moves'])} · Set-up")
        page.fill("#replay-step", str(len(record["moves"])))
        expect(page.locator("#end-screen")).to_be_visible()
        shots.take("uploaded-replay-end")
    finally:
        server.stop()
    assert page.errors == []  # type: ignore[attr-defined]
    assert len(list(shots.folder.glob("*.png"))) == shots.count


def test_generic_board_offers_legal_moves_as_buttons(tmp_path, page):
    server = ServerProcess(sqlite_url(tmp_path), tmp_path, bot_delay=0.2, boards=False).start()
    shots = Shots(page, tmp_path / "screenshots" / "generic-board")
    try:
        create_and_start(page, server.url, shots)
        buttons = page.locator("#board button.action")
        expect(buttons).to_have_count(3)
        assert buttons.first.inner_text().startswith("Play(card=")
        hand = page.locator("#board dl.json > dt:text-is('hand')").locator("xpath=following-sibling::dd[1]")
        cards = [b.inner_text().split("=")[1].rstrip(")") for b in buttons.all()]
        expect(hand).to_have_text(", ".join(cards))  # the view is drawn readably: the hand as its cards
        assert "[object" not in page.locator("#board").inner_text()
        play_by_clicking(page, shots, "#board button.action")
        mine = page.locator(".log li", has_text="Ada plays")  # the bot may have played first; the game's words, board or not
        expect(mine.first).to_have_text("Ada plays a card face down.")
    finally:
        server.stop()
    assert page.errors == []  # type: ignore[attr-defined]


def test_two_people_invited_by_link_play_while_a_spectator_watches(tmp_path, browser):
    server = ServerProcess(sqlite_url(tmp_path), tmp_path).start()
    contexts = [browser.new_context(viewport={"width": 1200, "height": 900}) for _ in range(3)]
    host, guest, watcher = (context.new_page() for context in contexts)
    shots = [Shots(page, tmp_path / "screenshots" / who) for page, who in ((host, "host"), (guest, "guest"), (watcher, "watcher"))]
    try:
        host.goto(server.url)
        host.select_option("#new-game", "highcard")
        host.locator("input[name=name-0]").fill("Ada")
        host.select_option("select[name=kind-1]", "")
        host.locator("input[name=name-1]").fill("Bo")
        host.click("#create-button")
        invites = host.locator("input.invite")
        expect(invites).to_have_count(2)
        guest_link = invites.nth(1).input_value()
        expect(host.locator("#start")).to_be_disabled()  # the host holds seat 0; Bo has not joined
        guest.goto(guest_link)
        guest.click("#join")
        expect(host.locator("#start")).to_be_enabled()  # the guest's join was pushed to the host
        shots[0].take("ready")
        host.click("#start")
        table_url = host.url.split("?")[0]
        watcher.goto(table_url)
        expect(watcher.locator("#board")).to_be_visible()
        expect(watcher.get_by_text("You are watching.")).to_be_visible()
        expect(watcher.locator("svg.hc-playable")).to_have_count(0)
        clickable = "svg.hc-playable, #board button.action"
        for _ in range(60):
            if host.locator("#end-screen").is_visible() and guest.locator("#end-screen").is_visible():
                break
            for page, shot in zip((host, guest), shots, strict=False):
                moves = page.locator(clickable)
                if moves.count():
                    moves.first.click()
                    shot.take("move")
            host.wait_for_timeout(100)
        expect(watcher.locator("#end-screen")).to_be_visible()
        for shot in shots:
            shot.take("end")
        standings = [page.locator("#end-screen .standings").inner_text() for page in (host, guest, watcher)]
        expect(guest.get_by_text("You are Bo.")).to_be_visible()
    finally:
        for context in contexts:
            context.close()
        server.stop()
    assert standings[0] == standings[1] == standings[2] and "Ada" in standings[0] and "Bo" in standings[0]


def test_a_practice_table_is_marked_in_the_lobby_and_at_the_table(tmp_path, browser):
    server = ServerProcess(sqlite_url(tmp_path), tmp_path, bot_delay=0.2).start()
    folder = tmp_path / "screenshots" / "practice"
    try:
        for width, height, suffix in ((1200, 900, ""), (390, 844, "-phone")):
            for page in recording_page(browser, width, height):
                page.goto(server.url)
                for language, create in (("fr", "Créer la table"), ("zh-Hant", "建立牌桌"), ("en", "Create table")):
                    page.select_option("#language", language)
                    expect(page.locator("#create-button")).to_have_text(create)  # the lobby is drawn again
                    page.select_option("#new-game", "carcassonne")
                    page.check("#new-practice")  # the options that fix what chance deals show only now
                    page.locator("input[name=tiles]").fill("D,U")
                    page.locator("input[name=name-0]").fill("Ada")
                    expect(page.locator("#new-rated")).to_be_disabled()  # a practice table is never rated
                    screenshot(page, folder, f"lobby-form-{language}{suffix}")
                page.uncheck("#new-practice")
                expect(page.locator("input[name=tiles]")).to_be_hidden()
                page.check("#new-practice")
                expect(page.locator("input[name=tiles]")).to_have_value("D,U")  # kept while hidden
                page.click("#create-button")
                expect(page.locator(".table-head .badge.practice")).to_have_text("Practice table")
                page.click("#start")
                expect(page.locator("#board")).to_be_visible()
                for language in ("en", "fr", "zh-Hant"):
                    page.select_option("#language", language)
                    screenshot(page, folder, f"table-{language}{suffix}")
                expect(page.locator(".table-head .badge.practice")).to_have_text("練習桌")
                page.goto(server.url)
                badge = page.locator("#tables-running li .badge.practice")
                expect(badge).to_have_count(1 if not suffix else 2)
                screenshot(page, folder, f"lobby-list-zh-Hant{suffix}")
                page.select_option("#language", "fr")
                expect(badge.first).to_have_text("Table d’entraînement")
                screenshot(page, folder, f"lobby-list-fr{suffix}")
                assert page.errors == []  # type: ignore[attr-defined]
    finally:
        server.stop()


def test_the_page_loads_its_files_by_version_and_keeps_them(tmp_path, page):
    server = ServerProcess(sqlite_url(tmp_path), tmp_path, bot_delay=0.2).start()
    try:
        fetched, cached = [], set()  # (path, request) of every file the page loaded; the requests the cache answered
        cdp = page.context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.on("Network.requestServedFromCache", lambda e: cached.add(e["requestId"]))
        cdp.on("Network.responseReceived", lambda e: fetched.append((e["response"]["url"].split(server.url, 1)[-1], e["requestId"])))
        create_and_start(page, server.url, Shots(page, tmp_path / "screenshots" / "versioned"))
        expect(page.locator("svg.hc-card")).to_have_count(3)  # the board module, imported as /boards/highcard.js
        modules = [path for path, _ in fetched if path.endswith((".js", ".css"))]
        assert any(p.endswith("/boards/highcard.js") for p in modules) and any(p.endswith("/dom.js") for p in modules)
        assert [p for p in modules if not p.startswith("/assets/")] == []  # the import map sent them all there
        assert len(modules) == len(set(modules))  # one copy of each module: the board's dom.js is the page's
        fetched.clear()
        page.goto("about:blank")
        page.goto(server.url)
        expect(page.locator("#create-button")).to_be_visible()
        again = [(path, request in cached) for path, request in fetched if path.endswith((".js", ".css"))]
        assert again and all(kept for _, kept in again), again  # kept: nothing asked of the server
    finally:
        server.stop()
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_long_replay_asks_for_the_views_near_the_step_shown(tmp_path, page):
    from bigtop import games
    from bigtop.core.rng import Rng

    state = games.get("drumroll").new(3, seed=5)
    rng = Rng(5)
    while not state.is_over():
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    moves = len(state.record().moves)
    record_file = tmp_path / "record.json"
    record_file.write_text(json.dumps(state.record().to_json()))
    server = ServerProcess(sqlite_url(tmp_path), tmp_path).start()
    try:
        asked = []
        page.on("response", lambda r: "/api/replays" in r.url and asked.append((r.url, len(r.body()))))
        page.goto(server.url)
        page.set_input_files("#record-file", str(record_file))
        expect(page.locator("#replay-position")).to_contain_text(f"Step 0 of {moves}")
        expect(page.locator("#board .dr-board, #board [class^=dr-]").first).to_be_visible()
        page.fill("#replay-step", str(moves))  # to the end: views the first answer did not hold
        expect(page.locator("#end-screen")).to_be_visible()
        page.click("#replay-prev")
        expect(page.locator("#replay-position")).to_contain_text(f"Step {moves - 1} of {moves}")
        page.fill("#replay-step", str(moves // 2))
        expect(page.locator("#replay-position")).to_contain_text(f"Step {moves // 2} of {moves}")
        expect(page.locator("#board [class^=dr-]").first).to_be_visible()
        assert len(asked) == 3, asked  # the start, the end (with the step before it), the middle
        assert all("views=20" in url for url, _ in asked)
    finally:
        server.stop()
    assert page.errors == []  # type: ignore[attr-defined]
