"""A hostile client against a real server: a refused move tells a seat nothing of a secret
question, a socket that reads nothing cannot make the server hold what it asks for, and JSON
nested deeply anywhere in a request is a clear 400, never a server error."""

from __future__ import annotations

import base64
import json
import os
import socket
import threading
import time
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from hostile_support import address, peak_memory
from server_support import ServerProcess, create, error_of, sqlite_url, start_table
from test_server_no_choice import drain, to_a_hammer_question
from websockets.sync.client import connect

from bigtop.server.live import MAX_QUEUED_TEXT, Watcher
from bigtop.server.socket_limits import LANGUAGE_SWITCHES

ANSWER_DELAY = (0.2, 0.4)  # a question with one answer is answered for the person within this
ASKING_SECONDS = 8  # how long the sockets that read nothing ask for whole states


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp("payloads")
    process = ServerProcess(sqlite_url(folder), folder, bot_delay=0.0, answer_delay=ANSWER_DELAY).start()
    yield process
    process.stop()


def _hammer_window(server: ServerProcess) -> tuple[list[Any], list[dict[str, Any]], int, int, int]:
    """Troll Fest between three people, played until a Thor's Hammer question that one seat can
    answer: the seats' sockets, their states then, the holder, the seat the server answers for,
    and the seat that is not asked."""
    with server.client() as client:
        created = create(client, [{"name": "Ada"}, {"name": "Bo"}, {"name": "Cy"}], game="trollfest", seed=13)
        table_id = start_table(client, created)
    sockets = [server.socket(table_id, seat["token"]) for seat in created["seats"]]
    seen, holder, window = to_a_hammer_question(sockets, 120)
    other = next(q for q in window["waiting"] if q != holder)
    return sockets, [message for message, _ in seen], holder, other, 3 - holder - other


def _refusal(ws: Any, action: dict[str, Any]) -> str:
    ws.send(json.dumps({"type": "move", "action": action}))
    while True:
        message = json.loads(ws.recv(timeout=10))
        if message["type"] == "error":
            return message["message"]


def test_a_refused_move_does_not_tell_who_has_answered_a_secret_question(server: ServerProcess) -> None:
    """While the Hammer's holder decides, the seat the server answered for and the seat not asked
    each send a move: the refusal names no seat as still answering that the table does not show
    as such (before: "waiting for seat(s) H", the holder alone, which told them who holds it)."""
    sockets, states, holder, other, bystander = _hammer_window(server)
    try:
        own = drain(sockets[other])[0]  # the server has answered for this seat
        assert own["view"]["my_answer"] is False and own["legal"] == []
        shown = own["table"]["to_move"]
        assert sorted(shown) == sorted([holder, other])  # what everyone sees: both still answering
        answer = states[holder]["legal"][0]["action"]
        told = {q: _refusal(sockets[q], answer) for q in (other, bystander)}
    finally:
        for ws in sockets:
            ws.close()
    assert f"seat(s) {holder}" not in told[other], told
    assert f"seat(s) {', '.join(map(str, sorted(shown)))}" in told[bystander], told


def _open_raw_socket(server: ServerProcess, path: str) -> socket.socket:
    """A WebSocket that never reads what the server sends (a tiny receive buffer), handshake done."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect(address(server))
    key = base64.b64encode(os.urandom(16)).decode()
    host = server.url.removeprefix("http://")
    sock.sendall((f"GET {path} HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                  f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
    head = b""
    while b"\r\n\r\n" not in head:
        head += sock.recv(1)
    assert head.startswith(b"HTTP/1.1 101"), head
    return sock


def _frame(text: str) -> bytes:
    """A masked text frame (under 126 bytes)."""
    data, mask = text.encode(), os.urandom(4)
    return bytes([0x81, 0x80 | len(data)]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data))


def test_sockets_that_read_nothing_cannot_pile_up_whole_states(server: ServerProcess) -> None:
    """Sixteen spectator sockets of a long finished game read nothing and ask, within their message
    budget, for the whole state in another language again and again: the server builds a few
    (`socket_limits.LANGUAGE_SWITCHES` an address) and holds at most `live.MAX_QUEUED_TEXT` for each
    socket (before: every state built and kept, up to 512 of 60 KB a socket, the server growing by
    189 MiB in 8 s)."""
    with server.client() as client:
        created = client.post("/api/tables", json={"game": "drumroll", "players": 3, "seats": [{"bot": "random"}] * 3}).json()
        table_id = created["table"]["id"]
        client.post(f"/api/tables/{table_id}/start", json={"token": created["host_token"]})
        deadline = time.monotonic() + 60
        while client.get(f"/api/tables/{table_id}").json()["status"] != "finished":
            assert time.monotonic() < deadline, "the bots did not finish their game in 60 s"
            time.sleep(0.2)
    assert server.proc is not None
    before = peak_memory(server.proc.pid)
    sockets = [_open_raw_socket(server, f"/ws/tables/{table_id}") for _ in range(16)]

    def ask(sock: socket.socket) -> None:
        end = time.monotonic() + ASKING_SECONDS
        for n in range(1000):
            if time.monotonic() > end:
                return
            try:
                sock.sendall(_frame(json.dumps({"type": "language", "lang": ("fr", "zh-Hant")[n % 2]})))
            except OSError:  # dropped by the server
                return
            time.sleep(0.055)  # within the socket's budget of 20 a second

    threads = [threading.Thread(target=ask, args=(sock,)) for sock in sockets]
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(ASKING_SECONDS + 20)
        grown = peak_memory(server.proc.pid) - before
    finally:
        for sock in sockets:
            sock.close()
    assert grown < 40 * 2**20, f"the server grew by {grown / 2**20:.0f} MiB"


def test_a_watcher_that_falls_a_mebibyte_behind_is_closed_and_queues_nothing_more() -> None:
    """What the server queues to one connection: past `MAX_QUEUED_TEXT` characters the connection
    is closed (the page reconnects) and nothing more is queued for it; one message, however long,
    always goes (a whole state may be longer than the limit)."""
    watcher = Watcher(seat=None, reader=None)
    quarter = "x" * (MAX_QUEUED_TEXT // 4)
    for _ in range(4):
        watcher.send(quarter)
    assert not watcher.closing and watcher.queue.qsize() == 4
    watcher.send("one more")
    assert watcher.closing and watcher.queue.qsize() == 5  # the four, then the close code
    watcher.send("late")
    assert watcher.queue.qsize() == 5
    lone = Watcher(seat=None, reader=None)
    lone.send("y" * (2 * MAX_QUEUED_TEXT))
    assert not lone.closing and lone.queue.qsize() == 1


DEEP = "nested arrays go here"


def _deep(depth: int) -> str:
    return "[" * depth + "1" + "]" * depth


@pytest.mark.parametrize("where", ["options", "action", "record", "position", "record position"])
@pytest.mark.parametrize("depth", [950, 5000])
def test_json_nested_deeply_anywhere_is_a_clear_400(server: ServerProcess, where: str, depth: int) -> None:
    """Arrays in arrays, where the body is read (options, a move's action, a record's move) or in a
    text that holds JSON (Drum Roll's practice `position`): a 400 (before: a 500 from Python's
    recursion limit, reached later by the code that reads or words the value)."""
    with server.client() as client:
        created = create(client, [{"name": "Ada"}, {"bot": "random"}])
        table_id = start_table(client, created)
        token = created["seats"][0]["token"]
        deep, position = _deep(depth), '{"seats": ' + _deep(depth) + "}"
        record = {"game": "drumroll", "version": "1", "players": 3, "options": {}, "seed": 1, "moves": []}
        path, body = {
            "options": ("/api/tables", {"game": "drumroll", "players": 3, "options": {"performer_order": DEEP}}),
            "action": (f"/api/tables/{table_id}/moves", {"token": token, "action": DEEP}),
            "record": ("/api/replays", {**record, "moves": [[0, DEEP]]}),
            "position": ("/api/tables", {"game": "drumroll", "players": 3, "practice": True, "options": {"position": position}}),
            "record position": ("/api/replays", {**record, "options": {"position": position}}),
        }[where]
        text = json.dumps(body).replace(json.dumps(DEEP), deep)
        response = client.post(path, content=text, headers={"Content-Type": "application/json"})
    assert response.status_code == 400, response.text[:300]
    if "position" not in where or depth > 1000:  # a position Python can read is refused for what it holds
        assert "nested too deeply" in error_of(response)["message"]


def test_a_record_nested_as_deep_as_a_game_needs_still_replays(server: ServerProcess) -> None:
    """The bound on nesting leaves a real record alone: a finished game's record replays."""
    with server.client() as client:
        table_id = start_table(client, create(client, [{"bot": "random"}, {"bot": "random"}]))
        deadline = time.monotonic() + 30
        while client.get(f"/api/tables/{table_id}").json()["status"] != "finished":
            assert time.monotonic() < deadline
            time.sleep(0.05)
        record = client.get(f"/api/tables/{table_id}/record").json()
        replay = client.post("/api/replays", json=record)
    assert replay.status_code == 200, replay.text[:300]
    assert len(replay.json()["frames"]) == len(record["moves"]) + 1


def test_an_address_switches_language_only_so_often_and_keeps_its_language(server: ServerProcess) -> None:
    """Each switch sends the whole state again: past `LANGUAGE_SWITCHES.burst` at once, a switch is
    refused (`rate_limited`) and the socket stays, in the language it had."""
    with server.client() as client:
        table_id = start_table(client, create(client, [{"bot": "random"}] * 2, seed=3))
        deadline = time.monotonic() + 30
        while client.get(f"/api/tables/{table_id}").json()["status"] != "finished":  # no state but those asked for
            assert time.monotonic() < deadline, "the bots did not finish their game"
            time.sleep(0.05)
    url = server.url.replace("http://", "ws://") + f"/ws/tables/{table_id}"
    asked = int(LANGUAGE_SWITCHES.burst) + 5
    with connect(url, source_address=("127.0.5.1", 0), open_timeout=10) as ws:
        json.loads(ws.recv(timeout=10))
        for n in range(asked):
            ws.send(json.dumps({"type": "language", "lang": ("fr", "zh-Hant")[n % 2]}))
        kinds: Counter[str] = Counter()
        while sum(kinds.values()) < asked:
            message = json.loads(ws.recv(timeout=10))
            if message["type"] == "state" or message.get("code") == "rate_limited":
                kinds[message["type"]] += 1
        assert LANGUAGE_SWITCHES.burst <= kinds["state"] <= LANGUAGE_SWITCHES.burst + 1  # one may come back meanwhile
        assert kinds["error"] == asked - kinds["state"]
        ws.send(json.dumps({"type": "ping"}))
        while json.loads(ws.recv(timeout=10))["type"] != "pong":
            pass
