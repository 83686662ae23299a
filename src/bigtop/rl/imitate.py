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

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from bigtop import bots
from bigtop.core.api import Game
from bigtop.core.rng import Rng
from bigtop.rl.actions import CompactActions, FlatActions
from bigtop.rl.encoding import ObservationEncoder, observe
from bigtop.rl.network import Adam, PolicyNetwork
from bigtop.rl.policies import bot_action
from bigtop.rl.rewards import final_rewards


class SparseRows:
    """Rows of a wide, mostly zero matrix, kept as their nonzero entries (observations are 1-8 %
    nonzero and masks a few dozen ids wide: a teacher's 800,000 Drum Roll decisions take about 1 GB
    this way against 6 GB dense)."""

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

    def __len__(self) -> int:
        return len(self.actions)


def demonstrate(
    game: Game[Any], players: int, options: Any, encoder: ObservationEncoder, actions: FlatActions | CompactActions,
    teacher: str, count: int, seed: int, margin_weight: float,
    report: Callable[[int], None] | None = None,
) -> Demonstrations:
    """`count` games of `teacher` at every seat (deals `seed`, `seed + 1`, ...), each bot handed a
    copy of the game determinized from its seat, as in the arena."""
    obs = SparseRows(int(np.prod(encoder.shape)))
    masks = SparseRows(actions.size, np.bool_)
    chosen: list[int] = []
    seats: list[int] = []
    games: list[int] = []
    returns: list[float] = []
    for number in range(count):
        deal = seed + number
        state = game.new(players, seed=deal, options=options)
        teachers = [bots.make(teacher, game, deal * 7919 + seat) for seat in range(players)]
        rng = Rng(deal ^ 0x7EAC)
        first = len(chosen)
        while not state.is_over():
            seat = min(state.to_move())
            legal = actions.legal(state, seat)
            action = bot_action(teachers[seat], state, seat, rng)
            if len(legal) > 1:
                mask = np.zeros(actions.size, np.bool_)
                mask[legal] = True
                obs.append(observe(encoder, state, seat).ravel())
                masks.append(mask)
                chosen.append(actions.index(state, seat, action))
                seats.append(seat)
                games.append(number)
            state.apply(seat, action)
        wins = final_rewards(state, "win")
        margins = final_rewards(state, "margin")
        returns.extend(wins[s] + margin_weight * margins[s] for s in seats[first:])
        if report is not None:
            report(number + 1)
    return Demonstrations(
        obs.freeze(), masks.freeze(), np.asarray(chosen, np.int64), np.asarray(returns, np.float32),
        np.asarray(games, np.int64),
    )


def imitate(
    net: PolicyNetwork, demos: Demonstrations, epochs: int, rate: float, batch: int, value_coef: float,
    rng: np.random.Generator, held_out: float = 0.1,
) -> dict[str, Any]:
    """Fit `net` to the demonstrations of all but the last `held_out` share of their games, in
    `epochs` passes of shuffled minibatches; returns, after each epoch, the loss terms over its
    minibatches and those on the held-out games (with the agreement with the teacher)."""
    last = int(demos.games.max()) + 1 if len(demos) else 0
    test = demos.games >= last - max(1, round(last * held_out)) if last > 1 else np.zeros(len(demos), np.bool_)
    train_rows, test_rows = np.flatnonzero(~test), np.flatnonzero(test)
    optimizer = Adam(net.params, rate)
    history: list[dict[str, float]] = []
    for _ in range(epochs):
        totals: dict[str, float] = {}
        order = rng.permutation(train_rows)
        for begin in range(0, len(order), batch):
            part = order[begin:begin + batch]
            grads, terms = net.imitation_gradients(*rows(demos, part), value_coef)
            optimizer.step(net.params, grads, max_norm=1.0)
            for key, value in terms.items():  # as the minibatch found them, before its step
                totals[key] = totals.get(key, 0.0) + value * len(part)
        point = {"epoch": len(history) + 1, **{key: value / len(order) for key, value in totals.items()}}
        if len(test_rows):
            point.update({f"held_out_{k}": v for k, v in measure(net, demos, test_rows, batch, value_coef).items()})
        history.append(point)
    return {"decisions": len(train_rows), "held_out_decisions": len(test_rows), "epochs": history}


def rows(demos: Demonstrations, part: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The observations, masks, choices and returns of the decisions `part`, dense."""
    return demos.obs.dense(part), demos.masks.dense(part), demos.actions[part], demos.returns[part]


def measure(net: PolicyNetwork, demos: Demonstrations, part: np.ndarray, batch: int, value_coef: float) -> dict[str, float]:
    """The imitation loss terms over the decisions `part` (in batches, weighted by their size)."""
    total: dict[str, float] = {}
    for begin in range(0, len(part), batch):
        chunk = part[begin:begin + batch]
        for key, value in net.imitation_gradients(*rows(demos, chunk), value_coef)[1].items():
            total[key] = total.get(key, 0.0) + value * len(chunk)
    return {key: value / len(part) for key, value in total.items()}
