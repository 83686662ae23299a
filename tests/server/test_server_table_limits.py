"""Nobody can fill the server with tables: limits per address and per player (held by parallel
requests too), open tables nobody starts expire, and a server with many stored tables is ready at
once (it rebuilds the open and running ones after it answers, the finished ones when asked for).

Real servers on loopback with the default limits; each client comes from an address of its own
(127.0.0.x), so that each test counts from zero.
"""

from __future__ import annotations

import os
import secrets
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, NamedTuple

import httpx
import pytest
from server_support import ServerProcess, create, error_of, sqlite_url, start_table
from stored_tables import store_many_tables

from bigtop.server.limits import TableLimits

LIMITS = TableLimits()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Any:
    folder = tmp_path_factory.mktemp("limits")
    process = ServerProcess(sqlite_url(folder), folder, table_limits=()).start()
    yield process
    process.stop()


def client_from(server: ServerProcess, address: str) -> httpx.Client:
    return httpx.Client(base_url=server.url, timeout=60, transport=httpx.HTTPTransport(local_address=address))


def open_table(client: httpx.Client) -> httpx.Response:
    return client.post("/api/tables", json={"game": "highcard", "players": 2, "seats": [{"name": "A"}, {"name": "B"}]})


def test_one_address_has_at_most_so_many_open_or_running_tables_even_asking_in_parallel(server: ServerProcess) -> None:
    asked = LIMITS.live_tables + 30
    with ThreadPoolExecutor(16) as pool:
        answers = list(pool.map(lambda _: _create_from(server, "127.0.0.3"), range(asked)))
    assert sorted(answers) == [201] * LIMITS.live_tables + [429] * 30
    with client_from(server, "127.0.0.3") as client:
        refused = open_table(client)
        assert refused.status_code == 429
        assert f"has {LIMITS.live_tables} open or running tables" in error_of(refused)["message"]
        assert "24 hours" in error_of(refused)["message"]  # when an open table nobody starts goes
    with client_from(server, "127.0.0.13") as other:
        assert open_table(other).status_code == 201  # another address is not held back


def _create_from(server: ServerProcess, address: str) -> int:
    with client_from(server, address) as client:
        return open_table(client).status_code


def test_one_address_makes_at_most_so_many_tables_an_hour_even_asking_in_parallel(server: ServerProcess) -> None:
    first = LIMITS.live_tables - 10
    assert sorted(_bot_tables_from(server, "127.0.0.4", range(first))) == [201] * first  # each played to its end at once
    with client_from(server, "127.0.0.4") as client:
        deadline = time.monotonic() + 60
        while client.get("/api/tables?status=running&limit=1000").json() and time.monotonic() < deadline:
            time.sleep(0.2)  # the live limit is not what holds the next ones back
        asked = LIMITS.tables_per_hour - first + 30
        answers = _bot_tables_from(server, "127.0.0.4", range(first, first + asked))
        assert sorted(answers) == [201] * (LIMITS.tables_per_hour - first) + [429] * 30
        refused = open_table(client)
        assert refused.status_code == 429
        assert f"has made {LIMITS.tables_per_hour} tables in the last hour" in error_of(refused)["message"]


def _bot_tables_from(server: ServerProcess, address: str, seeds: range) -> list[int]:
    """Make and start a table of two random bots per seed, 16 at once; each creation's status."""
    def made(seed: int) -> int:
        with client_from(server, address) as client:
            answer = client.post("/api/tables", json={"game": "highcard", "players": 2, "seed": seed,
                                                      "seats": [{"bot": "random"}, {"bot": "random"}]})
            if answer.status_code == 201:
                start_table(client, answer.json())
            return answer.status_code

    with ThreadPoolExecutor(16) as pool:
        return list(pool.map(made, seeds))


def test_a_player_is_limited_from_any_address_even_asking_in_parallel(server: ServerProcess) -> None:
    name = "Lim" + secrets.token_hex(3)
    with client_from(server, "127.0.0.5") as first:
        assert first.post("/api/players", json={"name": name, "password": "a long password"}).status_code == 201
        cookies = dict(first.cookies)

    def open_as_player(address: str) -> int:
        with client_from(server, address) as client:
            client.cookies.update(cookies)
            return open_table(client).status_code

    addresses = ["127.0.0.5", "127.0.0.6", "127.0.0.7"] * 27  # 81 creations, 16 at once, from three addresses
    with ThreadPoolExecutor(16) as pool:
        answers = list(pool.map(open_as_player, addresses))
    assert sorted(answers) == [201] * LIMITS.live_tables + [429] * (len(addresses) - LIMITS.live_tables)
    with client_from(server, "127.0.0.7") as third:
        assert open_table(third).status_code == 201  # as a guest, this address may
        third.cookies.update(cookies)
        refused = open_table(third)
        assert refused.status_code == 429
        assert f"this player has {LIMITS.live_tables} open or running tables" in error_of(refused)["message"]


def test_an_open_table_nobody_starts_is_deleted_after_the_delay(tmp_path: Path) -> None:
    process = ServerProcess(sqlite_url(tmp_path), tmp_path, table_limits=("--unstarted-expiry", "2")).start()
    try:
        with process.client() as client:
            made = create(client, [{"name": "A"}, {"name": "B"}])
            waiting = made["table"]["id"]
            playing = start_table(client, create(client, [{"name": "A"}, {"bot": "random"}]))
            said = client.post(f"/api/tables/{waiting}/chat", json={"token": made["seats"][0]["token"], "text": "anyone?"})
            assert said.status_code == 201, said.text  # a row naming the table, deleted with it
            deadline = time.monotonic() + 10
            while client.get(f"/api/tables/{waiting}").status_code == 200 and time.monotonic() < deadline:
                time.sleep(0.2)
            assert client.get(f"/api/tables/{waiting}").status_code == 404
            assert client.get(f"/api/tables/{playing}").status_code == 200
            assert waiting not in [t["id"] for t in client.get("/api/tables").json()]
        process.stop()
        process.start()  # nothing of it comes back
        with process.client() as client:
            assert client.get(f"/api/tables/{waiting}").status_code == 404
            assert client.get(f"/api/tables/{playing}").status_code == 200
    finally:
        process.stop()


# ---------------------------------------------------------------------- a server with many stored tables
FINISHED = 3000
OPEN = 200


def test_a_server_with_many_stored_tables_is_ready_at_once_and_says_so_only_then(tmp_path: Path) -> None:
    """The "serving on" line comes when the server answers, about as soon as on an empty database,
    and a finished table answers right after it (before: the line came first, and every stored
    game was replayed before the first answer). Counted in the server's CPU seconds, which the
    machine's other work does not stretch."""
    empty = tmp_path / "empty"
    empty.mkdir()
    full = tmp_path / "full"
    full.mkdir()
    ids = store_many_tables(sqlite_url(full), FINISHED, OPEN)
    started_empty = _start_and_ask(sqlite_url(empty), empty, None)
    started_full = _start_and_ask(sqlite_url(full), full, ids[0])
    print(f"to the 'serving on' line: {started_empty.wall:.2f} s ({started_empty.cpu:.2f} s of CPU) empty, "
          f"{started_full.wall:.2f} s ({started_full.cpu:.2f} s of CPU) with {len(ids) + OPEN} tables; "
          f"a finished table answered {started_full.answer_wall:.3f} s ({started_full.answer_cpu:.3f} s of CPU) after it")
    assert started_full.answer_cpu < 0.5
    # Replaying the stored games took tens of CPU seconds; starting varies by a few tenths either way.
    assert started_full.cpu < started_empty.cpu * 1.5 + 0.5


class Started(NamedTuple):
    wall: float  # seconds from the command to the "serving on" line
    cpu: float  # the server's CPU seconds by then
    answer_wall: float  # seconds from the line to the answer for a table
    answer_cpu: float  # the server's CPU seconds meanwhile


def _start_and_ask(url: str, folder: Path, table_id: str | None) -> Started:
    """Start `bigtop serve` on `url` and time it to its "serving on" line, then to its answer for `table_id`."""
    process = ServerProcess(url, folder, table_limits=())
    began = time.monotonic()
    process.start()
    assert process.proc is not None
    ready, cpu = time.monotonic(), _cpu_seconds(process.proc.pid)
    try:
        if table_id is None:
            return Started(ready - began, cpu, 0.0, 0.0)
        answer = httpx.get(f"{process.url}/api/tables/{table_id}", timeout=300)
        assert answer.status_code == 200, answer.text
        assert answer.json()["status"] == "finished"
        started = Started(ready - began, cpu, time.monotonic() - ready, _cpu_seconds(process.proc.pid) - cpu)
        with process.client() as client:  # the lobby sums finished tables up from their rows, as their replay does
            listed = client.get("/api/tables", params={"status": "finished", "limit": 5}).json()
            assert len(listed) == 5 and table_id not in [t["id"] for t in listed]
            assert listed == [client.get(f"/api/tables/{t['id']}").json() for t in listed]
        return started
    finally:
        process.stop()


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
