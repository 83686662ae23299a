"""Troll Fest's `content`: the map and cards boards draw from, built from the loaded data."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from bigtop import games
from bigtop.games.trollfest.content_json import content_json
from bigtop.games.trollfest.data import COLOURS, DATA, content, load_content


def test_content_matches_the_loaded_data() -> None:
    got = games.get("trollfest").content()
    c = content()
    assert [x["name"] for x in got["cities"]] == [x.name for x in c.cities]
    assert [(x["species"], x["symbol"], x["x"], x["y"]) for x in got["cities"]] == [(x.species, x.symbol, x.x, x.y) for x in c.cities]
    for n in range(len(c.cities)):
        for other, colour in c.neighbours[n]:
            road = next(r for r in got["roads"] if {r["a"], r["b"]} == {n, other})
            assert road["pass"] == colour
    assert sorted(p["colour"] for p in got["passes"]) == sorted(COLOURS)
    assert [a["name"] for a in got["artists"]] == [a.name for a in c.artists]
    assert [(a["instrument"], a["energy"], a["charisma"], a["skill"]) for a in got["artists"]] == \
        [(a.instrument, a.energy, a.charisma, a.skill) for a in c.artists]
    assert got["action_base"] == c.action_base
    for card in range(c.action_base, c.card_count):
        assert got["action_types"][got["action_copies"][card - got["action_base"]]]["name"] == c.action(card).name
    assert got["band_names"] == list(c.band_names)


def test_content_is_json_and_cached() -> None:
    game = games.get("trollfest")
    got = game.content({})
    assert json.loads(json.dumps(got)) == got
    assert game.content(None) is got


def test_content_is_built_from_the_files(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    shutil.copytree(DATA, folder)
    (folder / "map.toml").write_text((DATA / "map.toml").read_text().replace('name = "Bouldergate"', 'name = "Rockgate"'))
    got = content_json(load_content(folder))
    assert "Rockgate" in [x["name"] for x in got["cities"]]
