"""The learned bot on a web table: offered only where weights ship for the game at that many players."""

from __future__ import annotations

from server_support import error_of


def test_games_say_where_the_learned_bot_ships_and_a_table_elsewhere_is_refused(server):
    with server.client() as client:
        found = {g["name"]: g["learned_players"] for g in client.get("/api/games").json()}
        assert found["drumroll"] == [2] and found["carcassonne"] == [] and found["highcard"] == []
        body = {"game": "drumroll", "players": 3, "seats": [{"name": "Ada"}, {"bot": "learned"}, {"bot": "random"}]}
        refused = client.post("/api/tables", json=body)
        assert refused.status_code == 400 and "no learned bot is shipped for Drum Roll at 3 players" in error_of(refused)["message"]
        body = {"game": "drumroll", "players": 2, "seats": [{"name": "Ada"}, {"bot": "learned"}]}
        assert client.post("/api/tables", json=body).status_code == 201
