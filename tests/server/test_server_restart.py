"""A server killed mid-game (SIGKILL) restarts from its SQLite file with every acknowledged move."""

from __future__ import annotations

from server_support import ServerProcess, create, error_of, kill_mid_game_and_resume, sqlite_url, start_table


def test_kill_and_restart_keeps_every_acknowledged_move(tmp_path):
    server = ServerProcess(sqlite_url(tmp_path), tmp_path, bot_delay=0.05).start()
    try:
        kill_mid_game_and_resume(server)
    finally:
        server.stop()


def test_a_table_whose_game_is_missing_is_reported_not_lost(tmp_path):
    server = ServerProcess(sqlite_url(tmp_path), tmp_path).start()
    try:
        with server.client() as client:
            table_id = start_table(client, create(client, [{"name": "A"}, {"bot": "random"}]))
        server.stop()
        server.game_modules = []  # restarted without High Card
        server.start()
        with server.client() as client:
            missing = client.get(f"/api/tables/{table_id}")
            listed = client.get("/api/tables").json()
        server.stop()
        server.game_modules = ["toy.game"]
        server.start()
        with server.client() as client:
            back = client.get(f"/api/tables/{table_id}").json()
    finally:
        server.stop()
    assert missing.status_code == 404 and "cannot be rebuilt: unknown game 'highcard'" in error_of(missing)["message"]
    assert listed == [] and back["status"] == "running"
