"""Terminal drawing: cards, board, actions and the log in words."""

from __future__ import annotations

import re
from pathlib import Path

from carcassonne_scenario import GAME, new, turn
from rich.console import Console

from bigtop.core import Rng
from bigtop.games.carcassonne.actions import Meeple, Pass, Place
from bigtop.games.carcassonne.bigtop.actions import Acrobat, Ringmaster, ScorePyramid
from bigtop.games.carcassonne.data import DATA, tile_set
from bigtop.games.carcassonne.expansions import EXPANSION_NAMES
from bigtop.games.carcassonne.names import feature_counts


def text(renderable, width: int = 160) -> str:
    console = Console(width=width, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(renderable)
    return console.export_text()


def test_cards_draw_every_tile_kind_and_the_tokens() -> None:
    out = text(GAME.cards())
    for tid in ("A", "X", "ffff.ac", "crrc.bt"):
        assert f"{tid} ×" in out
    assert "elephant" in out and "†" in out and "◎" in out and "▲" in out
    base = text(GAME.cards({"expansions": ()}))
    assert "72 land tiles" in base and "crrc.bt" not in base


def test_cards_are_readable_at_80_columns() -> None:
    """Each tile kind is one block (picture, id and count, name, features), two blocks to a row at
    80 columns: no line is cut and the short feature lists stand whole on their line."""
    out = text(GAME.cards(), width=80)
    lines = out.splitlines()
    assert max(len(line.rstrip()) for line in lines) <= 80
    for kind in tile_set(("bigtop",), None, EXPANSION_NAMES).kinds:
        assert any(f"{kind.id} ×{kind.count}" in line for line in lines)
        if len(feature_counts(kind)) <= 29:
            assert any(feature_counts(kind) in line for line in lines), feature_counts(kind)
    assert "2 cities, 1 field" in out and "citys" not in out
    assert sum(1 for line in lines if line.count("×") == 2) >= 15  # two blocks side by side


def test_rendered_text_is_never_read_as_markup(tmp_path: Path) -> None:
    """A tile id from a tiles file is shown as written, brackets and all."""
    own = tmp_path / "tiles.toml"
    own.write_text((DATA / "tiles.toml").read_text().replace('id = "U"', 'id = "[red]U[/red]"'))
    options = {"cards": str(own), "expansions": ""}
    assert "[red]U[/red] ×8" in text(GAME.cards(options))
    state = GAME.new(2, seed=1, options={**options, "tiles": ["[red]U[/red]"]})
    assert "Tile to lay: a tile with a straight road" in text(GAME.render(state, 0))


def test_board_shows_tiles_figures_and_big_top() -> None:
    state = new(["ffrf.bt", "U", "E"], tokens=("seal",))
    turn(state, 0, 1, 0, Meeple(1))
    out = text(GAME.render(state, 1))
    assert "Ω" in out  # the Big Top on the circus tile
    assert "Tile to lay: a tile with a straight road (1 tile left face down)" in out and "▶ 1 blue" in out
    assert "seal" not in out


def test_the_drawn_tile_is_shown_in_every_turn_offered() -> None:
    """The player chooses a turn from the menu: each turn offered somewhere is drawn, under the
    words the menu uses for it, and no other."""
    for tiles, turns in ((["K", "U"], 4), (["U", "V"], 1)):
        state = new(tiles)
        offered = {GAME.describe(state, a).split("), ", 1)[1] for a in state.legal_actions(0)}
        assert len(offered) == turns  # K fits in every turn; a straight road only lying east-west
        lines = text(GAME.render(state, 0), width=80).splitlines()
        header = next(i for i, line in enumerate(lines) if line.startswith("not turned"))
        words = " ".join(" ".join(lines[header:header + 2]).split())
        assert words.count("turned") == turns and all(w.split()[-1] in words for w in offered)
    assert lines[header + 3].rstrip() == "─────"  # the straight road, alone


def test_actions_in_words() -> None:
    state = new(["U", "ffff.ac"])
    assert GAME.describe(state, Place(1, 0, 1)) == "Lay the tile at (1, 0), turned a quarter clockwise"
    state.apply(0, Place(1, 0, 0))
    assert GAME.describe(state, Meeple(0)) == "Put a meeple on the road (E, W)"
    assert GAME.describe(state, Ringmaster(1)) == "Put your ringmaster on the field (N, E, W)"
    assert GAME.describe(state, Pass()) == "Place no figure"
    state.apply(0, Pass())
    state.apply(1, Place(1, 1, 0))
    assert Acrobat(0, 0) in state.legal_actions(1)
    assert GAME.describe(state, Acrobat(0, 0)) == "Put an acrobat on an acrobat tile at (1, 1) (1 of 3 in its pyramid)"
    assert GAME.describe(state, ScorePyramid(1, 1)) == "Score the complete pyramid at (1, 1) instead of placing a figure (yours: 0 acrobats)"


def test_actions_in_french_and_chinese() -> None:
    state = new(["ffff.ac"])
    state.apply(0, Place(0, 1, 0))
    said = {lang: [GAME.describe(state, a, lang) for a in state.legal_actions(0)] for lang in ("fr", "zh-Hant")}
    assert said["fr"] == ["Ne placer aucune figurine", "Placer un partisan sur le pré (N, E, S, O)",
                          "Placer votre Monsieur Loyal sur le pré (N, E, S, O)",
                          "Placer un acrobate sur une tuile Acrobates en (0, 1) (1 sur 3 dans sa pyramide)"]
    assert said["zh-Hant"] == ["不放人偶", "在草地（北、東、南、西）放上一個人偶", "在草地（北、東、南、西）放上你的馬戲團長",
                               "在 (0, 1) 的雜技板塊放一名特技演員（疊羅漢第 1/3 名）"]
    assert GAME.describe(new(["K"]), Place(0, -1, 2), "fr") == "Poser la tuile en (0, -1), tournée d’un demi-tour"


def test_log_in_words() -> None:
    state = new(["ffrf.bt", "cfff.bt"], tokens=("seal",))
    turn(state, 0, 1, 0, Meeple(1))
    turn(state, 0, -1, 2)
    lines = [GAME.describe_event(e, names=["Ada", "Bo"]) for e in state.events]
    assert "Ada draws a circus tile with a road." in lines
    assert "Ada lays a circus tile with a road at (0, 1), not turned." in lines
    assert "Ada puts a meeple on the field (N, E, S, W) of the new tile." in lines
    assert "The circus is scored: under the Big Top is a seal, 4 points per figure on its tile and the 8 around it." in lines
    assert "Ada scores 4 points at the circus for 1 figure." in lines
    assert lines[-1].startswith("Game over. Final points: ")


def test_the_log_never_shows_an_internal_id() -> None:
    """A whole game's log names tiles and features in words: no tile id, no unfilled placeholder."""
    state = GAME.new(3, seed=4)
    rng = Rng(4)
    while not state.is_over():
        legal = state.legal_actions(state.to_move()[0])
        state.apply(state.to_move()[0], legal[rng.below(len(legal))])
    expansion_ids = {k.id for k in tile_set(("bigtop",), None, EXPANSION_NAMES).kinds if k.expansion == "bigtop"}
    for event in state.events:
        line = GAME.describe_event(event, options=state.options)
        assert "{" not in line and not re.search(r"\btiles? [A-X]\b", line), line
        assert not any(tid in line for tid in expansion_ids), line


def test_two_fields_reaching_the_same_side_are_told_apart_by_its_halves() -> None:
    """A city on three sides with a road ending in it: the fields either side of the road both
    reach only the road's side, so each is named by the half it holds."""
    state = new(["S"])
    state.apply(0, Place(0, -1, 2))  # the road to the north
    fields = [GAME.describe(state, a) for a in state.legal_actions(0) if isinstance(a, Meeple) and "field" in GAME.describe(state, a)]
    assert fields == ["Put a meeple on the field (west half of N)", "Put a meeple on the field (east half of N)"]
    assert "Placer un partisan sur le pré (moitié ouest de N)" in [GAME.describe(state, a, "fr") for a in state.legal_actions(0)]
    assert "在草地（北邊的東半）放上一個人偶" in [GAME.describe(state, a, "zh-Hant") for a in state.legal_actions(0)]


def test_a_field_whose_sides_another_field_reaches_too_is_named_by_its_halves() -> None:
    """A straight road beside a city: the field between them reaches E and W, the other field N, E
    and W. Named by sides alone they read "(E, W)" and "(N, E, W)", two fields on the same two sides."""
    state = new(["D"])
    state.apply(0, Place(0, -1, 2))  # the city to the south, against the start tile's
    fields = [GAME.describe(state, a) for a in state.legal_actions(0) if isinstance(a, Meeple) and "field" in GAME.describe(state, a)]
    assert fields == ["Put a meeple on the field (south half of E, south half of W)",
                      "Put a meeple on the field (N, north half of E, north half of W)"]


def test_the_figure_question_shows_the_tile_just_laid_with_its_neighbours() -> None:
    """The terminal prints the board when a turn begins; at the figure question it prints only
    the tile just laid and the tiles around it (`render_question`)."""
    state = new(["ffrf.bt", "U"])
    assert GAME.render_question(state, 0) is None  # laying the tile: the board is what counts
    state.apply(0, Place(0, 1, 0))
    out = text(GAME.render_question(state, 0)).splitlines()
    assert out[0] == "Tile just laid at (0, 1) (underlined), with the tiles around it:"
    assert out[1].split() == ["0"] and len([line for line in out if line.strip()]) == 2 + 2 * 5  # the start tile above it
    assert "◎" in out[9] and "─────" in out[4]
    assert "▶ 0 red (you)" in text(GAME.render(state, 0)) and "(you)" not in text(GAME.render(state, None))
