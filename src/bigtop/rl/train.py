"""A learned baseline: PPO with action masks, in NumPy.

The learner takes one seat (a different one each game) against opponents (bigtop bots, uniformly
random players by default, taken in turn from `Settings.opponents`). With the "observation" policy
it plays through `bigtop.rl.SeatEnv`, each of its decisions its observation and action mask from
the environment; with the "afterstate" policy (`bigtop.rl.scoring`) a network values the positions
each legal action leads to. Its reward comes at the end: +1 for winning
alone, 0 for a shared win, -1 otherwise (times `win_weight`), plus `margin_weight` times its score margin (the margin
keeps the signal alive once it wins most games). Advantages are generalised advantage estimates
over the learner's own decisions. `bigtop rl train GAME` runs it and writes the weights
(`policy.npz`, for the bot `learned:weights=FILE`), the learning curve (`curve.json`, `curve.png`)
into its output folder.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from bigtop.core.errors import BigtopError
from bigtop.rl.actions import has_compact
from bigtop.rl.encoding import fingerprint
from bigtop.rl.imitate import demonstrate, imitate
from bigtop.rl.network import Adam, PolicyNetwork
from bigtop.rl.rewards import final_rewards, shaped_rewards
from bigtop.rl.scorer import ScorerNetwork
from bigtop.rl.seat import SeatEnv

MAX_ACTIONS = 20_000  # a dense policy head over more action ids would not fit a small network
CHECKPOINT = 50  # updates between two saves of the weights during training


@dataclass
class Settings:
    """What one training run does (the defaults are the shipped baseline's)."""

    players: int | None = None
    options: dict[str, Any] = field(default_factory=dict)
    minutes: float = 25.0  # of the process's CPU time, so that a busy machine stretches the run, not shortens it
    max_games: int | None = None
    games_per_update: int = 24
    hidden: int = 64
    rate: float = 5e-4
    epochs: int = 3
    batch: int = 1024
    clip: float = 0.2
    gamma: float = 1.0
    lam: float = 0.99
    value_coef: float = 0.5
    entropy_coef: float = 0.01
    margin_weight: float = 0.02
    win_weight: float = 1.0  # the reward: win_weight x (+1 alone, 0 shared, -1 lost) + margin_weight x score margin
    opponents: tuple[str, ...] = ("random",)  # bot specs, taken in turn, a whole round of seats each
    init: str | None = None  # weights to start from (a run of the same game, players and options)
    actions: str = "flat"  # the action ids: the game's flat ones, or its compact ones (`bigtop.rl.actions`)
    seed: int = 0
    imitate: str | None = None  # a teacher bot to imitate before PPO (`bigtop.rl.imitate`)
    imitate_games: int = 400  # games of the teacher at every seat
    imitate_epochs: int = 8
    imitate_rate: float = 1e-3
    policy: str = "observation"  # a network over the observation, or a scorer of positions ("afterstate", `bigtop.rl.scoring`)
    explore: float = 0.05  # a scorer's share of random actions in its training games
    buffer: int = 200_000  # the newest positions a scorer fits again after every update


IMITATION_DEALS = 50_000_000  # the teacher's deals start here (plus 100,000 per seed), apart from PPO's and the arena's


@dataclass
class Batch:
    """The learner's decisions of some games, with what PPO needs of each."""

    obs: list[np.ndarray] = field(default_factory=list)
    masks: list[np.ndarray] = field(default_factory=list)
    actions: list[int] = field(default_factory=list)
    logp: list[float] = field(default_factory=list)
    advantages: list[float] = field(default_factory=list)
    returns: list[float] = field(default_factory=list)


def estimate_advantages(values: list[float], reward: float, gamma: float, lam: float) -> tuple[list[float], list[float]]:
    """Generalised advantage estimates and returns of one seat's decisions in a game whose only
    reward, `reward`, comes at its end."""
    advantage, after = 0.0, 0.0
    out = []
    for step in range(len(values) - 1, -1, -1):
        delta = (reward if step == len(values) - 1 else 0.0) + gamma * after - values[step]
        advantage = delta + gamma * lam * advantage
        out.append(advantage)
        after = values[step]
    out.reverse()
    return out, [a + v for a, v in zip(out, values, strict=True)]


class ObservationLearner:
    """PPO on a `PolicyNetwork` reading the learner's observations through `bigtop.rl.SeatEnv`."""

    def __init__(self, name: str, settings: Settings) -> None:
        self.settings = settings
        self.env = env = SeatEnv(
            name, settings.players, opponents=settings.opponents, options=settings.options or None,
            actions=settings.actions, illegal="raise",
        )
        self.game, self.players = env.game, env.players
        if env.actions.size > MAX_ACTIONS:
            hints = [" (use its compact action space: --actions compact"] if has_compact(env.game) else []
            if hasattr(env.game, "afterstate_features"):
                hints.append(" or value positions: --policy afterstate" if hints else " (value positions: --policy afterstate")
            raise BigtopError(
                f"{env.game.title} has {env.actions.size:,} action ids: too many for this small network's dense policy "
                f"head (at most {MAX_ACTIONS:,}){''.join(hints)}{')' if hints else ''}"
            )
        meta = {
            "game": env.game.name, "players": env.players, "options": env.game.options_json(env.options),
            "observation": fingerprint(env.game, env.players, env.options), "action_space": settings.actions,
        }
        inputs = int(np.prod(env.encoder.shape))
        if settings.init is not None:
            net = PolicyNetwork.load(settings.init)
            known = {**net.meta, "action_space": net.meta.get("action_space", "flat")}  # weights from before compact spaces
            if {k: known.get(k) for k in meta} != meta or net.meta.get("inputs") != inputs:  # observation included
                raise BigtopError(f"{settings.init} was trained for another table: {net.meta}")
        else:
            net = PolicyNetwork.initial(inputs, env.actions.size, settings.hidden, settings.seed, meta)
        self.net = net
        self.batch = Batch()

    @property
    def decisions(self) -> int:
        return len(self.batch.actions)

    def play(self, seat: int, spec: str, seed: int, rng: np.random.Generator) -> tuple[float, float, bool]:
        """One training game with the learner in `seat` and the bot `spec` in every other seat;
        its decisions are kept for the next update. Returns its reward, its score margin and
        whether it won alone."""
        env, net, batch = self.env, self.net, self.batch
        obs, _ = env.reset(seed=seed, options={"seat": seat, "opponents": spec})
        values: list[float] = []
        done = env.game_state is not None and env.game_state.is_over()
        while not done:
            legal = env.legal_ids()
            flat = obs.ravel()
            action, logp, value = net.act(flat, legal, rng)
            batch.obs.append(flat)
            batch.masks.append(env.action_masks())
            batch.actions.append(action)
            batch.logp.append(logp)
            values.append(value)
            obs, _, terminated, truncated, _ = env.step(action)
            done = terminated or truncated
        state = env.game_state
        assert state is not None
        reward = shaped_rewards(state, self.settings.margin_weight, self.settings.win_weight)[seat]
        advantages, returns = estimate_advantages(values, reward, self.settings.gamma, self.settings.lam)
        batch.advantages.extend(advantages)
        batch.returns.extend(returns)
        return reward, final_rewards(state, "margin")[seat], state.result().winners == (seat,)

    def update(self, optimizer: Adam, rng: np.random.Generator) -> dict[str, float]:
        """PPO epochs over the decisions played since the last update, in shuffled minibatches;
        the last minibatch's loss terms."""
        batch, settings, net = self.batch, self.settings, self.net
        self.batch = Batch()
        obs = np.asarray(batch.obs, np.float32)
        masks = np.asarray(batch.masks)
        actions = np.asarray(batch.actions)
        old_logp = np.asarray(batch.logp, np.float32)
        advantages = np.asarray(batch.advantages, np.float32)
        advantages = (advantages - advantages.mean()) / (advantages.std() + 1e-8)
        returns = np.asarray(batch.returns, np.float32)
        terms: dict[str, float] = {}
        for _ in range(settings.epochs):
            order = rng.permutation(len(obs))
            for begin in range(0, len(obs), settings.batch):
                part = order[begin:begin + settings.batch]
                grads, terms = net.gradients(
                    obs[part], masks[part], actions[part], old_logp[part], advantages[part], returns[part],
                    settings.clip, settings.value_coef, settings.entropy_coef,
                )
                optimizer.step(net.params, grads)
        return terms

    def imitation(self, rng: np.random.Generator, seed: int, played: Callable[[int], None]) -> dict[str, Any]:
        """Fit the network to the teacher `settings.imitate`'s decisions (`bigtop.rl.imitate`)."""
        settings = self.settings
        assert settings.imitate is not None
        demos = demonstrate(
            self.env, settings.imitate, settings.imitate_games, seed, settings.margin_weight, played, settings.win_weight,
        )
        return imitate(self.net, demos, settings.imitate_epochs, settings.imitate_rate, settings.batch, settings.value_coef, rng)


class Learner(Protocol):
    """What the training loop drives: an observation policy or a scorer (`bigtop.rl.scoring`)."""

    game: Any
    players: int
    net: Any  # its `params`, `meta` and `save(path)`

    @property
    def decisions(self) -> int:
        """How many decisions (a scorer: positions) were kept since the last update (the curve's
        `decisions`)."""
        ...

    def play(self, seat: int, spec: str, seed: int, rng: np.random.Generator) -> tuple[float, float, bool]: ...

    def update(self, optimizer: Adam, rng: np.random.Generator) -> dict[str, float]: ...

    def imitation(self, rng: np.random.Generator, seed: int, played: Callable[[int], None]) -> dict[str, Any]: ...


def make_learner(name: str, settings: Settings) -> Learner:
    """The learner `settings.policy` names, for game `name`."""
    if settings.policy == "observation":
        return ObservationLearner(name, settings)
    if settings.policy != "afterstate":
        raise BigtopError(f"unknown policy {settings.policy!r}: observation or afterstate")
    from bigtop import games
    from bigtop.rl.scoring import ScorerLearner

    game = games.get(name)
    players = game.check_players(game.default_players() if settings.players is None else settings.players)
    options = game.parse_options(settings.options or None)
    learner = ScorerLearner(game, players, options, settings)
    if settings.init is not None:
        init = ScorerNetwork.load(settings.init)
        if {k: init.meta.get(k) for k in learner.meta} != learner.meta:
            raise BigtopError(f"{settings.init} was trained for another table: {init.meta}")
        learner.net = init
    return learner


def train(
    name: str, settings: Settings, out: Path, report: Callable[[dict[str, float]], None] | None = None,
    status: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """Train a policy for game `name`: imitate `settings.imitate` first if named, then PPO; writes
    `policy.npz`, `curve.json` and `curve.png` into `out` (the curve after every update, the
    weights every `CHECKPOINT` updates and at the end) and returns the summary (also in
    `curve.json`). `status` hears what the run is doing before PPO starts."""
    learner = make_learner(name, settings)
    net = learner.net
    optimizer = Adam(net.params, settings.rate)
    rng = np.random.default_rng(settings.seed)
    curve: list[dict[str, float]] = []
    started, cpu_started = time.perf_counter(), time.process_time()
    out.mkdir(parents=True, exist_ok=True)
    summary: dict[str, Any] = {
        "game": learner.game.name, "players": learner.players, "settings": asdict(settings),
        "weights": str(out / "policy.npz"), "curve": curve,
    }
    if settings.imitate is not None:
        summary["imitation"] = imitation(learner, settings, rng, status)
        net.save(out / "policy.npz")
    played = 0
    while time.process_time() - cpu_started < settings.minutes * 60 and (settings.max_games is None or played < settings.max_games):
        rewards, margins, wins = [], [], 0
        by_opponent: dict[str, dict[str, float]] = {}
        for _ in range(settings.games_per_update):
            spec = settings.opponents[played // learner.players % len(settings.opponents)]
            seed = settings.seed * 1_000_003 + played
            reward, margin, won = learner.play(played % learner.players, spec, seed, rng)
            rewards.append(reward)
            margins.append(margin)
            wins += won
            played += 1
            tally = by_opponent.setdefault(spec, {"games": 0, "wins": 0, "margin": 0.0})
            tally["games"] += 1
            tally["wins"] += won
            tally["margin"] += margin
        decisions = learner.decisions
        terms = learner.update(optimizer, rng)
        point: dict[str, Any] = {
            "games": played, "seconds": round(time.perf_counter() - started, 1),
            "cpu_seconds": round(time.process_time() - cpu_started, 1), "win_rate": wins / len(rewards),
            "reward": float(np.mean(rewards)), "margin": float(np.mean(margins)), "decisions": decisions, **terms,
            "opponents": by_opponent,  # games, wins and summed margins against each opponent in this update
        }
        curve.append(point)
        (out / "curve.json").write_text(json.dumps(summary, indent=1), encoding="utf-8")
        if len(curve) % CHECKPOINT == 0:
            net.save(out / "policy.npz")
        if report is not None:
            report(point)
    net.save(out / "policy.npz")
    (out / "curve.json").write_text(json.dumps(summary, indent=1), encoding="utf-8")
    against = " and ".join(dict.fromkeys(settings.opponents))
    first = f"imitating {settings.imitate}, then " if settings.imitate is not None else ""
    plot_curve(curve, f"{learner.game.title}, {learner.players} players: {first}PPO against {against}", out / "curve.png")
    return summary


def imitation(
    learner: Learner, settings: Settings, rng: np.random.Generator, status: Callable[[str], None] | None,
) -> dict[str, Any]:
    """Fit the learner's network to `settings.imitate`'s play (`bigtop.rl.imitate`); what it
    learned, for the summary."""
    assert settings.imitate is not None
    games = settings.imitate_games

    def played(count: int) -> None:
        if status is not None and (count % 10 == 0 or count == games):
            status(f"{settings.imitate} plays {count}/{games} games to imitate")

    cpu = time.process_time()
    result = learner.imitation(rng, IMITATION_DEALS + 100_000 * settings.seed, played)
    return {"teacher": settings.imitate, "games": games, "cpu_seconds": round(time.process_time() - cpu, 1), **result}


def plot_curve(curve: list[dict[str, Any]], title: str, path: Path) -> None:
    """The learner's win rate and mean score margin in its training games against each opponent
    (a line each, over a moving window of updates) against games played."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    games_played = [p["games"] for p in curve]
    window = max(1, len(curve) // 20)
    opponents = list(dict.fromkeys(spec for p in curve for spec in p["opponents"]))
    figure, axes = plt.subplots(2, 1, figsize=(7, 6), sharex=True)
    for index, spec in enumerate(opponents):
        tallies = [p["opponents"].get(spec, {"games": 0, "wins": 0, "margin": 0.0}) for p in curve]
        games = np.convolve([t["games"] for t in tallies], np.ones(window), mode="valid")
        seen = games > 0
        x = np.array(games_played[window - 1:])[seen]
        for axis, key in ((axes[0], "wins"), (axes[1], "margin")):
            total = np.convolve([t[key] for t in tallies], np.ones(window), mode="valid")
            axis.plot(x, total[seen] / games[seen], color=f"C{index}", label=f"against {spec}")
    for axis, label in ((axes[0], "win rate"), (axes[1], "score margin")):
        axis.set_ylabel(f"{label} (moving {window} updates)")
        axis.grid(alpha=0.3)
        axis.legend(loc="lower right")
    axes[0].set_ylim(0, 1)
    axes[0].set_title(title)
    axes[1].set_xlabel("training games")
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    plt.close(figure)
