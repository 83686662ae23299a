"""Decisions per second through each interface next to the raw engine's (random play on one
core, game set-up included), and the engine's with an observation encoded at every decision.
Every loop picks its random move with the same `Rng.below`, so the figures differ only by what
the interface costs. `options` is the game's options as a mapping (e.g. from `-o k=v`)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from bigtop import games
from bigtop.bots.match import random_playout
from bigtop.core.rng import Rng

_clock: Callable[[], float] = time.perf_counter


@contextmanager
def cpu_clock(cpu: bool = True) -> Iterator[None]:
    """Within the block, measurements count the process's CPU time instead of the wall clock (with
    `cpu` False, the wall clock): on a busy machine the figures then hardly depend on what else runs."""
    global _clock
    outer, _clock = _clock, time.process_time if cpu else time.perf_counter
    try:
        yield
    finally:
        _clock = outer


def timed_games(play_one: Callable[[int], int], seconds: float) -> tuple[float, float]:
    """Call `play_one(game_index)` (it plays a game and returns the decisions made) for about
    `seconds` (of the wall clock, or of CPU time within `cpu_clock()`); (games/s, decisions/s)."""
    clock = _clock
    decisions = played = 0
    start = clock()
    deadline = start + seconds
    while True:
        decisions += play_one(played)
        played += 1
        now = clock()
        if now >= deadline:
            return played / (now - start), decisions / (now - start)


def playouts(name: str, players: int, seconds: float, options: Any = None) -> tuple[float, float]:
    """Kernel random playouts (`state.legal_actions`, `state.apply`), game set-up included:
    (games/s, decisions/s)."""
    game = games.get(name)
    parsed = game.parse_options(options)
    rng = Rng(12345)
    return timed_games(lambda i: random_playout(game.new(players, seed=i, options=parsed), rng), seconds)


def raw_steps(name: str, players: int, seconds: float, options: Any = None) -> float:
    """Kernel random playouts: decisions/s."""
    return playouts(name, players, seconds, options)[1]


def observed_steps(name: str, players: int, seconds: float, options: Any = None) -> float:
    """The engine with the acting seat's observation encoded before each decision (`legal_ids`,
    the game's encoder, `apply_id`): the least any interface that hands out observations pays.
    Decisions/s."""
    from bigtop.rl.encoding import encoder_for, observe

    game = games.get(name)
    parsed = game.parse_options(options)
    encoder = encoder_for(game, players, parsed)
    rng = Rng(12345)

    def play(index: int) -> int:
        state = game.new(players, seed=index, options=parsed)
        decisions = 0
        while not state.is_over():
            seat = min(state.to_move())
            observe(encoder, state, seat)
            legal = state.legal_ids(seat)
            state.apply_id(seat, legal[rng.below(len(legal))])
            decisions += 1
        return decisions

    return timed_games(play, seconds)[1]


def pettingzoo_steps(name: str, players: int, seconds: float, options: Any = None, read: bool = False) -> float:
    """The PettingZoo loop (`env.last()`, a random action from the mask, `env.step`), the encoded
    observation read too if `read` (what a learning agent pays): agent decisions/s, the steps of
    finished agents not counted."""
    from bigtop.rl import pettingzoo as bz

    env = bz.env(name, players=players, options=options, observations="lazy")
    rng = Rng(12345)

    def play(index: int) -> int:
        env.reset(seed=index)
        decisions = 0
        for _agent in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            assert observation is not None  # a seat to move has an observation
            if read:
                _ = observation["observation"]  # the first read encodes it
            legal = bz.mask_ids(observation["action_mask"])
            env.step(int(legal[rng.below(len(legal))]))
            decisions += 1
        return decisions

    return timed_games(play, seconds)[1]


def pettingzoo_read_steps(name: str, players: int, seconds: float, options: Any = None) -> float:
    """The PettingZoo loop reading each observation: decisions/s."""
    return pettingzoo_steps(name, players, seconds, options, read=True)


def openspiel_steps(name: str, players: int, seconds: float, options: Any = None) -> float:
    """The OpenSpiel loop (`state.legal_actions()`, a random one, `state.apply_action`): decisions/s."""
    from bigtop.rl import openspiel as bo

    game = bo.load_game(name, players=players, options=options)
    rng = Rng(12345)

    def play(index: int) -> int:
        state = game.new_initial_state()
        decisions = 0
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[rng.below(len(legal))])
            decisions += 1
        return decisions

    return timed_games(play, seconds)[1]


INTERFACES: dict[str, Callable[[str, int, float, Any], float]] = {  # name -> decisions/s
    "engine": raw_steps,
    "observed": observed_steps,
    "pettingzoo": pettingzoo_steps,
    "pettingzoo_read": pettingzoo_read_steps,
    "openspiel": openspiel_steps,
}
