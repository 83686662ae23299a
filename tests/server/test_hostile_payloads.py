"""A hostile client against a real server: a refused move tells a seat nothing of a secret
question, a socket that reads nothing cannot make the server hold what it asks for, and JSON
nested deeply anywhere in a request is a clear 400, never a server error."""

from __future__ import annotations

import base64
import json
import os
import random
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from hostile_support import address, peak_memory
from server_support import ServerProcess, create, error_of, sqlite_url, start_table
from test_server_no_choice import drain, table_now

ANSWER_DELAY = (0.2, 0.4)  # a question with one answer is answered for the person within this


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
    rng = random.Random(5)
    with server.client() as client:
        created = create(client, [{"name": "Ada"}, {"name": "Bo"}, {"name": "Cy"}], game="trollfest", seed=13)
        table_id = start_table(client, created)
    sockets = [server.socket(table_id, seat["token"]) for seat in created["seats"]]
    seen: list[Any] = [None] * 3
    deadline = time.monotonic() + 120
    while True:
        assert time.monotonic() < deadline, "no Thor's Hammer question with one holder in 120 s"
        seen = table_now(sockets, seen)
        assert seen[0][0]["result"] is None, "the game ended before such a question"
        offered = [message["legal"] for message, _ in seen]
        holders = [q for q, legal in enumerate(offered) if any(m["action"].get("hammer") for m in legal)]
        window = seen[0][0]["view"]["answer"]
        if window is not None and len(holders) == 1 and len(window["waiting"]) == 2:
            holder = holders[0]
            other = next(q for q in window["waiting"] if q != holder)
            return sockets, [message for message, _ in seen], holder, other, 3 - holder - other
        for q, legal in enumerate(offered):
            if legal:
                letting = [m for m in legal if m["action"].get("hammer") is False]
                move = letting[0] if letting else legal[rng.randrange(len(legal))]
                sockets[q].send(json.dumps({"type": "move", "action": move["action"], "move": seen[q][0]["move"]}))


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


def _closed_within(sock: socket.socket, seconds: float) -> bool:
    """Whether the server ends the connection within `seconds` while everything it sent is read."""
    sock.settimeout(0.5)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if not sock.recv(1 << 20):
                return True
        except TimeoutError:
            continue
        except OSError:
            return True
    return False


def test_a_socket_that_reads_nothing_cannot_pile_up_whole_states(server: ServerProcess) -> None:
    """Sixteen spectator sockets of a long finished game read nothing and ask, within their message
    budget, for the whole state in another language again and again: the server holds at most
    `live.MAX_QUEUED_TEXT` for each, then drops it (before: every state kept, up to 512 of 60 KB
    a socket, growing by 20 MB a second here)."""
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
        end = time.monotonic() + 8
        for n in range(1000):
            if time.monotonic() > end:
                return
            try:
                sock.sendall(_frame(json.dumps({"type": "language", "lang": ("fr", "zh-Hant")[n % 2]})))
            except OSError:  # dropped by the server
                return
            time.sleep(0.055)  # within the socket's budget of 20 a second

    threads = [threading.Thread(target=ask, args=(sock,)) for sock in sockets]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    grown = peak_memory(server.proc.pid) - before
    try:
        closed = sum(_closed_within(sock, 15) for sock in sockets)
    finally:
        for sock in sockets:
            sock.close()
    assert grown < 80 * 2**20, f"the server grew by {grown / 2**20:.0f} MiB"
    assert closed == len(sockets)


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
