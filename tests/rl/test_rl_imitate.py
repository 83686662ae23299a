"""Imitation before PPO (`bigtop.rl.imitate`, `bigtop rl train --imitate BOT`): the teacher's
demonstrations, and a network that learns to choose as the teacher does (the cross-entropy's
gradients are checked in test_rl_learned.py)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from bigtop import bots
from bigtop.bots.match import play_game
from bigtop.cli import main
from bigtop.rl.imitate import Demonstrations, SparseRows, demonstrate, imitate, rows, teacher_seed
from bigtop.rl.network import PolicyNetwork
from bigtop.rl.rewards import shaped_rewards
from bigtop.rl.seat import SeatEnv


def drumroll_demos(count: int, seed: int = 0) -> tuple[SeatEnv, Demonstrations]:
    env = SeatEnv("drumroll", 2, illegal="raise")
    return env, demonstrate(env, "heuristic", count, seed, 0.02)


def test_demonstrations_keep_the_teachers_real_decisions() -> None:
    env, demos = drumroll_demos(3)
    everything = np.arange(len(demos))
    obs, masks = demos.obs.dense(everything), demos.masks.dense(everything)
    assert len(demos) > 100 and obs.shape == (len(demos), int(np.prod(env.encoder.shape)))
    assert masks.shape == (len(demos), env.actions.size) and masks.dtype == np.bool_
    assert masks[everything, demos.actions].all()  # every choice is legal
    assert (masks.sum(axis=1) > 1).all()  # a forced move teaches nothing and is left out
    assert sorted(set(demos.games.tolist())) == [0, 1, 2] and (np.diff(demos.games) >= 0).all()
    # the games are those the kernel's runner plays with the teacher at every seat; a decision's
    # return is its seat's final reward there: +1, 0 or -1 for the result plus 0.02 x its margin
    for number in range(3):
        teachers = [bots.make("heuristic", env.game, teacher_seed(number, seat)) for seat in range(2)]
        final = play_game(env.game, teachers, number, env.options)
        mine = demos.games == number
        assert np.allclose(demos.returns[mine], np.asarray(shaped_rewards(final, 0.02))[demos.seats[mine]])
        assert sorted(set(demos.seats[mine].tolist())) == [0, 1] and mine.sum() < final.move_count
    again = drumroll_demos(3)[1]
    assert np.array_equal(again.actions, demos.actions) and np.array_equal(again.obs.dense(everything), obs)
    assert not np.array_equal(drumroll_demos(3, seed=10)[1].actions[:50], demos.actions[:50])


def test_sparse_rows_give_back_the_dense_rows() -> None:
    rng = np.random.default_rng(3)
    dense = (rng.random((50, 30)) < 0.1) * rng.standard_normal((50, 30)).astype(np.float32)
    dense[7] = 0.0  # an all-zero row
    kept = SparseRows(30)
    for row in dense:
        kept.append(row)
    kept.freeze()
    assert len(kept) == 50 and len(kept.values) == np.count_nonzero(dense)
    picked = np.array([7, 0, 49, 7, 12])
    assert np.array_equal(kept.dense(picked), dense[picked].astype(np.float32))
    assert kept.dense(np.array([], np.int64)).shape == (0, 30)


def test_a_network_learns_to_choose_as_its_teacher_on_games_it_never_saw() -> None:
    env, demos = drumroll_demos(40)
    net = PolicyNetwork.initial(demos.obs.width, env.actions.size, 32, seed=0, meta={})
    before = imitate(net, demos, 0, 1e-3, 256, 0.5, np.random.default_rng(0))
    assert before["epochs"] == [] and before["held_out_decisions"] > 200
    untrained = net.imitation_terms(*rows(demos, np.flatnonzero(demos.games >= 36)))["agreement"]
    result = imitate(net, demos, 6, 1e-3, 256, 0.5, np.random.default_rng(0))
    assert result["held_out_decisions"] == before["held_out_decisions"]  # the last 4 of 40 games
    assert result["decisions"] + result["held_out_decisions"] == len(demos)
    last = result["epochs"][-1]
    assert last["held_out_agreement"] > max(0.6, untrained + 0.3)
    # the training terms are over the whole pass: they fall from pass to pass as the network fits
    assert result["epochs"][-1]["cross_entropy"] < result["epochs"][0]["cross_entropy"]
    assert result["epochs"][-1]["agreement"] > result["epochs"][0]["agreement"]
    assert last["held_out_cross_entropy"] < result["epochs"][0]["held_out_cross_entropy"]


def test_cli_rl_train_imitates_then_trains(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "run"
    args = ["rl", "train", "drumroll", "-p", "2", "--imitate", "heuristic", "--imitate-games", "5", "--imitate-epochs", "2"]
    assert main([*args, "--games", "4", "--hidden", "8", "--out", str(out)]) == 0
    printed = " ".join(capsys.readouterr().out.split())
    assert "imitated heuristic over" in printed and "of held-out decisions" in printed and "training games" in printed
    summary = json.loads((out / "curve.json").read_text())
    imitation = summary["imitation"]
    assert imitation["teacher"] == "heuristic" and imitation["games"] == 5 and len(imitation["epochs"]) == 2
    assert summary["curve"] and summary["curve"][-1]["games"] >= 4
    assert PolicyNetwork.load(out / "policy.npz").meta["hidden"] == 8
    assert main([*args, "--games", "4", "--imitate", "nosuchbot", "--out", str(tmp_path / "bad")]) == 2
    assert "unknown bot" in capsys.readouterr().err
    assert main([*args, "--games", "4", "--imitate-epochs", "0", "--out", str(tmp_path / "none")]) == 2
    assert "--imitate-epochs" in capsys.readouterr().err
