"""The OpenSpiel games: loading, OpenSpiel's random-simulation test with serialization, game types,
information states that depend only on what a seat knows, sampled chance, and OpenSpiel's ISMCTS bot.
Explicit chance and OpenSpiel's algorithms are in test_rl_openspiel_chance.py and
test_rl_openspiel_algorithms.py."""

from __future__ import annotations

import json
import pickle

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts
from open_spiel.python.observation import make_observation
from rl_cases import GAME_SEATS, IDS
from rl_highcard import use_highcard_encoder

from bigtop import bots, games
from bigtop.bots.match import play_game, random_playout
from bigtop.core.errors import BigtopError
from bigtop.core.options import OptionError
from bigtop.core.rng import Rng
from bigtop.rl import openspiel as bo
from bigtop.rl.encoding import encoder_for
from bigtop.rl.lengths import DEFAULT_MAX_GAME_LENGTH
from bigtop.rl.spiel_bots import seeded_resampler


def ismcts_bot(game: pyspiel.Game, seed: int, simulations: int) -> ismcts.ISMCTSBot:
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(seed))
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=simulations, random_state=np.random.RandomState(seed))
    bot.set_resampler(seeded_resampler(seed))
    return bot


@pytest.mark.parametrize(("name", "players"), GAME_SEATS, ids=IDS)
def test_load_game_by_string_and_random_sim_test_with_serialization(name: str, players: int) -> None:
    """OpenSpiel's C++ serialization asks a sampled game for `GetRNGState`, which a Python game
    cannot give: `random_sim_test` without it, then the serializations a bigtop game offers."""
    game = pyspiel.load_game(f"bigtop_{name}(players={players})")
    assert game.num_players() == players
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC  # a new deal each time
    assert game.num_distinct_actions() == games.get(name).action_space(players, games.get(name).parse_options(None)).size
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)
    state, rng = game.new_initial_state(), Rng(players)
    while not state.is_terminal():
        if rng.below(8) == 0:
            _, again = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
            assert str(again) == str(state) and again.observation_string(0) == state.observation_string(0)
        legal = state.legal_actions()
        state.apply_action(legal[rng.below(len(legal))])


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("reward", ["win", "margin"])
def test_two_player_games_are_zero_sum_and_others_general_sum(players: int, reward: str) -> None:
    game = bo.load_game("highcard", players=players, reward=reward, seed=players)
    kind = game.get_type()
    if players == 2:
        assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM and game.utility_sum() == 0.0
    else:
        assert kind.utility == pyspiel.GameType.Utility.GENERAL_SUM
    sums = set()
    rng = np.random.RandomState(players)
    for _ in range(30):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(int(rng.choice(state.legal_actions())))
        returns = state.returns()
        assert all(game.min_utility() <= r <= game.max_utility() for r in returns)
        sums.add(round(sum(returns), 9))
    if players == 2:
        assert sums == {0.0}
    elif reward == "margin":
        assert len(sums) > 1  # the margins of three seats or more add up to different sums


def test_the_attributes_minimax_reads_are_there() -> None:
    """`alpha_beta_search` names the game's `chance_mode` (and `information`, but a bigtop game is
    never `DETERMINISTIC`, which it checks first) in its refusals."""
    from open_spiel.python.algorithms import minimax

    game = bo.load_game("highcard", players=2)
    assert (game.chance_mode, game.information) == (game.get_type().chance_mode, game.get_type().information)
    assert (game.dynamics, game.utility) == (game.get_type().dynamics, game.get_type().utility)
    with pytest.raises(ValueError, match="Deterministic one, not ChanceMode.SAMPLED_STOCHASTIC"):
        minimax.alpha_beta_search(game)
    with pytest.raises(ValueError, match="Deterministic one, not ChanceMode.EXPLICIT_STOCHASTIC"):
        minimax.alpha_beta_search(bo.load_game("highcard", players=2, chance="explicit"))
    with pytest.raises(ValueError, match="Deterministic one, not ChanceMode.SAMPLED_STOCHASTIC"):
        minimax.alpha_beta_search(bo.load_game("highcard", players=2, open=True))


@pytest.mark.parametrize(("name", "players"), GAME_SEATS, ids=IDS)
def test_no_random_or_bot_game_is_longer_than_max_game_length(name: str, players: int) -> None:
    game = bo.load_game(name, players=players, seed=players)
    bound = game.max_game_length()
    assert bound < DEFAULT_MAX_GAME_LENGTH or name == "highcard"
    kernel = games.get(name)
    rng = Rng(players)
    for seed in range(3):
        state = kernel.new(players, seed=seed)
        assert random_playout(state, rng) <= bound
    heuristic = "heuristic" if name != "highcard" else "random"
    finished = play_game(kernel, [bots.make(heuristic, kernel, p) for p in range(players)], seed=9)
    assert finished.is_over() and finished.move_count <= bound


def test_carcassonne_is_bounded_by_two_decisions_per_tile() -> None:
    base = bo.load_game("carcassonne", players=2, options={"expansions": ""})
    full = bo.load_game("carcassonne", players=2)
    assert base.max_game_length() == 2 * 71 and full.max_game_length() == 2 * 91  # tiles but the start tile


@pytest.mark.parametrize("chance", bo.CHANCE_MODES)
@pytest.mark.parametrize("name", ["highcard", "trollfest"])
def test_the_current_player_follows_actions_clones_and_resamples(name: str, chance: str) -> None:
    """The current player is kept between actions: at every step it is the kernel's lowest seat
    to move (or chance, or the end) in the state itself, in a clone and in a resampled copy."""

    def expected(state: pyspiel.State) -> int:
        box = state._box
        if box.pending is not None or box.state is None:
            return bo.CHANCE_PLAYER
        kernel = box.state
        return bo.TERMINAL if kernel.is_over() else min(kernel.to_move())

    game = bo.load_game(name, players=3, chance=chance, seed=4)
    state, rng = game.new_initial_state(), Rng(8)
    while not state.is_terminal():
        assert state.current_player() == expected(state)
        if state.move_number() % 7 == 3:
            clone = state.clone()
            assert clone.current_player() == state.current_player() and not clone.is_terminal()
            clone.apply_action(clone.legal_actions()[0])
            assert clone.current_player() == expected(clone)
            assert state.current_player() == expected(state)  # the clone's move left the original alone
        if state.is_chance_node():
            outcomes = [o for o, _ in state.chance_outcomes()]
            state.apply_action(outcomes[rng.below(len(outcomes))])
            continue
        if chance == "sampled" and state.move_number() % 11 == 5:
            world = state.resample_from_infostate(state.current_player(), Rng(3).random)
            assert world.current_player() == state.current_player() == expected(world)
        legal = state.legal_actions()
        assert legal == sorted(state.bigtop_state.legal_ids(state.current_player())) and legal
        assert state.legal_actions(state.current_player()) == legal
        assert state.legal_actions((state.current_player() + 1) % 3) == []
        state.apply_action(legal[rng.below(len(legal))])
    assert state.current_player() == expected(state) == bo.TERMINAL and state.legal_actions() == []


def test_serialize_deserialize_and_pickle_rebuild_the_state() -> None:
    game = bo.load_game("highcard", players=3, seed=5)
    state = game.new_initial_state()
    for action in (0, 1, 2):
        state.apply_action(state.legal_actions()[action % len(state.legal_actions())])
    world = state.resample_from_infostate(1, Rng(3).random)
    world.apply_action(world.legal_actions()[0])
    for original in (state, world):
        again = game.deserialize_state(original.serialize())
        copied = pickle.loads(pickle.dumps(original))
        for other in (again, copied):
            assert str(other) == str(original) and other.history() == original.history()
            assert other.bigtop_state.view(None) == original.bigtop_state.view(None)
            assert other.information_state_string(1) == original.information_state_string(1)
            assert other.bigtop_state.rng.state == original.bigtop_state.rng.state  # the chance to come too
    restored_game, restored = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, world))
    assert str(restored_game) == str(game) and str(restored) == str(world)


@pytest.mark.parametrize("chance", bo.CHANCE_MODES)
def test_the_history_is_the_same_whichever_side_applies_the_actions(chance: str) -> None:
    """`apply_action` called from Python is answered in Python; C++ (`child`, OpenSpiel's
    `apply_action` itself) goes through `_apply_action`. Either way, and mixed, the history and the
    state are those of a game played through C++ alone."""
    game = bo.load_game("highcard", players=3, seed=6, chance=chance)
    state, rng = game.new_initial_state(), Rng(4)
    alone = state.clone()  # the same deal
    assert state.is_initial_state() and state.history() == [] and state.move_number() == 0
    steps = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        action = legal[rng.below(len(legal))]
        if steps % 2:
            state.apply_action(np.int64(action))  # from Python, an id as NumPy hands it out
        else:
            state = state.child(action)  # through C++
        pyspiel.State.apply_action(alone, action)  # OpenSpiel's own, C++ from end to end
        steps += 1
    assert state.history() == pyspiel.State.history(alone) == alone.history() and len(state.history()) == steps
    assert [(step.player, step.action) for step in state.full_history()] == [
        (step.player, step.action) for step in pyspiel.State.full_history(alone)
    ]
    assert state.history_str() == pyspiel.State.history_str(alone)
    assert state.move_number() == pyspiel.State.move_number(alone) == steps and not state.is_initial_state()
    assert state.returns() == alone.returns() and str(state) == str(alone)
    for other in (state.clone(), game.deserialize_state(state.serialize()), pickle.loads(pickle.dumps(state))):
        assert other.history() == state.history() and other.returns() == state.returns()


def test_an_illegal_id_from_python_changes_nothing() -> None:
    game = bo.load_game("trollfest", players=3, seed=2)
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    before, legal = str(state), state.legal_actions()
    with pytest.raises(BigtopError):
        state.apply_action(next(i for i in range(game.num_distinct_actions()) if i not in legal))
    with pytest.raises(TypeError):
        state.apply_action(1.0)
    assert str(state) == before and state.legal_actions() == legal and state.move_number() == 1


def test_a_pickled_game_goes_on_with_the_same_deals() -> None:
    game = bo.load_game("highcard", players=2, seed=8)
    assert game.new_initial_state().bigtop_state.move_count == 0  # looked at: uses up the first deal
    copy = pickle.loads(pickle.dumps(game))
    assert [copy.new_initial_state().bigtop_state.view(0) for _ in range(3)] == [
        game.new_initial_state().bigtop_state.view(0) for _ in range(3)
    ]


@pytest.mark.parametrize("reward", ["win", "margin"])
def test_random_sim_test_with_each_reward_and_the_games_own_encoder(reward: str, monkeypatch: pytest.MonkeyPatch) -> None:
    use_highcard_encoder(monkeypatch)
    game = bo.load_game("highcard", players=3, reward=reward, seed=1)
    assert game.observation_tensor_shape() == [len(encoder_for(games.get("highcard"), 3, None).encode(_first_view()))]
    pyspiel.random_sim_test(game, num_sims=5, serialize=False, verbose=False)


def _first_view() -> dict:
    return games.get("highcard").new(3, seed=0).view(0)


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
