"""Drum Roll's `content`: the public content boards draw from, built from the cards actually loaded."""

from __future__ import annotations

import json
from pathlib import Path

from bigtop import games
from bigtop.games.drumroll.data import DATA, load_content


def test_content_matches_the_loaded_cards() -> None:
    game = games.get("drumroll")
    content = game.content()
    c = load_content(None)
    assert set(content["performers"]) == set(c.performers)
    assert set(content["personnel"]) == set(c.personnel)
    assert set(content["investments"]) == set(c.investments)
    assert set(content["regions"]) == set(c.regions)
    assert content["tickets"] == list(c.tickets)
    for pid, p in c.performers.items():
        got = content["performers"][pid]
        assert (got["name"], got["type"], got["salary"], got["flip_prestige"]) == (p.name, p.type, p.salary, p.flip_prestige)
        assert got["requires"] == list(p.requires)
        for level in ("poor", "good", "outstanding"):
            assert [e["kind"] for e in got["benefits"][level]] == [e.kind for e in getattr(p, level)]
            assert all(e["text"] for e in got["benefits"][level])
    for qid, q in c.personnel.items():
        assert content["personnel"][qid]["name"] == q.name and content["personnel"][qid]["text"]
    for iid, i in c.investments.items():
        assert content["investments"][iid]["name"] == i.name and content["investments"][iid]["text"]
    assert content["regions"]["moscow"]["types"] == list(c.regions["moscow"].types)


def test_content_is_json_and_cached() -> None:
    game = games.get("drumroll")
    content = game.content({})
    assert json.loads(json.dumps(content)) == content
    assert game.content(None) is content
    assert game.content(game.parse_options({"first_player": 1})) is content


def test_content_follows_a_users_card_file(tmp_path: Path) -> None:
    mine = tmp_path / "mine.toml"
    mine.write_text((DATA / "cards.toml").read_text().replace('name = "Rope Walker"', 'name = "Tightrope Star"'))
    game = games.get("drumroll")
    assert game.content({"cards": str(mine)})["performers"]["rope-walker"]["name"] == "Tightrope Star"
    assert game.content()["performers"]["rope-walker"]["name"] == "Rope Walker"
