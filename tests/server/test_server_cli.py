"""`bigtop serve`: its help, and one clear line (exit 2) for every bad argument."""

from __future__ import annotations

import socket
import subprocess
import sys

import pytest


def serve(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bigtop", "serve", *args], capture_output=True, text=True, timeout=60)


def test_help_names_every_option():
    done = serve("--help")
    assert done.returncode == 0
    for option in ("--host", "--port", "--database-url", "--bot-delay", "--boards", "--game-module"):
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
