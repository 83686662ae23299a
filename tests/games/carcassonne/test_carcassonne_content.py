"""Carcassonne's `content`: the tile kinds boards draw, built from the tiles file the options play with."""

from __future__ import annotations

import json
from pathlib import Path

from bigtop import games
from bigtop.games.carcassonne.data import DATA, FEATURE_NAMES, tile_set
from bigtop.games.carcassonne.expansions import EXPANSION_NAMES


def test_content_matches_the_loaded_tiles() -> None:
    game = games.get("carcassonne")
    got = game.content()
    tiles = tile_set(("bigtop",), None, EXPANSION_NAMES)
    assert got["order"] == [k.id for k in tiles.kinds]
    assert got["total"] == tiles.total and got["start"] == tiles.kinds[tiles.start].id
    for k in tiles.kinds:
        kind = got["tiles"][k.id]
        assert kind["cities"] == k.entry.cities and kind["roads"] == k.entry.roads
        assert kind["fields"] == [f.halves for f in k.entry.fields]
        assert (kind["monastery"], kind["pennant"], kind["space"]) == (k.monastery, k.entry.pennant, k.space)
        assert [f["type"] for f in kind["features"]] == [FEATURE_NAMES[f.type] for f in k.features]
    assert got["tiles"]["S"] == {**got["tiles"]["S"], "cities": ["N+E+W"], "roads": ["S*"], "fields": ["SL", "SR"], "pennant": True}
    assert got["tiles"]["crrc.bt"]["space"] == "circus"


def test_content_follows_the_expansions_and_is_json() -> None:
    game = games.get("carcassonne")
    base = game.content({"expansions": []})
    assert json.loads(json.dumps(base)) == base
    assert "crrc.bt" not in base["tiles"] and "crrc.bt" in game.content()["tiles"]
    assert game.content({"expansions": []}) is base


def test_content_follows_a_users_tiles_file(tmp_path: Path) -> None:
    mine = tmp_path / "tiles.toml"
    text = (DATA / "tiles.toml").read_text()
    assert 'id = "X"\nexpansion = "base"\ncount = 1' in text
    mine.write_text(text.replace('id = "X"\nexpansion = "base"\ncount = 1', 'id = "X"\nexpansion = "base"\ncount = 3'))
    game = games.get("carcassonne")
    assert game.content({"cards": str(mine)})["tiles"]["X"]["count"] == 3
    assert game.content()["tiles"]["X"]["count"] == 1
