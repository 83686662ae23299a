"""Play over WebSockets against a real server: pushed views, bots, errors, reconnects, replays."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from server_support import ServerProcess, create, error_of, receive, sqlite_url, start_table, watch_to_end


@pytest.fixture
def server(tmp_path) -> Iterator[ServerProcess]:
    process = ServerProcess(sqlite_url(tmp_path), tmp_path, bot_delay=0.05).start()
    yield process
    process.stop()


def play_to_end(ws) -> dict:
    """Play the first legal action whenever it is this seat's turn; answers the final message."""
    while True:
        message = receive(ws, "state")
        if message["result"] is not None:
            return message
        if message["legal"]:
            ws.send(json.dumps({"type": "move", "action": message["legal"][0]["action"], "move": message["move"]}))


def test_a_person_plays_a_bot_to_the_end_and_a_spectator_watches(server):
    with server.client() as client:
        created = create(client, [{"name": "Ada"}, {"bot": "random", "name": "Robo"}], seed=11)
        table_id = start_table(client, created)
        token = created["seats"][0]["token"]
        with server.socket(table_id) as watcher, server.socket(table_id, token) as ws:
            final = play_to_end(ws)
            seen, log = watch_to_end(watcher)
        record = client.get(f"/api/tables/{table_id}/record")
        public = client.get(f"/api/tables/{table_id}/state").json()
        assert client.get("/api/tables", params={"status": "finished"}).json()[0]["id"] == table_id
    assert final["table"]["status"] == "finished" and final["legal"] == []
    assert final["result"]["scores"] == final["scores"] == final["view"]["points"]
    assert sorted(final["result"]["ranks"]) in ([1, 1], [1, 2])
    assert all(m["seat"] is None and "hand" not in m["view"] and m["legal"] == [] for m in seen)
    assert not any(e["kind"] == "drew_card" for e in log)  # nobody's secret draw
    assert [m["move"] for m in seen] == list(range(seen[0]["move"], final["move"] + 1))  # every move, in order
    assert log == public["log"] and public["log_from"] == 0  # the deltas add up to the whole log
    assert all(len(m["log"]) < 6 for m in seen[1:])  # each message only what is new
    moves = record.json()["moves"]
    assert record.headers["content-disposition"].startswith("attachment")
    assert len(moves) == final["move"] and {seat for seat, _ in moves} == {0, 1}


def test_bots_only_table_plays_itself_out_off_the_request_path(server):
    with server.client() as client:
        created = create(client, [{"bot": "random"}] * 4, seed=3)
        table_id = start_table(client, created)
        assert client.get(f"/api/tables/{table_id}").json()["moves"] < 9  # start answered before the bots played
        with server.socket(table_id) as watcher:
            message = receive(watcher, "state")
            while message["result"] is None:
                message = receive(watcher, "state")
    assert message["table"]["status"] == "finished"


def test_socket_errors_change_nothing(server):
    with server.client() as client:
        created = create(client, [{"name": "A"}, {"name": "B"}])
        table_id = start_table(client, created)
        token = created["seats"][0]["token"]
        with server.socket(table_id, token) as ws, server.socket(table_id) as spectator:
            first = receive(ws, "state")
            receive(spectator, "state")
            bad = [
                (ws, "not json", "bad_request"),
                (ws, json.dumps({"type": "dance"}), "bad_request"),
                (ws, "[" * 8000 + "]" * 8000, "bad_request"),
                (ws, json.dumps({"type": "move"}), "bad_request"),
                (ws, json.dumps({"type": "move", "action": {"type": "Play", "card": 13}}), "illegal_move"),
                (ws, json.dumps({"type": "move", "action": {"type": "Play", "card": "ten"}}), "illegal_move"),
                (ws, json.dumps({"type": "move", "action": {"type": "Pass"}, "move": 5}), "stale_move"),
                (ws, json.dumps({"type": "move", "action": {"type": "Pass", "pad": "x" * 20_000}}), "too_large"),
                (spectator, json.dumps({"type": "move", "action": first["legal"][0]["action"]}), "forbidden"),
            ]
            for sock, text, code in bad:
                sock.send(text)
                assert receive(sock, "error")["code"] == code
            ws.send(json.dumps({"type": "ping"}))
            assert receive(ws, "pong") == {"type": "pong"}
        after = client.get(f"/api/tables/{table_id}/state", params={"token": token}).json()
        with server.socket(table_id, "forged") as forged:
            refused = receive(forged, "error")
        with server.socket("nosuch") as unknown:
            missing = receive(unknown, "error")
    assert after["move"] == 0 and after["view"] == first["view"]
    assert refused["code"] == "forbidden" and missing["code"] == "not_found"


def test_a_dropped_connection_resumes_the_same_seat(server):
    with server.client() as client:
        created = create(client, [{"name": "A"}, {"name": "B"}])
        table_id = start_table(client, created)
        token = created["seats"][1]["token"]
        with server.socket(table_id, token) as ws:
            first = receive(ws, "state")
            ws.send(json.dumps({"type": "move", "action": first["legal"][-1]["action"]}))
            assert receive(ws, "ack")["move"] == 0
        with server.socket(table_id, token) as again:
            resumed = receive(again, "state")
    assert resumed["seat"] == 1 and resumed["move"] == 1
    assert resumed["view"]["my_sealed_card"] == first["legal"][-1]["action"]["card"]
    assert resumed["view"]["hand"] == first["view"]["hand"][:-1]


def test_a_person_who_leaves_is_stood_in_for_by_a_bot_and_can_come_back(server):
    with server.client() as client:
        created = create(client, [{"name": "A"}, {"name": "B"}], seed=5)
        table_id = start_table(client, created)
        token_a, token_b = (s["token"] for s in created["seats"])
        left = client.post(f"/api/tables/{table_id}/leave", json={"token": token_b}).json()
        assert left["table"]["seats"][1]["away"] is True
        with server.socket(table_id, token_a) as ws:
            message = receive(ws, "state")
            ws.send(json.dumps({"type": "move", "action": message["legal"][0]["action"]}))
            while message["move"] < 2:  # the stand-in bot answered the sealed step
                message = receive(ws, "state")
        refused = client.post(f"/api/tables/{table_id}/moves", json={"token": token_b, "action": {"type": "Pass"}})
        assert refused.status_code == 409 and "played by a bot" in error_of(refused)["message"]
        back = client.post(f"/api/tables/{table_id}/join", json={"token": token_b}).json()
    assert back["table"]["seats"][1]["away"] is False and back["table"]["seats"][1]["name"] == "P1"


def test_replays_of_finished_and_uploaded_games(server):
    with server.client() as client:
        created = create(client, [{"bot": "random"}, {"bot": "random"}], seed=21)
        table_id = start_table(client, created)
        with server.socket(table_id) as watcher:
            messages, log = watch_to_end(watcher)
        record = client.get(f"/api/tables/{table_id}/record").json()
        replay = client.get(f"/api/tables/{table_id}/replay").json()
        as_seat = client.get(f"/api/tables/{table_id}/replay", params={"seat": 1}).json()
        uploaded = client.post("/api/replays", json=record).json()
        broken = dict(record, moves=[*record["moves"][:2], [0, {"type": "Play", "card": 99}]])
        refused = client.post("/api/replays", json=broken)
        not_record = client.post("/api/replays", content=b"[1, 2]", headers={"content-type": "application/json"})
    frames = replay["frames"]
    assert len(frames) == len(record["moves"]) + 1 and frames[0]["seat"] is None
    assert [f["seat"] for f in frames[1:]] == [seat for seat, _ in record["moves"]]
    assert frames[-1]["view"]["over"] and replay["result"]["scores"] == frames[-1]["scores"]
    def unnamed(replay: dict) -> dict:  # a table's replay calls the seats by their names, an uploaded record "#1", "#2"...
        return {**replay, "frames": [{**f, "events": [(e["kind"], e["data"]) for e in f["events"]]} for f in replay["frames"]]}

    assert unnamed(uploaded) == unnamed(replay)
    assert [e for f in frames for e in f["events"]] == log
    seat_events = [e for f in as_seat["frames"] for e in f["events"]]
    draws_by_1 = [e for e in seat_events if e["kind"] == "drew" and e["data"]["seat"] == 1]
    assert draws_by_1 and len([e for e in seat_events if e["kind"] == "drew_card"]) == len(draws_by_1)  # its own secret draws
    assert not any(e["kind"] == "drew_card" for e in log)  # which spectators never read
    assert "hand" in as_seat["frames"][0]["view"] and "hand" not in frames[0]["view"]
    assert refused.status_code == 400 and "move 2 (seat 0)" in error_of(refused)["message"]
    assert not_record.status_code == 400 and "not a bigtop record" in error_of(not_record)["message"]


def test_a_move_still_legal_after_a_bots_move_is_taken_not_stale(server):
    with server.client() as client:
        created = create(client, [{"name": "A"}, {"bot": "random"}], seed=8)
        table_id = start_table(client, created)
        token = created["seats"][0]["token"]
        with server.socket(table_id, token) as ws:
            first = receive(ws, "state")
            seen = first
            while seen["move"] == first["move"]:  # the bot seals its card first
                seen = receive(ws, "state")
            card = first["legal"][0]["action"]
            ws.send(json.dumps({"type": "move", "action": card, "move": first["move"]}))  # chosen before the bot's move
            taken = receive(ws, "ack")
            ws.send(json.dumps({"type": "move", "action": first["legal"][1]["action"], "move": first["move"]}))  # a second click
            again = receive(ws, "error")
        record_moves = client.get(f"/api/tables/{table_id}").json()["moves"]
    assert first["move"] == 0 and seen["move"] == 1 and taken == {"type": "ack", "move": 1}
    assert again["code"] == "stale_move" and "seat 0 has played since move 0" in again["message"]
    assert record_moves >= 2


def test_a_bot_that_needs_the_game_thinks_in_a_worker_process(server):
    with server.client() as client:
        created = create(client, [{"bot": "ismcts:iterations=30"}, {"bot": "random"}], seed=12)
        table_id = start_table(client, created)
        with server.socket(table_id) as watcher:
            messages, _ = watch_to_end(watcher, timeout=60)  # the worker process starts on first need
        record = client.get(f"/api/tables/{table_id}/record").json()
    assert messages[-1]["table"]["status"] == "finished"
    assert {seat for seat, _ in record["moves"]} == {0, 1}
