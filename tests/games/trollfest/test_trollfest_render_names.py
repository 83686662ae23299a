"""Troll Fest's board with the seats' names (the terminal table's log names): each seat by its name
with its band's name in the language's quotation marks, the viewer's marked "(you)"; without names,
by number as before."""

from __future__ import annotations

import pytest
from rich.console import Console
from trollfest_scenario import to_tour

from bigtop.games.trollfest import GAME, words

NAMES = ["Learner", "Bruno", "Chen"]
BAND = {"en": "{name} (“{band}”)", "fr": "{name} (« {band} »)", "zh-Hant": "{name}「{band}」"}
YOU = {"en": " (you)", "fr": " (vous)", "zh-Hant": "（你）"}


def text(renderable: object) -> str:
    console = Console(width=300, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(renderable)
    return console.export_text()


@pytest.mark.parametrize("lang", ["en", "fr", "zh-Hant"])
def test_the_board_names_each_seat_and_keeps_its_band(lang: str) -> None:
    state = to_tour()  # seat 1 to move
    bands = state.view(None)["band_names"]
    board = text(GAME.render(state, 0, lang, NAMES))
    named = [BAND[lang].format(name=name, band=band) for name, band in zip(NAMES, bands, strict=True)]
    assert named[1] in board.splitlines()[0]  # the heading: whose turn it is
    assert f"│ {BAND[lang].format(name=NAMES[0] + YOU[lang], band=bands[0])} " in board  # the bands' table
    assert f"│ {named[1]} " in board and f"│ {named[2]} " in board
    assert words.seat(1, lang) not in board
    numbered = text(GAME.render(state, 0, lang))  # without names: by number, as before
    assert f"│ {words.seat(1, lang, bands[1])} " in numbered and "Bruno" not in numbered


@pytest.mark.parametrize("lang", ["en", "fr", "zh-Hant"])
def test_a_band_is_worded_after_its_seat(lang: str) -> None:
    """The board words a named seat's band as the catalog words it after a numbered seat."""
    assert words.seat(2, lang, "Bog Rock").startswith(words.seat(2, lang))
