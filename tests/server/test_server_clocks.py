"""Clocks on a real server: the setting is checked when a table is made, a real-time (Fischer)
clock counts down and adds its increment, a turn clock that runs out has a bot play the person's
move (the log says so), three in a row mark the person away, and the deadlines survive a SIGKILL.

The server runs with `--shortest-clock 1` so that clocks of a second or two can be tested."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import pytest
from server_support import ServerProcess, create, error_of, receive, sqlite_url, start_table, state_of

PEOPLE = [{"name": "Ada"}, {"name": "Bo"}]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp("clocks")
    # the stand-in bot of a person marked away waits a second: time enough to take the seat back
    process = ServerProcess(sqlite_url(folder), folder, bot_delay=1.0, extra_args=("--shortest-clock", "1")).start()
    yield process
    process.stop()


def wait_for(check: Any, timeout: float = 15.0, every: float = 0.05) -> Any:
    """Poll `check()` until it answers something true; answers it."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(every)
    raise AssertionError("timed out waiting")


def test_a_clock_is_checked_when_the_table_is_made(tmp_path):
    plain = ServerProcess(sqlite_url(tmp_path), tmp_path).start()  # the default bounds
    try:
        with plain.client() as client:
            body = {"game": "highcard", "players": 2}
            for clock, words in [
                ({"kind": "realtime", "base": 10}, "base is 30 s to 7 days, not 10 s"),
                ({"kind": "realtime", "base": 300, "increment": 7200}, "increment is 0 s to 1 h"),
                ({"kind": "turn", "per_move": 30}, "per_move is 1 min to 14 days"),
                ({"kind": "turn", "per_move": 15 * 86400}, "not 1296000 s"),
                ({"kind": "sandglass", "per_move": 60}, "kind"),
                ({"kind": "turn"}, "per_move"),
            ]:
                refused = client.post("/api/tables", json={**body, "clock": clock})
                assert refused.status_code == 400 and words in error_of(refused)["message"], (clock, refused.text)
            assert client.get("/api/tables").json() == []  # nothing was stored
            fischer = {"kind": "realtime", "base": 300, "increment": 20}
            made = client.post("/api/tables", json={**body, "clock": fischer})
            assert made.status_code == 201 and made.json()["table"]["clock"] == fischer
            unclocked = client.post("/api/tables", json={**body, "clock": None}).json()["table"]
            assert unclocked["clock"] is None
            table_id = made.json()["table"]["id"]
            assert client.get(f"/api/tables/{table_id}").json()["clock"] == fischer
    finally:
        plain.stop()


def test_a_realtime_clock_runs_for_the_seats_to_move_and_adds_the_increment(server):
    with server.client() as client:
        created = create(client, PEOPLE, seed=3, clock={"kind": "realtime", "base": 60, "increment": 5})
        table_id = created["table"]["id"]
        before = state_of(client, table_id)["clock"]
        assert before["seats"] == [{"left": 60, "running": False, "timeouts": 0}] * 2  # not started yet
        start_table(client, created)
        ada, bo = (s["token"] for s in created["seats"])
        time.sleep(1.0)
        first = state_of(client, table_id, ada)
        assert all(s["running"] for s in first["clock"]["seats"])  # a simultaneous step: both clocks run
        assert all(58.0 < s["left"] < 59.5 for s in first["clock"]["seats"]), first["clock"]
        body = {"token": ada, "action": first["legal"][0]["action"], "move": first["move"]}
        assert client.post(f"/api/tables/{table_id}/moves", json=body).status_code == 200
        after = state_of(client, table_id, bo)["clock"]["seats"]
        assert not after[0]["running"] and 63.0 < after[0]["left"] < 64.5  # stopped, with its 5 s added
        assert after[1]["running"] and after[1]["left"] < 59.5


def test_a_turn_clock_that_runs_out_has_a_bot_play_and_three_in_a_row_mark_the_person_away(server):
    with server.client() as client:
        created = create(client, PEOPLE, seed=5, clock={"kind": "turn", "per_move": 1}, options={"rounds": 12})
        table_id = start_table(client, created)
        ada, bo = (s["token"] for s in created["seats"])
        with server.socket(table_id, bo) as ws:
            begun = time.monotonic()
            log: list[dict[str, Any]] = []
            message = receive(ws, "state")
            while not any(e["kind"] == "table.away" for e in log):
                assert message["log_from"] == len(log)
                log += message["log"]
                mine = message["legal"]
                if mine:  # Bo answers at once; only Ada lets her clock run out
                    ws.send(json.dumps({"type": "move", "action": mine[0]["action"], "move": message["move"]}))
                message = receive(ws, "state", timeout=10)
            log += message["log"]
            took = time.monotonic() - begun
        notes = [e for e in log if e["kind"].startswith("table.")]
        assert [e["kind"] for e in notes] == ["table.timeout"] * 3 + ["table.away"], notes
        assert all(e["data"]["seat"] == 0 for e in notes)
        assert notes[0]["text"] == "P0 ran out of time: a bot played for them."  # the seat by the name the table shows
        assert notes[-1]["data"]["count"] == 3
        assert 2.5 < took < 12, took  # three turns of a second each, give or take the bots
        table = wait_for(lambda: (t := client.get(f"/api/tables/{table_id}").json())["seats"][0]["away"] and t)
        assert table["seats"][0]["away"]
        assert state_of(client, table_id, ada)["legal"] == []  # the stand-in bot plays for Ada now
        assert client.post(f"/api/tables/{table_id}/join", json={"token": ada}).json()["seat"] == 0
        back = state_of(client, table_id, ada)
        assert not back["table"]["seats"][0]["away"]
        record_kinds = [e["kind"] for e in back["log"] if e["kind"] == "table.timeout"]
        assert len(record_kinds) == 3  # the notes are the table's: a fresh connection gets them too


def test_a_clock_keeps_its_deadline_through_a_kill_and_a_restart(tmp_path):
    server = ServerProcess(sqlite_url(tmp_path), tmp_path, extra_args=("--shortest-clock", "1")).start()
    try:
        with server.client() as client:
            created = create(client, PEOPLE, seed=9, clock={"kind": "turn", "per_move": 8})
            table_id = start_table(client, created)
            started = time.monotonic()
        server.kill()
        server.start()
        with server.client() as client:
            elapsed = time.monotonic() - started
            clock = state_of(client, table_id)["clock"]
            assert all(s["running"] and s["left"] <= 8 - elapsed + 0.3 for s in clock["seats"]), (elapsed, clock)
            def both() -> list[dict[str, Any]]:
                notes = [e for e in state_of(client, table_id)["log"] if e["kind"] == "table.timeout"]
                return notes if {e["data"]["seat"] for e in notes} == {0, 1} else []

            wait_for(both, timeout=20)
            took = time.monotonic() - started
        assert 7.5 < took < 8 + 3, took  # from the deadline set before the kill, not one set at the restart
    finally:
        server.stop()
