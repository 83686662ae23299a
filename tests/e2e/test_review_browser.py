"""Browser tests of game review and hints: Chromium presses "Analyse" on a finished Carcassonne
table and sees the progress beside the button, then the review opens by itself (the replay page,
scrolled to the win-chance graph), and a click on a key moment or a costliest decision sets the
replay there; the replay's own "Analyse" button does the same on a phone; costs are in the game's
points, in every language; at a practice table the "Hint" button shows the search's moves and the
log says so; a rated table offers no hint. The moves are named in the page's language: a hint
asked in French and a review read in Chinese. A key moment gives the position's win chance and
labels the compared playouts' shares as such; a cost never seems to cross a grade's threshold it did
not reach; on a phone no word of the review breaks in its middle nor runs off its edge. Screenshots in English, French, Traditional Chinese
and a 390×844 phone window go under tmp_path/screenshots."""

from __future__ import annotations

import re
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))
from browser_support import recording_page, screenshot  # noqa: E402
from server_support import ServerProcess, sqlite_url  # noqa: E402

from bigtop import games  # noqa: E402


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp("review-browser")
    process = ServerProcess(sqlite_url(folder), folder, bot_delay=0.0)
    process.extra_args = ["--review-budget", "6", "--hint-budget", "60"]
    yield process.start()
    process.stop()


@pytest.fixture
def page(browser) -> Iterator[Page]:
    yield from recording_page(browser, 1200, 900)


def new_table(client: httpx.Client, seats: list[dict[str, Any]], practice: bool = False, seed: int | None = 3,
              rated: bool = False) -> dict[str, Any]:
    """A started Carcassonne table with these seats (people joined); a rated one has no seed fixed."""
    created = client.post("/api/tables", json={"game": "carcassonne", "players": len(seats), "seats": seats,
                                               "seed": None if rated else seed, "practice": practice,
                                               "rated": rated}).json()
    table_id = created["table"]["id"]
    for seat in created["seats"]:
        assert client.post(f"/api/tables/{table_id}/join", json={"token": seat["token"]}).status_code == 200
    assert client.post(f"/api/tables/{table_id}/start", json={"token": created["host_token"]}).status_code == 200
    return created


def finished_game(client: httpx.Client) -> str:
    table_id = new_table(client, [{"name": "Ada", "bot": "random"}, {"name": "Bo", "bot": "random"}])["table"]["id"]
    deadline = time.monotonic() + 60
    while client.get(f"/api/tables/{table_id}").json()["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.1)
    return table_id


def shows_step(page: Page, step: int) -> None:
    """Wait until the replay shows `step` (a step far from the last one asks the server for its view)."""
    expect(page.locator("#replay-position")).to_have_text(re.compile(rf"^\D*\b{step}\b"))


def in_view(page: Page, selector: str) -> bool:
    """Whether the top of the element is inside the window (the player sees it without scrolling)."""
    return page.evaluate("s => { const top = document.querySelector(s).getBoundingClientRect().top; return top >= 0 && top < innerHeight; }",
                         selector)


def near(page: Page, selector: str, other: str, distance: float = 120) -> bool:
    """Whether two elements are within `distance` pixels of each other, top to top (read at one moment)."""
    return page.evaluate("([a, b, d]) => Math.abs(document.querySelector(a).getBoundingClientRect().top"
                         " - document.querySelector(b).getBoundingClientRect().top) <= d", [selector, other, distance])


def test_analyse_a_finished_game_then_jump_to_its_key_moments(server, page, tmp_path):
    shots = tmp_path / "screenshots"
    with server.client() as client:
        table_id = finished_game(client)
    page.goto(f"{server.url}/#/table/{table_id}")
    expect(page.locator("#end-screen #analyse")).to_have_text("Analyse")
    screenshot(page, shots, "end-screen")
    page.locator("#analyse").scroll_into_view_if_needed()
    page.click("#analyse")
    progress = page.locator("#analyse-progress")
    expect(progress).to_be_visible()  # queued or running: a worker searches, and the page says so beside the button
    screenshot(page, shots, "review-progress")
    assert page.url.endswith(f"#/table/{table_id}") and near(page, "#analyse-progress", "#analyse") and in_view(page, "#analyse-progress")
    expect(page).to_have_url(re.compile(f"#/replay/{table_id}$"), timeout=90_000)  # ready: the review opens by itself
    expect(page.locator("#review-graph")).to_be_visible()
    page.wait_for_function("() => Math.abs(document.getElementById('review').getBoundingClientRect().top) < 5")
    expect(page.locator(".review-costliest th").nth(3)).to_have_text("Cost (points)")  # Carcassonne's points, not "pts"
    expect(page.locator("#review-grades")).to_contain_text("5.0, 10.0 points")
    expect(page.locator("#review-graph .review-line")).to_have_count(2)
    moments = page.locator("#review-moments .review-jump")
    assert moments.count() >= 1
    target = int(moments.nth(0).get_attribute("data-move"))
    moments.nth(0).click()
    shows_step(page, target)
    expect(page.locator("#replay-step")).to_have_value(str(target))
    marker = page.locator("#review-graph .review-moment").last
    marker_move = int(marker.get_attribute("data-move"))
    marker.locator(".moment-tag").click()  # the lettered tag on the graph
    shows_step(page, marker_move)
    costly = page.locator(".review-costliest .review-jump").first
    costly_move = int(costly.get_attribute("data-move"))
    costly.click()
    shows_step(page, costly_move)
    page.click("#replay-next")
    shows_step(page, costly_move + 1)  # the replay goes on from there
    screenshot(page, shots, "review-en")
    page.select_option("#language", "fr")
    expect(page.locator("#review h3")).to_have_text("Analyse de la partie")
    expect(page.locator(".review-costliest th").nth(3)).to_have_text("Coût (points)")
    screenshot(page, shots, "review-fr")
    page.select_option("#language", "zh-Hant")
    expect(page.locator("#review h3")).to_have_text("對局分析")
    expect(page.locator(".review-costliest th").nth(3)).to_have_text("代價（分）")
    screenshot(page, shots, "review-zh-Hant")
    page.select_option("#language", "en")
    page.reload()  # the stored review answers at once
    expect(page.locator("#review-graph")).to_be_visible()
    assert page.errors == []


def test_the_review_on_a_phone(server, browser, tmp_path):
    with server.client() as client:
        table_id = finished_game(client)
    for phone in recording_page(browser, 390, 844):
        phone.goto(f"{server.url}/#/replay/{table_id}")
        button = phone.locator("#replay-analyse")  # in the replay's controls, at the top: not under the board
        expect(button).to_have_text("Analyse")
        assert in_view(phone, "#replay-analyse")
        button.click()
        expect(phone.locator("#replay-analyse-progress")).to_be_visible()
        assert in_view(phone, "#replay-analyse-progress") and near(phone, "#replay-analyse-progress", "#replay-analyse")
        screenshot(phone, tmp_path / "screenshots", "review-progress-phone")
        expect(phone.locator("#review-graph")).to_be_visible(timeout=90_000)
        phone.wait_for_function("() => Math.abs(document.getElementById('review').getBoundingClientRect().top) < 5")
        expect(phone.locator("#replay-analyse")).to_have_text("See the review")
        width = phone.evaluate("document.querySelector('#review-graph').getBoundingClientRect().width")
        assert width <= 390
        phone.locator("#review-moments .review-jump").first.click()
        screenshot(phone, tmp_path / "screenshots", "review-phone")
        assert phone.errors == []


def test_a_hint_at_a_practice_table_and_none_at_a_rated_table(server, page, tmp_path):
    with server.client() as client:
        practice = new_table(client, [{"name": "Ada"}, {"name": "Bo", "bot": "random"}], practice=True)
        real = new_table(client, [{"name": "Ada"}, {"name": "Bo", "bot": "random"}], rated=True)
    token = practice["seats"][0]["token"]
    page.goto(f"{server.url}/#/table/{practice['table']['id']}?token={token}")
    expect(page.locator("#turn")).to_have_text("Your turn!")
    assert "null" not in page.locator("#hints").inner_text()  # nothing drawn for the hints not yet asked
    page.click("#hint-button")
    hints = page.locator("#hint-list li")
    expect(hints.first).to_be_visible(timeout=30_000)
    assert 1 <= hints.count() <= 3
    expect(hints.first).to_contain_text("win chance")
    expect(page.locator(".log li").last).to_have_text("Ada used a hint.")
    screenshot(page, tmp_path / "screenshots", "hint-en")
    page.select_option("#language", "fr")
    expect(page.locator(".log li").last).to_have_text("Ada a demandé un conseil.")
    page.select_option("#language", "zh-Hant")
    expect(page.locator(".log li").last).to_have_text("Ada 使用了提示。")
    screenshot(page, tmp_path / "screenshots", "hint-zh-Hant")
    page.select_option("#language", "en")

    real_token = real["seats"][0]["token"]
    page.goto(f"{server.url}/#/table/{real['table']['id']}?token={real_token}")
    expect(page.locator("#turn")).to_have_text("Your turn!")
    expect(page.locator("#hint-button")).to_have_count(0)
    refused = page.evaluate("""async ([id, token]) => {
        const r = await fetch(`/api/tables/${id}/hint`, {method: "POST", headers: {"content-type": "application/json"},
                                                         body: JSON.stringify({token})});
        return [r.status, (await r.json()).error.code];
    }""", [real["table"]["id"], real_token])
    assert refused == [403, "forbidden"]
    assert page.errors == []


ENGLISH_MOVE = re.compile(r"Lay the tile|Place no figure|Put (a meeple|your ringmaster|an acrobat)|Score the complete")


def laid(action: dict[str, Any], language: str) -> str:
    """A Carcassonne tile laid, in the game's own words in `language` (its catalog: what the server
    sends the page)."""
    game = games.get("carcassonne")
    return game.describe(game.new(2, seed=0), game.codec.from_json(action), language)


def test_a_hint_in_french_names_the_moves_in_french(server, browser, tmp_path):
    with server.client() as client:
        friendly = new_table(client, [{"name": "Ada"}, {"name": "Bo", "bot": "random"}], seed=5)  # unrated, not practice
    url = f"{server.url}/#/table/{friendly['table']['id']}?token={friendly['seats'][0]['token']}"
    for width, height, name in ((1200, 900, "hint-fr"), (390, 844, "hint-phone")):
        for page in recording_page(browser, width, height):
            page.goto(url)
            page.select_option("#language", "fr")
            expect(page.locator("#turn")).to_have_text("À vous !")
            with page.expect_response(lambda r: r.url.endswith("/hint")) as answer:
                page.click("#hint-button")
            found = answer.value.json()["hints"]
            hints = page.locator("#hint-list li")
            expect(hints).to_have_count(len(found))
            assert found and all(hint["action"]["type"] == "Place" for hint in found)  # the first decision: lay the tile
            for hint, line in zip(found, hints.all_inner_texts(), strict=True):
                assert line.startswith(laid(hint["action"], "fr")), line
                assert hint["text"] not in line and not ENGLISH_MOVE.search(line), line
            assert page.locator("#hint-list").evaluate("e => e.getBoundingClientRect().right") <= width
            screenshot(page, tmp_path / "screenshots", name)
            page.locator("#board .cc-fit").first.click()  # the tile on that square: laying it is titled in French too
            assert page.locator("#cc-lay").get_attribute("title").startswith("Poser la tuile en (")
            assert page.errors == []


def test_a_review_in_chinese_names_the_moves_in_chinese(server, browser, tmp_path):
    with server.client() as client:
        table_id = finished_game(client)
        assert client.post(f"/api/tables/{table_id}/review").status_code == 202
    for width, height, name in ((1200, 900, "review-zh-Hant"), (390, 844, "review-zh-Hant-phone")):
        for page in recording_page(browser, width, height):
            page.goto(server.url)
            page.select_option("#language", "zh-Hant")
            with page.expect_response(lambda r: r.url.endswith("/review") and r.json()["status"] == "done",
                                      timeout=90_000) as answer:
                page.goto(f"{server.url}/#/replay/{table_id}")
            review = answer.value.json()["review"]
            expect(page.locator("#review-graph")).to_be_visible()
            rows = {row["move"]: row for row in review["decisions"]}
            moments = page.locator("#review-moments li")
            expect(moments).to_have_count(len(review["key_moments"]))
            for moment, text in zip(review["key_moments"], moments.all_inner_texts(), strict=True):
                row = rows[moment["move"]]
                assert not ENGLISH_MOVE.search(text) and row["action_text"] not in text, text
                if row["action"]["type"] == "Place":
                    assert laid(row["action"], "zh-Hant") in text, text
            cells = page.locator(".review-costliest tbody td:nth-child(2), .review-costliest tbody td:nth-child(3)")
            assert cells.count() > 0
            for text in cells.all_inner_texts():  # a Carcassonne move in Chinese: no Latin letter at all
                assert not re.search(r"[A-Za-z]", text), text
            titles = page.locator("#review-graph .review-moment title").all_text_contents()
            assert titles and all(t.startswith("第 ") and not ENGLISH_MOVE.search(t) for t in titles), titles
            page.locator("#review-moments .review-jump").first.click()
            screenshot(page, tmp_path / "screenshots", name)
            assert page.errors == []


# Every word of the review panel (letters and digits in a row) in one piece on its line, unless it is
# wider than half the panel, and every word inside the panel's padding. The text of the graph (SVG)
# is left out; Chinese wraps between any two characters.
BROKEN_WORDS = """() => {
    const panel = document.getElementById("review");
    const box = panel.getBoundingClientRect();
    const right = box.right - parseFloat(getComputedStyle(panel).paddingRight) + 0.5;
    const walker = document.createTreeWalker(panel, NodeFilter.SHOW_TEXT);
    const broken = [], outside = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.parentElement.closest("svg") || !node.textContent.trim()) continue;
        const range = document.createRange();
        const re = /[\\p{Script=Latin}\\p{N}]+/gu;
        let m;
        while ((m = re.exec(node.textContent))) {
            range.setStart(node, m.index);
            range.setEnd(node, m.index + m[0].length);
            const rects = [...range.getClientRects()].filter((r) => r.width > 0);
            if (!rects.length) continue;
            const lines = new Set(rects.map((r) => Math.round(r.top)));
            if (lines.size > 1 && rects.every((r) => r.width < box.width / 2)) broken.push(m[0]);
            if (Math.max(...rects.map((r) => r.right)) > right) outside.push(m[0]);
        }
    }
    return { broken, outside };
}"""


def test_the_review_on_a_phone_breaks_no_word_and_keeps_off_the_edge(server, browser, tmp_path):
    with server.client() as client:
        table_id = finished_game(client)
        assert client.post(f"/api/tables/{table_id}/review").status_code == 202
    for language in ("en", "fr", "zh-Hant"):
        for phone in recording_page(browser, 390, 844):
            phone.goto(server.url)
            phone.select_option("#language", language)
            phone.goto(f"{server.url}/#/replay/{table_id}")
            expect(phone.locator(".review-costliest").first).to_be_visible(timeout=90_000)
            found = phone.evaluate(BROKEN_WORDS)
            screenshot(phone, tmp_path / "screenshots", f"review-phone-words-{language}")
            assert found == {"broken": [], "outside": []}, found
            assert phone.errors == []


def test_a_key_moment_gives_the_position_s_win_chance_and_costs_never_seem_to_cross_a_threshold(server, page):
    """A key moment's win chance is the position's, as on the graph; the shares won in the compared
    playouts (with the preferred move, with the move played) are said to be those, never "0 %" for
    a few in a thousand. A cost of 9.97 points, a mistake where the blunder is from 10, reads
    "9.97", not "10.0"."""
    with server.client() as client:
        table_id = finished_game(client)
        assert client.post(f"/api/tables/{table_id}/review").status_code == 202
        deadline = time.monotonic() + 90
        while (answer := client.get(f"/api/tables/{table_id}/review").json())["status"] != "done":
            assert time.monotonic() < deadline, "the review did not finish"
            time.sleep(0.2)
    review = answer["review"]
    rows = {row["move"]: row for row in review["decisions"]}
    page.goto(f"{server.url}/#/replay/{table_id}")
    moments = page.locator("#review-moments li")
    expect(moments).to_have_count(len(review["key_moments"]))
    expect(page.locator("#review-moments-note")).to_contain_text("not the position's chances")
    for moment, text in zip(review["key_moments"], moments.all_inner_texts(), strict=True):
        seat, row = moment["seat"], rows[moment["move"]]
        share = lambda x: "<1 %" if 0 < x < 0.005 else ">99 %" if 0.995 <= x < 1 else f"{round(100 * x)} %"  # noqa: E731
        expected = (f"win chance {round(100 * row['win_chance'][seat])} % · in the compared playouts: "
                    f"{share(moment['win_before'][seat])} won with the preferred move, {share(moment['win_after'][seat])} with the move played")
        assert expected in text.replace("\u00a0", " "), text
    figures = page.evaluate("""async () => {
        const { figures } = await import("/static/review.js");
        return [figures(9.97, [2.5, 5, 10], 2.2), figures(9.97, [2.5, 5, 10]), figures(19.6, [5, 10, 20]), figures(10.02, [2.5, 5, 10]),
                figures(9.9996, [10]), figures(5.12, [], 5.08)];
    }""")
    assert figures == ["9.97 ± 2.20", "9.97", "19.6", "10.0", "9.999", "5.12 ± 5.08"]
    assert page.errors == []
