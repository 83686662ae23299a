"""After a restart every page reconnects at once (a deploy causes a reconnect storm): the first
requests must not pay the server's one-time work (loading each game, its words and data)."""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from server_support import ServerProcess, sqlite_url

PLAYERS = {"drumroll": 3, "trollfest": 4, "carcassonne": 3}
FIRST_REQUESTS_CPU = 0.15  # seconds of the server's CPU for the first table of each game, made and read


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of process `pid` so far (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def test_the_first_tables_after_the_start_cost_no_loading(tmp_path: Path) -> None:
    server = ServerProcess(sqlite_url(tmp_path), tmp_path).start()
    try:
        assert server.proc is not None
        before = cpu_seconds(server.proc.pid)

        def first_table(game: str) -> None:
            with server.client() as client:
                seats = [{"name": "Ann"}] + [{"bot": "random"}] * (PLAYERS[game] - 1)
                made = client.post("/api/tables", json={"game": game, "players": PLAYERS[game], "seats": seats})
                assert made.status_code == 201, made.text
                assert client.get(f"/api/tables/{made.json()['table']['id']}").status_code == 200

        with ThreadPoolExecutor(len(PLAYERS)) as pool:  # three pages at once, as after a restart
            list(pool.map(first_table, PLAYERS))
        used = cpu_seconds(server.proc.pid) - before
    finally:
        server.stop()
    assert used < FIRST_REQUESTS_CPU, f"{used:.2f} s of CPU"  # before: 0.6 s (each game loaded by its first request)
