"""Long work says how far it is when its output is not a terminal (a file, a pipe, nohup, CI):
a plain line on the error stream at every tenth, where a terminal gets Rich's bar."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from cli_process import bigtop
from rich.console import Console
from rich.progress import Progress

from bigtop.terminal import progress
from bigtop.terminal.progress import PlainProgress, progress_bar


def test_a_simulation_piped_to_a_file_says_each_tenth_on_the_error_stream() -> None:
    proc = bigtop("sim", "drumroll", "--bots", "random", "--players", "3", "--games", "20")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert [re.match(r"Drum Roll: (\d+)/20 \((\d+) %\), \d+:\d\d so far", line).groups() for line in lines] == [
        (str(2 * k), str(10 * k)) for k in range(1, 11)
    ]
    assert "left" in lines[0] and "left" not in lines[-1]  # an estimate while there is work left
    assert "Drum Roll: 20 games" in proc.stdout and "so far" not in proc.stdout  # the results alone on standard output


def test_an_arena_in_a_pipe_says_how_far_it_is(tmp_path: Path) -> None:
    proc = bigtop("arena", "drumroll", "--bots", "random", "--players", "2", "--games", "10", "--out", str(tmp_path / "a"))
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr.strip().splitlines()[-1].startswith("Drum Roll arena: 10/10 (100 %)")


def test_work_of_unknown_size_says_where_it_is_at_least_every_line_seconds(monkeypatch, capsys) -> None:
    with PlainProgress(disable=True) as bar:
        task = bar.add_task("reviewing games", total=None)
        bar.update(task, completed=3)
        assert capsys.readouterr().err == ""  # under a minute since the start: quiet
        monkeypatch.setattr(progress, "LINE_SECONDS", 0.0)
        bar.update(task, completed=4)
        assert re.fullmatch(r"reviewing games: 4, 0:00 so far\n", capsys.readouterr().err)
        bar.update(task, completed=5, total=10)  # the total known: a share of it
        assert capsys.readouterr().err.startswith("reviewing games: 5/10 (50 %)")


@pytest.mark.parametrize("terminal", [True, False])
def test_a_terminal_gets_richs_bar_and_anything_else_plain_lines(terminal: bool) -> None:
    console = Console(file=io.StringIO(), force_terminal=terminal)
    bar = progress_bar(console=console, transient=True)
    assert isinstance(bar, Progress) and isinstance(bar, PlainProgress) is not terminal


def test_amounts_are_whole_numbers_with_thousands_marked(capsys) -> None:
    with PlainProgress(disable=True) as bar:
        task = bar.add_task("training", total=2400.0)
        bar.update(task, completed=1263.6566)  # CPU seconds, as `rl train` counts them
    assert capsys.readouterr().err.startswith("training: 1,264/2,400 (53 %)")
