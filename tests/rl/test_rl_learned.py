"""The learned baseline: PPO through the PettingZoo environment (a tiny budget here), the policy
network's gradients, and the bot `learned:weights=FILE` in the arena."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from bigtop import bots, games
from bigtop.cli import main
from bigtop.core.errors import BigtopError
from bigtop.rl.network import Adam, PolicyNetwork
from bigtop.rl.train import Settings, train


@pytest.fixture(scope="module")
def trained(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """High Card weights after a few seconds of training."""
    out = tmp_path_factory.mktemp("learned")
    train("highcard", Settings(players=2, minutes=1.0, max_games=16, games_per_update=8, hidden=16), out)
    return out


def test_training_writes_weights_and_a_learning_curve(trained: Path) -> None:
    summary = json.loads((trained / "curve.json").read_text())
    assert [point["games"] for point in summary["curve"]] == [8, 16]
    assert all(0.0 <= point["win_rate"] <= 1.0 and point["decisions"] > 0 for point in summary["curve"])
    assert (trained / "curve.png").read_bytes()[:4] == b"\x89PNG"
    net = PolicyNetwork.load(trained / "policy.npz")
    assert net.meta["game"] == "highcard" and net.meta["players"] == 2 and net.meta["hidden"] == 16
    assert (trained / "policy.npz").stat().st_size < 5_000_000


def test_training_changes_the_policy_towards_better_actions() -> None:
    """One PPO step on a batch where action 1 earned more than action 0 makes action 1 likelier."""
    net = PolicyNetwork.initial(4, 3, 8, seed=0, meta={})
    obs = np.ones((64, 4), np.float32)
    masks = np.ones((64, 3), bool)
    masks[:, 2] = False
    actions = np.array([0, 1] * 32)
    old = np.array([np.log(0.5)] * 64, np.float32)
    advantages = np.where(actions == 1, 1.0, -1.0).astype(np.float32)
    optimizer = Adam(net.params, 0.05)
    for _ in range(5):
        grads, _ = net.gradients(obs, masks, actions, old, advantages, advantages, 0.2, 0.5, 0.0)
        optimizer.step(net.params, grads)
    action, logp, _ = net.act(obs[0], np.array([0, 1]))
    assert action == 1 and logp > np.log(0.6)


def assert_gradients_match_finite_differences(net: PolicyNetwork, loss, grads: dict[str, np.ndarray], names: tuple[str, ...]) -> None:
    """Each named parameter's largest gradient entry agrees with a central difference of `loss`."""
    for name in names:
        params = net.params[name]
        index = tuple(int(i) for i in np.unravel_index(int(np.argmax(np.abs(grads[name]))), params.shape))
        original = float(params[index])
        step = 1e-2
        params[index] = original + step
        up = loss()
        params[index] = original - step
        down = loss()
        params[index] = original
        assert (up - down) / (2 * step) == pytest.approx(float(grads[name][index]), rel=0.05, abs=1e-4)


def random_batch(seed: int, rows: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Observations of 5 features, masks over 4 actions (action 1 always legal), a legal action
    and a return for each row."""
    rng = np.random.default_rng(seed)
    obs = rng.standard_normal((rows, 5)).astype(np.float32)
    masks = rng.random((rows, 4)) < 0.6
    masks[:, 1] = True
    actions = np.array([int(rng.choice(np.flatnonzero(m))) for m in masks])
    return obs, masks, actions, rng.standard_normal(rows).astype(np.float32)


def test_gradients_match_finite_differences() -> None:
    net = PolicyNetwork.initial(5, 4, 6, seed=1, meta={})
    obs, masks, actions, ret = random_batch(0, 7)
    old = np.full(7, -1.0, np.float32)
    adv = np.random.default_rng(1).standard_normal(7).astype(np.float32)

    def loss() -> float:
        terms = net.gradients(obs, masks, actions, old, adv, ret, 10.0, 0.5, 0.01)[1]
        return terms["policy"] + 0.5 * terms["value"] - 0.01 * terms["entropy"]

    grads, _ = net.gradients(obs, masks, actions, old, adv, ret, 10.0, 0.5, 0.01)
    assert_gradients_match_finite_differences(net, loss, grads, ("w1", "b2", "wp", "bv"))


def test_imitation_gradients_match_finite_differences() -> None:
    """The cross-entropy against a teacher's choices plus the value error (`--imitate`)."""
    net = PolicyNetwork.initial(5, 4, 6, seed=2, meta={})
    obs, masks, actions, returns = random_batch(1, 9)

    def loss() -> float:
        terms = net.imitation_gradients(obs, masks, actions, returns, 0.5)[1]
        return terms["cross_entropy"] + 0.5 * terms["value"]

    grads, terms = net.imitation_gradients(obs, masks, actions, returns, 0.5)
    assert terms == net.imitation_terms(obs, masks, actions, returns)  # the same terms without a backward pass
    assert_gradients_match_finite_differences(net, loss, grads, ("w1", "b1", "w2", "wp", "bp", "wv"))


def test_the_learned_bot_plays_in_the_arena(trained: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    weights = trained / "policy.npz"
    code = main(["arena", "highcard", "--bots", f"learned:weights={weights},random", "-n", "4", "--seed", "1", "--out", str(tmp_path)])
    assert code == 0
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert "learned" in json.dumps(summary) and "random" in json.dumps(summary)
    assert len(list((tmp_path / "records").iterdir())) == 4


def test_the_learned_bot_refuses_weights_of_another_table(trained: Path) -> None:
    weights = str(trained / "policy.npz")
    game = games.get("highcard")
    bot = bots.make(f"learned:weights={weights}", game, 0)
    three = game.new(3, seed=0)
    with pytest.raises(BigtopError, match="trained for 2 players"):
        bot.choose(three.determinize(0, three.rng.fork()), 0, three.legal_actions(0))
    two = game.new(2, seed=0)
    assert bot.choose(two.determinize(0, two.rng.fork()), 0, two.legal_actions(0)) in two.legal_actions(0)
    with pytest.raises(BigtopError, match="trained for highcard, not Drum Roll|trained for highcard, not drumroll"):
        bots.make(f"learned:weights={weights}", games.get("drumroll"), 0)
    with pytest.raises(BigtopError, match="no weights are shipped for highcard"):
        bots.make("learned", game, 0)
    with pytest.raises(BigtopError, match="cannot read policy weights"):
        bots.make("learned:weights=/no/such/file.npz", game, 0)


def test_cli_rl_train(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "run"
    assert main(["rl", "train", "highcard", "-p", "2", "--games", "8", "--hidden", "8", "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "training games" in printed and (out / "policy.npz").exists()
    assert main(["rl", "train", "carcassonne", "--games", "1", "--out", str(tmp_path / "c")]) == 2
    assert "too many for this small network" in capsys.readouterr().err


def test_training_goes_on_from_weights_against_other_bots(trained: Path, tmp_path: Path) -> None:
    start = PolicyNetwork.load(trained / "policy.npz")
    settings = Settings(
        players=2, max_games=8, games_per_update=4, opponents=("ismcts:iterations=5", "random"),
        init=str(trained / "policy.npz"),
    )
    summary = train("highcard", settings, tmp_path / "more")
    assert [point["games"] for point in summary["curve"]] == [4, 8]
    # the curve is kept per opponent, each taken for a whole round of seats (2 games) in turn
    assert [point["opponents"] for point in summary["curve"]] == [
        {spec: {"games": 2, "wins": p["opponents"][spec]["wins"], "margin": p["opponents"][spec]["margin"]}
         for spec in ("ismcts:iterations=5", "random")} for p in summary["curve"]
    ]
    after = PolicyNetwork.load(tmp_path / "more" / "policy.npz")
    assert after.meta == start.meta and not np.array_equal(after.params["wp"], start.params["wp"])
    with pytest.raises(BigtopError, match="unknown bot"):
        train("highcard", Settings(players=2, max_games=4, opponents=("nosuchbot",)), tmp_path / "bad")
    with pytest.raises(BigtopError, match="trained for another table"):
        train("highcard", Settings(players=3, max_games=4, init=str(trained / "policy.npz")), tmp_path / "three")


def test_weights_refuse_a_game_whose_observations_changed(trained: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from rl_highcard import use_highcard_encoder

    game = games.get("highcard")
    use_highcard_encoder(monkeypatch)  # High Card now observed through another encoder
    bot = bots.make(f"learned:weights={trained / 'policy.npz'}", game, 0)
    two = game.new(2, seed=0)
    with pytest.raises(BigtopError, match="other observations"):
        bot.choose(two.determinize(0, two.rng.fork()), 0, two.legal_actions(0))


SHIPPED = [
    ("drumroll", 2), ("drumroll", 3), ("drumroll", 4), ("trollfest", 3), ("trollfest", 4),
    ("carcassonne", 2), ("carcassonne", 3), ("carcassonne", 4), ("carcassonne", 5),
]


def test_weights_ship_for_these_tables_only() -> None:
    from bigtop.rl.learned import shipped_players

    assert [(name, p) for name in games.names() for p in shipped_players(name)] == SHIPPED


@pytest.mark.parametrize(("name", "players"), SHIPPED)
def test_the_shipped_weights_fit_todays_game_and_beat_random_play(name: str, players: int, tmp_path: Path) -> None:
    from bigtop.rl.encoding import fingerprint
    from bigtop.rl.learned import network, shipped_weights
    from bigtop.rl.scorer import ScorerNetwork, features_fingerprint

    weights = shipped_weights(name, players)
    assert weights is not None and weights.stat().st_size < 5_000_000
    net = network(str(weights))
    game = games.get(name)
    assert (net.meta["game"], net.meta["players"]) == (name, players)
    if isinstance(net, ScorerNetwork):  # trained on today's rules and features
        assert net.meta["features"] == features_fingerprint(game, players, None)
    else:  # trained on today's rules and observations
        assert net.meta["observation"] == fingerprint(game, players, game.parse_options(None))
    field = ",".join(["learned"] + ["random"] * (players - 1))
    code = main(["arena", name, "-p", str(players), "--bots", field, "-n", str(players), "--seed", "5",
                 "--workers", "1", "--out", str(tmp_path)])
    assert code == 0
    summary = json.loads((tmp_path / "summary.json").read_text())
    learned = next(e for e in summary["entrants"] if e["spec"] == "learned")
    assert learned["games"] == players and learned["wins"] == players  # it beats random play (97-100 % over 200 games)


def test_a_table_without_shipped_weights_is_refused_with_those_that_have_them() -> None:
    game = games.get("trollfest")
    five = game.new(5, seed=0)
    with pytest.raises(BigtopError, match=r"no learned weights are shipped for Troll Fest at 5 players \(shipped: 3, 4\)"):
        bots.make("learned", game, 0).choose(five.determinize(0, five.rng.fork()), 0, five.legal_actions(0))
    carcassonne = games.get("carcassonne")
    six = carcassonne.new(6, seed=0)
    with pytest.raises(BigtopError, match=r"no learned weights are shipped for Carcassonne .* at 6 players \(shipped: 2, 3, 4, 5\)"):
        bots.make("learned", carcassonne, 0).choose(six.determinize(0, six.rng.fork()), 0, six.legal_actions(0))


@pytest.mark.parametrize(("name", "players", "actions"), [("drumroll", 2, "flat"), ("trollfest", 3, "flat"), ("carcassonne", 2, "compact")])
def test_every_game_trains_and_its_weights_play_in_the_arena(name: str, players: int, actions: str, tmp_path: Path) -> None:
    settings = Settings(players=players, max_games=2, games_per_update=2, hidden=8, actions=actions, opponents=("heuristic",))
    summary = train(name, settings, tmp_path / "run")
    assert summary["curve"][0]["opponents"]["heuristic"]["games"] == 2
    weights = tmp_path / "run" / "policy.npz"
    field = ",".join([f"learned:weights={weights}"] + ["random"] * (players - 1))
    code = main(["arena", name, "-p", str(players), "--bots", field, "-n", str(players),
                 "--seed", "2", "--workers", "1", "--out", str(tmp_path / "arena")])
    assert code == 0
    entrants = json.loads((tmp_path / "arena" / "summary.json").read_text())["entrants"]
    assert sum(e["games"] for e in entrants if e["spec"].startswith("learned")) == players


def test_the_learned_bot_travels_to_a_worker_without_its_network() -> None:
    """A web table's bot is pickled to a bot worker with every move: its weights' path goes, not
    its network, which the worker reads once; the copy plays as the bot does."""
    import pickle

    game = games.get("trollfest")
    state = game.new(3, seed=4)
    seat = min(state.to_move())
    view, legal = state.determinize(seat, state.rng.fork()), state.legal_actions(seat)
    bot = bots.make("learned", game, 0)
    chosen = bot.choose(view, seat, legal)  # loads the shipped weights
    state = bot.__getstate__()
    assert "net" not in state  # the network is 1.6 MB; the rest, its game aside (a server sends it by name), 0.4 kB
    assert len(pickle.dumps({k: v for k, v in state.items() if k != "game"})) < 2_000
    copy = pickle.loads(pickle.dumps(bot))
    assert copy.net is bot.net and copy.choose(view, seat, legal) == chosen
