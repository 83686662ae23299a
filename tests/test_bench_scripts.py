"""The speed-comparison scripts under bench/: each measure runs on the tree it is given."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, env=env, timeout=120)


@pytest.mark.parametrize("measure", ["playout", "ismcts", "determinize", "phases", "turns", "view", "evaluate"])
def test_each_measure_prints_a_positive_rate(measure: str) -> None:
    done = run(str(ROOT / "bench" / "worker.py"), measure, "carcassonne", "2", "--work", "0.05")
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["rate"] > 0
    if measure == "determinize":
        assert result["ratio"] == pytest.approx(result["determinize_s"] / result["clone_s"])
    if measure in ("phases", "turns"):
        assert len(result["thirds_s"]) == 3 and all(t > 0 for t in result["thirds_s"])


def test_compare_refuses_a_revision_that_does_not_exist() -> None:
    done = run(str(ROOT / "bench" / "compare.py"), "no-such-revision-anywhere", "-r", "1")
    assert done.returncode != 0 and "no-such-revision-anywhere' is not a revision" in done.stderr
    assert "Traceback" not in done.stderr


def test_the_instruction_count_of_a_measure_is_positive() -> None:
    done = run(str(ROOT / "bench" / "instructions.py"), "playout", "drumroll")
    assert done.returncode == 0, done.stderr
    assert re.fullmatch(r"drumroll playout: [\d,]+ instructions per game on .+\n", done.stdout)
    assert int(done.stdout.split()[2].replace(",", "")) > 1_000_000


def test_the_instruction_count_work_runs_inside_without_valgrind() -> None:
    """What valgrind runs: the work itself, which says how many units it did."""
    for what, units in (("playout", "3"), ("ismcts", "6"), ("openspiel", None)):
        done = run(str(ROOT / "bench" / "instructions.py"), "--inside", what, "carcassonne", "2" if what == "ismcts" else "3")
        assert done.returncode == 0, done.stderr
        got = done.stdout.split()
        assert got[0] == "UNITS" and (got[1] == units if units else int(got[1]) > 3 * 50)


def test_store_writes_prints_the_cpu_time_of_a_stored_move() -> None:
    done = run(str(ROOT / "bench" / "store_writes.py"), "--tables", "4", "--moves", "40")
    assert done.returncode == 0, done.stderr
    found = re.fullmatch(r"([\d.]+) us of CPU per stored move \(40 moves, 4 tables\)\n", done.stdout)
    assert found is not None and float(found.group(1)) > 0


def test_bot_games_print_the_same_digest_each_time_with_the_bot_asked_for() -> None:
    args = (str(ROOT / "bench" / "heuristic_games.py"), "carcassonne", "--players", "2", "--games", "1")
    first, again = (run(*args, "--bot", "ismcts:iterations=5") for _ in range(2))
    assert first.returncode == 0, first.stderr
    assert re.fullmatch(r"1 games of .+ at 2 players, ismcts:iterations=5: moves digest [0-9a-f]{16}\n", first.stdout)
    assert first.stdout == again.stdout
    assert run(*args).stdout.split()[-1] != first.stdout.split()[-1]  # the heuristic bot plays other moves


def test_the_review_spot_check_pairs_its_playouts() -> None:
    """`bench/review_spot_check.py`'s yardstick plays both moves from the same determinizations with
    the same bots: a move against itself differs by nothing, and swapping the two moves turns the
    difference round exactly."""
    sys.path.insert(0, str(ROOT / "bench"))
    from review_spot_check import lead_difference

    from bigtop import games

    state = games.get("drumroll").new(2, seed=4)
    seat = state.to_move()[0]
    first, second = state.legal_actions(seat)[:2]
    assert lead_difference(state, seat, first, first, 3) == (0.0, 0.0)
    ahead, half = lead_difference(state, seat, first, second, 3)
    behind, other_half = lead_difference(state, seat, second, first, 3)
    assert ahead == -behind and half == other_half and half > 0
