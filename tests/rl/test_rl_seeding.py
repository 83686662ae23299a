"""Seeded resets reproduce games (PettingZoo's seed_test) and `max_cycles` truncates them."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest
from pettingzoo.test import seed_test
from rl_cases import GAME_SEATS, IDS

from bigtop import games
from bigtop.core.errors import BigtopError
from bigtop.rl import pettingzoo as bz


def masked_random_game(env, seed: int) -> tuple[list[tuple[str, int | None]], list[np.ndarray]]:
    """Play one game with masked random actions (numpy RNG seeded by `seed`)."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps, observations = [], []
    for agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        observations.append(obs["observation"])
        action = None if terminated or truncated else int(rng.choice(np.flatnonzero(obs["action_mask"])))
        steps.append((agent, action))
        env.step(action)
    return steps, observations


@pytest.mark.parametrize(("name", "players"), GAME_SEATS, ids=IDS)
def test_pettingzoo_seed_test_passes(name: str, players: int) -> None:
    seed_test(lambda: bz.env(name, players=players), num_cycles=100)


@pytest.mark.parametrize(("name", "players"), GAME_SEATS, ids=IDS)
def test_reset_with_a_seed_reproduces_the_game(name: str, players: int) -> None:
    env = bz.raw_env(name, players=players)
    first = masked_random_game(env, seed=17)
    record = env.game_state.record()
    again = masked_random_game(env, seed=17)
    assert first[0] == again[0]
    assert all(np.array_equal(a, b) for a, b in zip(first[1], again[1], strict=True))
    # The environment's game is the kernel's game with that seed.
    replayed = games.get(name).new(players, seed=17)
    for seat, action in env.game_state.moves():
        replayed.apply(seat, action)
    assert record.seed == 17 and replayed.view(None) == env.game_state.view(None)


def test_resets_without_a_seed_follow_the_constructor_seed() -> None:
    deals = []
    for _ in range(2):
        env = bz.raw_env("highcard", players=3, seed=4)
        env.reset()
        first = env.game_state.view(0)["hand"]
        env.reset()
        deals.append((first, env.game_state.view(0)["hand"], env.game_state.seed))
    assert deals[0] == deals[1]
    hands = {str(masked_random_game(bz.raw_env("highcard", players=3), seed)[1][0]) for seed in range(8)}
    assert len(hands) > 1  # different seeds, different deals


@pytest.mark.parametrize(("name", "players"), GAME_SEATS, ids=IDS)
@pytest.mark.parametrize("max_cycles", [1, 3, 1000])
def test_max_cycles_truncates_every_agent(name: str, players: int, max_cycles: int) -> None:
    full, _ = masked_random_game(bz.raw_env(name, players=players), seed=8)
    full_length = sum(action is not None for _, action in full)
    env = bz.raw_env(name, players=players, max_cycles=max_cycles)
    env.reset(seed=8)
    rng = np.random.default_rng(8)
    moves, final_visits, rewards = 0, Counter(), {}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            final_visits[agent] += 1
            rewards[agent] = reward
            assert truncated == (full_length > max_cycles * players) and terminated != truncated
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        moves += 1
    assert moves == min(full_length, max_cycles * players)
    assert final_visits == Counter(env.possible_agents)  # each agent sees its end exactly once
    assert env.agents == []
    if moves < full_length:
        assert set(rewards.values()) == {0.0}  # no reward for a game cut short


def test_max_cycles_must_be_positive() -> None:
    with pytest.raises(BigtopError, match="max_cycles"):
        bz.env("highcard", players=2, max_cycles=0)
