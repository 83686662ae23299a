"""What users of gymnasium, PettingZoo and OpenSpiel take for granted: declared chance modes,
reproducible seats, resampled states at the same point of the game, integer actions only,
pickled environments and the sizes docs/rl.md states."""

from __future__ import annotations

import pickle
import re
from pathlib import Path

import numpy as np
import pyspiel
import pytest
from pettingzoo.test import api_test, parallel_seed_test

from bigtop import games
from bigtop.core.errors import BigtopError, IllegalAction
from bigtop.rl import SeatEnv
from bigtop.rl import openspiel as bo
from bigtop.rl import pettingzoo as bz
from bigtop.rl.encoding import encoder_for
from bigtop.rl.parallel import parallel_env

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rl.md"


def test_sampled_chance_is_declared_sampled_stochastic_and_explicit_stays_explicit() -> None:
    """Each fresh initial state deals a new game, so sampled chance is not `DETERMINISTIC`."""
    sampled = bo.load_game("drumroll", players=2)
    assert sampled.get_type().chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert sampled.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert str(sampled.new_initial_state()) != str(sampled.new_initial_state())  # a new deal each time
    explicit = bo.load_game("drumroll", players=2, chance="explicit")
    assert explicit.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    first, second = bo.load_game("drumroll", players=2), bo.load_game("drumroll", players=2)
    assert [str(first.new_initial_state()) for _ in range(3)] == [str(second.new_initial_state()) for _ in range(3)]


def test_serialize_game_and_state_works_in_sampled_mode() -> None:
    game = bo.load_game("drumroll", players=2, seed=3)
    state = game.new_initial_state()
    for _ in range(5):
        state.apply_action(state.legal_actions()[0])
    restored_game, restored = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert str(restored_game) == str(game) and str(restored) == str(state) and restored.history() == state.history()


def test_seatenv_seed_makes_unseeded_resets_reproducible_seats_included() -> None:
    def seats() -> list[int]:
        env = SeatEnv("drumroll", 3, seed=0, seat="random")
        return [env.reset()[1]["seat"] for _ in range(8)]

    assert seats() == seats()
    env = SeatEnv("drumroll", 3, seed=0, seat="random")
    env.reset(seed=5)
    after_seed = [env.reset()[1]["seat"] for _ in range(4)]
    env = SeatEnv("drumroll", 3, seed=1, seat="random")
    env.reset(seed=5)
    assert [env.reset()[1]["seat"] for _ in range(4)] == after_seed  # a seeded reset overrides the constructor's


@pytest.mark.parametrize("chance", bo.CHANCE_MODES)
def test_a_resampled_state_is_at_the_same_point_of_the_game(chance: str) -> None:
    game = bo.load_game("drumroll", players=2, chance=chance)
    state = game.new_initial_state()
    rng = np.random.default_rng(2)
    while state.move_number() < 40 or state.is_chance_node():
        state.apply_action(int(rng.choice(state.legal_actions())))
    player = state.current_player()
    world = state.resample_from_infostate(player, np.random.RandomState(0).rand)
    assert world.move_number() == state.move_number() and len(world.history()) == len(state.history())
    assert not world.is_initial_state()
    assert [entry.player for entry in world.full_history()] == [entry.player for entry in state.full_history()]
    for entry, true in zip(world.full_history(), state.full_history(), strict=True):
        assert entry.action == (true.action if true.player == player else pyspiel.INVALID_ACTION)
    child = world.child(world.legal_actions()[0])
    assert child.move_number() == state.move_number() + 1
    for copy in (game.deserialize_state(world.serialize()), pickle.loads(pickle.dumps(world))):
        assert copy.history() == world.history() and str(copy) == str(world)
    fresh = game.new_initial_state()
    assert fresh.is_initial_state()
    if chance == "sampled":  # (explicit chance: a fresh state is a chance node, which is not resampled)
        assert fresh.resample_from_infostate(0, np.random.RandomState(0).rand).is_initial_state()


def test_lazy_observations_refuse_a_late_read_with_advice_for_api_test() -> None:
    with pytest.raises(BigtopError, match="api_test"):
        api_test(bz.env("drumroll", players=2, observations="lazy"), num_cycles=20)


def test_parallel_seed_test_samples_without_the_mask_and_is_refused() -> None:
    """As docs/rl.md says: PettingZoo's `parallel_seed_test` samples unmasked actions."""
    with pytest.raises(IllegalAction):
        parallel_seed_test(lambda: parallel_env("drumroll", players=2))


def policy_last(observation: np.ndarray, legal: np.ndarray) -> int:
    """An opponent policy (top-level, so it pickles): the highest legal id."""
    return int(legal[-1])


def test_seatenv_pickles_and_the_copy_goes_on_identically() -> None:
    for opponents in (["random"], ["heuristic"], [policy_last]):
        env = SeatEnv("drumroll", 2, opponents=opponents, seed=0)
        env.reset(seed=1)
        copy = pickle.loads(pickle.dumps(env))
        rng = np.random.default_rng(0)
        for _ in range(20):
            action = int(rng.choice(env.legal_ids()))
            ours, theirs = env.step(action), copy.step(action)
            assert np.array_equal(ours[0], theirs[0]) and ours[1:4] == theirs[1:4]
            if ours[2]:
                break
        assert env.reset()[1]["seat"] == copy.reset()[1]["seat"] and env.game_state.seed == copy.game_state.seed


@pytest.mark.parametrize("bad", [8.7, 8.0, "8", np.float64(8.0), np.array([8]), True])
def test_only_integer_actions_are_accepted(bad: object) -> None:
    aec = bz.env("drumroll", players=2)
    aec.reset(seed=0)
    before = aec.unwrapped.game_state.move_count
    with pytest.raises(IllegalAction, match="integer"):
        aec.step(bad)
    assert aec.unwrapped.game_state.move_count == before
    par = parallel_env("drumroll", players=2)
    observations, infos = par.reset(seed=0)
    acting = [agent for agent in par.agents if infos[agent]["acting"]]
    with pytest.raises(IllegalAction, match="integer"):
        par.step(dict.fromkeys(acting, bad))
    seat = SeatEnv("drumroll", 2, seed=0)
    seat.reset(seed=0)
    with pytest.raises(IllegalAction, match="integer"):
        seat.step(bad)


def test_numpy_integers_and_0d_arrays_are_actions() -> None:
    aec = bz.env("drumroll", players=2)
    aec.reset(seed=0)
    first = int(bz.mask_ids(aec.last()[0]["action_mask"])[0])
    aec.step(np.int64(first))
    aec.step(np.array(int(bz.mask_ids(aec.last()[0]["action_mask"])[0])))
    assert aec.unwrapped.game_state.move_count == 2
    seat = SeatEnv("drumroll", 2, seed=0)
    seat.reset(seed=0)
    seat.step(np.array(int(seat.legal_ids()[0]), np.int32))


def test_the_observation_sizes_in_the_docs_are_the_encoders() -> None:
    text = DOCS.read_text()
    rows = re.findall(r"^\| ([A-Z][\w ]+) \| `bigtop/games/(\w+)/observation.py` \| ([\d,]+) \|", text, re.M)
    assert {module for _, module, _ in rows} == {"drumroll", "trollfest", "carcassonne"}
    for _, module, size in rows:
        game = games.get(module)
        shape = encoder_for(game, 3, game.bots_only_options(None)).shape
        assert int(np.prod(shape)) == int(size.replace(",", ""))
    trollfest = int(np.prod(encoder_for(games.get("trollfest"), 3, games.get("trollfest").bots_only_options(None)).shape))
    assert f"Troll Fest's has {trollfest:,} inputs at three" in text
