"""Game review and hints on a real server (`bigtop serve` on loopback, SQLite and PostgreSQL):
a finished table's review is queued, shows its progress, is stored with the table and survives a
restart; on one PostgreSQL database only one process computes it; hints are for the seat to move at
a practice table only, and the log tells everyone; no input to these routes is a server error."""

from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import quote

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from server_postgres import postgres_server
from server_support import ServerProcess, create, error_of, receive, sqlite_url, start_table

from bigtop import games
from bigtop.analysis.review import settings_digest
from bigtop.core.record import Record
from bigtop.server.analysis import AnalysisRepository
from bigtop.server.store import Store

BUDGET = ["--review-budget", "4", "--hint-budget", "40"]


def serving(database_url: str, folder: Any) -> ServerProcess:
    server = ServerProcess(database_url, folder, bot_delay=0.0)
    server.extra_args = list(BUDGET)
    return server.start()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp("analysis")
    process = serving(sqlite_url(folder), folder)
    yield process
    process.stop()


def finished_table(client: httpx.Client, seed: int = 7) -> str:
    """A High Card game between two bots, played to its end."""
    table_id = start_table(client, create(client, [{"bot": "random"}, {"bot": "random"}], seed=seed))
    deadline = time.monotonic() + 30
    while client.get(f"/api/tables/{table_id}").json()["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish the game"
        time.sleep(0.05)
    return table_id


def wait_review(client: httpx.Client, table_id: str, timeout: float = 60) -> tuple[dict[str, Any], list[str]]:
    """Poll the review until it is done; answers it and the statuses seen on the way."""
    seen = []
    deadline = time.monotonic() + timeout
    while True:
        status = client.get(f"/api/tables/{table_id}/review").json()
        seen.append(status["status"])
        if status["status"] == "done":
            return status, seen
        assert status["status"] in ("queued", "running"), status
        assert time.monotonic() < deadline, "the review did not end"
        time.sleep(0.05)


def test_a_finished_tables_review_runs_off_the_request_path_and_is_stored_with_the_table(server, tmp_path):
    with server.client() as client:
        running = start_table(client, create(client, [{"name": "Ada"}, {"bot": "random"}], seed=3))
        refused = client.post(f"/api/tables/{running}/review")
        assert refused.status_code == 409 and error_of(refused)["code"] == "conflict"
        table_id = finished_table(client)
        assert client.get(f"/api/tables/{table_id}/review").json()["status"] == "none"
        started = time.monotonic()
        asked = client.post(f"/api/tables/{table_id}/review")
        assert asked.status_code == 202 and time.monotonic() - started < 5
        assert asked.json()["status"] in ("queued", "running", "done")
        status, _ = wait_review(client, table_id)
        found = status["review"]
        record = client.get(f"/api/tables/{table_id}/record").json()
        assert found["format"] == "bigtop-review/2" and found["budget"]["iterations"] == 4
        assert found["result"]["unit"] == "unit.points" and len(found["result"]["thresholds"]) == 3
        assert all({"grade", "lead_loss", "lead_loss_margin", "win_after"} <= set(row) for row in found["decisions"])
        assert found["result"]["moves"] == len(record["moves"])
        assert status["done"] == status["total"] == len(found["decisions"]) > 0
        assert {row["seat"] for row in found["decisions"]} == {0, 1}
        again = client.post(f"/api/tables/{table_id}/review").json()
        assert again["status"] == "done" and again["review"] == found  # the stored review, not a new one
    server.stop()
    server.start()
    with server.client() as client:
        assert client.get(f"/api/tables/{table_id}/review").json()["review"] == found


def test_a_review_stored_under_other_thresholds_is_made_again(tmp_path):
    """A review made before the grading or calibration data changed (same bigtop version) is stale:
    the table offers a new one instead of answering grades the data no longer gives."""
    server = serving(sqlite_url(tmp_path), tmp_path)
    try:
        with server.client() as client:
            table_id = finished_table(client, seed=11)
            assert client.post(f"/api/tables/{table_id}/review").status_code == 202
            wait_review(client, table_id)
        server.stop()
        with sqlite3.connect(tmp_path / "bigtop.sqlite3") as db:
            (key,) = db.execute("select key from bigtop_reviews where table_id = ?", (table_id,)).fetchone()
            assert f"settings={settings_digest()}" in key
            stale = key.replace(settings_digest(), "0" * 16)
            db.execute("update bigtop_reviews set key = ? where table_id = ?", (stale, table_id))
        server.start()
        with server.client() as client:
            assert client.get(f"/api/tables/{table_id}/review").json()["status"] == "none"
            assert client.post(f"/api/tables/{table_id}/review").status_code == 202
            status, seen = wait_review(client, table_id)
            assert seen[0] in ("queued", "running") and status["review"]["decisions"]
        with sqlite3.connect(tmp_path / "bigtop.sqlite3") as db:
            assert db.execute("select key from bigtop_reviews where table_id = ?", (table_id,)).fetchone() == (key,)
    finally:
        server.stop()


def test_the_review_and_the_replay_send_each_move_as_json_beside_its_english_words(server):
    """The page names moves in its language from their JSON (the English `describe` is the fallback)."""
    with server.client() as client:
        table_id = finished_table(client, seed=21)
        assert client.post(f"/api/tables/{table_id}/review").status_code == 202
        rows = wait_review(client, table_id)[0]["review"]["decisions"]
        record = Record.from_json(client.get(f"/api/tables/{table_id}/record").json())
        frames = client.get(f"/api/tables/{table_id}/replay").json()["frames"]
    game = games.get(record.game)
    before = list(record.states(game))  # the position before each move, then the end
    assert frames[0]["action"] is None and frames[0]["action_text"] is None
    for number, (_, data) in enumerate(record.moves):
        action = game.codec.from_json(data)
        assert frames[number + 1]["action"] == data
        assert frames[number + 1]["action_text"] == game.describe(before[number], action)
    for row in rows:
        state = before[row["move"]]
        legal = [game.codec.to_json(a) for a in state.legal_actions(row["seat"])]
        assert row["action"] == record.moves[row["move"]][1] and row["best_action"] in legal
        assert row["best_text"] == game.describe(state, game.codec.from_json(row["best_action"]))
        # and in the words of every language the game speaks: English at least (High Card has no catalog of its own)
        assert row["action_texts"] == {"en": row["action_text"]} and row["best_texts"] == {"en": row["best_text"]}


def test_a_review_cut_short_by_a_kill_can_be_asked_for_again_after_the_restart(tmp_path):
    server = ServerProcess(sqlite_url(tmp_path), tmp_path, bot_delay=0.0)
    server.extra_args = ["--review-budget", "500"]
    server.start()
    try:
        with server.client() as client:
            table_id = finished_table(client)
            assert client.post(f"/api/tables/{table_id}/review").json()["status"] in ("queued", "running")
        server.kill()  # before its worker process has even started
        server.start()
        with server.client() as client:
            assert client.get(f"/api/tables/{table_id}/review").json()["status"] == "none"
            assert client.post(f"/api/tables/{table_id}/review").status_code == 202
            status, _ = wait_review(client, table_id)
        assert status["review"]["budget"]["iterations"] == 500
    finally:
        server.stop()


def test_reviews_wait_their_turn_and_show_their_progress(server):
    with server.client() as client:
        tables = [finished_table(client, seed) for seed in (11, 12, 13)]
        for table_id in tables:
            assert client.post(f"/api/tables/{table_id}/review").status_code == 202
        seen = [wait_review(client, table_id)[1] for table_id in tables]
    assert any("queued" in statuses or "running" in statuses for statuses in seen)
    assert all(statuses[-1] == "done" for statuses in seen)


def practice_table(client: httpx.Client, practice: bool = True) -> tuple[str, str]:
    """A running table with Ada at seat 0: a practice table, or else a rated one (no seed fixed)."""
    extra = {"practice": True, "seed": 5} if practice else {"rated": True, "seed": None}
    created = create(client, [{"name": "Ada"}, {"bot": "random"}], **extra)
    return start_table(client, created), created["seats"][0]["token"]


def test_a_hint_is_for_the_seat_to_move_at_a_practice_table_and_the_log_tells_everyone(server):
    with server.client() as client:
        table_id, token = practice_table(client)
        with server.socket(table_id) as spectator:
            receive(spectator, "state")
            state = client.get(f"/api/tables/{table_id}/state", params={"token": token}).json()
            assert state["legal"], "seat 0 starts High Card"
            answer = client.post(f"/api/tables/{table_id}/hint", json={"token": token})
            assert answer.status_code == 200, answer.text
            found = answer.json()
            assert found["seat"] == 0 and found["move"] >= state["move"]
            legal = [entry["action"] for entry in state["legal"]]
            assert 1 <= len(found["hints"]) <= 3
            assert all(hint["action"] in legal and 0 <= hint["win_chance"] <= 1 for hint in found["hints"])
            assert all(hint["texts"]["en"] == hint["text"] for hint in found["hints"])  # and one per language the game speaks
            chances = [hint["visits"] for hint in found["hints"]]
            assert chances == sorted(chances, reverse=True)  # best (most searched) first
            used: list[dict[str, Any]] = []
            while not used:  # the bot's move may come first
                used = [entry for entry in receive(spectator, "state")["log"] if entry["kind"] == "hint_used"]
            assert [(entry["data"]["seat"], entry["text"].endswith(" used a hint.")) for entry in used] == [(0, True)]
            again = client.post(f"/api/tables/{table_id}/hint", json={"token": token}).json()
            assert again == found
        log = client.get(f"/api/tables/{table_id}/state").json()["log"]
        assert sum(entry["kind"] == "hint_used" for entry in log) == 1  # asking again is the same hint
        move = client.post(f"/api/tables/{table_id}/moves", json={"token": token, "action": found["hints"][0]["action"]})
        assert move.status_code == 200, move.text


def test_hints_are_refused_at_a_rated_table_to_a_wrong_token_and_out_of_turn(server):
    with server.client() as client:
        table_id, token = practice_table(client, practice=False)
        refused = client.post(f"/api/tables/{table_id}/hint", json={"token": token})
        assert refused.status_code == 403 and "rated" in error_of(refused)["message"]
        practice_id, practice_token = practice_table(client)
        wrong = client.post(f"/api/tables/{practice_id}/hint", json={"token": "nope"})
        assert wrong.status_code == 403 and error_of(wrong)["code"] == "forbidden"
        first = client.get(f"/api/tables/{practice_id}/state", params={"token": practice_token}).json()["legal"][0]["action"]
        assert client.post(f"/api/tables/{practice_id}/moves", json={"token": practice_token, "action": first}).status_code == 200
        deadline = time.monotonic() + 10
        while True:  # the bot moves, then it is seat 0's turn again or the game is over
            out = client.post(f"/api/tables/{practice_id}/hint", json={"token": practice_token})
            if out.status_code == 200 or time.monotonic() > deadline:
                break
            assert out.status_code == 409 and error_of(out)["code"] == "conflict"
            time.sleep(0.02)
        assert client.post(f"/api/tables/{table_id}/hint", json={"token": "x" * 201}).status_code == 400


def test_a_friendly_table_offers_hints_too(server):
    with server.client() as client:
        created = create(client, [{"name": "Ada"}, {"bot": "random"}], rated=False, seed=None)
        assert created["table"]["rated"] is False and created["table"]["practice"] is False
        table_id, token = start_table(client, created), created["seats"][0]["token"]
        answer = client.post(f"/api/tables/{table_id}/hint", json={"token": token})
        assert answer.status_code == 200 and 1 <= len(answer.json()["hints"]) <= 3


def test_an_undo_keeps_the_hints_log_line(server):
    with server.client() as client:
        created = create(client, [{"name": "Ada"}, {"name": "Bo"}], seed=11)  # seeded: friendly, so hints
        table_id, ada = start_table(client, created), created["seats"][0]["token"]
        hint = client.post(f"/api/tables/{table_id}/hint", json={"token": ada}).json()["hints"][0]
        assert client.post(f"/api/tables/{table_id}/moves", json={"token": ada, "action": hint["action"]}).status_code == 200
        assert client.post(f"/api/tables/{table_id}/undo", json={"token": ada}).status_code == 200
        log = client.get(f"/api/tables/{table_id}/state").json()["log"]
        assert [(e["kind"], e["data"]) for e in log if e["kind"] in ("hint_used", "table.undo")] == [
            ("hint_used", {"seat": 0}), ("table.undo", {"seat": 0})]


@contextmanager
def practice_with_a_hint(tmp_path: Path) -> Iterator[tuple[ServerProcess, str]]:
    """A server of its own with a practice table where seat 0 has used a hint; yields it and the table id."""
    server = serving(sqlite_url(tmp_path), tmp_path)
    try:
        with server.client() as client:
            table_id, token = practice_table(client)
            assert client.post(f"/api/tables/{table_id}/hint", json={"token": token}).status_code == 200
        yield server, table_id
    finally:
        server.stop()


def test_the_hints_log_lines_survive_a_restart(tmp_path):
    with practice_with_a_hint(tmp_path) as (server, table_id):
        with server.client() as client:
            before = client.get(f"/api/tables/{table_id}/state").json()["log"]
        server.stop()
        server.start()
        with server.client() as client:
            after = client.get(f"/api/tables/{table_id}/state").json()["log"]
        assert after == before and any(entry["kind"] == "hint_used" for entry in after)


def test_a_hint_asked_after_a_move_since_undone_keeps_its_log_line_across_a_restart(tmp_path):
    server = serving(sqlite_url(tmp_path), tmp_path)
    try:
        with server.client() as client:
            created = create(client, [{"name": "Ada"}, {"name": "Bo"}], seed=3, game="carcassonne")
            table_id, ada = start_table(client, created), created["seats"][0]["token"]
            state = client.get(f"/api/tables/{table_id}/state", params={"token": ada}).json()
            placed = client.post(f"/api/tables/{table_id}/moves", json={"token": ada, "action": state["legal"][0]["action"]})
            assert placed.status_code == 200
            assert client.get(f"/api/tables/{table_id}/state", params={"token": ada}).json()["legal"], "Ada's figure step"
            assert client.post(f"/api/tables/{table_id}/hint", json={"token": ada}).json()["move"] == 1
            assert client.post(f"/api/tables/{table_id}/undo", json={"token": ada}).status_code == 200
            before = client.get(f"/api/tables/{table_id}/state").json()["log"]
        server.stop()
        server.start()
        with server.client() as client:
            after = client.get(f"/api/tables/{table_id}/state").json()["log"]
        used = [e for e in after if e["kind"] == "hint_used"]
        assert [e["data"] for e in used] == [{"seat": 0}]
        # the same entries; rebuilt, the hint's line comes after the undo's (it follows the moves kept)
        assert sorted(e["kind"] for e in after) == sorted(e["kind"] for e in before)
    finally:
        server.stop()


def search_workers(server: ServerProcess) -> list[int]:
    """The server's worker processes (spawned children; not its resource tracker)."""
    assert server.proc is not None
    children = Path(f"/proc/{server.proc.pid}/task/{server.proc.pid}/children").read_text().split()
    commands = {int(pid): Path(f"/proc/{pid}/cmdline").read_bytes() for pid in children}
    return [pid for pid, command in commands.items() if b"spawn_main" in command and b"resource_tracker" not in command]


def test_a_search_worker_that_dies_is_replaced(tmp_path):
    with practice_with_a_hint(tmp_path) as (server, _), server.client() as client:
        workers = search_workers(server)
        assert workers
        for pid in workers:
            os.kill(pid, signal.SIGKILL)
        table_id, token = practice_table(client)
        refused = client.post(f"/api/tables/{table_id}/hint", json={"token": token})
        assert refused.status_code == 429 and error_of(refused)["code"] == "busy"
        again = client.post(f"/api/tables/{table_id}/hint", json={"token": token})
        assert again.status_code == 200, again.text
        assert not set(search_workers(server)) & set(workers)


TEXT = st.text(max_size=40)
JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | TEXT,
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(TEXT, inner, max_size=3), max_leaves=8)


@pytest.fixture(scope="module")
def known_tables(server) -> list[str]:
    """A finished table, a running practice table and a running rated table."""
    with server.client() as client:
        return [finished_table(client, seed=31), practice_table(client)[0], practice_table(client, practice=False)[0]]


@settings(max_examples=80, deadline=None, suppress_health_check=list(HealthCheck))
@given(table=st.one_of(TEXT, st.sampled_from(["", "x" * 40, "%00", "..", "a/b"]), st.integers(0, 2)), body=JSON,
       method=st.sampled_from(["GET review", "POST review", "POST hint", "GET hint", "POST review?x=1"]))
def test_no_input_to_the_review_and_hint_routes_is_a_server_error(server, known_tables, table, body, method):
    verb, route = method.split()
    name = known_tables[table] if isinstance(table, int) else quote(table, safe="") or "x"
    with server.client() as client:
        answer = client.request(verb, f"/api/tables/{name}/{route}", json=body)
    assert answer.status_code < 500, answer.text
    if answer.status_code >= 400:
        assert set(error_of(answer)) == {"code", "message"}


@pytest.fixture(scope="module")
def postgres() -> Iterator[str]:
    with postgres_server() as url:
        yield url


def test_on_one_postgresql_database_only_one_process_claims_a_review(postgres):
    stores = [Store(postgres), Store(postgres)]
    try:
        created = stores[0]  # the review row names a table: make one on the shared database
        from bigtop.server.store import SeatRow, TableRow

        asyncio.run(created.tables.add(TableRow("race", "highcard", 2, {}, 1, "finished", "h", [SeatRow(0, "a", "random", None, True),
                                                                                                 SeatRow(1, "b", "random", None, True)])))
        repositories = [AnalysisRepository(store) for store in stores]

        async def race() -> list[bool]:
            return await asyncio.gather(*(r.claim("race", "k", s.origin, 30) for r, s in zip(repositories, stores, strict=True)))

        assert sorted(asyncio.run(race())) == [False, True]
        assert asyncio.run(race()) == [False, False]  # claimed and alive: nobody takes it over
    finally:
        for store in stores:
            store.close()


def test_two_processes_on_postgresql_share_one_review_and_the_hints_log_lines(postgres, tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    first, second = serving(postgres, tmp_path / "a"), serving(postgres, tmp_path / "b")
    try:
        with first.client() as a, second.client() as b:
            table_id = finished_table(a, seed=21)
            deadline = time.monotonic() + 10
            while b.get(f"/api/tables/{table_id}").json()["status"] != "finished":
                assert time.monotonic() < deadline
                time.sleep(0.05)
            answers = [a.post(f"/api/tables/{table_id}/review").json(), b.post(f"/api/tables/{table_id}/review").json()]
            assert sum(answer["queued_before"] is not None for answer in answers) <= 1  # queued in one process only
            done_a, _ = wait_review(a, table_id)
            done_b, _ = wait_review(b, table_id)
            created = create(a, [{"name": "Ada"}, {"bot": "random"}], seed=5, practice=True)
            practice_id, token = start_table(a, created), created["seats"][0]["token"]
            with second.socket(practice_id) as watcher:  # on the other process
                receive(watcher, "state")
                assert a.post(f"/api/tables/{practice_id}/hint", json={"token": token}).status_code == 200
                used: list[dict[str, Any]] = []
                while not used:
                    used = [entry for entry in receive(watcher, "state")["log"] if entry["kind"] == "hint_used"]
            assert [entry["data"]["seat"] for entry in used] == [0]
        assert done_a["review"] == done_b["review"]
    finally:
        first.stop()
        second.stop()
