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


@dataclass
class Demonstrations:
    """The teacher's decisions: one row per decision, and the game each came from."""

    obs: np.ndarray  # float32, (decisions, inputs)
    masks: np.ndarray  # bool, (decisions, action ids)
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
    obs: list[np.ndarray] = []
    masks: list[np.ndarray] = []
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
                obs.append(observe(encoder, state, seat))
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
        np.asarray(obs, np.float32).reshape(len(chosen), -1), np.asarray(masks, np.bool_).reshape(len(chosen), -1),
        np.asarray(chosen, np.int64), np.asarray(returns, np.float32), np.asarray(games, np.int64),
    )


def imitate(
    net: PolicyNetwork, demos: Demonstrations, epochs: int, rate: float, batch: int, value_coef: float,
    rng: np.random.Generator, held_out: float = 0.1,
) -> dict[str, Any]:
    """Fit `net` to the demonstrations of all but the last `held_out` share of their games, in
    `epochs` passes of shuffled minibatches; returns the loss terms and the agreement with the
    teacher on the held-out games after each epoch."""
    last = int(demos.games.max()) + 1 if len(demos) else 0
    test = demos.games >= last - max(1, round(last * held_out)) if last > 1 else np.zeros(len(demos), np.bool_)
    train_rows, test_rows = np.flatnonzero(~test), np.flatnonzero(test)
    optimizer = Adam(net.params, rate)
    history: list[dict[str, float]] = []
    for _ in range(epochs):
        terms: dict[str, float] = {}
        order = rng.permutation(train_rows)
        for begin in range(0, len(order), batch):
            part = order[begin:begin + batch]
            grads, terms = net.imitation_gradients(
                demos.obs[part], demos.masks[part], demos.actions[part], demos.returns[part], value_coef,
            )
            optimizer.step(net.params, grads, max_norm=1.0)
        point = {"epoch": len(history) + 1, **terms}
        if len(test_rows):
            _, held = net.imitation_gradients(
                demos.obs[test_rows], demos.masks[test_rows], demos.actions[test_rows], demos.returns[test_rows], value_coef,
            )
            point.update({f"held_out_{k}": v for k, v in held.items()})
        history.append(point)
    return {"decisions": len(train_rows), "held_out_decisions": len(test_rows), "epochs": history}
