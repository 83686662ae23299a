"""The PettingZoo Parallel environment: PettingZoo's parallel API test at every player count, sealed
steps chosen in one step, the same games as the AEC environment, illegal actions."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import parallel_api_test
from rl_cases import GAME_SEATS, IDS

from bigtop import games
from bigtop.core.errors import BigtopError, IllegalAction
from bigtop.rl.parallel import parallel_env


@pytest.mark.parametrize(("name", "players"), GAME_SEATS, ids=IDS)
def test_pettingzoo_parallel_api_test_passes(name: str, players: int) -> None:
    parallel_api_test(parallel_env(name, players=players, seed=players), num_cycles=300)


def masked_random(observations: dict, infos: dict, rng: np.random.Generator) -> dict[str, int]:
    return {
        agent: int(rng.choice(np.flatnonzero(obs["action_mask"])))
        for agent, obs in observations.items() if infos[agent]["acting"]
    }


def test_a_sealed_step_is_chosen_by_every_seat_in_one_step() -> None:
    env = parallel_env("highcard", players=3)
    observations, infos = env.reset(seed=11)
    assert env.game_state.to_move() == (0, 1, 2)  # High Card opens with a sealed step
    assert all(infos[agent]["acting"] and observations[agent]["action_mask"].any() for agent in env.agents)
    before = {agent: obs["observation"].copy() for agent, obs in observations.items()}
    actions = masked_random(observations, infos, np.random.default_rng(0))
    observations, _, _, _, infos = env.step(actions)
    assert [seat for seat, _ in env.game_state.moves()] == [0, 1, 2]  # all three in one step
    assert any(not np.array_equal(before[a], observations[a]["observation"]) for a in before)


def test_every_step_is_the_kernel_game_and_every_agent_sees_its_own_view() -> None:
    for name, players in (("highcard", 4), ("trollfest", 3), ("drumroll", 2), ("carcassonne", 2)):
        env = parallel_env(name, players=players)
        observations, infos = env.reset(seed=5)
        rng = np.random.default_rng(5)
        steps = 0
        while env.agents and steps < 150:
            observations, rewards, terminations, truncations, infos = env.step(masked_random(observations, infos, rng))
            steps += 1
        replayed = games.get(name).new(players, seed=5)
        for player, action in env.game_state.moves():
            replayed.apply(player, action)
        assert replayed.view(None) == env.game_state.view(None)
        for seat, agent in enumerate(env.possible_agents):
            assert np.array_equal(env.encoder.encode(replayed.view(seat)), observations[agent]["observation"])
            acting = seat in replayed.to_move()
            assert infos[agent]["acting"] == acting == bool(observations[agent]["action_mask"].any())


def test_rewards_end_the_game_for_every_agent() -> None:
    env = parallel_env("highcard", players=2, reward="margin")
    observations, infos = env.reset(seed=3)
    rng = np.random.default_rng(3)
    while env.agents:
        observations, rewards, terminations, truncations, infos = env.step(masked_random(observations, infos, rng))
    result = env.game_state.result()
    assert all(terminations.values()) and not any(truncations.values())
    assert rewards == {"player_0": result.scores[0] - result.scores[1], "player_1": result.scores[1] - result.scores[0]}
    with pytest.raises(BigtopError, match="call reset"):
        env.step({})


def test_max_cycles_truncates_every_agent() -> None:
    env = parallel_env("drumroll", players=2, max_cycles=3)
    observations, infos = env.reset(seed=1)
    rng = np.random.default_rng(1)
    for step in range(3):
        observations, rewards, terminations, truncations, infos = env.step(masked_random(observations, infos, rng))
        assert all(truncations.values()) == (step == 2) and not any(terminations.values())
    assert env.agents == [] and set(rewards.values()) == {0.0}


def test_an_illegal_or_missing_action_raises_before_any_seat_plays() -> None:
    env = parallel_env("highcard", players=3)
    observations, infos = env.reset(seed=11)
    actions = masked_random(observations, infos, np.random.default_rng(0))
    before = env.game_state.view(None)
    bad = int(np.flatnonzero(observations["player_2"]["action_mask"] == 0)[0])
    with pytest.raises(IllegalAction, match="not legal for player_2"):
        env.step({**actions, "player_2": bad})
    with pytest.raises(IllegalAction, match="player_1 has a decision to make"):
        env.step({k: v for k, v in actions.items() if k != "player_1"})
    assert env.game_state.view(None) == before and env.game_state.moves() == []


def test_a_sealed_choice_waits_made_while_another_seats_choice_opens_a_follow_up_decision() -> None:
    """Drum Roll's sealed steps can open a prompt for the seat that chose first: the other seats'
    choices, made in the same step, are applied when the game comes back to them, not asked again."""
    env = parallel_env("drumroll", players=3)
    rng = np.random.default_rng(0)
    waited = 0
    for seed in range(6):
        observations, infos = env.reset(seed=seed)
        while env.agents:
            actions = masked_random(observations, infos, rng)
            observations, _, _, _, infos = env.step(actions)
            for seat, (action, _) in env._pending.items():
                agent = env.possible_agents[seat]
                assert actions[agent] == action and not infos[agent]["acting"]
                moves = len(env.game_state.moves())
                while seat in env._pending:  # the others' follow-up decisions come first
                    observations, _, _, _, infos = env.step(masked_random(observations, infos, rng))
                assert env.game_state.moves()[moves:].count((seat, env.game_state.action_space.decode(action))) >= 1
                waited += 1
                break
    assert waited > 0
