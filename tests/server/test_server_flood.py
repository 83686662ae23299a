"""A WebSocket flood: an anonymous spectator sending thousands of messages as fast as it can gets
no more of the server than its socket's and its address's rates (`server/socket_limits.py`),
while another address's page goes on being answered; an address opens only so many sockets."""

from __future__ import annotations

import contextlib
import json
import threading
import time
from concurrent.futures import ThreadPoolExecutor

from server_support import ServerProcess, create, receive, start_table
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import ClientConnection, connect

from bigtop.server.socket_limits import MAX_SOCKETS, PER_ADDRESS, PER_SOCKET

PINGS = 20_000  # in all, as in the attack measured
WINDOW = 3.0  # seconds of flood counted
SLACK = 1.0  # seconds of rate allowed beyond the window (the pongs still on their way)
PING = json.dumps({"type": "ping"})


def spectator(server: ServerProcess, table_id: str, address: str) -> ClientConnection:
    ws_url = server.url.replace("http://", "ws://") + f"/ws/tables/{table_id}"
    return connect(ws_url, source_address=(address, 0), open_timeout=10, close_timeout=1, max_size=2**22)


def flood(server: ServerProcess, table_id: str, address: str, sockets: int) -> list[int]:
    """Pongs each of `sockets` spectator sockets from `address` got within `WINDOW` seconds of
    sending its share of `PINGS` at once, all sockets in parallel."""
    pongs = [0] * sockets
    with contextlib.ExitStack() as stack:
        opened = [stack.enter_context(spectator(server, table_id, address)) for _ in range(sockets)]
        _flood(opened, pongs)
    return pongs


def _flood(opened: list[ClientConnection], pongs: list[int]) -> None:
    sockets = len(opened)
    for ws in opened:
        receive(ws, "state")  # served
    start = time.monotonic() + 0.2

    def send(ws: ClientConnection) -> None:
        time.sleep(max(0.0, start - time.monotonic()))
        try:
            for _ in range(PINGS // sockets):
                ws.send(PING)
        except ConnectionClosed:
            pass

    def count(i: int, ws: ClientConnection) -> None:
        while (left := start + WINDOW - time.monotonic()) > 0:
            try:
                pongs[i] += json.loads(ws.recv(timeout=left))["type"] == "pong"
            except (TimeoutError, ConnectionClosed):
                return

    threads = [threading.Thread(target=send, args=(ws,)) for ws in opened]
    threads += [threading.Thread(target=count, args=(i, ws)) for i, ws in enumerate(opened)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(WINDOW + 30)


def test_a_flooding_socket_is_answered_at_its_rate_only(server: ServerProcess) -> None:
    with server.client() as client:
        table_id = start_table(client, create(client, [{"bot": "random"}, {"bot": "random"}]))
    pongs = flood(server, table_id, "127.0.0.3", 1)
    print(f"one socket: {pongs[0]} pongs in {WINDOW:g} s")
    assert 0 < pongs[0] <= PER_SOCKET.burst + PER_SOCKET.per_second * (WINDOW + SLACK)  # before: 1,317 in 3 s


def test_an_address_flooding_from_many_sockets_is_answered_at_its_rate_only_and_others_are_served(
        server: ServerProcess) -> None:
    with server.client() as client:
        created = create(client, [{"name": "Ann"}, {"bot": "random"}])
        table_id = start_table(client, created)
    answered: list[float] = []

    def bystander() -> None:  # a page of another address pinging once every 0.1 s meanwhile
        with server.socket(table_id, created["seats"][0]["token"]) as ws:
            receive(ws, "state")
            for _ in range(20):
                sent = time.monotonic()
                ws.send(PING)
                receive(ws, "pong")
                answered.append(time.monotonic() - sent)
                time.sleep(0.1)

    other = threading.Thread(target=bystander)
    other.start()
    pongs = flood(server, table_id, "127.0.0.4", 8)
    other.join(60)
    print(f"eight sockets of one address: {sum(pongs)} pongs in {WINDOW:g} s; the other address's pings answered "
          f"in at most {max(answered, default=0):.3f} s")
    assert 0 < sum(pongs) <= min(PER_ADDRESS.burst + PER_ADDRESS.per_second * (WINDOW + SLACK),
                            8 * (PER_SOCKET.burst + PER_SOCKET.per_second * (WINDOW + SLACK)))  # before: 5,685 in 3 s
    assert len(answered) == 20 and max(answered) < 2.0, answered


def test_an_address_has_at_most_so_many_sockets_open_even_opening_them_in_parallel(server: ServerProcess) -> None:
    with server.client() as client:
        table_id = start_table(client, create(client, [{"bot": "random"}, {"bot": "random"}]))

    with contextlib.ExitStack() as stack, ThreadPoolExecutor(16) as pool:

        def open_one(_: int) -> ClientConnection | int:
            try:
                ws = stack.enter_context(spectator(server, table_id, "127.0.0.6"))
            except InvalidStatus as exc:
                return exc.response.status_code
            receive(ws, "state")
            return ws

        answers = list(pool.map(open_one, range(MAX_SOCKETS + 20)))
        opened = [ws for ws in answers if not isinstance(ws, int)]
        assert len(opened) == MAX_SOCKETS and sorted(a for a in answers if isinstance(a, int)) == [403] * 20  # before: 120 open
        with server.socket(table_id) as other:  # another address is not held back
            receive(other, "state")
        opened.pop().close()
        with spectator(server, table_id, "127.0.0.6") as again:  # one closed, one may open
            receive(again, "state")
