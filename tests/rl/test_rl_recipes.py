"""The training recipes of docs/rl.md run at a tiny budget, so that they cannot rot: sb3-contrib's
MaskablePPO on SeatEnv, CleanRL-style PPO over AsyncVectorEnv, OpenSpiel's NFSP through
rl_environment, and any policy evaluated by `bigtop arena` through `--import`."""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_rl_examples import EXAMPLES, load

from bigtop.cli import main


@pytest.fixture
def two_threads() -> Iterator[Any]:
    """torch on two threads, as on a two-core machine, restored afterwards (the setting is the
    whole process's). The training recipes must leave it at one: with one thread per core, their
    small networks ran over ten times slower on a busy machine, the threads waiting for each other
    at every operation."""
    import torch

    before = torch.get_num_threads()
    torch.set_num_threads(2)
    yield torch
    torch.set_num_threads(before)


def test_maskable_ppo_trains_on_a_seat_and_plays_masked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, two_threads: Any) -> None:
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    result = load("sb3_maskable_ppo").main(["--game", "drumroll", "--players", "2", "--timesteps", "256", "--eval-games", "2"])
    assert result["timesteps"] >= 256 and result["games"] == 2 and 0.0 <= result["win_rate"] <= 1.0
    assert not list(tmp_path.glob("SB3-*"))  # no log folder of stable-baselines3 left in the temporary directory
    assert two_threads.get_num_threads() == 1


def test_cleanrl_style_ppo_runs_seats_in_worker_processes(two_threads: Any) -> None:
    result = load("cleanrl_ppo").main(["--game", "highcard", "--players", "3", "--envs", "2", "--steps", "16", "--updates", "2"])
    assert result["decisions"] == 64 and result["episodes"] > 0 and 0.0 <= result["win_rate"] <= 1.0
    assert two_threads.get_num_threads() == 1


def test_nfsp_learns_through_rl_environment(two_threads: Any) -> None:
    result = load("openspiel_nfsp").main(["--game", "highcard", "--players", "2", "--episodes", "8", "--eval-games", "3"])
    assert result["episodes"] == 8 and -1.0 <= result["mean_return"] <= 1.0
    assert two_threads.get_num_threads() == 1


def test_any_policy_plays_in_the_arena_through_import(tmp_path: Path) -> None:
    code = main([
        "arena", "drumroll", "-p", "2", "--bots", "cautious,random", "-n", "2", "--seed", "3", "--workers", "2",
        "--import", str(EXAMPLES / "arena_policy.py"), "--out", str(tmp_path),
    ])
    assert code == 0
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert {e["spec"] for e in summary["entrants"]} == {"cautious", "random"}
    assert sum(e["games"] for e in summary["entrants"]) == 4


def test_the_learned_and_policy_bots_need_no_training_library() -> None:
    done = subprocess.run(
        [sys.executable, "-c", "import sys, bigtop.rl.learned, bigtop.rl.policy_bot; "
         "print(sorted(m for m in ('torch', 'pettingzoo', 'gymnasium', 'pyspiel', 'sb3_contrib') if m in sys.modules))"],
        capture_output=True, text=True, timeout=120,
    )
    assert done.returncode == 0 and done.stdout.strip() == "[]", done.stderr
