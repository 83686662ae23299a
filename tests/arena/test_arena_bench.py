"""ISMCTS speed: `measure_ismcts` and `bigtop bench-ismcts`."""

from __future__ import annotations

import pytest

from bigtop.cli import main
from bigtop.terminal.bench import measure_ismcts


def test_ismcts_runs_thousands_of_iterations_per_second_on_highcard() -> None:
    # about 11,000/s on an idle core; the bound leaves room for a busy machine
    assert measure_ismcts("highcard", 3, 0.6) > 1000


def test_bench_ismcts_command_prints_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench-ismcts", "highcard", "-p", "2", "--seconds", "0.2", "--runs", "1"]) == 0
    out = capsys.readouterr().out
    assert "highcard" in out and "iterations/s" in out


def test_bench_ismcts_takes_bot_parameters(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench-ismcts", "highcard", "--bot", "ismcts:depth=0", "--seconds", "0.2", "--runs", "1"]) == 0
    assert "ismcts:depth=0" in capsys.readouterr().out
    assert main(["bench-ismcts", "highcard", "--bot", "random"]) == 2
    assert main(["bench-ismcts", "highcard", "--bot", "ismcts:fast=1", "--runs", "1"]) == 2
