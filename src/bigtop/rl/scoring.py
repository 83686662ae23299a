"""Playing and training a scorer (`bigtop.rl.scorer`): the seat that scores positions, its
teacher's demonstrations, and PPO over decisions of different sizes.

`bigtop rl train GAME --policy afterstate` runs `ScorerLearner` in the same loop as the observation
policy (`bigtop.rl.train`): the learner takes one seat against bigtop bots, through the kernel's
runner (`bigtop.bots.match.play_game`, as in the arena: it is handed a copy of the game
determinized from its seat), and is rewarded at the end as the observation learner is.
"""

from __future__ import annotations

import functools
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from bigtop import bots
from bigtop.bots.match import play_game
from bigtop.core.actions import Action
from bigtop.rl.imitate import imitate, play_teacher, teacher_seed
from bigtop.rl.network import Adam
from bigtop.rl.rewards import estimate_advantages, final_rewards, shaped_rewards
from bigtop.rl.scorer import Decisions, ScorerNetwork, afterstate_features, stack

Decision = tuple[np.ndarray, np.ndarray, int, np.ndarray]  # rows, their actions, the action chosen, own position


def features_fingerprint(game: Any, players: int, options: Any) -> str:
    """A checksum of the features' names and of every seat's features of a few positions: it
    changes when the features do, so that a scorer is not used with features it was not trained
    on. Deterministic; worked out once per table."""
    return _fingerprint(game, players, game.parse_options(options))


@functools.lru_cache(maxsize=64)
def _fingerprint(game: Any, players: int, options: Any, deals: int = 3, moves: int = 12) -> str:
    features = afterstate_features(game, players, options)
    checksum = zlib.crc32("\n".join(features.names).encode())
    for seed in range(deals):
        state = game.new(players, seed=seed, options=options)
        for _ in range(moves):
            if state.is_over():
                break
            seat = state.to_move()[0]
            state.apply(seat, state.legal_actions(seat)[0])
        for seat in range(players):
            checksum = zlib.crc32(np.ascontiguousarray(features.describe(state, seat), np.float32).tobytes(), checksum)
    return f"{checksum:08x}"


class ScorerSeat:
    """A bot playing the scorer `net` over `features` (the game's afterstate features): the
    action of the best-scored row, or one drawn from the softmax with `rng`. With `record`, each
    decision is kept there with its log-probability and value (for PPO)."""

    needs_state = True
    name = "learned"

    def __init__(
        self, net: ScorerNetwork, features: Any, rng: np.random.Generator | None = None,
        record: list[tuple[Decision, float, float]] | None = None,
    ) -> None:
        self.net, self.features, self.rng, self.record = net, features, rng, record

    def choose(self, state: Any, player: int, legal: Sequence[Action]) -> Action:
        rows, groups = self.features.rows(state, player, legal)
        chosen, logp = self.net.act(rows, groups, self.rng)
        if self.record is not None:
            own = self.features.describe(state, player)
            self.record.append(((rows, groups, chosen, own), logp, self.net.value(own)))
        return legal[chosen]


@dataclass
class ScoredDemonstrations:
    """A teacher's decisions as scorer rows (see `bigtop.rl.imitate.Demonstrations`)."""

    decisions: list[Decision]
    returns: np.ndarray
    games: np.ndarray
    seats: np.ndarray

    def __len__(self) -> int:
        return len(self.decisions)

    def batch(self, part: np.ndarray) -> tuple[Decisions, np.ndarray]:
        """The decisions `part` as one batch, and their returns."""
        return stack([self.decisions[i] for i in part]), self.returns[part]


class ScoredKeeper:
    """Keeps a teacher's decisions as rows of afterstate features (a `bigtop.rl.imitate.Keeper`)."""

    def __init__(self, features: Any) -> None:
        self.features = features
        self.decisions: list[Decision] = []
        self.seats: list[int] = []
        self.games: list[int] = []
        self.returns: list[float] = []

    def keep(self, state: Any, seat: int, legal: Sequence[Action], action: Action) -> None:
        rows, groups = self.features.rows(state, seat, legal)
        self.decisions.append((rows, groups, legal.index(action), self.features.describe(state, seat)))
        self.seats.append(seat)

    def freeze(self) -> ScoredDemonstrations:
        return ScoredDemonstrations(
            self.decisions, np.asarray(self.returns, np.float32), np.asarray(self.games, np.int64),
            np.asarray(self.seats, np.int64),
        )


@dataclass
class ScoredBatch:
    """The learner's decisions of some games, with what PPO needs of each."""

    decisions: list[Decision] = field(default_factory=list)
    logp: list[float] = field(default_factory=list)
    advantages: list[float] = field(default_factory=list)
    returns: list[float] = field(default_factory=list)


class ScorerLearner:
    """PPO on a scorer for game `name` (see `bigtop.rl.train.Learner`)."""

    def __init__(self, game: Any, players: int, options: Any, settings: Any) -> None:
        self.game, self.players, self.options, self.settings = game, players, options, settings
        self.features = afterstate_features(game, players, options)
        meta = {
            "game": game.name, "players": players, "options": game.options_json(options),
            "features": features_fingerprint(game, players, options),
        }
        self.net = ScorerNetwork.initial(self.features.width, settings.hidden, settings.seed, meta)
        self.meta = meta
        self.batch = ScoredBatch()

    @property
    def decisions(self) -> int:
        return len(self.batch.decisions)

    def play(self, seat: int, spec: str, seed: int, rng: np.random.Generator) -> tuple[float, float, bool]:
        """One training game with the learner in `seat` and the bot `spec` at every other seat."""
        record: list[tuple[Decision, float, float]] = []
        seats = [
            ScorerSeat(self.net, self.features, rng, record) if p == seat else bots.make(spec, self.game, teacher_seed(seed, p))
            for p in range(self.players)
        ]
        state = play_game(self.game, seats, seed, self.options)
        reward = shaped_rewards(state, self.settings.margin_weight)[seat]
        advantages, returns = estimate_advantages([v for _, _, v in record], reward, self.settings.gamma, self.settings.lam)
        self.batch.decisions.extend(d for d, _, _ in record)
        self.batch.logp.extend(lp for _, lp, _ in record)
        self.batch.advantages.extend(advantages)
        self.batch.returns.extend(returns)
        return reward, final_rewards(state, "margin")[seat], state.result().winners == (seat,)

    def update(self, optimizer: Adam, rng: np.random.Generator) -> dict[str, float]:
        """PPO epochs over the decisions played since the last update, in shuffled minibatches of
        decisions; the last minibatch's loss terms."""
        batch, settings = self.batch, self.settings
        self.batch = ScoredBatch()
        old_logp = np.asarray(batch.logp, np.float32)
        advantages = np.asarray(batch.advantages, np.float32)
        advantages = (advantages - advantages.mean()) / (advantages.std() + 1e-8)
        returns = np.asarray(batch.returns, np.float32)
        size = max(1, settings.batch // 4)  # a decision is dozens of rows
        terms: dict[str, float] = {}
        for _ in range(settings.epochs):
            order = rng.permutation(len(batch.decisions))
            for begin in range(0, len(order), size):
                part = order[begin:begin + size]
                grads, terms = self.net.gradients(
                    stack([batch.decisions[i] for i in part]), old_logp[part], advantages[part], returns[part],
                    settings.clip, settings.value_coef, settings.entropy_coef,
                )
                optimizer.step(self.net.params, grads)
        return terms

    def imitation(self, rng: np.random.Generator, seed: int, played: Callable[[int], None]) -> dict[str, Any]:
        """Fit the scorer to the teacher `settings.imitate`'s decisions (`bigtop.rl.imitate`)."""
        settings = self.settings
        keeper = ScoredKeeper(self.features)
        play_teacher(self.game, self.players, self.options, settings.imitate, settings.imitate_games, seed,
                     settings.margin_weight, keeper, played)
        demos = keeper.freeze()
        size = max(1, settings.batch // 4)
        return imitate(self.net, demos, settings.imitate_epochs, settings.imitate_rate, size, settings.value_coef, rng)
