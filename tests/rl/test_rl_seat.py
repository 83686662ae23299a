"""`bigtop.rl.SeatEnv`: one seat against bots as a gymnasium environment (check_env, masks,
opponents, rewards, seeding, illegal ids, vectorised)."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from rl_cases import GAME_SEATS, IDS

from bigtop import games
from bigtop.core.errors import BigtopError, IllegalAction
from bigtop.rl import SeatEnv
from bigtop.rl.encoding import encoder_for, observe
from bigtop.rl.rewards import final_rewards


def play(env: SeatEnv, seed: int, **reset_options: object) -> tuple[list[np.ndarray], float, dict]:
    """One episode with masked random actions; the observations, the last reward and info."""
    rng = np.random.default_rng(seed)
    obs, info = env.reset(seed=seed, options=reset_options or None)
    seen = [obs]
    reward, done = 0.0, env.game_state.is_over()
    while not done:
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
        seen.append(obs)
        done = terminated or truncated
    return seen, reward, info


@pytest.mark.parametrize("name", games.names())
def test_gymnasium_check_env_passes(name: str) -> None:
    env = SeatEnv(name, games.get(name).min_players, opponents=["random"], seed=1)
    check_env(env, skip_render_check=True)
    check_env(SeatEnv(name, games.get(name).min_players, opponents=["random"], seed=1, render_mode="ansi"))


@pytest.mark.parametrize(("name", "players"), GAME_SEATS[::2], ids=IDS[::2])
def test_the_learner_acts_only_on_its_own_decisions_with_a_bool_mask_of_its_legal_ids(name: str, players: int) -> None:
    env = SeatEnv(name, players, opponents=["random"], seat="random", seed=3)
    rng = np.random.default_rng(0)
    for episode in range(2):
        obs, info = env.reset(seed=episode)
        state, seat = env.game_state, info["seat"]
        decisions = 0
        while not state.is_over():
            assert min(state.to_move()) == seat  # the opponents have played up to the learner's decision
            mask = env.action_masks()
            assert mask.dtype == np.bool_ and mask.shape == (env.action_space.n,)
            assert np.flatnonzero(mask).tolist() == state.legal_ids(seat) == env.legal_ids().tolist()
            assert np.array_equal(info["action_mask"], mask)
            assert np.array_equal(obs, observe(env.encoder, state, seat))  # its own seat's view
            previous, kept = obs, obs.copy()
            obs, reward, terminated, _, info = env.step(int(rng.choice(env.legal_ids())))
            assert np.array_equal(previous, kept)  # an observation handed out never changes
            decisions += 1
        assert terminated and decisions > 0 and not env.action_masks().any()
        assert reward == final_rewards(state, "win")[seat] and info["scores"] == list(state.scores())


@pytest.mark.parametrize("reward", ["win", "margin"])
def test_rewards_are_the_aec_environments(reward: str) -> None:
    for seed in range(6):
        env = SeatEnv("highcard", 3, opponents=["random"], seat=seed % 3, reward=reward)
        _, last, _ = play(env, seed)
        assert last == final_rewards(env.game_state, reward)[seed % 3]
    assert SeatEnv("drumroll", 2, reward="margin").reward_range[0] < -1


def test_a_seeded_reset_deals_the_kernels_game_and_replays_exactly() -> None:
    env = SeatEnv("drumroll", 2, opponents=["heuristic"], seat="random")
    first, _, info = play(env, 11)
    record = env.game_state.record().to_json()
    again, _, info_again = play(env, 11)
    assert info["seat"] == info_again["seat"] and env.game_state.record().to_json() == record
    assert all(np.array_equal(a, b) for a, b in zip(first, again, strict=True))
    fresh = env.game_state.game.new(2, seed=11)
    for player, action in env.game_state.moves():
        fresh.apply(player, action)
    assert fresh.view(None) == env.game_state.view(None)


def test_opponents_are_taken_in_turn_and_may_be_policies_reading_their_own_observation() -> None:
    game = games.get("highcard")
    calls: list[tuple[np.ndarray, np.ndarray]] = []

    def first_legal(observation: np.ndarray, legal: np.ndarray) -> int:
        calls.append((observation, legal))
        return int(legal[0])

    env = SeatEnv(game, 2, opponents=[first_legal, "random"], seat=0)
    play(env, 4)
    assert calls  # the first episode's opponent is the policy
    encoder = encoder_for(game, 2, None)
    assert all(obs.shape == encoder.shape for obs, _ in calls)
    before = len(calls)
    play(env, 5)
    assert len(calls) == before  # the second episode's is the random bot
    play(env, 6, opponents="random")
    assert len(calls) == before
    with pytest.raises(BigtopError, match="unknown bot"):
        SeatEnv("highcard", 2, opponents=["nosuchbot"])
    with pytest.raises(BigtopError, match="lists 1 bots for 2 other seats"):
        SeatEnv("highcard", 3, opponents=[["random"]])
    with pytest.raises(BigtopError, match="seat must be"):
        SeatEnv("highcard", 3, seat=3)


def test_an_illegal_id_ends_the_episode_as_a_loss_or_raises_and_changes_nothing() -> None:
    env = SeatEnv("highcard", 2, seat=0, seed=0)
    env.reset(seed=2)
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    before = env.game_state.view(None)
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated) == (-1.0, True, False) and "not legal" in info["illegal_action"]
    assert env.game_state.view(None) == before and not env.action_masks().any()
    with pytest.raises(BigtopError, match="call reset"):
        env.step(0)
    strict = SeatEnv("highcard", 2, seat=0, illegal="raise")
    strict.reset(seed=2)
    with pytest.raises(IllegalAction, match="legal ids"):
        strict.step(illegal)
    assert strict.game_state.view(None) == before and strict.action_masks().any()


def make_env() -> SeatEnv:
    return SeatEnv("highcard", 3, opponents=["random"], seed=0)


def test_async_vector_env_steps_seats_in_worker_processes() -> None:
    envs = gymnasium.vector.AsyncVectorEnv([make_env, make_env])
    try:
        obs, info = envs.reset(seed=[1, 2])
        assert obs.shape == (2, *make_env().observation_space.shape)
        rng = np.random.default_rng(0)
        finished = 0
        for _ in range(40):
            masks = np.stack(envs.call("action_masks"))
            assert masks.dtype == np.bool_ and np.array_equal(masks, info["action_mask"])
            actions = [int(rng.choice(np.flatnonzero(m))) if m.any() else 0 for m in masks]
            obs, rewards, terminated, truncated, info = envs.step(np.array(actions))
            finished += int(terminated.sum())
        assert finished > 0  # episodes ended and were reset in the workers
    finally:
        envs.close()
