"""Imitation before PPO: the network first learns to choose as a teacher bot does.

PPO from random weights spends most of its budget learning what any sensible player knows; against
a strong heuristic bot it may never win a game to learn from. `demonstrate` plays games with the
teacher at every seat and keeps, at each decision with more than one legal action, the deciding
seat's observation, its mask, the teacher's choice and the seat's final reward (the same reward
PPO trains on, so the value head starts out right too); `imitate` fits the network to them by
cross-entropy and reports how often its most likely action is the teacher's on games it did not
train on. `bigtop rl train --imitate heuristic` runs both before PPO.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from bigtop import bots
from bigtop.bots.base import Bot
from bigtop.bots.match import play_game
from bigtop.core.actions import Action
from bigtop.rl.encoding import observe
from bigtop.rl.network import Adam, PolicyNetwork
from bigtop.rl.rewards import shaped_rewards

if TYPE_CHECKING:
    from bigtop.rl.seat import SeatEnv


class SparseRows:
    """Rows of a wide, mostly zero matrix, kept as their nonzero entries (observations are 1-8 %
    nonzero and masks a few dozen ids wide: a three-player Drum Roll decision, observation and
    mask, takes 1,245 bytes this way against 8,029 dense, a Troll Fest one 732 against 10,260)."""

    def __init__(self, width: int, dtype: type = np.float32) -> None:
        self.width, self.dtype = width, dtype
        self._indices: list[np.ndarray] = []
        self._values: list[np.ndarray] = []
        self.indptr = np.zeros(1, np.int64)
        self.indices = np.zeros(0, np.int32)
        self.values: np.ndarray = np.zeros(0, dtype)

    def append(self, row: np.ndarray) -> None:
        """Add a dense row (kept until `freeze`)."""
        nonzero = np.flatnonzero(row)
        self._indices.append(nonzero.astype(np.int32))
        self._values.append(row[nonzero].astype(self.dtype))

    def freeze(self) -> SparseRows:
        """Pack the appended rows; no row may be appended after."""
        self.indptr = np.concatenate([[0], np.cumsum([len(i) for i in self._indices], dtype=np.int64)])
        self.indices = np.concatenate(self._indices) if self._indices else np.zeros(0, np.int32)
        self.values = np.concatenate(self._values) if self._values else np.zeros(0, self.dtype)
        self._indices, self._values = [], []
        return self

    def __len__(self) -> int:
        return len(self.indptr) - 1

    def dense(self, rows: np.ndarray) -> np.ndarray:
        """The given rows as a dense (len(rows), width) array."""
        begins, ends = self.indptr[rows], self.indptr[rows + 1]
        counts = ends - begins
        out: np.ndarray = np.zeros((len(rows), self.width), self.dtype)
        where = np.repeat(begins - np.cumsum(counts) + counts, counts) + np.arange(int(counts.sum()))
        out[np.repeat(np.arange(len(rows)), counts), self.indices[where]] = self.values[where]
        return out


@dataclass
class Demonstrations:
    """The teacher's decisions: one row per decision, and the game each came from."""

    obs: SparseRows  # the deciding seat's observation (float32)
    masks: SparseRows  # its legal action ids (bool)
    actions: np.ndarray  # int64, the teacher's choice
    returns: np.ndarray  # float32, the deciding seat's final reward
    games: np.ndarray  # int64, the index of the game each decision came from
    seats: np.ndarray  # int64, the deciding seat

    def __len__(self) -> int:
        return len(self.actions)


class Recorder:
    """A bot that plays as `teacher` and keeps each of its decisions in `demos` (a seat with a
    single legal action is never asked, so only real choices are kept)."""

    needs_state = True

    def __init__(self, teacher: Bot, demos: _Rows) -> None:
        self.teacher, self.demos = teacher, demos
        self.name = teacher.name

    def choose(self, state: Any, player: int, legal: Sequence[Action]) -> Action:
        """The teacher's choice from the copy of the game determinized from `player`'s seat, which
        shows that seat what the true game does: its observation is the seat's own."""
        action = self.teacher.choose(state if self.teacher.needs_state else None, player, legal)
        self.demos.keep(state, player, action)
        return action


def teacher_seed(deal: int, seat: int) -> int:
    """The seed of the teacher bot at `seat` in the game of deal `deal`."""
    return deal * 7919 + seat


def demonstrate(
    env: SeatEnv, teacher: str, count: int, seed: int, margin_weight: float, report: Callable[[int], None] | None = None,
    win_weight: float = 1.0,
) -> Demonstrations:
    """`count` games of `teacher` at every seat of `env`'s table, deals `seed`, `seed + 1`, ...,
    played by the kernel's runner (`bigtop.bots.match.play_game`, as in the arena); the decisions
    in `env`'s observations and action ids."""
    rows = _Rows(env)
    for number in range(count):
        deal = seed + number
        first = len(rows.chosen)
        recorders = [Recorder(bots.make(teacher, env.game, teacher_seed(deal, seat)), rows) for seat in range(env.players)]
        state = play_game(env.game, recorders, deal, env.options)
        rewards = shaped_rewards(state, margin_weight, win_weight)
        rows.returns.extend(rewards[seat] for seat in rows.seats[first:])
        rows.games.extend([number] * (len(rows.chosen) - first))
        if report is not None:
            report(number + 1)
    return rows.freeze()


class _Rows:
    """The decisions kept so far (see `Demonstrations`)."""

    def __init__(self, env: SeatEnv) -> None:
        self.env = env
        self.obs = SparseRows(int(np.prod(env.encoder.shape)))
        self.masks = SparseRows(env.actions.size, np.bool_)
        self.chosen: list[int] = []
        self.seats: list[int] = []
        self.games: list[int] = []
        self.returns: list[float] = []

    def keep(self, state: Any, seat: int, action: Action) -> None:
        """Keep `seat`'s decision `action` in `state` (its determinized copy)."""
        env = self.env
        mask = np.zeros(env.actions.size, np.bool_)
        mask[env.actions.legal(state, seat)] = True
        self.obs.append(observe(env.encoder, state, seat).ravel())
        self.masks.append(mask)
        self.chosen.append(env.actions.index(state, seat, action))
        self.seats.append(seat)

    def freeze(self) -> Demonstrations:
        return Demonstrations(
            self.obs.freeze(), self.masks.freeze(), np.asarray(self.chosen, np.int64), np.asarray(self.returns, np.float32),
            np.asarray(self.games, np.int64), np.asarray(self.seats, np.int64),
        )


def imitate(
    net: PolicyNetwork, demos: Demonstrations, epochs: int, rate: float, batch: int, value_coef: float,
    rng: np.random.Generator, held_out: float = 0.1,
) -> dict[str, Any]:
    """Fit `net` to the demonstrations of all but the last `held_out` share of their games, in
    `epochs` passes of shuffled minibatches; returns, after each epoch, the loss terms over its
    minibatches and those on the held-out games (with the agreement with the teacher)."""
    test = held_out_rows(demos.games, held_out)
    train_rows, test_rows = np.flatnonzero(~test), np.flatnonzero(test)
    optimizer = Adam(net.params, rate)
    history: list[dict[str, float]] = []
    for _ in range(epochs):
        totals: dict[str, float] = {}
        order = rng.permutation(train_rows)
        for begin in range(0, len(order), batch):
            part = order[begin:begin + batch]
            grads, terms = net.imitation_gradients(*rows(demos, part), value_coef)  # terms before the step
            optimizer.step(net.params, grads, max_norm=1.0)
            for key, value in terms.items():
                totals[key] = totals.get(key, 0.0) + value * len(part)
        point = {"epoch": len(history) + 1, **{key: value / len(order) for key, value in totals.items()}}
        if len(test_rows):
            point.update({f"held_out_{k}": v for k, v in measure(net, demos, test_rows, batch).items()})
        history.append(point)
    return {"decisions": len(train_rows), "held_out_decisions": len(test_rows), "epochs": history}


def held_out_rows(games: np.ndarray, share: float = 0.1) -> np.ndarray:
    """Which rows, given the game each came from (0, 1, ...), belong to the last `share` of the
    games (at least one), held out of the fit to measure it: none when there is a single game."""
    count = int(games.max()) + 1 if len(games) else 0
    if count <= 1:
        return np.zeros(len(games), np.bool_)
    return games >= count - max(1, round(count * share))


def rows(demos: Demonstrations, part: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The observations, masks, choices and returns of the decisions `part`, dense."""
    return demos.obs.dense(part), demos.masks.dense(part), demos.actions[part], demos.returns[part]


def measure(net: PolicyNetwork, demos: Demonstrations, part: np.ndarray, batch: int) -> dict[str, float]:
    """The imitation loss terms over the decisions `part` (in batches, weighted by their size; no
    gradient)."""
    total: dict[str, float] = {}
    for begin in range(0, len(part), batch):
        chunk = part[begin:begin + batch]
        for key, value in net.imitation_terms(*rows(demos, chunk)).items():
            total[key] = total.get(key, 0.0) + value * len(chunk)
    return {key: value / len(part) for key, value in total.items()}
