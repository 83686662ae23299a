"""The learned bot on a web table: offered only where weights ship for the game at that many players."""

from __future__ import annotations

import time

import pytest
from server_support import error_of


def test_games_say_where_the_learned_bot_ships_and_a_table_elsewhere_is_refused(server):
    with server.client() as client:
        found = {g["name"]: g["learned_players"] for g in client.get("/api/games").json()}
        assert found["drumroll"] == [2, 3, 4] and found["trollfest"] == [3, 4]
        assert found["carcassonne"] == [2, 3, 4, 5] and found["highcard"] == []
        trained = {g["name"]: g["learned_options"] for g in client.get("/api/games").json()}
        assert sorted(trained["carcassonne"]) == ["2", "3", "4", "5"] and trained["highcard"] == {}
        assert all(options["expansions"] == ["bigtop"] for options in trained["carcassonne"].values())
        body = {"game": "trollfest", "players": 5, "seats": [{"name": "Ada"}, {"bot": "learned"}] + [{"bot": "random"}] * 3}
        refused = client.post("/api/tables", json=body)
        assert refused.status_code == 400
        assert "no learned bot is shipped for Troll Fest at 5 players (weights for 3, 4 players)" in error_of(refused)["message"]
        body = {"game": "drumroll", "players": 2, "seats": [{"name": "Ada"}, {"bot": "learned"}]}
        assert client.post("/api/tables", json=body).status_code == 201
        body = {"game": "trollfest", "players": 3, "seats": [{"name": "Ada"}, {"bot": "learned"}, {"bot": "learned"}]}
        assert client.post("/api/tables", json=body).status_code == 201


def test_a_learned_bot_is_refused_at_a_table_of_other_variants_than_its_weights(server):
    """Carcassonne's weights were trained under the Big Top: a table of the base game would leave
    the bot unable to move (it refuses weights of another table), so the table is refused."""
    with server.client() as client:
        seats = [{"name": "Ada"}, {"bot": "learned"}]
        body = {"game": "carcassonne", "players": 2, "seats": seats, "options": {"expansions": []}}
        refused = client.post("/api/tables", json=body)
        assert refused.status_code == 400
        assert "trained with the game's standard variants" in error_of(refused)["message"]
        body["options"] = {"expansions": ["bigtop"]}
        assert client.post("/api/tables", json=body).status_code == 201
        body = {"game": "carcassonne", "players": 2, "seats": [{"name": "Ada"}, {"bot": "random"}], "options": {"expansions": []}}
        assert client.post("/api/tables", json=body).status_code == 201
        # any variant other than the weights': Drum Roll's first player fixed to seat 2
        body = {"game": "drumroll", "players": 2, "seats": [{"name": "Ada"}, {"bot": "learned"}], "options": {"first_player": 1}}
        refused = client.post("/api/tables", json=body)
        assert refused.status_code == 400 and "Drum Roll was trained with the game's standard variants" in error_of(refused)["message"]
        body["options"] = {"first_player": -1}
        assert client.post("/api/tables", json=body).status_code == 201  # the standard variant
        listed = client.get("/api/tables").json()  # nothing was made of the refused table
        assert any(t["game"] == "drumroll" for t in listed)
        assert not any(t["game"] == "drumroll" and t["options"].get("first_player") == 1 for t in listed)


@pytest.mark.parametrize(("game", "players"), [("trollfest", 4), ("carcassonne", 2)])
def test_learned_bots_play_a_table_to_its_end(server, game, players):
    """The shipped weights (Troll Fest's network over its observation, Carcassonne's scorer of
    positions) in the server's bot workers (NumPy only)."""
    with server.client() as client:
        body = {"game": game, "players": players, "seats": [{"bot": "learned"}] * players, "seed": 3}
        created = client.post("/api/tables", json=body)
        assert created.status_code == 201, created.text
        table_id = created.json()["table"]["id"]
        assert client.post(f"/api/tables/{table_id}/start", json={"token": created.json()["host_token"]}).status_code == 200
        deadline = time.monotonic() + 60
        table = client.get(f"/api/tables/{table_id}").json()
        while table["status"] != "finished" and time.monotonic() < deadline:
            time.sleep(0.2)
            table = client.get(f"/api/tables/{table_id}").json()
        assert table["status"] == "finished", table
        assert table["moves"] > 100
