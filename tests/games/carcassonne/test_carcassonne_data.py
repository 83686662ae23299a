"""Tile and token data: counts from the rules, and validation errors that name file, entry, field."""

from __future__ import annotations

from pathlib import Path

import pytest

from bigtop.core.errors import DataError
from bigtop.games.carcassonne.data import DATA, load_tile_entries, tile_set, tokens
from bigtop.games.carcassonne.expansions import EXPANSION_NAMES


def test_base_game_has_72_tiles_and_starts_with_d() -> None:
    """"The start tile is a D; so 71 tiles are shuffled and drawn." """
    tiles = tile_set((), None, EXPANSION_NAMES)
    assert tiles.total == 72
    assert tiles.kinds[tiles.start].id == "D"
    assert len(tiles.kinds) == 24


def test_expansion_adds_12_circus_and_8_acrobat_tiles() -> None:
    tiles = tile_set(("bigtop",), None, EXPANSION_NAMES)
    assert tiles.total == 92
    assert sum(k.count for k in tiles.kinds if k.space == "circus") == 12
    assert sum(k.count for k in tiles.kinds if k.space == "acrobat") == 8


def test_sixteen_animal_tokens() -> None:
    """"1 Elephant, 2 Tigers, 3 Bears, 5 Seals, 4 Monkeys, 1 Flea" """
    counts = {t.id: t.count for t in tokens()}
    assert counts == {"elephant": 1, "tiger": 2, "bear": 3, "seal": 5, "monkey": 4, "flea": 1}
    assert {t.id: t.value for t in tokens()}["seal"] == 4


def test_symmetric_rotations_are_merged() -> None:
    kinds = {k.id: k for k in tile_set((), None, EXPANSION_NAMES).kinds}
    assert len(kinds["B"].rotations) == 1 and len(kinds["X"].rotations) == 1
    assert len(kinds["U"].rotations) == 2 and len(kinds["V"].rotations) == 4


def test_bad_file_names_file_entry_and_field(tmp_path: Path) -> None:
    text = (DATA / "tiles.toml").read_text().replace('edges = "C R F R"', 'edges = "C R Q R"', 1)
    bad = tmp_path / "tiles.toml"
    bad.write_text(text)
    with pytest.raises(DataError, match=r"tiles.toml: tile 3 \(D\): field edges"):
        load_tile_entries(bad)


def test_inconsistent_tile_is_refused(tmp_path: Path) -> None:
    text = (DATA / "tiles.toml").read_text().replace('roads = ["W-E"]', 'roads = ["W*"]', 1)
    bad = tmp_path / "tiles.toml"
    bad.write_text(text)
    with pytest.raises(DataError, match="roads must cover"):
        load_tile_entries(bad)


def test_own_tiles_file_through_the_cards_option(tmp_path: Path) -> None:
    from carcassonne_scenario import GAME

    text = (DATA / "tiles.toml").read_text()
    blocks = [b for b in text.split("[[tile]]")[1:] if 'id = "D"' in b or 'id = "U"' in b]
    own = tmp_path / "tiles.toml"
    own.write_text("".join("[[tile]]" + b for b in blocks))
    state = GAME.new(2, seed=1, options={"cards": str(own), "expansions": ""})
    assert state.tiles.total == 12 and len(state.stack) == 10
    assert GAME.action_space(2, state.options).bound == 12
    bad = tmp_path / "bad.toml"
    bad.write_text(own.read_text().replace("count = 8", "count = 0"))
    with pytest.raises(DataError, match=r"tile 1 \(U\): field count"):
        GAME.new(2, seed=1, options={"cards": str(bad), "expansions": ""})
