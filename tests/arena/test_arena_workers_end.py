"""Worker processes end with the command that started them: a designer who stops `bigtop arena`
or `bigtop analyze` with `kill` (SIGTERM, or SIGKILL) leaves no process playing or searching on."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bigtop import bots, games
from bigtop.bots.match import play_game
from process_support import alive, cpu_seconds, living_children


def busy_workers(command: list[str], cwd: Path) -> tuple[subprocess.Popen[bytes], set[int]]:
    """Start `bigtop COMMAND` and wait until its two worker processes have used a second of CPU
    (they are past their start-up, at work on a long game or search)."""
    proc = subprocess.Popen([sys.executable, "-m", "bigtop", *command], cwd=cwd,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        assert proc.poll() is None, proc.stderr.read().decode() if proc.stderr else ""
        workers = {pid for pid in living_children(proc.pid) if cpu_seconds(pid) >= 1.0}
        if len(workers) >= 2:
            return proc, workers
        time.sleep(0.2)
    proc.kill()
    raise AssertionError("the workers did not start within 90 s")


@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGKILL], ids=["SIGTERM", "SIGKILL"])
@pytest.mark.parametrize("command", ["arena", "analyze"])
def test_workers_end_with_the_command_that_started_them(tmp_path: Path, command: str, how: signal.Signals) -> None:
    if command == "arena":  # games of about a minute each: no worker is near its end
        args = ["arena", "drumroll", "--bots", "ismcts", "--players", "3", "--games", "4", "--workers", "2", "--out", str(tmp_path / "out")]
    else:
        game = games.get("drumroll")
        record = play_game(game, [bots.make("random", game, seed=p) for p in range(3)], seed=5).record()
        (tmp_path / "game.json").write_text(json.dumps(record.to_json()))
        args = ["analyze", str(tmp_path / "game.json"), "--budget", "3000", "--workers", "2"]
    proc, workers = busy_workers(args, tmp_path)
    os.kill(proc.pid, how)
    proc.wait(30)
    gone_by = time.monotonic() + 5
    while any(alive(pid) for pid in workers) and time.monotonic() < gone_by:
        time.sleep(0.1)
    assert not [pid for pid in workers if alive(pid)], f"workers of `bigtop {command}` outlived it"
