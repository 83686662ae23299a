"""Table chat against a real server: the players' channel and the spectators' own, pushed over the
WebSocket to whoever may read it, kept as typed, bounded and rate-limited, kept with the table and
its moves for the replay."""

from __future__ import annotations

import json
from contextlib import closing

from community_support import ada_and_bo, play_to_end, register, unique
from server_support import ServerProcess, create, error_of, receive, start_table
from websockets.sync.client import ClientConnection, connect

from bigtop.server.chat import BURST, MAX_TEXT


def _next_chat(ws: ClientConnection, timeout: float = 5) -> dict:
    return receive(ws, "chat", timeout)


def _no_chat(ws: ClientConnection) -> None:
    """No chat message arrives within a moment (other messages are skipped)."""
    try:
        message = receive(ws, "chat", timeout=0.5)
    except TimeoutError:
        return
    raise AssertionError(f"unexpected chat message {message}")


def test_players_and_spectators_each_have_their_channel(server: ServerProcess) -> None:
    fan = unique("Fan")
    with server.client() as client, closing(register(server, fan)) as spectator:
        table_id, ada, bo = ada_and_bo(client)
        with server.socket(table_id, ada) as ws_ada, server.socket(table_id, bo) as ws_bo, server.socket(table_id) as ws_fan:
            said = client.post(f"/api/tables/{table_id}/chat", json={"token": ada, "text": "good luck <b>all</b> & co"})
            assert said.status_code == 201, said.text
            for ws in (ws_ada, ws_bo, ws_fan):  # everyone watching reads the players' channel
                message = _next_chat(ws)
                assert (message["channel"], message["seat"], message["name"]) == ("players", 0, "Ada")
                assert message["text"] == "good luck <b>all</b> & co"  # kept as typed: the page shows it as text

            aside = spectator.post(f"/api/tables/{table_id}/chat", json={"text": "Bo holds the 12"})
            assert aside.status_code == 201
            assert (aside.json()["channel"], aside.json()["name"], aside.json()["seat"]) == ("spectators", fan, None)
            assert _next_chat(ws_fan)["text"] == "Bo holds the 12"
            _no_chat(ws_ada)  # the players are not told what spectators say during the game
            _no_chat(ws_bo)

        seat_view = client.get(f"/api/tables/{table_id}/chat", params={"token": bo}).json()
        assert seat_view["channel"] == "players" and [m["text"] for m in seat_view["messages"]] == ["good luck <b>all</b> & co"]
        watcher_view = client.get(f"/api/tables/{table_id}/chat").json()
        assert watcher_view["channel"] == "spectators" and len(watcher_view["messages"]) == 2

        anonymous = client.post(f"/api/tables/{table_id}/chat", json={"text": "hello"})
        assert anonymous.status_code == 401  # an anonymous spectator reads but does not write
        assert client.post(f"/api/tables/{table_id}/chat", json={"token": "wrong", "text": "x"}).status_code == 403
        assert client.post("/api/tables/nosuchtable/chat", json={"token": ada, "text": "x"}).status_code == 404

        play_to_end(client, table_id, [ada, bo])
        after = client.get(f"/api/tables/{table_id}/chat", params={"token": bo}).json()["messages"]
        assert [m["channel"] for m in after] == ["players", "spectators"]  # once over, everyone reads both
        assert [m["move"] for m in after] == [0, 0]  # the moves played when each was said: the replay's moment
        assert client.post(f"/api/tables/{table_id}/chat", json={"token": bo, "text": "gg"}).status_code == 201


def test_a_signed_in_player_writes_at_their_seat_without_its_token(server: ServerProcess) -> None:
    name = unique("Gus")
    with closing(register(server, name)) as player:
        created = create(player, [{"name": "x"}, {"bot": "random"}], seed=None)
        start_table(player, created)  # joined signed in: the seat is Gus's
        table_id = created["table"]["id"]
        said = player.post(f"/api/tables/{table_id}/chat", json={"text": "hi"})
        assert said.status_code == 201 and (said.json()["channel"], said.json()["seat"]) == ("players", 0)
        assert player.get(f"/api/tables/{table_id}/chat").json()["channel"] == "players"


def test_messages_are_cleaned_bounded_and_rate_limited(server: ServerProcess) -> None:
    with server.client() as client:
        created = create(client, [{"name": "Ada"}, {"name": "Bo"}], seed=None)
        table_id = created["table"]["id"]  # an open table: people may talk before the start
        ada, bo = (s["token"] for s in created["seats"])

        def say(token: str, text: object) -> int:
            return client.post(f"/api/tables/{table_id}/chat", json={"token": token, "text": text}).status_code

        response = client.post(f"/api/tables/{table_id}/chat", json={"token": ada, "text": "  two\nlines\x00\u202e  "})
        assert response.status_code == 201 and response.json()["text"] == "two lines"
        assert [say(ada, text) for text in ("", "   \n ", "x" * (MAX_TEXT + 1), 12, None)] == [400] * 5
        assert say(ada, "é" * MAX_TEXT) == 201
        assert [say(ada, f"spam {n}") for n in range(BURST)] == [201] * (BURST - 2) + [429, 429]  # 2 said above
        limited = client.post(f"/api/tables/{table_id}/chat", json={"token": ada, "text": "more"})
        assert limited.status_code == 429 and error_of(limited)["code"] == "rate_limited"
        assert say(bo, "Bo is not limited by Ada's messages") == 201
        texts = [m["text"] for m in client.get(f"/api/tables/{table_id}/chat").json()["messages"]]
        assert texts[0] == "two lines" and len(texts) == BURST + 1
        assert all("\x00" not in text for text in texts)


def test_chat_stays_with_the_table_across_a_restart(tmp_path) -> None:
    from server_support import sqlite_url

    server = ServerProcess(sqlite_url(tmp_path), tmp_path).start()
    try:
        with server.client() as client:
            created = create(client, [{"name": "Ada"}, {"bot": "random"}], seed=None)
            table_id = start_table(client, created)
            token = created["seats"][0]["token"]
            assert client.post(f"/api/tables/{table_id}/chat", json={"token": token, "text": "before"}).status_code == 201
        server.kill()
        server.start()
        with server.client() as client, server.socket(table_id, token) as ws:
            receive(ws, "state")
            assert [m["text"] for m in client.get(f"/api/tables/{table_id}/chat").json()["messages"]] == ["before"]
            client.post(f"/api/tables/{table_id}/chat", json={"token": token, "text": "after"})
            message = _next_chat(ws)
            assert (message["text"], message["table"]) == ("after", table_id)
            assert json.loads(json.dumps(message)) == message
    finally:
        server.stop()


def test_a_player_watching_their_own_table_as_a_spectator_is_not_told_the_spectators_channel(server: ServerProcess) -> None:
    gus, fan = unique("Gus"), unique("Fan")
    with closing(register(server, gus)) as player, closing(register(server, fan)) as spectator:
        created = create(player, [{"name": "x"}, {"name": "Bo"}], seed=None)
        table_id = created["table"]["id"]
        bo = created["seats"][1]["token"]
        assert player.post(f"/api/tables/{table_id}/join", json={"token": created["seats"][0]["token"]}).status_code == 200
        with server.client() as anonymous:  # seat 0 joined signed in is Gus's; Bo is a guest
            assert anonymous.post(f"/api/tables/{table_id}/join", json={"token": bo, "name": "Bo"}).status_code == 200
        cookie = "; ".join(f"{name}={value}" for name, value in player.cookies.items())
        ws_url = server.url.replace("http://", "ws://") + f"/ws/tables/{table_id}"
        with connect(ws_url, additional_headers={"Cookie": cookie}, open_timeout=10) as ws_gus, \
                server.socket(table_id) as ws_stranger:
            said = spectator.post(f"/api/tables/{table_id}/chat", json={"text": "Gus should hold"})
            assert said.status_code == 201 and said.json()["channel"] == "spectators"
            assert _next_chat(ws_stranger)["text"] == "Gus should hold"  # an anonymous spectator reads it
            _no_chat(ws_gus)  # Gus, signed in, without his seat's token: still a player, not told
            assert spectator.post(f"/api/tables/{table_id}/chat", json={"text": "x"}).status_code == 201
            assert player.post(f"/api/tables/{table_id}/chat", json={"text": "hi"}).json()["channel"] == "players"
            assert _next_chat(ws_gus)["text"] == "hi"  # the players' channel reaches him as ever
            assert server.client().post(f"/api/tables/{table_id}/chat", json={"token": bo, "text": "hey"}).status_code == 201
            assert _next_chat(ws_gus)["text"] == "hey"
        forged = cookie.rsplit(".", 1)[0] + ".forged"  # a tampered session reads as an anonymous spectator
        fan_cookie = "; ".join(f"{name}={value}" for name, value in spectator.cookies.items())
        with connect(ws_url, additional_headers={"Cookie": forged}, open_timeout=10) as ws_forged, \
                connect(ws_url, additional_headers={"Cookie": fan_cookie}, open_timeout=10) as ws_fan:
            assert spectator.post(f"/api/tables/{table_id}/chat", json={"text": "still watching"}).status_code == 201
            assert _next_chat(ws_forged)["text"] == "still watching"
            assert _next_chat(ws_fan)["text"] == "still watching"  # signed in, no seat here: a spectator
