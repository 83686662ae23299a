"""The server on a real PostgreSQL: a full game, a SIGKILL mid-game and a restart losing nothing;
two server processes on one database acting as one site, one of them killed mid-game, and a
table's clock kept by the process holding its lease, then by the other when it dies."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from server_postgres import postgres_server
from server_support import ServerProcess, create, kill_mid_game_and_resume, receive, start_table
from websockets.sync.client import ClientConnection


@pytest.fixture(scope="module")
def database_url() -> Iterator[str]:
    with postgres_server() as url:
        yield url


def test_games_are_stored_in_postgresql_and_survive_a_kill(database_url, tmp_path):
    server = ServerProcess(database_url, tmp_path, bot_delay=0.02).start()
    try:
        with server.client() as client:
            table_id = start_table(client, create(client, [{"bot": "random"}] * 3, seed=4))
            with server.socket(table_id) as watcher:
                while receive(watcher, "state")["result"] is None:
                    pass
            assert len(client.get(f"/api/tables/{table_id}/record").json()["moves"]) > 0
        kill_mid_game_and_resume(server)
        with server.client() as client:
            finished = client.get("/api/tables", params={"status": "finished"}).json()
        assert table_id in {t["id"] for t in finished}
    finally:
        server.stop()


def two_servers(database_url: str, folder: Path, bot_delay: float = 0.02) -> tuple[ServerProcess, ServerProcess]:
    """Two `bigtop serve` processes on one PostgreSQL database, each on its own port."""
    servers = []
    for name in ("a", "b"):
        (folder / name).mkdir()
        servers.append(ServerProcess(database_url, folder / name, bot_delay=bot_delay).start())
    return servers[0], servers[1]


def play_seat(ws: ClientConnection, seen: list[dict[str, Any]], log: list[dict[str, Any]]) -> None:
    """Play the first legal action whenever this seat has one, until the game's result; every
    `state` message goes to `seen`, their log deltas (checked to follow on) to `log`."""
    played: set[int] = set()
    while not seen or seen[-1]["result"] is None:
        message = receive(ws, "state", timeout=30)
        assert message["log_from"] == len(log)
        log += message["log"]
        seen.append(message)
        if message["legal"] and message["move"] not in played:
            played.add(message["move"])
            ws.send(json.dumps({"type": "move", "action": message["legal"][0]["action"], "move": message["move"]}))


def test_two_processes_on_one_database_are_one_site(database_url, tmp_path):
    a, b = two_servers(database_url, tmp_path)
    try:
        with a.client() as on_a, b.client() as on_b:
            created = create(on_a, [{"name": "Ada"}, {"name": "Bo"}, {"bot": "random"}], seed=31)
            table_id = created["table"]["id"]
            tokens = [s["token"] for s in created["seats"]]
            assert on_b.post(f"/api/tables/{table_id}/join", json={"token": tokens[1], "name": "Bo"}).status_code == 200
            assert on_a.post(f"/api/tables/{table_id}/join", json={"token": tokens[0], "name": "Ada"}).status_code == 200
            assert on_b.post(f"/api/tables/{table_id}/start", json={"token": created["host_token"]}).status_code == 200
            seen: dict[str, list[dict[str, Any]]] = {"a": [], "b": []}
            logs: dict[str, list[dict[str, Any]]] = {"a": [], "b": []}
            with a.socket(table_id, tokens[0]) as ws_a, b.socket(table_id, tokens[1]) as ws_b:
                players = [threading.Thread(target=play_seat, args=(ws, seen[k], logs[k])) for k, ws in (("a", ws_a), ("b", ws_b))]
                for thread in players:
                    thread.start()
                for thread in players:
                    thread.join(60)
            records = [client.get(f"/api/tables/{table_id}/record").json() for client in (on_a, on_b)]
    finally:
        a.stop()
        b.stop()
    moves = records[0]["moves"]
    assert records[0] == records[1] and {seat for seat, _ in moves} == {0, 1, 2}
    for side in ("a", "b"):  # each socket saw every move, in order, and the same game
        numbers = [m["move"] for m in seen[side]]  # a seat or status change repeats a number
        assert numbers == sorted(numbers) and sorted(set(numbers)) == list(range(numbers[0], len(moves) + 1)), numbers
        assert seen[side][-1]["result"] == seen["a"][-1]["result"]
    public_kinds = [e for e in logs["a"] if e["kind"] != "drew_card"]
    assert public_kinds == [e for e in logs["b"] if e["kind"] != "drew_card"]


def test_a_process_killed_mid_game_and_the_other_finishes_it_with_the_bots(database_url, tmp_path):
    a, b = two_servers(database_url, tmp_path)
    try:
        with a.client() as on_a:
            created = create(on_a, [{"name": "Ada"}, {"bot": "random"}, {"name": "Cy"}], seed=41, options={"rounds": 6})
            table_id = start_table(on_a, created)
        tokens = [created["seats"][0]["token"], None, created["seats"][1]["token"]]
        acked: dict[int, tuple[int, dict[str, Any]]] = {}
        with a.socket(table_id, tokens[0]) as ws0, a.socket(table_id, tokens[2]) as ws2:
            for seat, ws in ((0, ws0), (2, ws2)):
                action = receive(ws, "state")["legal"][0]["action"]
                ws.send(json.dumps({"type": "move", "action": action}))
                acked[receive(ws, "ack")["move"]] = (seat, action)
        a.kill()  # its lease on the table's bot runs out; b takes the bot over
        seen: dict[int, list[dict[str, Any]]] = {0: [], 2: []}
        logs: dict[int, list[dict[str, Any]]] = {0: [], 2: []}
        with b.socket(table_id, tokens[0]) as ws0, b.socket(table_id, tokens[2]) as ws2:
            players = [threading.Thread(target=play_seat, args=(ws, seen[s], logs[s])) for s, ws in ((0, ws0), (2, ws2))]
            for thread in players:
                thread.start()
            for thread in players:
                thread.join(60)
        with b.client() as on_b:
            record = on_b.get(f"/api/tables/{table_id}/record").json()
    finally:
        a.stop()
        b.stop()
    moves = record["moves"]
    for number, (seat, action) in acked.items():
        assert moves[number] == [seat, action]
    assert seen[0][-1]["result"] is not None and seen[2][-1]["result"] == seen[0][-1]["result"]
    assert sum(1 for seat, _ in moves if seat == 1) >= 2  # the bot played on b, after the kill too
    assert any(seat == 1 for seat, _ in moves[len(acked) + 1:])


def test_a_clock_is_kept_by_the_process_holding_the_table_and_taken_over_when_it_dies(database_url, tmp_path):
    servers = []
    for name in ("a", "b"):
        (tmp_path / name).mkdir()
        servers.append(ServerProcess(database_url, tmp_path / name, extra_args=("--shortest-clock", "1")).start())
    a, b = servers
    try:
        with a.client() as on_a:
            created = create(on_a, [{"name": "Ada"}, {"name": "Bo"}], seed=43, options={"rounds": 12},
                             clock={"kind": "turn", "per_move": 2})
            table_id = start_table(on_a, created)
        started = time.monotonic()
        with b.socket(table_id) as watching:  # b hears of the table; either process may hold its lease
            first = receive(watching, "state")
            while first["table"]["status"] != "running":  # b may hear of the start after the socket opens
                first = receive(watching, "state")
            assert first["clock"]["kind"] == "turn" and all(s["running"] for s in first["clock"]["seats"])
            a.kill()
            notes: list[dict[str, Any]] = []
            while len(notes) < 2:
                notes += [e for e in receive(watching, "state", timeout=20)["log"] if e["kind"] == "table.timeout"]
        took = time.monotonic() - started
        assert sorted(e["data"]["seat"] for e in notes[:2]) == [0, 1]  # each clock ran out once, played once
        assert 1.5 < took < 2 + 6 + 4, took  # at most the lease's 6 s late, when a held it
        with b.client() as on_b:
            log = on_b.get(f"/api/tables/{table_id}/state").json()["log"]
        timeouts = [e["data"]["seat"] for e in log if e["kind"] == "table.timeout"]
        assert timeouts[:2] in ([0, 1], [1, 0])
    finally:
        a.stop()
        b.stop()


def test_an_address_a_proxy_names_at_any_length_is_counted_like_any_other(database_url, tmp_path):
    """A proxy on 127.0.0.1 may name any address in `X-Forwarded-For`; with a name that case-folds
    to 120 letters, its sign-in key is longer than the attempts' column, and the address longer
    than the tables' creator column: every request is answered as usual, never a server error, and
    the failed sign-ins are counted to their limit all the same."""
    server = ServerProcess(database_url, tmp_path).start()
    address = {"X-Forwarded-For": "2001:db8::" + "f" * 300}
    try:
        with server.client() as client:
            client.headers.update(address)
            assert client.post("/api/players", json={"name": "AdaProxy", "password": "a long password"}).status_code == 201
            assert client.post("/api/tables", json={"game": "highcard", "players": 2}).status_code == 201
        name = "\ufb03" * 40  # the ligature "ffi", case-folded to three letters
        with server.client() as client:
            client.headers.update(address)
            codes = [client.post("/api/session", json={"name": name, "password": "wrong"}).status_code for _ in range(11)]
        assert codes == [401] * 10 + [429]
    finally:
        server.stop()
