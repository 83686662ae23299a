"""The REST lobby against a real server process on loopback with a real SQLite file."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from server_support import ServerProcess, create, error_of, sqlite_url, start_table

PERSON_AND_BOT = [{"name": "Ada"}, {"bot": "random", "name": "Robo"}]


@pytest.fixture
def server(tmp_path) -> Iterator[ServerProcess]:
    process = ServerProcess(sqlite_url(tmp_path), tmp_path).start()
    yield process
    process.stop()


def test_games_lists_highcard_with_its_board(server):
    with server.client() as client:
        found = {g["name"]: g for g in client.get("/api/games").json()}
    assert found["highcard"]["min_players"] == 2 and found["highcard"]["max_players"] == 4
    assert found["highcard"]["options"] == {"rounds": 3}
    assert found["highcard"]["board"] == "/boards/highcard.js"


def test_create_join_start_and_list(server):
    with server.client() as client:
        created = create(client, PERSON_AND_BOT)
        table_id = created["table"]["id"]
        assert created["table"]["status"] == "open"
        assert [s["seat"] for s in created["seats"]] == [0]  # bots get no link
        assert created["seats"][0]["link"] == f"/#/table/{table_id}?token={created['seats'][0]['token']}"
        assert [t["id"] for t in client.get("/api/tables", params={"status": "open"}).json()] == [table_id]

        early = client.post(f"/api/tables/{table_id}/start", json={"token": created["host_token"]})
        assert early.status_code == 409 and "seat(s) 0" in error_of(early)["message"]

        token = created["seats"][0]["token"]
        client.post(f"/api/tables/{table_id}/join", json={"token": token})
        left = client.post(f"/api/tables/{table_id}/leave", json={"token": token}).json()
        assert left["table"]["seats"][0]["joined"] is False and left["table"]["seats"][0]["away"] is False
        joined = client.post(f"/api/tables/{table_id}/join", json={"token": token, "name": "  Ada   L. "})
        assert joined.json()["seat"] == 0 and joined.json()["table"]["seats"][0]["name"] == "Ada L."
        wrong_host = client.post(f"/api/tables/{table_id}/start", json={"token": token})
        assert wrong_host.status_code == 403
        assert client.post(f"/api/tables/{table_id}/start", json={"token": created["host_token"]}).status_code == 200
        assert [t["id"] for t in client.get("/api/tables", params={"status": "running"}).json()] == [table_id]
        assert client.get("/api/tables", params={"status": "open"}).json() == []

        mine = client.get(f"/api/tables/{table_id}/state", params={"token": token}).json()
        public = client.get(f"/api/tables/{table_id}/state").json()
    assert mine["seat"] == 0 and len(mine["view"]["hand"]) == 3
    assert sorted(a["action"]["card"] for a in mine["legal"]) == mine["view"]["hand"]
    assert all(a["label"] for a in mine["legal"])
    assert public["seat"] is None and "hand" not in public["view"] and public["legal"] == []
    assert "token" not in str(public["table"])


def test_bad_requests_are_refused_clearly_and_change_nothing(server):
    with server.client() as client:
        created = create(client, [{"name": "A"}, {"name": "B"}])
        table_id = start_table(client, created)
        token = created["seats"][0]["token"]
        before = client.get(f"/api/tables/{table_id}/state", params={"token": token}).json()

        cases = [
            (client.get("/api/tables/nosuch"), 404, "no table 'nosuch'"),
            (client.get(f"/api/tables/{table_id}/state", params={"token": "forged"}), 403, "opens no seat"),
            (client.get(f"/api/tables/{table_id}/state", params={"token": "jeton-forgé-偽"}), 403, "opens no seat"),
            (client.post(f"/api/tables/{table_id}/start", json={"token": "hôte"}), 403, "only the host"),
            (client.post(f"/api/tables/{table_id}/moves", json={"token": "forged", "action": {"type": "Pass"}}), 403, "opens no seat"),
            (client.post(f"/api/tables/{table_id}/moves", json={"token": token, "action": {"type": "Play", "card": 99}}), 400, "not allowed now"),
            (client.post(f"/api/tables/{table_id}/moves", json={"token": token, "action": {"type": "Fly"}}), 400, "unknown type 'Fly'"),
            (client.post(f"/api/tables/{table_id}/moves", json={"token": token, "action": [1, 2]}), 400, "malformed action"),
            (client.post(f"/api/tables/{table_id}/moves", json={"token": token}), 400, "action"),
            (client.post(f"/api/tables/{table_id}/moves", content=b"{", headers={"content-type": "application/json"}), 400, "JSON"),
            (client.post(f"/api/tables/{table_id}/moves", content=b"[" * 9000, headers={"content-type": "application/json"}), 400, "nested too deeply"),
            (client.get("/api/nowhere"), 404, "Not Found"),
            (client.post(f"/api/tables/{table_id}/moves", json={"token": token, "action": {"type": "Pass", "x": "y" * 2_000_000}}), 413, "too large"),
            (client.post("/api/tables", json={"game": "chess", "players": 2}), 404, "unknown game 'chess'"),
            (client.post("/api/tables", json={"game": "highcard", "players": 9}), 400, "2 to 4 players"),
            (client.post("/api/tables", json={"game": "highcard", "players": 10**17}), 400, "players"),  # refused before any work
            (client.post("/api/tables", json={"game": "highcard", "players": 2, "seats": [{}] * 17}), 400, "seats"),
            (client.post("/api/tables", json={"game": "highcard", "players": 2, "options": {"speed": 3}}), 400, "unknown option speed"),
            (client.post("/api/tables", json={"game": "highcard", "players": 2, "seats": [{}, {"bot": "oracle"}]}), 400, "unknown bot 'oracle'"),
            (client.post("/api/tables", json={"game": "highcard", "players": 3, "seats": [{}, {}]}), 400, "3 players need 3 seats"),
            (client.post("/api/tables", json={"game": "highcard", "players": 2, "seed": -1}), 400, "seed"),
            (client.post("/api/tables", json={"game": "highcard", "players": 2, "seats": [{"name": "x" * 41}, {}]}), 400, "at most 40"),
            (client.post(f"/api/tables/{table_id}/start", json={"token": created["host_token"]}), 409, "is running"),
            (client.get(f"/api/tables/{table_id}/record"), 409, "secret until the game ends"),
            (client.get("/api/tables", params={"status": "lost"}), 400, "unknown status"),
        ]
        for response, status, words in cases:
            assert response.status_code == status, response.text
            assert words in error_of(response)["message"], response.text
            assert error_of(response)["code"]
        after = client.get(f"/api/tables/{table_id}/state", params={"token": token}).json()
        assert len(client.get("/api/tables").json()) == 1
    assert after == before


def test_moves_by_token_show_only_to_their_seat(server):
    with server.client() as client:
        created = create(client, [{"name": "A"}, {"name": "B"}])
        table_id = start_table(client, created)
        first, second = (s["token"] for s in created["seats"])
        card = client.get(f"/api/tables/{table_id}/state", params={"token": first}).json()["view"]["hand"][0]
        played = client.post(f"/api/tables/{table_id}/moves", json={"token": first, "action": {"type": "Play", "card": card}, "move": 0})
        assert played.json() == {"move": 0}
        stale = client.post(f"/api/tables/{table_id}/moves", json={"token": second, "action": {"type": "Pass"}, "move": 0})
        assert stale.status_code == 409 and "stale" in error_of(stale)["message"]
        assert error_of(stale)["code"] == "stale_move"  # the page words it in the player's language
        again = client.post(f"/api/tables/{table_id}/moves", json={"token": first, "action": {"type": "Play", "card": card}})
        assert again.status_code == 400 and "not seat 0's turn" in error_of(again)["message"]
        mine = client.get(f"/api/tables/{table_id}/state", params={"token": first}).json()
        theirs = client.get(f"/api/tables/{table_id}/state", params={"token": second}).json()
    assert mine["view"]["my_sealed_card"] == card and card not in mine["view"]["hand"]
    assert theirs["view"]["my_sealed_card"] is None and theirs["view"]["sealed"]["chosen"] == [0]
    assert theirs["legal"] and mine["legal"] == []


def test_a_game_package_ships_its_own_board(tmp_path):
    package = tmp_path / "lib" / "cardgame"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(
        "from toy.game import HighCard\n\n\nclass Cards(HighCard):\n    name = 'cards'\n    hidden_scores = True\n\n\nGAME = Cards()\n"
    )
    (package / "board.js").write_text("export function render(root) { root.textContent = 'cards'; }\n")
    server = ServerProcess(sqlite_url(tmp_path), tmp_path, boards=False)
    server.game_modules = ["toy.game", "cardgame"]
    server.python_path.append(str(tmp_path / "lib"))
    server.start()
    try:
        with server.client() as client:
            found = {g["name"]: g["board"] for g in client.get("/api/games").json()}
            script = client.get("/boards/cards.js")
            none = client.get("/boards/highcard.js")
            created = client.post("/api/tables", json={"game": "cards", "players": 2, "seats": [{}, {}]}).json()
            table_id = start_table(client, created)
            hidden = client.get(f"/api/tables/{table_id}/state", params={"token": created["seats"][0]["token"]}).json()
    finally:
        server.stop()
    assert found["highcard"] is None and found["cards"] == "/boards/cards.js"
    assert all(found[name] == f"/boards/{name}.js" for name in ("drumroll", "trollfest", "carcassonne"))
    assert script.status_code == 200 and "root.textContent = 'cards'" in script.text
    assert script.headers["content-type"].startswith("text/javascript")
    assert none.status_code == 404 and "no board module" in error_of(none)["message"]
    assert hidden["scores"] is None and hidden["view"]["game"] == "cards"  # the game keeps its scores secret
