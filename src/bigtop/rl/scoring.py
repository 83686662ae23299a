"""Training a scorer (`bigtop.rl.scorer`): how a network learns the values of positions from games.

`bigtop rl train GAME --policy afterstate` runs `ScorerLearner` in the training loop of
`bigtop.rl.train`. Its games go through the kernel's runner (`bigtop.bots.match.play_game`, as in
the arena: each bot is handed a copy of the game determinized from its seat). Learning is Monte
Carlo policy iteration on afterstates:

- **From a teacher** (`--imitate BOT`): the bot plays `--imitate-games` games at every seat; every
  position after every move, described from each seat's side, is paired with that seat's final
  reward, and the network fits them (squared error, the last tenth of the games held out). Playing
  the best-valued position of each decision is then one step of policy improvement over the
  teacher: it plays as the teacher would if the teacher looked one turn ahead with a value learned
  from its own games.
- **From its own games**: the learner plays the best-valued position (a random action with
  probability `explore`, so that what it undervalues still gets tried) against the opponents; the
  positions after every move, from its side, with its final reward, join a buffer of the newest
  `buffer` positions (the teacher's first), which the network fits again after every update.

The reward is the one every learner trains on (`bigtop.rl.rewards.shaped_rewards`); with
`--win-weight 0` only the score margin counts, which a value learns from fewer games (a won game
says little more than its margin does, and much more noisily).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from bigtop import bots
from bigtop.bots.match import play_game
from bigtop.rl.imitate import held_out_rows, teacher_seed
from bigtop.rl.network import Adam
from bigtop.rl.rewards import final_rewards, shaped_rewards
from bigtop.rl.scorer import ScorerNetwork, ScorerSeat, afterstate_features, features_fingerprint


class Positions:
    """Positions with the final reward of the seat they are described from, and the game each
    came from: `add` a game's, then `pack` before reading `rows`, `targets` and `games`."""

    def __init__(self, width: int) -> None:
        self.rows = np.zeros((0, width), np.float32)
        self.targets = np.zeros(0, np.float32)
        self.games = np.zeros(0, np.int64)
        self._added: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []

    def __len__(self) -> int:
        return len(self.targets) + sum(len(t) for _, t, _ in self._added)

    def add(self, rows: Sequence[np.ndarray] | np.ndarray, targets: Sequence[float] | np.ndarray, game: int) -> None:
        """Add one game's positions (kept apart until `pack`)."""
        targets = np.asarray(targets, np.float32)
        rows = np.asarray(rows, np.float32).reshape(len(targets), self.rows.shape[1])
        self._added.append((rows, targets, np.full(len(targets), game, np.int64)))

    def pack(self, keep: int | None = None) -> Positions:
        """Join the added positions to the others, keeping the newest `keep` (all: None)."""
        if self._added:
            self.rows = np.concatenate([self.rows, *(r for r, _, _ in self._added)])
            self.targets = np.concatenate([self.targets, *(t for _, t, _ in self._added)])
            self.games = np.concatenate([self.games, *(g for _, _, g in self._added)])
            self._added = []
        if keep is not None and len(self.targets) > keep:
            self.rows, self.targets, self.games = self.rows[-keep:], self.targets[-keep:], self.games[-keep:]
        return self


def play_watched(
    game: Any, seats: list[Any], deal: int, options: Any, features: Any, watched: Sequence[int], settings: Any,
) -> tuple[Any, list[np.ndarray], list[float]]:
    """Play one game with the runner; every position after every move, described from each seat
    of `watched`, and that seat's reward (`settings`' weights of winning and of the margin).
    Returns the finished state too."""
    seen: list[tuple[int, np.ndarray]] = []

    def watch(state: Any, seat: int, action: Any) -> None:
        seen.extend((p, features.describe(state, p)) for p in watched)

    state = play_game(game, seats, deal, options, on_move=watch)
    rewards = shaped_rewards(state, settings.margin_weight, settings.win_weight)
    return state, [row for _, row in seen], [rewards[p] for p, _ in seen]


def fit(
    net: ScorerNetwork, optimizer: Adam, positions: Positions, steps: int, batch: int, rng: np.random.Generator,
    rows: np.ndarray | None = None,
) -> float:
    """`steps` minibatches of `batch` positions drawn from `positions` (or its `rows` only); the
    mean error over them (before each step)."""
    pool = np.arange(len(positions)) if rows is None else rows
    total = 0.0
    for _ in range(steps):
        part = pool[rng.integers(0, len(pool), min(batch, len(pool)))]
        grads, terms = net.gradients(positions.rows[part], positions.targets[part])
        optimizer.step(net.params, grads, max_norm=1.0)
        total += terms["value"]
    return total / max(1, steps)


class ScorerLearner:
    """Monte Carlo policy iteration on a scorer for `game` (see the module docstring and
    `bigtop.rl.train.Learner`)."""

    def __init__(self, game: Any, players: int, options: Any, settings: Any) -> None:
        self.game, self.players, self.options, self.settings = game, players, options, settings
        self.features = afterstate_features(game, players, options)
        self.meta = {
            "game": game.name, "players": players, "options": game.options_json(options),
            "features": features_fingerprint(game, players, options),
        }
        self.net = ScorerNetwork.initial(self.features.width, settings.hidden, settings.seed, self.meta)
        self.buffer = Positions(self.features.width)
        self.fresh = Positions(self.features.width)  # the positions of the games since the last update
        self.played = 0

    @property
    def decisions(self) -> int:
        return len(self.fresh)

    def play(self, seat: int, spec: str, seed: int, rng: np.random.Generator) -> tuple[float, float, bool]:
        """One training game with the learner in `seat` and the bot `spec` at every other seat."""
        seats = [
            ScorerSeat(self.net, self.features, rng, self.settings.explore) if p == seat
            else bots.make(spec, self.game, teacher_seed(seed, p))
            for p in range(self.players)
        ]
        state, rows, targets = play_watched(
            self.game, seats, seed, self.options, self.features, [seat], self.settings,
        )
        self.fresh.add(rows, targets, self.played)
        self.played += 1
        reward = shaped_rewards(state, self.settings.margin_weight, self.settings.win_weight)[seat]
        return reward, final_rewards(state, "margin")[seat], state.result().winners == (seat,)

    def update(self, optimizer: Adam, rng: np.random.Generator) -> dict[str, float]:
        """Fit the network again: the new games' positions join the buffer, then `epochs` times as
        many minibatch positions as they hold are drawn from it. Returns the error on the new
        positions before the fit (how well it knew them) and the fit's mean error."""
        settings, fresh = self.settings, self.fresh.pack()
        before = self.net.error(fresh.rows, fresh.targets)
        self.buffer.add(fresh.rows, fresh.targets, self.played)
        self.buffer.pack(keep=settings.buffer)
        self.fresh = Positions(self.features.width)
        steps = max(1, settings.epochs * len(fresh) // settings.batch)
        return {"value": before, "fitted": fit(self.net, optimizer, self.buffer, steps, settings.batch, rng)}

    def imitation(self, rng: np.random.Generator, seed: int, played: Callable[[int], None]) -> dict[str, Any]:
        """Fit the values of the teacher's positions (see the module docstring): after each pass,
        the mean error over it and on the held-out games, with the error of a constant guess (their
        variance, halved) to compare."""
        settings = self.settings
        teacher = Positions(self.features.width)
        everyone = list(range(self.players))
        for number in range(settings.imitate_games):
            deal = seed + number
            seats = [bots.make(settings.imitate, self.game, teacher_seed(deal, p)) for p in everyone]
            _, rows, targets = play_watched(self.game, seats, deal, self.options, self.features, everyone, settings)
            teacher.add(rows, targets, number)
            played(number + 1)
        teacher.pack()
        test = held_out_rows(teacher.games)
        train_rows, test_rows = np.flatnonzero(~test), np.flatnonzero(test)
        optimizer = Adam(self.net.params, settings.imitate_rate)
        history = []
        for epoch in range(settings.imitate_epochs):
            cpu = time.process_time()
            error = fit(self.net, optimizer, teacher, max(1, len(train_rows) // settings.batch), settings.batch, rng, train_rows)
            point = {"epoch": epoch + 1, "value": error, "cpu_seconds": round(time.process_time() - cpu, 1)}
            if len(test_rows):
                point["held_out_value"] = self.net.error(teacher.rows[test_rows], teacher.targets[test_rows])
            history.append(point)
        self.buffer.add(teacher.rows, teacher.targets, -1)
        self.buffer.pack(keep=settings.buffer)
        held_out = teacher.targets[test_rows]
        return {
            "positions": len(train_rows), "held_out_positions": len(test_rows),
            "held_out_constant": float(0.5 * held_out.var()) if len(held_out) else None, "epochs": history,
        }
