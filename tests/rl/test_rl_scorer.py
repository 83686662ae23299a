"""A policy that values positions (`--policy afterstate`, Carcassonne's learned bot): the network's
gradients, the best-valued action, learning values from a teacher's games and from its own (a tiny
budget here), and the bot `learned:weights=FILE` in the arena and on its way to a bot worker."""

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
from bigtop.rl.network import Adam
from bigtop.rl.rewards import shaped_rewards
from bigtop.rl.scorer import ScorerNetwork, ScorerSeat
from bigtop.rl.scoring import Positions, fit, play_watched
from bigtop.rl.train import Settings, train

GAME = games.get("carcassonne")
OPTIONS = GAME.parse_options(None)


def test_gradients_match_finite_differences() -> None:
    net = ScorerNetwork.initial(5, 6, seed=1, meta={})
    rng = np.random.default_rng(0)
    positions = rng.standard_normal((11, 5)).astype(np.float32)
    targets = rng.standard_normal(11).astype(np.float32)

    def loss() -> float:
        return net.gradients(positions, targets)[1]["value"]

    grads, terms = net.gradients(positions, targets)
    assert terms["value"] == pytest.approx(net.error(positions, targets, batch=4), rel=1e-6)
    assert_gradients_match_finite_differences(net, loss, grads, ("w1", "b1", "w2", "b2", "wv", "bv"))


def test_the_scorer_takes_the_action_of_its_best_valued_row_and_explores_when_asked() -> None:
    net = ScorerNetwork.initial(3, 8, seed=0, meta={})
    rows = np.random.default_rng(1).standard_normal((7, 3)).astype(np.float32)
    groups = np.array([0, 0, 1, 2, 2, 2, 3])
    assert net.act(rows, groups) == groups[int(np.argmax(net.values(rows)))]
    rng = np.random.default_rng(2)
    picks = [net.act(rows, groups, rng, explore=1.0) for _ in range(400)]
    assert set(picks) == {0, 1, 2, 3} and max(picks.count(g) for g in range(4)) < 140  # actions, not rows, uniformly
    assert {net.act(rows, groups, rng, explore=0.0) for _ in range(20)} == {net.act(rows, groups)}


def test_fitting_learns_a_value_the_features_determine() -> None:
    """The values of positions whose reward is a smooth function of their features are learned."""
    rng = np.random.default_rng(3)
    positions = Positions(4)
    for game in range(40):
        rows = rng.uniform(-1, 1, (50, 4)).astype(np.float32)
        positions.add(rows, np.tanh(2 * rows[:, 0] - rows[:, 1] * rows[:, 2]), game)
    positions.pack()
    assert len(positions) == 2000 and positions.games.tolist() == sorted(positions.games.tolist())
    net = ScorerNetwork.initial(4, 16, seed=0, meta={})
    before = net.error(positions.rows, positions.targets)
    fit(net, Adam(net.params, 3e-3), positions, 600, 128, rng)
    assert net.error(positions.rows, positions.targets) < 0.1 * before
    positions.add(np.zeros((5, 4)), np.ones(5), 40)
    assert len(positions.pack(keep=100)) == 100 and positions.games[-5:].tolist() == [40] * 5


def test_a_watched_game_pairs_each_position_after_each_move_with_the_seats_reward() -> None:
    features = GAME.afterstate_features(2, OPTIONS)
    seats = [bots.make("heuristic", GAME, s) for s in (1, 2)]
    state, rows, targets = play_watched(GAME, seats, 7, OPTIONS, features, [1, 0], Settings())
    moves = state.moves()
    replay = GAME.new(2, seed=7, options=OPTIONS)
    assert len(rows) == 2 * len(moves) and state.is_over()
    rewards = shaped_rewards(state, 0.02)
    assert targets[0::2] == [rewards[1]] * len(moves) and targets[1::2] == [rewards[0]] * len(moves)
    for index, (seat, action) in enumerate(moves):
        replay.apply(seat, action)
        if index % 17 == 0:  # each row describes the position after that move, from the watched seat's side
            assert np.array_equal(rows[2 * index], features.describe(replay, 1))
            assert np.array_equal(rows[2 * index + 1], features.describe(replay, 0))


def test_a_value_of_the_margin_alone_when_winning_weighs_nothing() -> None:
    """`--win-weight 0`: each position's target is the seat's final margin times the margin's weight."""
    features = GAME.afterstate_features(2, OPTIONS)
    seats = [bots.make("heuristic", GAME, s) for s in (3, 4)]
    state, _, targets = play_watched(GAME, seats, 8, OPTIONS, features, [0], Settings(win_weight=0.0, margin_weight=0.5))
    scores = state.scores()
    assert targets == [pytest.approx(0.5 * (scores[0] - scores[1]))] * len(targets)


@pytest.fixture(scope="module")
def trained(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("scorer")
    settings = Settings(
        players=2, max_games=4, games_per_update=2, hidden=8, policy="afterstate", opponents=("heuristic",),
        imitate="heuristic", imitate_games=4, imitate_epochs=2, batch=256,
    )
    train("carcassonne", settings, out)
    return out


def test_training_a_scorer_writes_weights_and_a_curve(trained: Path) -> None:
    summary = json.loads((trained / "curve.json").read_text())
    assert [p["games"] for p in summary["curve"]] == [2, 4]
    assert all(p["opponents"]["heuristic"]["games"] == 2 and p["decisions"] > 100 for p in summary["curve"])
    learned = summary["imitation"]
    assert learned["games"] == 4 and learned["positions"] > 4 * 200 and len(learned["epochs"]) == 2
    assert learned["held_out_positions"] > 0 and learned["epochs"][-1]["held_out_value"] > 0
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
    net = ScorerNetwork.load(weights)
    assert chosen == ScorerSeat(net, GAME.afterstate_features(2, OPTIONS)).choose(view, 0, legal)
    assert "net" not in bot.__getstate__() and "scorer" not in bot.__getstate__()
    assert pickle.loads(pickle.dumps(bot)).choose(view, 0, legal) == chosen


def test_the_scorer_refuses_another_table_and_changed_features(trained: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from bigtop.games.carcassonne import afterstates
    from bigtop.rl import scorer

    bot = bots.make(f"learned:weights={trained / 'policy.npz'}", GAME, 0)
    three = GAME.new(3, seed=0)
    with pytest.raises(BigtopError, match="trained for 2 players"):
        bot.choose(three.determinize(0, Rng(0)), 0, three.legal_actions(0))
    monkeypatch.setattr(afterstates, "SEAT_FEATURES", afterstates.SEAT_FEATURES[:-1])
    scorer._fingerprint.cache_clear()
    try:
        bot = bots.make(f"learned:weights={trained / 'policy.npz'}", GAME, 0)
        two = GAME.new(2, seed=0)
        with pytest.raises(BigtopError, match="other features"):
            bot.choose(two.determinize(0, Rng(0)), 0, two.legal_actions(0))
    finally:
        scorer._fingerprint.cache_clear()


def test_the_policies_a_run_may_train(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(BigtopError, match="has no afterstate features"):
        train("drumroll", Settings(players=2, max_games=2, policy="afterstate"), tmp_path / "dr")
    with pytest.raises(BigtopError, match="unknown policy 'deep'"):
        train("carcassonne", Settings(players=2, max_games=2, policy="deep"), tmp_path / "c")
    with pytest.raises(BigtopError, match="value positions: --policy afterstate"):
        train("carcassonne", Settings(players=2, max_games=2), tmp_path / "flat")
    out = tmp_path / "cli"
    code = main(["rl", "train", "carcassonne", "-p", "2", "--policy", "afterstate", "--imitate", "heuristic",
                 "--imitate-games", "2", "--imitate-epochs", "1", "--games", "1", "--hidden", "8", "--out", str(out)])
    printed = capsys.readouterr().out
    assert code == 0 and "learned the values of" in printed and "positions of heuristic's games" in printed
    assert ScorerNetwork.load(out / "policy.npz").meta["game"] == "carcassonne"
