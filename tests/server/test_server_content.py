"""The games' public content (`Game.content`) served once per table, against a real server process."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from server_support import ServerProcess, create, error_of, sqlite_url, start_table

from bigtop import games
from bigtop.games.drumroll.data import DATA as DRUMROLL_DATA


@pytest.fixture
def server(tmp_path) -> Iterator[ServerProcess]:
    process = ServerProcess(sqlite_url(tmp_path), tmp_path).start()
    yield process
    process.stop()


def _table(client, game: str, players: int, options: dict) -> str:
    body = {"game": game, "players": players, "options": options, "seed": 3,
            "seats": [{"name": "Ada"}] + [{"bot": "random"}] * (players - 1)}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    return response.json()["table"]["id"]


def test_content_of_each_game_for_its_default_options(server):
    with server.client() as client:
        for name in ("drumroll", "trollfest", "carcassonne"):
            response = client.get(f"/api/games/{name}/content")
            assert response.status_code == 200, response.text
            assert response.json() == json.loads(json.dumps(games.get(name).content()))
        assert client.get("/api/games/highcard/content").json() == {}  # the default hook
        missing = client.get("/api/games/nosuchgame/content")
        assert missing.status_code == 404 and error_of(missing)["code"] == "not_found"


def test_content_follows_the_tables_options(server, tmp_path: Path):
    mine = tmp_path / "cards.toml"
    mine.write_text((DRUMROLL_DATA / "cards.toml").read_text().replace('name = "Rope Walker"', 'name = "Tightrope Star"'))
    with server.client() as client:
        refused = client.post("/api/tables", json={"game": "drumroll", "players": 2, "options": {"cards": str(mine)},
                                                   "seats": [{"name": "Ada"}, {"bot": "random"}]})
        assert refused.status_code == 400 and "command line" in error_of(refused)["message"]
        listed = {g["name"]: g["options"] for g in client.get("/api/games").json()}
        assert "cards" not in listed["drumroll"]  # the lobby offers no file option
        assert _table(client, "drumroll", 2, {"cards": ""})  # an empty one is the shipped content
        plain = _table(client, "drumroll", 2, {})
        base = _table(client, "carcassonne", 2, {"expansions": []})
        shipped = client.get("/api/games/drumroll/content", params={"table": plain}).json()
        assert shipped["performers"]["rope-walker"]["name"] == "Rope Walker"
        assert shipped["performers"]["rope-walker"]["requires"] == ["red", "yellow", "white"]
        tiles = client.get("/api/games/carcassonne/content", params={"table": base}).json()["tiles"]
        assert "crrc.bt" not in tiles and "D" in tiles
        full = client.get("/api/games/carcassonne/content", params={"table": _table(client, "carcassonne", 2, {})}).json()
        assert "crrc.bt" in full["tiles"]
        wrong = client.get("/api/games/trollfest/content", params={"table": plain})
        assert wrong.status_code == 400 and "drumroll" in error_of(wrong)["message"]
        unknown = client.get("/api/games/drumroll/content", params={"table": "nope"})
        assert unknown.status_code == 404


def test_replays_carry_the_content(server):
    with server.client() as client:
        table_id = start_table(client, create(client, [{"bot": "random"}, {"bot": "random"}], seed=5))
        # High Card's content is the default, empty one; the replay still names it
        deadline = time.monotonic() + 30
        while client.get(f"/api/tables/{table_id}").json()["status"] != "finished":
            assert time.monotonic() < deadline
            time.sleep(0.05)
        replay = client.get(f"/api/tables/{table_id}/replay").json()
        assert replay["content"] == {}
        state = games.get("carcassonne").new(2, seed=1, options={"expansions": []})
        uploaded = client.post("/api/replays", content=json.dumps(state.record().to_json()), headers={"content-type": "application/json"}).json()
        assert "crrc.bt" not in uploaded["content"]["tiles"] and "D" in uploaded["content"]["tiles"]
