"""A hostile client's WebSockets against a real server: a flooding spectator is cut to its budget
and closed while others are served as before, many sockets of one address share one budget, and a
page of another site cannot open a socket."""

from __future__ import annotations

import asyncio
import json
import threading
import time

import pytest
from hostile_support import elapsed, percentile
from server_support import ServerProcess, create, receive, start_table
from websockets.asyncio.client import connect as connect_async
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

from bigtop.server.socket_limits import CLOSE_POLICY, PER_ADDRESS, PER_SOCKET

FLOOD = 20_000  # pings the flooder sends at most
FLOOD_SECONDS = 15  # and for at most this long


@pytest.fixture(scope="module")
def table_id(server: ServerProcess) -> str:
    with server.client() as client:
        return create(client, [{"name": "Ada"}, {"bot": "random"}])["table"]["id"]


def _ws_url(server: ServerProcess, table_id: str) -> str:
    return server.url.replace("http://", "ws://") + f"/ws/tables/{table_id}"


def test_a_flooding_spectator_is_cut_to_its_budget_and_others_are_served(server: ServerProcess, table_id: str) -> None:
    with server.client() as client:
        calm = [elapsed(lambda: client.get(f"/api/tables/{table_id}")) for _ in range(100)]
        replies: dict[str, int] = {}
        closed: list[int] = []
        with connect(_ws_url(server, table_id), open_timeout=10) as flooder:
            receive(flooder, "state")

            def read() -> None:
                try:
                    while True:
                        kind = json.loads(flooder.recv(timeout=FLOOD_SECONDS + 10))["type"]
                        replies[kind] = replies.get(kind, 0) + 1
                except ConnectionClosed as exc:
                    closed.append(exc.rcvd.code if exc.rcvd else -1)
                except TimeoutError:
                    pass

            def flood() -> None:
                deadline = time.monotonic() + FLOOD_SECONDS
                try:
                    for _ in range(FLOOD):
                        flooder.send('{"type": "ping"}')
                        if time.monotonic() > deadline:
                            break
                except ConnectionClosed:
                    pass

            reader, sender = threading.Thread(target=read), threading.Thread(target=flood)
            started = time.monotonic()
            reader.start()
            sender.start()
            during = []
            while sender.is_alive() or len(during) < 100:
                during.append(elapsed(lambda: client.get(f"/api/tables/{table_id}")))
            sender.join()
            reader.join()
            took = time.monotonic() - started
    assert closed == [CLOSE_POLICY], closed
    assert replies.get("error", 0) >= 1  # said at the first drop of a run: what comes past the budget is dropped
    assert replies.get("pong", 0) <= PER_SOCKET.burst + PER_SOCKET.per_second * took + 1
    assert percentile(during, 0.99) < 4 * percentile(calm, 0.99) + 0.05, (percentile(calm, 0.99), percentile(during, 0.99))


def test_the_sockets_of_one_address_share_a_budget(server: ServerProcess, table_id: str) -> None:
    """Each socket keeps within its own budget, yet together they send more than their address may:
    what is over is dropped (and no socket is closed, none went on past its own budget)."""
    sockets, each = int(2.5 * PER_ADDRESS.burst / PER_SOCKET.burst) + 1, int(PER_SOCKET.burst)

    async def answers(ws) -> list[str]:
        kinds = []
        try:
            while True:
                kinds.append(json.loads(await asyncio.wait_for(ws.recv(), 3))["type"])
        except TimeoutError:
            return kinds

    async def everyone() -> tuple[int, float, int]:
        connections = [await connect_async(_ws_url(server, table_id), additional_headers={"x-forwarded-for": "10.6.0.1"},
                                           max_queue=None, ping_interval=None) for _ in range(sockets)]
        for ws in connections:
            await ws.recv()  # the state
        start = time.monotonic()
        for ws in connections:
            for _ in range(each):
                await ws.send('{"type": "ping"}')
        kinds = [kind for found in await asyncio.gather(*map(answers, connections)) for kind in found]
        took = time.monotonic() - start - 3  # the last 3 s waited for nothing more
        for ws in connections:
            await ws.close()
        return kinds.count("pong"), took, kinds.count("error")

    pongs, took, errors = asyncio.run(everyone())
    sent = sockets * each
    assert pongs < sent
    assert pongs <= PER_ADDRESS.burst + PER_ADDRESS.per_second * took + 1, (pongs, took)
    assert errors >= 1


def test_a_page_of_another_site_cannot_open_a_socket(server: ServerProcess, table_id: str) -> None:
    for origin in ("http://evil.example", "null", server.url.replace("127.0.0.1", "localhost"),
                   server.url.rsplit(":", 1)[0] + ":1"):
        with pytest.raises(InvalidStatus) as refused:
            connect(_ws_url(server, table_id), origin=origin, open_timeout=10)
        assert refused.value.response.status_code == 403, origin
    with connect(_ws_url(server, table_id), origin=server.url, open_timeout=10) as ws:
        assert receive(ws, "state")["table"]["id"] == table_id


def test_a_message_json_cannot_hold_is_refused_and_the_socket_stays(server: ServerProcess) -> None:
    with server.client() as client:
        created = create(client, [{"name": "Ada"}, {"name": "Bo"}])
        table_id = start_table(client, created)
    with server.socket(table_id, created["seats"][0]["token"]) as ws:
        receive(ws, "state")
        for text in ('{"type": "move", "action": {"type": "Play", "card": "\\ud800"}}', '{"type": "ping", "n": NaN}',
                     '{"type": "move", "move": 1e400, "action": {"type": "Pass"}}'):
            ws.send(text)
            assert receive(ws, "error")["code"] == "bad_request", text
        ws.send('{"type": "ping"}')
        assert receive(ws, "pong") == {"type": "pong"}
