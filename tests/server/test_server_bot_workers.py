"""The processes that think for the server (bots, hints) end with it, whether it is stopped
(SIGTERM) or killed (SIGKILL), even in the middle of a long search."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import httpx
import pytest
from server_support import ServerProcess, create, sqlite_url, start_table

from process_support import alive, living_children

SEARCHING = "ismcts:iterations=5000"


@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGKILL], ids=["SIGTERM", "SIGKILL"])
def test_thinking_processes_end_with_the_server(tmp_path: Path, how: signal.Signals) -> None:
    server = ServerProcess(sqlite_url(tmp_path), tmp_path, extra_args=("--hint-budget", "50")).start()
    try:
        assert server.proc is not None
        with httpx.Client(base_url=server.url, timeout=60) as client:
            bots = client.post("/api/tables", json={"game": "trollfest", "players": 4, "seats": [{"bot": SEARCHING}] * 4})
            assert client.post(f"/api/tables/{bots.json()['table']['id']}/start",
                               json={"token": bots.json()["host_token"]}).status_code == 200  # a long search at once
            unrated = create(client, [{"name": "Ada"}, {"name": "Bo"}], rated=False)
            table_id = start_table(client, unrated)
            token = unrated["seats"][0]["token"]
            assert client.post(f"/api/tables/{table_id}/hint", json={"token": token}).status_code == 200  # the hints' worker
        deadline = time.monotonic() + 60
        while len(living_children(server.proc.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.2)
        workers = living_children(server.proc.pid)
        assert len(workers) >= 2, workers  # the bots' worker and the hints' worker (and their helpers)
        time.sleep(1)  # the bots' worker is well into a search of several seconds
        os.kill(server.proc.pid, how)
        server.proc.wait(30)
        gone_by = time.monotonic() + 5
        while any(alive(pid) for pid in workers) and time.monotonic() < gone_by:
            time.sleep(0.1)
        assert not [pid for pid in workers if alive(pid)], "worker processes outlived the server"
    finally:
        server.stop()


class Unpicklable:
    """A bot a worker cannot be sent (it holds a lambda)."""

    needs_state = True
    name = "unpicklable"

    def __init__(self) -> None:
        self.policy = lambda obs: 0


def test_a_bot_that_cannot_be_sent_fails_alone_and_the_worker_goes_on() -> None:
    """Before, the pipe's thread died on the pickling error and every later bot of that worker
    waited for ever."""
    import asyncio
    import copyreg
    import multiprocessing

    from bigtop import bots, games
    from bigtop.core.rng import Rng
    from bigtop.server.workers import Worker

    game = games.get("drumroll")
    state = game.new(2, seed=1)
    seat = min(state.to_move())
    reducers = dict(copyreg.dispatch_table)  # a Worker sends games by name from now on: undone below
    worker = Worker(multiprocessing.get_context("spawn"), ())

    async def ask_both() -> tuple[tuple, tuple]:
        failed = await worker.ask(("start", 1, Unpicklable(), state, seat, Rng(1), 1.0, True))
        done = await worker.ask(("start", 2, bots.make("heuristic", game, 0), state, seat, Rng(2), 1.0, True))
        return failed, done

    try:
        failed, done = asyncio.run(asyncio.wait_for(ask_both(), 60))
    finally:
        worker.stop()
        copyreg.dispatch_table.clear()
        copyreg.dispatch_table.update(reducers)
    assert failed[:2] == ("failed", 1) and "pickle" in failed[2]
    assert done[:2] == ("done", 2) and done[2] in state.legal_actions(seat)
