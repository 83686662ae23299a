"""`bigtop sim --workers K`: the same games in worker processes, sent in chunks."""

from __future__ import annotations

import io
import json
import re
import sys
from pathlib import Path

import pytest
from rich.console import Console

from bigtop import games
from bigtop.arena import loader
from bigtop.cli import main
from bigtop.core.record import Record
from bigtop.terminal.sim import run_simulation

sys.path.insert(0, str(Path(__file__).parents[1] / "terminal"))
from cli_process import bigtop  # noqa: E402


def test_sim_in_worker_processes_plays_the_same_games(tmp_path: Path) -> None:
    quiet = Console(file=io.StringIO())
    args = ("trollfest", 3, 6, 4, "heuristic,random,random", True)
    one = run_simulation(*args, tmp_path / "one", {}, quiet)
    two = run_simulation(*args, tmp_path / "two", {}, quiet, workers=2, chunk=2)
    assert one["entrants"] == two["entrants"]
    assert one["entrants"][0]["wins"] == 6  # the heuristic bot beats two random bots from every seat
    names = sorted(p.name for p in (tmp_path / "one").glob("trollfest-*.json"))
    assert names == [f"trollfest-{seed}.json" for seed in range(4, 10)]
    for name in names:
        assert json.loads((tmp_path / "one" / name).read_text()) == json.loads((tmp_path / "two" / name).read_text())


def test_sim_workers_refuse_a_game_the_workers_cannot_load(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sim", "highcard", "-p", "2", "-n", "2", "--workers", "2"]) == 2
    assert "pass --import" in capsys.readouterr().err
    assert main(["sim", "trollfest", "-n", "2", "--workers", "0"]) == 2
    assert "--workers must be at least 1" in capsys.readouterr().err


def test_sim_prints_every_rate_with_its_interval_and_its_folder_is_reported(tmp_path: Path) -> None:
    out = tmp_path / "sim"
    proc = bigtop("sim", "trollfest", "-n", "6", "--bots", "heuristic,random,random", "--seed", "4", "--save", str(out))
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "95 % interval" in proc.stdout
    assert re.search(r"0: heuristic +│ +6 │ 100.0 │ +61.0-100.0 │", proc.stdout)  # 6 wins of 6: Wilson 61-100 %
    assert re.search(r"1: random#1 +│ +0 │ +0.0 │ +0.0-39.0 │", proc.stdout)
    assert "wins by seat (bots rotated)" in proc.stdout and "% (" in proc.stdout.split("wins by seat")[1]
    record = json.loads((out / "trollfest-4.json").read_text())
    assert record["bots"] == ["heuristic", "random", "random"] and record["result"]["winners"] == [0]
    assert Record.from_json(record).replay(games.get("trollfest")).result().winners == (0,)
    report = bigtop("report", str(out), timeout=600)
    assert report.returncode == 0, report.stderr[-2000:]
    page = (out / "report.html").read_text()
    assert "<h1>Troll Fest: 6 games, 3 seats</h1>" in page and "every game a new deal (bots rotated)" in page
    assert "bigtop sim trollfest -p 3 -n 6 --seed 4 --bots heuristic,random,random" in page


@pytest.fixture
def coin_duel() -> None:
    loader.load(str(Path(__file__).with_name("arena_coin_game.py")))


def test_sim_warns_when_the_same_bot_does_differently_beyond_chance(coin_duel: None, capsys: pytest.CaptureFixture[str]) -> None:
    """Coin Duel: seat 1 wins 3 games in 4 between random guessers. Kept in their seats, two copies
    of the same bot look unequal, and the command says so; rotated, they do not."""
    assert main(["sim", "coinduel", "-p", "2", "-n", "60", "--bots", "random", "--no-rotate"]) == 0
    out = capsys.readouterr().out.replace("\n", " ")
    assert "warning: random#1 and random#2 are the same bot, yet their win rates differ by" in out
    assert "more than chance explains" in out
    assert main(["sim", "coinduel", "-p", "2", "-n", "60", "--bots", "random"]) == 0
    assert "warning" not in capsys.readouterr().out
