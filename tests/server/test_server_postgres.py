"""The server on a real PostgreSQL: a full game, then a SIGKILL mid-game and a restart losing nothing."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from server_postgres import postgres_server
from server_support import ServerProcess, create, kill_mid_game_and_resume, receive, start_table


@pytest.fixture(scope="module")
def database_url() -> Iterator[str]:
    with postgres_server() as url:
        yield url


def test_games_are_stored_in_postgresql_and_survive_a_kill(database_url, tmp_path):
    server = ServerProcess(database_url, tmp_path, bot_delay=0.02).start()
    try:
        with server.client() as client:
            table_id = start_table(client, create(client, [{"bot": "random"}] * 3, seed=4))
            with server.socket(table_id) as watcher:
                while receive(watcher, "state")["result"] is None:
                    pass
            assert len(client.get(f"/api/tables/{table_id}/record").json()["moves"]) > 0
        kill_mid_game_and_resume(server)
        with server.client() as client:
            finished = client.get("/api/tables", params={"status": "finished"}).json()
        assert table_id in {t["id"] for t in finished}
    finally:
        server.stop()
