"""An address that asks for the costliest answers over and over, many at once, gets its share of the
server's time and no more (`server/address_share.py`): past it each request is refused at once (429
with `Retry-After`), another address is answered about as fast as when the server was quiet, and
once it has waited, the first address is served again. The two addresses are two loopback
addresses (127.0.0.2 and 127.0.0.3), each its own client as many players would be."""

from __future__ import annotations

import threading
import time
from collections import Counter
from collections.abc import Iterator

import httpx
import orjson
import pytest
from hostile_support import client_from, elapsed, percentile
from server_support import ServerProcess, create, error_of, sqlite_url, start_table
from websockets.exceptions import InvalidStatus
from websockets.sync.client import ClientConnection, connect

from bigtop.server.address_share import SHARE

GREEDY, OTHER = "127.0.0.2", "127.0.0.3"
FLOODERS = 8  # requests the greedy address keeps in flight
REFUSED_WITHIN = 30.0  # seconds: the address's burst is spent long before
MEASURED = 4.0  # seconds of the other address's requests while the greedy one is refused


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server with its default share for each address."""
    folder = tmp_path_factory.mktemp("share")
    process = ServerProcess(sqlite_url(folder), folder, address_share=None).start()
    yield process
    process.stop()


def _long_finished_game(client: httpx.Client) -> str:
    """A four-player Drum Roll game between random bots, played to its end: its whole state and
    log are among the costliest answers the server gives."""
    table_id = start_table(client, create(client, [{"bot": "random"}] * 4, game="drumroll", seed=3))
    deadline = time.monotonic() + 60
    while client.get(f"/api/tables/{table_id}").json()["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish the game"
        time.sleep(0.1)
    return table_id


def test_an_address_asking_for_whole_states_gets_its_share_and_others_are_served(server: ServerProcess) -> None:
    with client_from(server, OTHER) as other, client_from(server, GREEDY) as greedy:
        table_id = _long_finished_game(other)
        calm = [elapsed(lambda: other.get(f"/api/tables/{table_id}")) for _ in range(100)]
        whole_state = min(elapsed(lambda: other.get(f"/api/tables/{table_id}/state")) for _ in range(5))
        answers: Counter[int] = Counter()
        refusals: list[httpx.Response] = []
        stop = threading.Event()

        def flood() -> None:
            with client_from(server, GREEDY) as client:
                while not stop.is_set():
                    response = client.get(f"/api/tables/{table_id}/state")
                    answers[response.status_code] += 1
                    if response.status_code == 429:
                        refusals.append(response)

        threads = [threading.Thread(target=flood) for _ in range(FLOODERS)]
        for thread in threads:
            thread.start()
        try:
            deadline = time.monotonic() + REFUSED_WITHIN
            while not refusals:
                assert time.monotonic() < deadline, f"no request refused in {REFUSED_WITHIN} s: {answers}"
                time.sleep(0.05)
            served_before = answers[200]
            during, end = [], time.monotonic() + MEASURED
            while time.monotonic() < end:
                during.append(elapsed(lambda: other.get(f"/api/tables/{table_id}")))
            served = answers[200] - served_before
        finally:
            stop.set()
            for thread in threads:
                thread.join()

        refused = refusals[0]
        assert error_of(refused)["code"] == "rate_limited" and int(refused.headers["Retry-After"]) >= 1
        assert percentile(during, 0.99) < 4 * percentile(calm, 0.99) + 0.05, (percentile(calm, 0.99), percentile(during, 0.99))
        assert served <= 2 * SHARE.per_second * MEASURED / whole_state + FLOODERS, (served, whole_state)  # about its share
        time.sleep(max(int(r.headers["Retry-After"]) for r in refusals[-FLOODERS:]) + 0.5)
        assert greedy.get(f"/api/tables/{table_id}/state").status_code == 200  # served again once it waited


def _socket_from(server: ServerProcess, local: str, table_id: str) -> ClientConnection:
    """A spectator's socket on `table_id` whose connection comes from the loopback address `local`."""
    url = server.url.replace("http://", "ws://") + f"/ws/tables/{table_id}"
    return connect(url, open_timeout=10, max_size=2**22, source_address=(local, 0))


def test_an_address_opening_sockets_over_and_over_gets_its_share_and_others_are_served(server: ServerProcess) -> None:
    """Each socket opened sends the whole state at once: an address that opens one, reads that state
    and closes it, over and over from many threads, is charged the seconds each took, so past its
    share the next ones are refused (403) before their handshake, and another address is served as
    fast as when the server was quiet. Before, nothing counted the sockets that came and went, and
    such a loop took the server's whole time."""
    with client_from(server, OTHER) as other:
        table_id = _long_finished_game(other)
        calm = [elapsed(lambda: other.get(f"/api/tables/{table_id}")) for _ in range(100)]

        def look() -> None:
            with _socket_from(server, OTHER, table_id) as ws:
                ws.recv(timeout=10)

        first_state = min(elapsed(look) for _ in range(5))
        opened: Counter[str] = Counter()
        stop = threading.Event()

        def reopen() -> None:
            while not stop.is_set():
                try:
                    with _socket_from(server, GREEDY, table_id) as ws:
                        ws.recv(timeout=10)
                    opened["served"] += 1
                except InvalidStatus as refused:
                    assert refused.response.status_code == 403
                    opened["refused"] += 1

        threads = [threading.Thread(target=reopen) for _ in range(FLOODERS)]
        for thread in threads:
            thread.start()
        try:
            deadline = time.monotonic() + REFUSED_WITHIN
            while not opened["refused"]:
                assert time.monotonic() < deadline, f"no socket refused in {REFUSED_WITHIN} s: {opened}"
                time.sleep(0.05)
            served_before = opened["served"]
            during, end = [], time.monotonic() + MEASURED
            while time.monotonic() < end:
                during.append(elapsed(lambda: other.get(f"/api/tables/{table_id}")))
            served = opened["served"] - served_before
        finally:
            stop.set()
            for thread in threads:
                thread.join()

        # the 95th percentile: with sockets opened in bursts, the other address's slowest few wait behind a burst
        assert percentile(during, 0.95) < 4 * percentile(calm, 0.99) + 0.05, (percentile(calm, 0.99), percentile(during, 0.95))
        assert served <= 2 * SHARE.per_second * MEASURED / first_state + FLOODERS, (served, first_state)  # about its share
        deadline = time.monotonic() + 3 * SHARE.burst / SHARE.per_second
        while True:  # served again once it has waited
            try:
                with _socket_from(server, GREEDY, table_id) as ws:
                    assert orjson.loads(ws.recv(timeout=10))["type"] == "state"
                break
            except InvalidStatus:
                assert time.monotonic() < deadline, "the address was not served again"
                time.sleep(0.5)
