"""One client must not starve everyone's bots: the workers' time is shared between the tables'
creators, and one creator may have only so many tables of searching bots.

A real server on loopback; the greedy client connects from 127.0.0.2 (another address, so another
creator), everyone else from 127.0.0.1.
"""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest
from server_support import ServerProcess, error_of, sqlite_url

from bigtop.server.limits import TableLimits

SEARCHING = "ismcts:iterations=5000"  # the most a web table's bot may search: 1-4 s a decision in Troll Fest
BOT_DELAY = 0.4  # the server's default


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp("fair")
    process = ServerProcess(sqlite_url(folder), folder, bot_delay=BOT_DELAY).start()
    yield process
    process.stop()


def greedy_client(server: ServerProcess) -> httpx.Client:
    return httpx.Client(base_url=server.url, timeout=30, transport=httpx.HTTPTransport(local_address="127.0.0.2"))


def bot_table(client: httpx.Client, game: str, bots: list[str], seed: int) -> httpx.Response:
    body = {"game": game, "players": len(bots), "seats": [{"bot": b} for b in bots], "seed": seed}
    return client.post("/api/tables", json=body)


def start(client: httpx.Client, created: httpx.Response) -> str:
    assert created.status_code == 201, created.text
    table_id = created.json()["table"]["id"]
    started = client.post(f"/api/tables/{table_id}/start", json={"token": created.json()["host_token"]})
    assert started.status_code == 200, started.text
    return table_id


def test_cheap_bots_answer_within_a_second_while_another_creator_fills_its_quota_with_searches(server: ServerProcess) -> None:
    quota = TableLimits().search_tables
    with greedy_client(server) as greedy:
        made = [bot_table(greedy, "trollfest", [SEARCHING] * 4, seed) for seed in range(2 * quota)]  # open: none counts yet
        with ThreadPoolExecutor(2 * quota) as pool:  # every one started at once
            starts = list(pool.map(lambda created: greedy.post(f"/api/tables/{created.json()['table']['id']}/start",
                                                               json={"token": created.json()["host_token"]}), made))
        assert sorted(answer.status_code for answer in starts) == [200] * quota + [429] * quota
        searching = [created.json()["table"]["id"] for created, answer in zip(made, starts, strict=True) if answer.status_code == 200]
        refused = bot_table(greedy, "trollfest", [SEARCHING] * 4, 2 * quota)
        for answer in [*(a for a in starts if a.status_code == 429), refused]:
            assert answer.status_code == 429, answer.text
            assert f"has {quota} running tables with searching bots" in error_of(answer)["message"]
        assert bot_table(greedy, "trollfest", ["random"] * 4, quota).status_code == 201  # cheap bots are not its quota's
    with server.client() as client:
        table_id = start(client, bot_table(client, "drumroll", ["heuristic"] * 3, 5))  # Normal bots, another creator
        gaps = move_gaps(server, table_id, 16)
        busy = [client.get(f"/api/tables/{t}").json()["moves"] for t in searching]
    assert len(gaps) == 16, gaps
    print(f"Normal bots' answers: median {statistics.median(gaps):.3f} s, slowest {max(gaps):.3f} s; "
          f"the searching tables at moves {busy}")
    assert statistics.median(gaps) < 1.0, gaps
    assert sorted(gaps)[int(0.9 * len(gaps))] < 1.0, gaps


def test_another_creators_search_gets_its_share_of_the_workers(server: ServerProcess) -> None:
    """Searches of 300 iterations are not queued behind the greedy creator's searches of 5,000 (the
    first test's tables still run): the two creators take slices in turn, so while the first
    plays eight moves the greedy tables finish at most a search or two (queued first come, first
    served, four of theirs would come before each of its moves: 32). The greedy tables' moves are
    counted, and a move with one legal action needs no search, so a few more may pass."""
    with greedy_client(server) as greedy:
        searching = [t["id"] for t in greedy.get("/api/tables?status=running").json() if t["seats"][0]["bot"] == SEARCHING]
        assert len(searching) == TableLimits().search_tables

        def greedy_moves() -> int:
            return sum(greedy.get(f"/api/tables/{t}").json()["moves"] for t in searching)

        with server.client() as client:
            table_id = start(client, bot_table(client, "trollfest", ["ismcts:iterations=300"] * 4, 6))
            before = greedy_moves()
            gaps = move_gaps(server, table_id, 8, seconds=90)
            during = greedy_moves() - before
    assert len(gaps) == 8, gaps
    print(f"searches of 300 iterations: median {statistics.median(gaps):.3f} s, slowest {max(gaps):.3f} s; "
          f"the greedy tables' moves meanwhile: {during}")
    assert during <= 8  # a quarter of first come, first served


def move_gaps(server: ServerProcess, table_id: str, count: int, seconds: float = 60) -> list[float]:
    """The times between `count` consecutive moves of a table, as a spectator sees them arrive
    (fewer if `seconds` run out)."""
    gaps: list[float] = []
    last: tuple[float, int] | None = None
    deadline = time.monotonic() + seconds
    with server.socket(table_id) as ws:
        while len(gaps) < count and time.monotonic() < deadline:
            try:
                message = json.loads(ws.recv(timeout=deadline - time.monotonic()))
            except TimeoutError:
                break
            if message["type"] != "state":
                continue
            now = time.monotonic()
            if last is not None and message["move"] == last[1] + 1:
                gaps.append(now - last[0])  # from one bot's move to the next one's: the delay, then thinking
            last = (now, message["move"])
    return gaps


def test_an_address_signed_in_as_many_players_gets_one_share_of_the_workers(tmp_path: Path) -> None:
    """One address signs in as three players, each making a table of searching bots; a guest at
    another address makes one such table. Over the same minute the guest's table plays about as
    many moves as the three together (before, each player was a share of its own: the three
    tables played about three times the guest's)."""
    spec = ["ismcts:iterations=2000"] * 3
    process = ServerProcess(sqlite_url(tmp_path), tmp_path, bot_delay=0.0).start()
    try:
        many: list[str] = []
        for n in range(3):
            with httpx.Client(base_url=process.url, timeout=30,
                              transport=httpx.HTTPTransport(local_address="127.0.0.3")) as player:
                registered = player.post("/api/players", json={"name": f"Many{n}", "password": "a long enough password"})
                assert registered.status_code == 201, registered.text
                many.append(start(player, bot_table(player, "trollfest", spec, 40 + n)))
        with greedy_client(process) as guest:
            alone = start(guest, bot_table(guest, "trollfest", spec, 50))

            def moves(tables: list[str]) -> int:
                return sum(guest.get(f"/api/tables/{t}").json()["moves"] for t in tables)

            time.sleep(5)  # past the draft's quick moves
            before = moves(many), moves([alone])
            time.sleep(30)
            played = moves(many) - before[0], moves([alone]) - before[1]
    finally:
        process.stop()
    print(f"moves in 30 s: three players at one address {played[0]}, a guest at another {played[1]}")
    assert played[1] > 0 and played[0] < 1.6 * played[1] + 2, played
