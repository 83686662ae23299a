"""Browser tests: the Carcassonne board on a phone (390×844, touch) in Debian's Chromium. The drawn
tile is laid on the board itself and turned there (a tap, R or an arrow) through the turns that fit
only, then laid with "Lay the tile here" or Enter. One server for the module; practice tables fix
the tile order, so each test knows what is drawn."""

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
from browser_support import recording_page, screenshot  # noqa: E402
from server_support import ServerProcess, sqlite_url, state_of  # noqa: E402
from test_table_games import docs_picture  # noqa: E402

LANGUAGES = ("en", "fr", "zh-Hant")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp("carcassonne-touch")
    process = ServerProcess(sqlite_url(folder), folder, bot_delay=0.05).start()
    yield process
    process.stop()


def practice_table(server: ServerProcess, tiles: list[str], players: int = 2, tiles_only: bool = False) -> tuple[str, str]:
    """A started practice table where Ada (seat 0) plays random bots and the stack starts with
    `tiles`; answers the table id and Ada's token."""
    seats = [{"name": "Ada"}] + [{"name": f"Bot {n}", "bot": "random"} for n in range(1, players)]
    body = {"game": "carcassonne", "players": players, "seats": seats, "seed": 4, "practice": True,
            "options": {"tiles": tiles, "tiles_only": tiles_only}}
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
    expect(page.locator("#board .cc-svg")).to_be_visible()


def ada_state(server: ServerProcess, table_id: str, token: str) -> dict[str, Any]:
    with server.client() as client:
        return state_of(client, table_id, token)


def turns_at(state: dict[str, Any], x: int, y: int) -> list[int]:
    """The legal turns of the drawn tile on (x, y), in clockwise order."""
    return sorted(m["action"]["turns"] for m in state["legal"] if m["action"]["type"] == "Place"
                  and (m["action"]["x"], m["action"]["y"]) == (x, y))


def test_the_tile_is_turned_on_the_board_through_the_turns_that_fit_and_laid_by_tap_or_enter(server, phone, tmp_path):
    table_id, token = practice_table(server, ["V", "U"])  # a curved road: two of its four turns fit east of the start
    open_table(phone, server, table_id, token)
    state = ada_state(server, table_id, token)
    square = phone.locator("#board .cc-fit[data-x='1'][data-y='0']")
    fitting = turns_at(state, 1, 0)
    assert 1 < len(fitting) < 4
    expect(phone.locator("#cc-lay-tile")).to_have_count(0)
    square.tap()
    tile = phone.locator("#cc-lay-tile")
    expect(tile).to_have_attribute("data-turns", str(fitting[0]))  # on the square, in its first legal turn
    assert (tile.get_attribute("data-x"), tile.get_attribute("data-y")) == ("1", "0")
    expect(phone.locator("#board .cc-fit[data-x='1'][data-y='0']")).to_have_count(0)  # the tile covers its square
    expect(phone.locator("#board .cc-rotation, #board .cc-turns")).to_have_count(0)  # no box of small previews
    screenshot(phone, tmp_path / "screenshots", "1-tile-on-the-board")
    seen = []
    for _ in range(len(fitting)):
        tile.tap()
        seen.append(int(tile.get_attribute("data-turns")))
    assert seen == fitting[1:] + fitting[:1]  # a tap turns it to the next turn that fits, round again
    phone.keyboard.press("r")
    expect(tile).to_have_attribute("data-turns", str(fitting[1]))
    phone.keyboard.press("ArrowLeft")
    expect(tile).to_have_attribute("data-turns", str(fitting[0]))
    phone.keyboard.press("ArrowRight")
    expect(tile).to_have_attribute("data-turns", str(fitting[1]))
    expect(phone.locator("#cc-lay")).to_have_text("Lay the tile here")
    phone.keyboard.press("Enter")
    expect(phone.locator("#cc-lay-tile")).to_have_count(0)
    placed = [m for m in ada_state(server, table_id, token)["view"]["board"] if (m[0], m[1]) == (1, 0)]
    assert placed == [[1, 0, "V", fitting[1]]]
    assert phone.errors == []  # type: ignore[attr-defined]


def test_lay_the_tile_here_lays_it_in_the_turn_shown(server, phone, tmp_path):
    table_id, token = practice_table(server, ["V", "U"])
    open_table(phone, server, table_id, token, "fr")
    fitting = turns_at(ada_state(server, table_id, token), 0, 1)
    phone.locator("#board .cc-fit[data-x='0'][data-y='1']").tap()
    if len(fitting) > 1:
        phone.locator("#cc-turn-tile").tap()  # the button turns it too
        expect(phone.locator("#cc-lay-tile")).to_have_attribute("data-turns", str(fitting[1]))
    expect(phone.locator("#cc-lay")).to_have_text("Poser la tuile ici")
    screenshot(phone, tmp_path / "screenshots", "1-tile-on-the-board-fr")
    phone.locator("#cc-lay").tap()
    placed = [m for m in ada_state(server, table_id, token)["view"]["board"] if (m[0], m[1]) == (0, 1)]
    assert placed == [[0, 1, "V", fitting[1 % len(fitting)]]]
    assert phone.errors == []  # type: ignore[attr-defined]


def boxes(page: Page, selector: str) -> list[dict[str, float]]:
    """The on-screen boxes (CSS px) of what `selector` finds."""
    return page.eval_on_selector_all(selector, "nodes => nodes.map(n => n.getBoundingClientRect().toJSON())")


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return a["left"] < b["right"] and b["left"] < a["right"] and a["top"] < b["bottom"] and b["top"] < a["bottom"]


def test_every_figure_choice_is_a_large_named_target_of_its_own(server, phone, tmp_path):
    table_id, token = practice_table(server, ["ffff.ac", "U", "U"], tiles_only=True)  # an acrobat tile: its pyramid is a choice too
    for language, verb, words in (("zh-Hant", "放", "雜技"), ("fr", "Placer", "acrobate"), ("en", "Put", "acrobat")):
        open_table(phone, server, table_id, token, language)  # the tile fits one way only: the server laid it
        expect(phone.locator("#board .cc-choice").first).to_be_visible()
        legal = [m for m in ada_state(server, table_id, token)["legal"] if m["action"]["type"] != "Pass"]
        assert {m["action"]["type"] for m in legal} == {"Meeple", "Ringmaster", "Acrobat"}
        choices = phone.locator("#board .cc-choice")
        expect(choices).to_have_count(len(legal))
        names = [c.inner_text() for c in choices.all()]
        assert all(verb in name for name in names), names  # each named, in the page's language
        assert language != "zh-Hant" or not any(re.search("[A-Za-z]", name) for name in names), names
        assert words in names[-1]
        found = boxes(phone, "#board .cc-choice, #board .cc-pass")
        assert all(b["width"] >= 44 and b["height"] >= 44 for b in found), found
        assert not any(overlap(a, b) for i, a in enumerate(found) for b in found[i + 1:])
        assert all(b["right"] <= 390 for b in found)
        expect(phone.locator("#board .cc-choice svg .cc-tile")).to_have_count(len(legal))  # each with its drawing
        expect(phone.locator("#board .cc-figure-moves .move, #board .cc-figure-moves [role=button]")).to_have_count(0)
        screenshot(phone, tmp_path / "screenshots", f"2-figure-choices-{language}")
        if language == "fr":
            docs_picture(phone, "carcassonne-phone-figures-fr")
    phone.locator("#board .cc-choice[data-type='Acrobat']").tap()
    expect(phone.locator("#board .cc-choice")).to_have_count(0)
    view = ada_state(server, table_id, token)["view"]
    assert view["bigtop"]["pyramids"] == [[0, 1, [0]]]  # Ada's acrobat on the pyramid of the tile she laid
    assert phone.errors == []  # type: ignore[attr-defined]


def play_as_ada(server: ServerProcess, table_id: str, token: str, turns: int) -> None:
    """Lay Ada's next `turns` tiles through the API, each on the free square furthest east (the
    board grows wide), with no figure; the bot plays its own turns meanwhile."""
    with server.client() as client:
        for _ in range(turns):
            for _ in range(200):
                legal = state_of(client, table_id, token)["legal"]
                if any(m["action"]["type"] == "Place" for m in legal):
                    break
                time.sleep(0.05)
            place = max((m["action"] for m in legal if m["action"]["type"] == "Place"), key=lambda a: (a["x"], -a["turns"]))
            assert client.post(f"/api/tables/{table_id}/moves", json={"token": token, "action": place}).status_code == 200
            legal = state_of(client, table_id, token)["legal"]
            if any(m["action"]["type"] == "Pass" for m in legal):
                assert client.post(f"/api/tables/{table_id}/moves", json={"token": token, "action": {"type": "Pass"}}).status_code == 200


def on_screen(box: dict[str, float], frame: dict[str, float]) -> bool:
    """Whether the middle of `box` is inside `frame` (a square cut by the edge counts as off screen)."""
    x, y = (box["left"] + box["right"]) / 2, (box["top"] + box["bottom"]) / 2
    return frame["left"] <= x <= frame["right"] and frame["top"] <= y <= frame["bottom"]


def test_a_wide_board_keeps_its_squares_tappable_points_to_those_off_screen_and_pinches(server, phone, tmp_path):
    table_id, token = practice_table(server, ["U"] * 8)  # straight roads first, all laid eastwards
    play_as_ada(server, table_id, token, 8)
    open_table(phone, server, table_id, token, "zh-Hant")
    expect(phone.locator("#board .cc-fit").first).to_be_attached()
    board = phone.locator("#board .cc-svg")
    phone.wait_for_function("() => { const b = document.querySelector('#board .cc-svg').getBoundingClientRect();"
                            " return document.querySelector('#board .cc-players').getBoundingClientRect().top >= 0 && b.bottom <= innerHeight; }",
                            timeout=5000)  # Ada's turn: the players, the status and the board are brought into view
    frame = boxes(phone, "#board .cc-svg")[0]
    tiles = ada_state(server, table_id, token)["view"]["board"]
    assert max(t[0] for t in tiles) - min(t[0] for t in tiles) >= 8  # wider than a phone shows at 56 px a tile
    fits = boxes(phone, "#board .cc-fit")
    shown = [b for b in fits if on_screen(b, frame)]
    assert shown and all(b["width"] >= 44 and b["height"] >= 44 for b in shown), shown
    hidden = len(fits) - len(shown)
    assert hidden > 0
    cues = phone.locator("#board .cc-cue")
    counts = [int(c.get_attribute("data-count")) for c in cues.all()]
    assert sum(counts) == hidden, (counts, hidden)  # every square off screen is counted by an arrow on its side
    assert all(b["width"] >= 44 and b["height"] >= 44 for b in boxes(phone, "#board .cc-cue, #board .cc-zoom"))
    screenshot(phone, tmp_path / "screenshots", "3-wide-board-cues")
    docs_picture(phone, "carcassonne-phone-wide-zh-Hant")
    def squares_on_screen() -> set[tuple[str, str]]:
        found = phone.eval_on_selector_all("#board .cc-fit", "nodes => nodes.map(n => [n.dataset.x, n.dataset.y, n.getBoundingClientRect().toJSON()])")
        return {(x, y) for x, y, box in found if on_screen(box, frame)}

    before = squares_on_screen()
    cues.first.tap()  # brings the nearest square that way into view
    assert squares_on_screen() - before

    width = float(board.get_attribute("viewBox").split()[2])
    cdp = phone.context.new_cdp_session(phone)
    middle = (frame["left"] + frame["right"]) / 2, (frame["top"] + frame["bottom"]) / 2

    def touch(kind: str, spread: float) -> None:
        points = [] if kind == "touchEnd" else [{"x": middle[0] - spread, "y": middle[1], "id": 1}, {"x": middle[0] + spread, "y": middle[1], "id": 2}]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    touch("touchStart", 30)
    for spread in (45, 60, 75, 90):
        touch("touchMove", spread)
    touch("touchEnd", 0)
    zoomed = float(board.get_attribute("viewBox").split()[2])
    assert zoomed < width * 0.6  # two fingers apart: the board is three times closer

    phone.locator("#board .cc-zoom").nth(2).tap()  # ⤢: the whole board, its squares small
    small = phone.locator("#board .cc-fit").first
    assert small.bounding_box()["width"] < 44
    small.tap()  # a small square tapped: the tile stands on it, shown large enough to turn
    laying = phone.locator("#cc-lay-tile")
    expect(laying).to_be_visible()
    assert laying.bounding_box()["width"] >= 44 and on_screen(boxes(phone, "#cc-lay-tile")[0], frame)

    phone.evaluate("window.scrollBy(0, document.querySelector('#board .cc-svg').getBoundingClientRect().top + 150)")  # the board half gone up
    status, drawing = boxes(phone, "#board .cc-turn")[0], boxes(phone, "#board .cc-svg")[0]
    assert -1 <= status["top"] <= 2 and drawing["top"] < status["bottom"]  # the status stays on screen, over the board
    assert phone.errors == []  # type: ignore[attr-defined]


def test_what_each_seat_gained_shows_and_the_other_seats_tile_flashes(server, phone, tmp_path):
    table_id, token = practice_table(server, ["E", "U", "U", "U"], tiles_only=True)  # a city edge that closes the start tile's city
    open_table(phone, server, table_id, token, "fr")
    expect(phone.locator("#board .cc-gained")).to_have_count(0)
    expect(phone.locator("#board .cc-last.cc-flash")).to_have_count(0)  # nothing flashes when the table opens
    phone.locator("#board .cc-fit[data-x='0'][data-y='-1']").tap()
    phone.locator("#cc-lay").tap()
    expect(phone.locator("#board .cc-last[data-x='0'][data-y='-1']")).to_be_attached()
    expect(phone.locator("#board .cc-last.cc-flash")).to_have_count(0)  # Ada's own tile: no flash
    legal = ada_state(server, table_id, token)["legal"]
    city = next(i for i, m in enumerate(legal) if m["action"] == {"type": "Meeple", "feature": 0})
    phone.locator(f"#cc-choice-{city}").tap()
    expect(phone.locator("#board .cc-fit").first).to_be_attached()  # the bot has played: Ada's turn again
    state = ada_state(server, table_id, token)
    assert state["view"]["points"][0] == 4  # "a completed city ... scores 2 points per tile"
    expect(phone.locator("#board .cc-player[data-seat='0'] .cc-gained")).to_have_text("+4")
    expect(phone.locator("#board .cc-player[data-seat='0'] .cc-gained")).to_have_attribute("title", "Gagné depuis votre dernier coup : 4")
    x, y = state["view"]["last"]
    flash = phone.locator("#board .cc-last.cc-flash")
    expect(flash).to_have_attribute("data-x", str(x))  # the bot's tile flashes
    expect(flash).to_have_attribute("data-y", str(y))
    screenshot(phone, tmp_path / "screenshots", "4-gained-and-flash-fr")
    phone.locator("#board .cc-fit").first.tap()
    phone.locator("#cc-lay").tap()
    expect(phone.locator("#board .cc-player[data-seat='0'] .cc-gained")).to_have_count(0)  # counted again from Ada's new move
    assert phone.errors == []  # type: ignore[attr-defined]


def test_the_rules_page_draws_the_pieces_each_section_names(server, phone, tmp_path):
    for language, word in (("en", "meeple"), ("fr", "figurine"), ("zh-Hant", "人偶")):
        phone.goto(server.url)
        phone.select_option("#language", language)
        phone.goto(f"{server.url}/#/rules/carcassonne")
        sections = phone.locator("#rules-page section")
        expect(sections.first.locator(".rules-figures svg.cc-rules-figure")).to_have_count(1)
        drawn = [s.locator("svg.cc-rules-figure").count() for s in sections.all()]
        assert drawn[:6] == [1] * 6  # every section of the game's rules has its drawing
        assert word in sections.first.locator("svg.cc-rules-figure").get_attribute("aria-label")
        expect(phone.locator("#rules-page svg.cc-rules-figure .cc-bigtop")).to_have_count(1)
        expect(phone.locator("#rules-page svg.cc-rules-figure .cc-tile").first).to_be_visible()
        # the board's colours at once: the page's head holds the game's stylesheet, never fetched again
        assert phone.locator("#rules-page .cc-field").first.evaluate("n => getComputedStyle(n).fill") == "rgb(141, 187, 87)"
        assert phone.locator('link[rel="stylesheet"][href$="/games/carcassonne.css"]').count() == 1
        assert all(b["right"] <= 390 for b in boxes(phone, "#rules-page svg.cc-rules-figure"))
        screenshot(phone, tmp_path / "screenshots", f"5-rules-{language}")
    assert phone.errors == []  # type: ignore[attr-defined]


def test_the_finished_board_is_shown_whole(server, phone, tmp_path):
    table_id, token = practice_table(server, ["U"] * 8 + ["V"] * 6, tiles_only=True)  # fourteen tiles, Ada's laid eastwards
    play_as_ada(server, table_id, token, 7)
    for _ in range(200):
        view = ada_state(server, table_id, token)["view"]
        if view["over"]:
            break
        time.sleep(0.05)
    assert view["over"] and max(t[0] for t in view["board"]) - min(t[0] for t in view["board"]) >= 7
    open_table(phone, server, table_id, token, "zh-Hant")
    expect(phone.locator("#board .cc-prompt strong")).to_have_text("遊戲結束：終局計分完成。")
    frame = boxes(phone, "#board .cc-svg")[0]
    tiles = boxes(phone, "#board .cc-tiles > g")
    assert len(tiles) == len(view["board"]) and all(on_screen(b, frame) for b in tiles)  # every tile in view at the end
    assert phone.errors == []  # type: ignore[attr-defined]


SQUARE = re.compile(r"\((-?\d+), (-?\d+)\)")


@pytest.fixture
def desktop(browser) -> Iterator[Page]:
    yield from recording_page(browser, 1280, 900)


# a point of the laid tile at [x, y] that a tap reaches (not under the status, a figure or a number)
TILE_POINT = """([x, y]) => { const tile = document.querySelector(`#board .cc-laid[data-x="${x}"][data-y="${y}"]`), box = tile.getBoundingClientRect();
  for (const fy of [.5, .25, .75, .1, .9]) for (const fx of [.5, .25, .75, .1, .9]) {
    const px = box.left + fx * box.width, py = box.top + fy * box.height, hit = document.elementFromPoint(px, py);
    if (hit && hit.closest(".cc-laid") === tile) return [px, py]; }
  return null; }"""


def last_logged_square(page: Page) -> tuple[int, int, int]:
    """The last log line naming a square "(x, y)": its index among the lines and the square."""
    lines = page.locator(".log li").all_inner_texts()
    index, found = next((i, m) for i in reversed(range(len(lines))) if (m := SQUARE.search(lines[i])))
    return index, int(found[1]), int(found[2])


def centre(box: dict[str, float]) -> tuple[float, float]:
    return (box["left"] + box["right"]) / 2, (box["top"] + box["bottom"]) / 2


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_a_square_the_log_names_is_found_on_the_board_by_its_numbers(server, device, request, tmp_path):
    """The log names squares by their offset from the start tile, "(x, y)": the board numbers its
    columns and rows along its edges (as the terminal does), each laid tile says its square (hover, or
    a tap on a phone), and a log line naming a square outlines it on the board and brings it into
    view; in every language, with the mouse and on a 390x844 touch phone."""
    page: Page = request.getfixturevalue(device)
    table_id, token = practice_table(server, ["U", "V", "U", "V", "U"], players=2)
    play_as_ada(server, table_id, token, 3)  # the bot lays its tiles too: the log names their squares
    for language in LANGUAGES:
        open_table(page, server, table_id, token, language)
        expect(page.locator("#board .cc-fit").first).to_be_attached()  # Ada's turn: the bot has laid its tile
        index, x, y = last_logged_square(page)
        line = page.locator(".log li").nth(index)
        tile = page.locator(f"#board .cc-laid[data-x='{x}'][data-y='{y}']")
        expect(tile).to_have_count(1)
        assert tile.locator(":scope > title").text_content().startswith(f"({x}, {y})")  # its details name its square
        if device == "phone":
            line.tap()  # the log is far down a phone's page: a tap outlines the square and brings it into the board's view
        else:
            line.click()
        spot = page.locator(f"#board .cc-spot[data-x='{x}'][data-y='{y}']")
        expect(spot).to_be_attached()
        frame = boxes(page, "#board .cc-svg")[0]
        square = boxes(page, f"#board .cc-laid[data-x='{x}'][data-y='{y}']")[0]
        assert on_screen(square, frame)
        page.evaluate("document.querySelector('#board').scrollIntoView()")
        column = page.locator("#board .cc-ruler-x span", has_text=re.compile(rf"^{x}$"))
        row = page.locator("#board .cc-ruler-y span", has_text=re.compile(rf"^{y}$"))
        expect(column).to_have_count(1)
        expect(row).to_have_count(1)
        square = boxes(page, f"#board .cc-laid[data-x='{x}'][data-y='{y}']")[0]
        cx, cy = centre(boxes(page, f"#board .cc-ruler-x span:text-is('{x}')")[0])[0], centre(boxes(page, f"#board .cc-ruler-y span:text-is('{y}')")[0])[1]
        assert square["left"] < cx < square["right"] and square["top"] < cy < square["bottom"]  # the numbers stand over and beside it
        frame = boxes(page, "#board .cc-svg")[0]
        columns, rows = boxes(page, "#board .cc-ruler-x span"), boxes(page, "#board .cc-ruler-y span")
        assert all(frame["left"] <= centre(b)[0] <= frame["right"] and b["bottom"] <= frame["top"] + 1 for b in columns)  # over the board, beside it
        assert all(frame["top"] <= centre(b)[1] <= frame["bottom"] and b["right"] <= frame["left"] + 1 and b["left"] >= 0 for b in rows)
        numbers = columns + rows
        assert all(b["height"] >= 10 for b in numbers)
        assert not any(overlap(a, b) for i, a in enumerate(numbers) for b in numbers[i + 1:])  # readable: no two overlap
        page.locator("#board .cc-zoom").first.click()  # zoomed in, the numbers follow the board
        expect(page.locator("#board .cc-ruler-x span", has_text=re.compile(rf"^{x}$"))).to_have_count(1)
        zoomed = boxes(page, f"#board .cc-laid[data-x='{x}'][data-y='{y}']")[0]
        cx = centre(boxes(page, f"#board .cc-ruler-x span:text-is('{x}')")[0])[0]
        assert zoomed["left"] < cx < zoomed["right"]
        screenshot(page, tmp_path / "screenshots", f"6-squares-{device}-{language}")
        if device == "phone":  # a laid tile tapped: its square and what is printed on it
            point = page.evaluate(TILE_POINT, [x, y])
            assert point, "no part of the tile can be tapped"
            page.touchscreen.tap(*point)
            expect(page.locator("#notice")).to_contain_text(f"({x}, {y})")
        else:
            page.mouse.move(0, 0)
            line.hover()
            expect(spot).to_be_attached()
    assert page.errors == []  # type: ignore[attr-defined]
