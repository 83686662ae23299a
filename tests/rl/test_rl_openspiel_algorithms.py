"""OpenSpiel's own Python algorithms on bigtop games: ISMCTS and MCTS through `evaluate_bots` against
bigtop's bots, and minimax on a tiny two-player configuration."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import evaluate_bots, mcts, minimax

from bigtop import games
from bigtop.rl import openspiel as bo
from bigtop.rl.spiel_bots import BigtopBot, ISMCTSBot, seeded_resampler


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
            if state.is_chance_node():
                outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(self.rng.choice(outcomes, p=probabilities)))
                continue
            legal = state.legal_actions()
            state.apply_action(legal[self.rng.randint(len(legal))])
        return np.array(state.returns())

    def prior(self, state: pyspiel.State) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        return [(action, 1.0 / len(legal)) for action in legal]


def ismcts(game: pyspiel.Game, seed: int, simulations: int, rollout: int) -> ISMCTSBot:
    bot = ISMCTSBot(game, ShortRollouts(rollout, seed), uct_c=2.0, max_simulations=simulations, random_state=np.random.RandomState(seed))
    bot.set_resampler(seeded_resampler(seed))
    return bot


@pytest.mark.parametrize("name", games.names())
def test_ismcts_against_bigtop_bots_under_evaluate_bots(name: str) -> None:
    """OpenSpiel's Python ISMCTS (with the shim `evaluate_bots` needs) in seat 0, bigtop's heuristic
    bot (random for the test game) in the others, played to the end by OpenSpiel's own loop."""
    game = bo.load_game(name, seed=3)
    other = "random" if name == "highcard" else "heuristic"
    seated = [ismcts(game, 0, 4, 10)] + [BigtopBot(other, game, seed) for seed in range(1, game.num_players())]
    state = game.new_initial_state()
    returns = evaluate_bots.evaluate_bots(state, seated, np.random.RandomState(0))
    assert state.is_terminal() and returns == bo.final_rewards(state.bigtop_state, "win")
    assert len(state.history()) == state.bigtop_state.move_count <= game.max_game_length()


def test_ismcts_and_bigtop_bots_with_explicit_chance_nodes() -> None:
    """With explicit chance `evaluate_bots` draws every card itself; the bots still play the game."""
    game = bo.load_game("highcard", players=2, chance="explicit", seed=4)
    seated = [ismcts(game, 1, 10, 20), BigtopBot("random", game, 2)]
    state = game.new_initial_state()
    returns = evaluate_bots.evaluate_bots(state, seated, np.random.RandomState(1))
    assert state.is_terminal() and returns == bo.final_rewards(state.bigtop_state, "win")
    assert len(state.history()) > state.bigtop_state.move_count  # the chance outcomes are in the history


def test_mcts_in_the_open_game_beats_random_play() -> None:
    """OpenSpiel's Python MCTS needs perfect information: `open=true` shows every seat the whole
    state (a tool for analysing deals, like an open-hand solver). Against random play it wins."""
    game = bo.load_game("highcard", players=2, open=True, seed=5)
    total = 0.0
    for index in range(30):
        seat = index % 2
        searcher = mcts.MCTSBot(game, 2.0, 30, mcts.RandomRolloutEvaluator(1, np.random.RandomState(index)),
                                random_state=np.random.RandomState(index))
        seated = [searcher, BigtopBot("random", game, index)] if seat == 0 else [BigtopBot("random", game, index), searcher]
        total += evaluate_bots.evaluate_bots(game.new_initial_state(), seated, np.random.RandomState(index))[seat]
    assert total >= 10  # wins minus losses over 30 deals, both seats (seeded, so repeatable)


def plain_minimax(state: pyspiel.State, player: int) -> float:
    """Seat `player`'s minimax value by walking the whole tree (no pruning)."""
    if state.is_terminal():
        return state.returns()[player]
    values = [plain_minimax(state.child(action), player) for action in state.legal_actions()]
    return max(values) if state.current_player() == player else min(values)


def test_minimax_solves_a_tiny_two_player_carcassonne() -> None:
    """Base-game Carcassonne with a stack of two known tiles, open: two players, perfect
    information and zero-sum. Sampled chance deals a new game at each fresh state
    (`SAMPLED_STOCHASTIC`), which `alpha_beta_search` refuses; from one state there is no chance
    node, so `expectiminimax` is plain minimax: its value and move are the plain minimax ones."""
    options = {"expansions": "", "tiles": "D,V", "tiles_only": "true"}
    game = bo.load_game("carcassonne", players=2, open=True, reward="margin", options=options)
    kind = game.get_type()
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM and kind.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    root = game.new_initial_state()
    value, action = minimax.expectiminimax(root, game.max_game_length(), None, 0)
    assert value == plain_minimax(root, 0) and action in root.legal_actions()
    assert plain_minimax(root.child(action), 0) == value


@pytest.mark.parametrize(("name", "chance"), [("carcassonne", "sampled"), ("highcard", "explicit")])
def test_open_games_pass_random_sim_test(name: str, chance: str) -> None:
    """With `open=true` every seat observes the whole state, the RNG and deck orders included."""
    game = bo.load_game(name, players=2, open=True, chance=chance, seed=6)
    assert game.get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION
    pyspiel.random_sim_test(game, num_sims=1, serialize=chance == "explicit", verbose=False)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    assert state.observation_string(0) == state.observation_string(1)  # nothing is hidden
    assert '"rng"' in state.observation_string(0)


@pytest.mark.parametrize("chance", ["sampled", "explicit"])
def test_openspiels_rl_environment_plays_whole_episodes(chance: str) -> None:
    """OpenSpiel's `rl_environment` (what its RL agents run in) draws the chance nodes itself."""
    from open_spiel.python import rl_environment

    game = bo.load_game("highcard", players=2, chance=chance, seed=1)
    env = rl_environment.Environment(game, seed=1)
    for _ in range(3):
        step = env.reset()
        decisions = 0
        while not step.last():
            player = step.observations["current_player"]
            legal = step.observations["legal_actions"][player]
            step = env.step([legal[decisions % len(legal)]])
            decisions += 1
        assert sorted(step.rewards) in ([-1.0, 1.0], [0.0, 0.0])
        assert len(step.observations["info_state"][0]) == game.information_state_tensor_size()
