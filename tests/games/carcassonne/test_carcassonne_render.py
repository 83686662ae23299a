"""Terminal drawing: cards, board, actions in words."""

from __future__ import annotations

from carcassonne_scenario import GAME, new, turn
from rich.console import Console

from bigtop.games.carcassonne.actions import Acrobat, Meeple, Pass, Place, Ringmaster, ScorePyramid


def text(renderable) -> str:
    console = Console(width=160, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(renderable)
    return console.export_text()


def test_cards_draw_every_tile_kind_and_the_tokens() -> None:
    out = text(GAME.cards())
    for tid in ("A", "X", "ffff.ac", "crrc.bt"):
        assert f"{tid} ×" in out
    assert "elephant" in out and "†" in out and "◎" in out and "▲" in out
    base = text(GAME.cards({"expansions": ()}))
    assert "72 land tiles" in base and "crrc.bt" not in base


def test_board_shows_tiles_figures_and_big_top() -> None:
    state = new(["ffrf.bt", "U", "E"], tokens=("seal",))
    turn(state, 0, 1, 0, Meeple(1))
    out = text(GAME.render(state, 1))
    assert "Ω" in out  # the Big Top on the circus tile
    assert "Tile to lay: U" in out and "▶ 1 blue" in out
    assert "seal" not in out


def test_actions_in_words() -> None:
    state = new(["U", "ffff.ac"])
    assert GAME.describe(state, Place(1, 0, 1)) == "Lay U at (1, 0), turned a quarter clockwise"
    state.apply(0, Place(1, 0, 0))
    assert GAME.describe(state, Meeple(0)) == "Put a meeple on the road (E, W)"
    assert GAME.describe(state, Ringmaster(1)) == "Put your ringmaster on the field (N, E, W)"
    assert GAME.describe(state, Pass()) == "Place no figure"
    assert "acrobat tile at (1, 1)" in GAME.describe(state, Acrobat(0, 1))
    assert "pyramid at (2, 3)" in GAME.describe(state, ScorePyramid(2, 3))


def test_log_in_words() -> None:
    state = new(["ffrf.bt", "cfff.bt"], tokens=("seal",))
    turn(state, 0, 1, 0, Meeple(1))
    turn(state, 0, -1, 2)
    lines = [GAME.describe_event(e, names=["Ada", "Bo"]) for e in state.events]
    assert "Ada lays tile ffrf.bt at (0, 1)." in lines
    assert "Ada puts a meeple on the tile at (0, 1)." in lines
    assert "The circus is scored: the seal gives 4 points per figure around the Big Top." in lines
    assert lines[-1].startswith("Game over. Final points: ")
