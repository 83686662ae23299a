"""Browser tests: the Carcassonne board on a phone (390×844, touch) in Debian's Chromium. The drawn
tile is laid on the board itself and turned there (a tap, R or an arrow) through the turns that fit
only, then laid with "Lay the tile here" or Enter. One server for the module; practice tables fix
the tile order, so each test knows what is drawn."""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))
from browser_support import screenshot  # noqa: E402
from server_support import ServerProcess, sqlite_url, state_of  # noqa: E402

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
LANGUAGES = ("en", "fr", "zh-Hant")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp("carcassonne-touch")
    process = ServerProcess(sqlite_url(folder), folder, bot_delay=0.05).start()
    yield process
    process.stop()


@pytest.fixture
def phone(browser) -> Iterator[Page]:
    """A phone page (touch) whose errors collect in `page.errors`."""
    context = browser.new_context(**PHONE, locale="en-US")
    page = context.new_page()
    page.errors = []  # type: ignore[attr-defined]
    page.on("pageerror", lambda error: page.errors.append(str(error)))  # type: ignore[attr-defined]
    yield page
    context.close()


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
        open_table(phone, server, table_id, token, language)
        if language == "zh-Hant":
            phone.locator("#board .cc-fit[data-x='0'][data-y='1']").tap()
            phone.locator("#cc-lay").tap()
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
    phone.locator("#board .cc-choice[data-type='Acrobat']").tap()
    expect(phone.locator("#board .cc-choice")).to_have_count(0)
    view = ada_state(server, table_id, token)["view"]
    assert view["bigtop"]["pyramids"] == [[0, 1, [0]]]  # Ada's acrobat on the pyramid of the tile she laid
    assert phone.errors == []  # type: ignore[attr-defined]
