"""`bigtop serve`: its help, and one clear line (exit 2) for every bad argument."""

from __future__ import annotations

import json
import socket
import subprocess
import sys

import pytest


def serve(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bigtop", "serve", *args], capture_output=True, text=True, timeout=60)


def test_help_names_every_option():
    done = serve("--help")
    assert done.returncode == 0
    for option in ("--host", "--port", "--database-url", "--bot-delay", "--bot-workers", "--boards", "--game-module"):
        assert option in done.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--database-url", "nosuch://x"], "bad database URL 'nosuch://x'"),
        (["--database-url", "sqlite:////no/such/folder/db.sqlite3"], "cannot open database sqlite:////no/such/folder/db.sqlite3"),
        (["--boards", "/no/such/folder"], "--boards: no such folder /no/such/folder"),
        (["--game-module", "no_such_module"], "--game-module no_such_module: No module named 'no_such_module'"),
    ],
)
def test_bad_arguments_fail_in_one_line(args, message, tmp_path):
    done = serve("--port", "0", "--database-url", f"sqlite:///{tmp_path / 'db.sqlite3'}", *args)
    assert done.returncode == 2
    assert done.stderr.startswith("bigtop: error: ") and message in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and done.stdout == ""


def test_a_busy_port_fails_in_one_line(tmp_path):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        done = serve("--port", str(port), "--database-url", f"sqlite:///{tmp_path / 'db.sqlite3'}")
    assert done.returncode == 2 and f"cannot listen on 127.0.0.1:{port}" in done.stderr


def test_bench_server_loads_its_own_server_and_reports_figures():
    done = subprocess.run([sys.executable, "-m", "bigtop", "bench-server", "--games", "3", "--seconds", "3", "--warmup", "1",
                           "--bot-delay", "0.05", "--json"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout)
    assert figures["games"] == 3 and figures["acks"] > 0 and figures["moves_per_s"] > 0
    assert figures["moves_per_server_cpu_s"] > 0
    assert 0 < figures["rest_p50_ms"] <= figures["rest_p99_ms"] and 0 < figures["ack_p50_ms"] <= figures["ack_p99_ms"]
    assert figures["errors"] == {}  # no stale move: the server's own bots never make a person's move stale
    assert "bench-server: 3 live games, 1 person at each" in done.stderr


def test_bench_server_seats_several_people_at_each_table():
    """`--people 3`: every seat of a three-player game is a person on a socket of its own, and each
    plays its moves (more acks than one seat's)."""
    done = subprocess.run([sys.executable, "-m", "bigtop", "bench-server", "--games", "2", "--seconds", "3", "--warmup", "1",
                           "--bot-delay", "0.05", "--people", "3", "--game", "carcassonne", "--json"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout)
    assert figures["games"] == 2 and figures["sockets"] == 6
    moves = figures["moves_per_s"] * figures["seconds"]  # counted once a table, by seat 0's socket
    assert moves > 0 and figures["acks"] > 0.6 * moves  # every seat's moves acked (seat 0's alone would be a third)
    assert set(figures["errors"]) <= {"stale_move"}  # a race between two people at one table, as at a real one
    assert "bench-server: 2 live games, 3 people at each" in done.stderr


def test_bench_server_refuses_a_table_of_no_people_before_starting_anything():
    done = subprocess.run([sys.executable, "-m", "bigtop", "bench-server", "--people", "0"], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 2 and "--people" in done.stderr and "bench-server:" not in done.stderr
