"""Policies for the PettingZoo environment, bigtop bots as such policies, and an evaluation loop.

A policy is a callable `(env, agent) -> action id`, called when `agent` is to act. It may read
`env.last()` (the agent's observation); a bigtop bot reads a copy of the game determinized from
its seat with its own RNG, never the true state.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import numpy as np

from bigtop import bots
from bigtop.bots.base import Bot
from bigtop.core.actions import Action
from bigtop.core.api import State
from bigtop.core.rng import Rng
from bigtop.rl.pettingzoo import mask_ids

Policy = Callable[[Any, str], int]
PolicyFactory = Callable[[int], Policy]
def bot_action(bot: Bot, state: State, seat: int, rng: Rng) -> Action:
    """What `bot` plays for `seat`: it is handed `state.determinize(seat, ...)` (never the true
    state), and is not asked when there is a single legal action."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    view = state.determinize(seat, rng.fork()) if bot.needs_state else None
    return bot.choose(view, seat, legal)


def random_policy(seed: int) -> Policy:
    """Uniform over the legal actions of the observation's action mask."""
    rng = np.random.default_rng(seed)

    def act(env: Any, agent: str) -> int:
        return int(rng.choice(mask_ids(env.observe(agent)["action_mask"])))

    return act


def bot_policy(spec: str, env: Any, seed: int) -> Policy:
    """The bigtop bot `spec` (as `bigtop.bots.make` takes it) as a policy for `env`."""
    base = env.unwrapped
    bot = bots.make(spec, base.game, seed)
    rng = Rng(seed ^ 0xB07)

    def act(env: Any, agent: str) -> int:
        state = env.unwrapped.game_state
        seat = env.unwrapped.possible_agents.index(agent)
        return state.action_space.encode(bot_action(bot, state, seat, rng))

    return act


def play_episode(env: Any, policies: Mapping[str, Policy], seed: int) -> dict[str, float]:
    """Play one game of `env` (reset with `seed`), agent `a` acting with `policies[a]`;
    returns each agent's total reward."""
    env.reset(seed=seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        _, reward, terminated, truncated, _ = env.last()
        totals[agent] += float(reward)
        env.step(None if terminated or truncated else policies[agent](env, agent))
    return totals


def evaluate(env: Any, challenger: PolicyFactory, field: PolicyFactory, games: int, seed: int = 0) -> dict[str, float]:
    """`challenger(seed)` against `field(seed)` in every other seat, over `games` games with seeds
    seed, seed+1, ...; the challenger moves one seat on each game. Returns the challenger's mean
    reward and win rate (a shared first place counts as a win for no one)."""
    players = len(env.possible_agents)
    rewards, wins = [], 0
    for index in range(games):
        seat = index % players
        policies = {
            agent: (challenger if i == seat else field)(seed + index * players + i)
            for i, agent in enumerate(env.possible_agents)
        }
        totals = play_episode(env, policies, seed + index)
        reward = totals[env.possible_agents[seat]]
        rewards.append(reward)
        winners = env.unwrapped.game_state.result().winners
        wins += winners == (seat,)
    return {"mean_reward": float(np.mean(rewards)), "win_rate": wins / games, "games": games}
