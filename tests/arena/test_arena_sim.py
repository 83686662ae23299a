"""`bigtop sim --workers K`: the same games in worker processes, sent in chunks."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from rich.console import Console

from bigtop.cli import main
from bigtop.terminal.sim import run_simulation


def test_sim_in_worker_processes_plays_the_same_games(tmp_path: Path) -> None:
    quiet = Console(file=io.StringIO())
    args = ("trollfest", 3, 6, 4, "heuristic,random,random", True)
    one = run_simulation(*args, tmp_path / "one", {}, quiet)
    two = run_simulation(*args, tmp_path / "two", {}, quiet, workers=2, chunk=2)
    assert [(t.wins, t.scores, t.ranks) for t in one] == [(t.wins, t.scores, t.ranks) for t in two]
    assert one[0].wins == 6  # the heuristic bot beats two random bots from every seat
    names = sorted(p.name for p in (tmp_path / "one").iterdir())
    assert names == [f"trollfest-{seed}.json" for seed in range(4, 10)]
    for name in names:
        assert json.loads((tmp_path / "one" / name).read_text()) == json.loads((tmp_path / "two" / name).read_text())


def test_sim_workers_refuse_a_game_the_workers_cannot_load(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sim", "highcard", "-p", "2", "-n", "2", "--workers", "2"]) == 2
    assert "pass --import" in capsys.readouterr().err
    assert main(["sim", "trollfest", "-n", "2", "--workers", "0"]) == 2
    assert "--workers must be at least 1" in capsys.readouterr().err
