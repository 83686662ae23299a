"""A policy that scores positions (`--policy afterstate`, Carcassonne's learned bot): the segment
softmax over a decision's rows, its gradients, imitation of the heuristic bot, PPO at a tiny budget,
and the bot `learned:weights=FILE` in the arena and on its way to a server's bot worker."""

from __future__ import annotations

import json
import pickle
from pathlib import Path

import numpy as np
import pytest
from test_rl_learned import assert_gradients_match_finite_differences

from bigtop import bots, games
from bigtop.cli import main
from bigtop.core.errors import BigtopError
from bigtop.core.rng import Rng
from bigtop.rl.imitate import imitate
from bigtop.rl.network import Adam
from bigtop.rl.scorer import Decisions, ScorerNetwork, policy, stack
from bigtop.rl.scoring import ScoredKeeper, play_teacher
from bigtop.rl.train import Settings, train

GAME = games.get("carcassonne")


def random_decisions(seed: int, count: int, width: int = 5) -> list[tuple[np.ndarray, np.ndarray, int, np.ndarray]]:
    """Decisions of 1-6 rows over 1-4 actions (every action with a row), a chosen action each."""
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(count):
        actions = int(rng.integers(1, 5))
        groups = np.sort(np.concatenate([np.arange(actions), rng.integers(0, actions, int(rng.integers(0, 3)))]))
        rows = rng.standard_normal((len(groups), width)).astype(np.float32)
        out.append((rows, groups, int(rng.integers(0, actions)), rng.standard_normal(width).astype(np.float32)))
    return out


def test_an_actions_probability_is_the_sum_over_its_rows() -> None:
    batch = stack(random_decisions(0, 30))
    scores = np.random.default_rng(1).standard_normal(len(batch.rows))
    pi = policy(scores, batch)
    assert np.allclose(np.bincount(batch.segment, pi.row_probs), 1.0)
    for d in range(len(batch)):
        rows = batch.segment == d
        expected = np.exp(scores[rows]) / np.exp(scores[rows]).sum()
        assert np.allclose(pi.row_probs[rows], expected)
        chosen = rows & (batch.group == batch.chosen[d])
        assert pi.chosen_probs[d] == pytest.approx(expected[chosen[rows]].sum())


def test_a_greedy_scorer_takes_the_action_of_its_best_row() -> None:
    net = ScorerNetwork.initial(5, 8, seed=0, meta={})
    rows, groups, _, _ = random_decisions(3, 1)[0]
    rows = np.concatenate([rows, rows]) if len(rows) == 1 else rows
    groups = np.arange(len(rows)) % 2
    chosen, logp = net.act(rows, groups)
    scores = net.scores(rows)
    assert chosen == groups[int(np.argmax(scores))]
    probs = np.exp(scores - scores.max()) / np.exp(scores - scores.max()).sum()
    assert logp == pytest.approx(np.log(probs[groups == chosen].sum()), abs=1e-5)


def batch_and_returns(seed: int) -> tuple[Decisions, np.ndarray]:
    batch = stack(random_decisions(seed, 9))
    return batch, np.random.default_rng(seed + 1).standard_normal(len(batch)).astype(np.float32)


def test_ppo_gradients_match_finite_differences() -> None:
    net = ScorerNetwork.initial(5, 6, seed=1, meta={})
    batch, returns = batch_and_returns(4)
    old = np.full(len(batch), -1.0, np.float32)
    advantages = np.random.default_rng(2).standard_normal(len(batch)).astype(np.float32)

    def loss() -> float:
        terms = net.gradients(batch, old, advantages, returns, 10.0, 0.5, 0.01)[1]
        return terms["policy"] + 0.5 * terms["value"] - 0.01 * terms["entropy"]

    grads, _ = net.gradients(batch, old, advantages, returns, 10.0, 0.5, 0.01)
    assert_gradients_match_finite_differences(net, loss, grads, ("w1", "b1", "w2", "b2", "ws", "wv", "bv"))


def test_imitation_gradients_match_finite_differences() -> None:
    net = ScorerNetwork.initial(5, 6, seed=2, meta={})
    batch, returns = batch_and_returns(5)

    def loss() -> float:
        terms = net.imitation_gradients(batch, returns, 0.5)[1]
        return terms["cross_entropy"] + 0.5 * terms["value"]

    grads, terms = net.imitation_gradients(batch, returns, 0.5)
    assert terms == net.imitation_terms(batch, returns)
    assert_gradients_match_finite_differences(net, loss, grads, ("w1", "b1", "w2", "ws", "wv"))


def test_ppo_makes_the_action_that_earned_more_likelier() -> None:
    """Rows of action 1 earn more than action 0's: a few PPO steps make action 1 the likelier."""
    net = ScorerNetwork.initial(3, 8, seed=0, meta={})
    rows = np.array([[1, 0, 0], [1, 0, 1], [0, 1, 0]], np.float32)  # action 0: rows 0 and 1; action 1: row 2
    groups = np.array([0, 0, 1])
    decisions = [(rows, groups, d % 2, np.zeros(3, np.float32)) for d in range(64)]
    batch = stack(decisions)
    advantages = np.where(batch.chosen % 2 == 1, 1.0, -1.0).astype(np.float32)  # group ids grow by 2 a decision
    old = np.log(policy(net.scores(batch.rows), batch).chosen_probs).astype(np.float32)
    optimizer = Adam(net.params, 0.05)
    for _ in range(5):
        grads, _ = net.gradients(batch, old, advantages, advantages, 0.2, 0.5, 0.0)
        optimizer.step(net.params, grads)
    chosen, logp = net.act(rows, groups)
    assert chosen == 1 and logp > np.log(0.6)


@pytest.fixture(scope="module")
def demos():
    """The heuristic bot's decisions in 14 two-player games, as rows of afterstate features."""
    keeper = ScoredKeeper(GAME.afterstate_features(2, GAME.parse_options(None)))
    play_teacher(GAME, 2, GAME.parse_options(None), "heuristic", 14, 500, 0.02, keeper)
    return keeper.freeze()


def test_the_teachers_decisions_are_kept_with_each_choice_among_its_rows(demos) -> None:
    assert len(demos) > 14 * 60 and set(demos.seats.tolist()) == {0, 1}
    assert demos.games.tolist() == sorted(demos.games.tolist()) and int(demos.games.max()) == 13
    for rows, groups, chosen, own in demos.decisions[:200]:
        assert len(rows) == len(groups) > 1 and chosen in groups and own.shape == (rows.shape[1],)
    # each game's returns are its seats' shaped rewards: one winner's +1 (plus margin), or a tie
    for game in range(14):
        rewards = {int(s): float(r) for s, r in zip(demos.seats[demos.games == game], demos.returns[demos.games == game], strict=True)}
        assert len(rewards) == 2 and (max(rewards.values()) > 0.99 or min(rewards.values()) >= -0.01)


def test_a_scorer_learns_to_choose_as_the_heuristic_bot_on_games_it_never_saw(demos) -> None:
    net = ScorerNetwork.initial(demos.decisions[0][0].shape[1], 32, seed=0, meta={})
    held_out = np.flatnonzero(demos.games >= 13)  # the last tenth of the games, rounded: one
    untrained = net.imitation_terms(*demos.batch(held_out))["agreement"]
    result = imitate(net, demos, 8, 3e-3, 128, 0.5, np.random.default_rng(0))
    last = result["epochs"][-1]
    assert result["held_out_decisions"] == len(held_out)
    assert last["held_out_agreement"] > max(0.7, untrained + 0.3)
    assert last["held_out_cross_entropy"] < result["epochs"][0]["held_out_cross_entropy"]


@pytest.fixture(scope="module")
def trained(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("scorer")
    settings = Settings(
        players=2, max_games=4, games_per_update=2, hidden=8, policy="afterstate", opponents=("heuristic",),
        imitate="heuristic", imitate_games=3, imitate_epochs=1,
    )
    train("carcassonne", settings, out)
    return out


def test_training_a_scorer_writes_weights_and_a_curve(trained: Path) -> None:
    summary = json.loads((trained / "curve.json").read_text())
    assert [p["games"] for p in summary["curve"]] == [2, 4]
    assert all(p["opponents"]["heuristic"]["games"] == 2 and p["decisions"] > 40 for p in summary["curve"])
    assert summary["imitation"]["games"] == 3 and summary["imitation"]["decisions"] > 0
    net = ScorerNetwork.load(trained / "policy.npz")
    assert net.meta["policy"] == "afterstate" and net.meta["players"] == 2 and net.meta["hidden"] == 8


def test_the_scorer_plays_in_the_arena_and_travels_without_its_network(trained: Path, tmp_path: Path) -> None:
    weights = trained / "policy.npz"
    code = main(["arena", "carcassonne", "-p", "2", "--bots", f"learned:weights={weights},random", "-n", "2",
                 "--seed", "3", "--workers", "1", "--out", str(tmp_path)])
    assert code == 0
    entrants = json.loads((tmp_path / "summary.json").read_text())["entrants"]
    assert sum(e["games"] for e in entrants if e["spec"].startswith("learned")) == 2
    bot = bots.make(f"learned:weights={weights}", GAME, 0)
    state = GAME.new(2, seed=6)
    view, legal = state.determinize(0, Rng(1)), state.legal_actions(0)
    chosen = bot.choose(view, 0, legal)
    sent = pickle.loads(pickle.dumps(bot))
    assert "net" not in bot.__getstate__() and "scorer" not in bot.__getstate__()
    assert sent.choose(view, 0, legal) == chosen


def test_the_scorer_refuses_another_table_and_changed_features(trained: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from bigtop.games.carcassonne import afterstates
    from bigtop.rl import scoring

    bot = bots.make(f"learned:weights={trained / 'policy.npz'}", GAME, 0)
    three = GAME.new(3, seed=0)
    with pytest.raises(BigtopError, match="trained for 2 players"):
        bot.choose(three.determinize(0, Rng(0)), 0, three.legal_actions(0))
    monkeypatch.setattr(afterstates, "SEAT_FEATURES", afterstates.SEAT_FEATURES[:-1])
    scoring._fingerprint.cache_clear()
    bot = bots.make(f"learned:weights={trained / 'policy.npz'}", GAME, 0)
    two = GAME.new(2, seed=0)
    with pytest.raises(BigtopError, match="other features"):
        bot.choose(two.determinize(0, Rng(0)), 0, two.legal_actions(0))
    scoring._fingerprint.cache_clear()


def test_the_policies_a_run_may_train(tmp_path: Path) -> None:
    with pytest.raises(BigtopError, match="has no afterstate features"):
        train("drumroll", Settings(players=2, max_games=2, policy="afterstate"), tmp_path / "dr")
    with pytest.raises(BigtopError, match="unknown policy 'deep'"):
        train("carcassonne", Settings(players=2, max_games=2, policy="deep"), tmp_path / "c")
    with pytest.raises(BigtopError, match="score positions: --policy afterstate"):
        train("carcassonne", Settings(players=2, max_games=2), tmp_path / "flat")
