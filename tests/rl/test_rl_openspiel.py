"""The OpenSpiel games: loading, OpenSpiel's random-simulation test, information states that
depend only on what a seat knows, sampled chance, and OpenSpiel's ISMCTS bot."""

from __future__ import annotations

import json

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts
from open_spiel.python.observation import make_observation
from rl_cases import GAME_SEATS, IDS
from rl_highcard import use_highcard_encoder

from bigtop import games
from bigtop.core.errors import BigtopError
from bigtop.core.options import OptionError
from bigtop.core.rng import Rng
from bigtop.rl import openspiel as bo
from bigtop.rl.encoding import encoder_for


def ismcts_bot(game: pyspiel.Game, seed: int, simulations: int) -> ismcts.ISMCTSBot:
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(seed))
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=simulations, random_state=np.random.RandomState(seed))
    bot.set_resampler(bo.seeded_resampler(seed))
    return bot


@pytest.mark.parametrize(("name", "players"), GAME_SEATS, ids=IDS)
def test_load_game_by_string_and_random_sim_test(name: str, players: int) -> None:
    game = pyspiel.load_game(f"bigtop_{name}(players={players})")
    assert game.num_players() == players
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert game.num_distinct_actions() == games.get(name).action_space(players, games.get(name).parse_options(None)).size
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("reward", ["win", "margin"])
def test_random_sim_test_with_each_reward_and_the_games_own_encoder(reward: str, monkeypatch: pytest.MonkeyPatch) -> None:
    use_highcard_encoder(monkeypatch)
    game = bo.load_game("highcard", players=3, reward=reward, seed=1)
    assert game.observation_tensor_shape() == [len(encoder_for(games.get("highcard"), 3, None).encode(_first_view()))]
    pyspiel.random_sim_test(game, num_sims=5, serialize=False, verbose=False)


def _first_view() -> dict:
    return games.get("highcard").new(3, seed=0).view(0)


class ShortRollouts(mcts.Evaluator):
    """Random rollouts cut after `moves` moves (an unfinished game is worth its returns so far),
    so that a smoke game of a long game stays short."""

    def __init__(self, moves: int, seed: int) -> None:
        self.moves = moves
        self.rng = np.random.RandomState(seed)

    def evaluate(self, state: pyspiel.State) -> np.ndarray:
        state = state.clone()
        for _ in range(self.moves):
            if state.is_terminal():
                break
            legal = state.legal_actions()
            state.apply_action(legal[self.rng.randint(len(legal))])
        return np.array(state.returns())

    def prior(self, state: pyspiel.State) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        return [(action, 1.0 / len(legal)) for action in legal]


@pytest.mark.parametrize("name", games.names())
def test_ismcts_plays_a_full_game(name: str) -> None:
    game = bo.load_game(name, seed=3)
    bots = []
    for seed in range(game.num_players()):
        bot = ismcts.ISMCTSBot(game, ShortRollouts(20, seed), uct_c=2.0, max_simulations=8, random_state=np.random.RandomState(seed))
        bot.set_resampler(bo.seeded_resampler(seed))
        bots.append(bot)
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        player = state.current_player()
        action = bots[player].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        decisions += 1
    assert decisions == state.bigtop_state.move_count
    assert state.returns() == bo.final_rewards(state.bigtop_state, "win")


def test_ismcts_beats_random_play_at_high_card() -> None:
    game = bo.load_game("highcard", players=2, seed=11)
    wins = 0.0
    for index in range(40):
        bot = ismcts_bot(game, index, simulations=40)
        rng = np.random.RandomState(index)
        seat = index % 2
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.current_player() == seat:
                state.apply_action(bot.step(state))
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
        wins += state.returns()[seat]
    assert wins > 0  # more wins than losses over 40 deals, both seats (seeded, so repeatable)


def test_observations_come_from_the_seat_view_only() -> None:
    game = bo.load_game("highcard", players=3)
    state = game.new_initial_state()
    kernel = state.bigtop_state
    encoder = encoder_for(games.get("highcard"), 3, None)
    for seat in range(3):
        assert np.array_equal(np.array(state.observation_tensor(seat), np.float32), encoder.encode(kernel.view(seat)))
        assert json.loads(state.observation_string(seat))["view"] == kernel.view(seat)
    world = state.resample_from_infostate(0, Rng(5).random)
    assert str(world) != str(state) and str(state.clone()) == str(state)
    assert world.information_state_string(0) == state.information_state_string(0)
    assert world.information_state_tensor(0) == state.information_state_tensor(0)
    assert world.observation_tensor(0) == state.observation_tensor(0)


def test_resampling_changes_what_the_seat_cannot_know() -> None:
    game = bo.load_game("highcard", players=3)
    state = game.new_initial_state()
    sampler = Rng(8).random
    others = {str(state.resample_from_infostate(0, sampler).bigtop_state.view(1)["hand"]) for _ in range(10)}
    assert len(others) > 1
    assert all(
        state.resample_from_infostate(0, sampler).bigtop_state.view(0) == state.bigtop_state.view(0) for _ in range(10)
    )


def test_sealed_choice_does_not_show_in_the_next_seats_information_state() -> None:
    game = bo.load_game("highcard", players=3, seed=4)
    root = game.new_initial_state()
    assert root.bigtop_state.to_move() == (0, 1, 2)
    seen = set()
    for action in root.legal_actions():
        child = root.child(action)
        assert child.current_player() == 1
        seen.add((child.information_state_string(1), tuple(child.information_state_tensor(1))))
    assert len(root.legal_actions()) == 3 and len(seen) == 1
    # Seat 0 itself does remember its choice.
    assert len({root.child(a).information_state_string(0) for a in root.legal_actions()}) == 3


def test_chance_is_sampled_from_the_state_and_travels_with_clones() -> None:
    game = bo.load_game("highcard", players=2, seed=6)
    state = game.new_initial_state()
    rng = np.random.RandomState(0)
    while not state.is_terminal():
        copy = state.clone()
        action = int(rng.choice(state.legal_actions()))
        state.apply_action(action)
        copy.apply_action(action)
        assert str(copy) == str(state)


def test_fresh_states_follow_the_seed_parameter() -> None:
    def deals(seed: int) -> list[list[int]]:
        game = bo.load_game("highcard", players=2, seed=seed)
        return [game.new_initial_state().bigtop_state.view(0)["hand"] for _ in range(4)]

    assert deals(1) == deals(1)
    assert deals(1) != deals(2)
    assert len({str(hand) for hand in deals(1)}) > 1
    # Looking at tensor shapes and cloning (OpenSpiel makes throwaway fresh states for both) uses up no deals.
    game = bo.load_game("highcard", players=2, seed=1)
    first = game.new_initial_state()
    first.observation_tensor(0)
    first.clone().information_state_tensor(1)
    game.observation_tensor_shape()
    hands = [first.bigtop_state.view(0)["hand"]] + [game.new_initial_state().bigtop_state.view(0)["hand"] for _ in range(3)]
    assert hands == deals(1)


def test_game_options_and_bad_parameters() -> None:
    game = bo.load_game("highcard", players=2, options={"rounds": 1})
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert state.bigtop_state.round == 1
    with pytest.raises(BigtopError, match="known rewards"):
        bo.load_game("highcard", reward="glory")
    with pytest.raises(OptionError, match="2 to 4 players"):
        pyspiel.load_game("bigtop_highcard(players=9)")


def test_information_state_observer_is_perfect_recall() -> None:
    game = bo.load_game("highcard", players=2, seed=2)
    observation = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    state = game.new_initial_state()
    observation.set_from(state, 0)
    assert set(observation.dict) == {"view", "history"}
    assert observation.tensor.shape == (game.information_state_tensor_shape()[0],)
    start = observation.dict["history"].copy()
    state.apply_action(state.legal_actions()[0])
    observation.set_from(state, 0)
    assert not np.array_equal(start, observation.dict["history"])  # its own sealed play is remembered
    assert json.loads(state.information_state_string(0))["own"] == [state.history()[0]]


def test_default_player_count() -> None:
    assert bo.load_game("highcard").num_players() == games.get("highcard").default_players() == 3
