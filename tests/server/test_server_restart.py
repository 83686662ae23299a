"""A server killed mid-game (SIGKILL) restarts from its SQLite file with every acknowledged move."""

from __future__ import annotations

from server_support import ServerProcess, kill_mid_game_and_resume, sqlite_url


def test_kill_and_restart_keeps_every_acknowledged_move(tmp_path):
    server = ServerProcess(sqlite_url(tmp_path), tmp_path, bot_delay=0.05).start()
    try:
        kill_mid_game_and_resume(server)
    finally:
        server.stop()
