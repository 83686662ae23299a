"""`bigtop rl bench`: decisions/s through the engine, PettingZoo and OpenSpiel, side by side."""

from __future__ import annotations

import threading

import pytest
from rich.console import Console

from bigtop.cli import main
from bigtop.core.options import OptionError
from bigtop.rl import speed
from bigtop.terminal.bench import progress_steps, run_interface_bench


@pytest.mark.parametrize("interface", sorted(speed.INTERFACES))
def test_each_interface_is_measured(interface: str) -> None:
    rate = speed.INTERFACES[interface]("highcard", 3, 0.05, None)
    assert rate > 100  # decisions per second; the slowest interface does thousands


@pytest.mark.parametrize("interface", sorted(speed.INTERFACES))
def test_options_reach_every_interface(interface: str) -> None:
    assert speed.INTERFACES[interface]("highcard", 3, 0.05, {"rounds": "1"}) > 0
    with pytest.raises(OptionError, match="unknown option nosuch"):
        speed.INTERFACES[interface]("highcard", 3, 0.05, {"nosuch": "1"})


def test_run_interface_bench_prints_raw_and_wrapper_figures() -> None:
    console = Console(record=True, width=160)
    rows = run_interface_bench(["highcard"], 2, 0.05, 1, {}, console)
    assert rows[0]["game"] == "highcard" and rows[0]["players"] == 2
    assert all(rows[0][k] > 0 for k in ("engine", "observed", "pettingzoo", "pettingzoo_read", "openspiel"))
    assert rows[0]["observed"] < rows[0]["engine"]  # encoding an observation is never free
    text = console.export_text()
    assert "+ obs" in text and "+ read" in text and "openspiel" in text and "pettingzoo" in text


def test_cli_rl_bench(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rl", "bench", "highcard", "--seconds", "0.05", "--runs", "1", "-p", "3"]) == 0
    out = capsys.readouterr().out
    assert "highcard" in out and "openspiel" in out
    assert main(["rl", "bench", "--help"]) == 0 and "Usage" in capsys.readouterr().out
    assert main(["rl", "--help"]) == 0 and "bench" in capsys.readouterr().out


def test_cpu_clock_counts_cpu_time_not_sleep() -> None:
    import time

    def sleepy(index: int) -> int:
        time.sleep(0.02)
        return 1

    with speed.cpu_clock():
        slept = speed.timed_games(sleepy, 0.001)
    assert slept[1] > 200  # 20 ms asleep per game is almost no CPU time
    assert speed.timed_games(sleepy, 0.001)[1] < 60  # the wall clock counts it


def test_cli_rl_bench_on_cpu_time(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rl", "bench", "highcard", "--seconds", "0.05", "--runs", "1", "-p", "2", "--cpu"]) == 0
    assert "highcard" in capsys.readouterr().out


def test_cli_rl_bench_unknown_game_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rl", "bench", "nosuchgame"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("bigtop: error: unknown game") and err.count("\n") == 1


def test_the_progress_bar_runs_no_thread_while_a_measurement_is_timed() -> None:
    console = Console(record=True, width=80, force_terminal=True)
    before = threading.active_count()
    seen = []
    with progress_steps(console, 2) as run:
        assert run("first", lambda x, y=0: seen.append(threading.active_count()) or x + y, 2, y=3) == 5
        assert run("second", lambda: seen.append(threading.active_count()) or 7) == 7
    assert seen == [before, before]
    assert "second" in console.export_text()
