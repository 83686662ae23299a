"""Explicit chance nodes (`chance=explicit`): OpenSpiel's own checks, each draw a node with the
outcomes and probabilities of the cards left, and exact expectations that agree with sampled play."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from open_spiel.python import policy
from open_spiel.python.algorithms import expected_game_score, minimax

from bigtop import games
from bigtop.rl import openspiel as bo

CHANCE = pyspiel.PlayerId.CHANCE


@pytest.mark.parametrize("name", games.names())
def test_random_sim_test_with_explicit_chance_and_serialization(name: str) -> None:
    game = bo.load_game(name, players=games.get(name).min_players, chance="explicit", seed=2)
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_a_deck_draw_is_a_chance_node_when_the_card_is_drawn() -> None:
    """High Card deals from a `Deck`: six nodes deal the hands, then one node per Draw action,
    over exactly the cards still in the deck."""
    game = bo.load_game("highcard", players=2, chance="explicit")
    state = game.new_initial_state()
    dealt = []
    while state.current_player() == CHANCE:
        outcomes = state.chance_outcomes()
        assert len(outcomes) == 12 - len(dealt) and all(p == pytest.approx(1 / len(outcomes)) for _, p in outcomes)
        action = outcomes[-1][0]
        dealt.append(state.action_to_string(CHANCE, action))
        state.apply_action(action)
    assert len(dealt) == 6
    hands = state.bigtop_state.hands
    assert sorted(f"draw {c}" for c in hands[0] + hands[1]) == sorted(dealt)
    state.apply_action(state.legal_actions()[0])
    state.apply_action(state.legal_actions()[0])  # both sealed: revealed, seat 0 may draw
    assert state.current_player() == 0
    state.apply_action(game.shared.space.encode(games.get("highcard").action_types[1]()))  # Draw
    assert state.current_player() == CHANCE
    left = sorted(card for card in range(1, 13) if f"draw {card}" not in dealt)
    assert sorted(int(state.action_to_string(CHANCE, o).split()[1]) for o, _ in state.chance_outcomes()) == left


def test_equal_cards_are_one_outcome_weighted_by_their_copies(lucky_draw: str) -> None:
    game = pyspiel.load_game(lucky_draw, {"chance": "explicit"})
    state = game.new_initial_state()
    assert state.current_player() == 0  # nothing is drawn at set-up
    state.apply_action(0)  # Draw
    chances = {state.action_to_string(CHANCE, o): p for o, p in state.chance_outcomes()}
    assert chances == pytest.approx({"draw 1": 0.4, "draw 2": 0.2, "draw 3": 0.4})


def test_a_shuffle_at_set_up_is_a_chain_of_nodes_one_per_card() -> None:
    """Carcassonne shuffles its stack at set-up: with explicit chance the game starts with one node
    per position of the stack, each over the tile kinds left, weighted by their copies."""
    options = {"expansions": "", "tiles": "D,D,E", "tiles_only": "false"}
    game = bo.load_game("carcassonne", players=2, chance="explicit", options=options)
    state = game.new_initial_state()
    first = state.chance_outcomes()
    assert sum(p for _, p in first) == pytest.approx(1.0) and len(first) < 71  # kinds, not tiles
    nodes = 0
    while state.current_player() == CHANCE:
        outcomes = state.chance_outcomes()
        state.apply_action(outcomes[0][0])
        nodes += 1
    assert nodes == 71 - 3 - 1  # the tiles under the three fixed ones, less the last, which has no choice
    assert state.bigtop_state.view(None)["tile"] == "D"


def exact_and_sampled_values(name: str, games_: int) -> tuple[float, float, float]:
    """Seat 0's expected return under uniformly random play: exactly, walking the explicit chance
    tree, and estimated from sampled games (mean, standard error)."""
    explicit = pyspiel.load_game(name, {"chance": "explicit"})
    uniform = policy.UniformRandomPolicy(explicit)
    exact = expected_game_score.policy_value(explicit.new_initial_state(), [uniform, uniform])[0]
    sampled = pyspiel.load_game(name, {"seed": 3})
    rng = np.random.RandomState(3)
    returns = []
    for _ in range(games_):
        state = sampled.new_initial_state()
        while not state.is_terminal():
            state.apply_action(int(rng.choice(state.legal_actions())))
        returns.append(state.returns()[0])
    return exact, float(np.mean(returns)), float(np.std(returns) / np.sqrt(games_))


def test_the_exact_expectation_over_chance_nodes_agrees_with_sampled_play(lucky_draw: str) -> None:
    exact, mean, error = exact_and_sampled_values(lucky_draw, 3000)
    assert abs(exact - mean) < 4 * error


def lucky_draw_value(left: tuple[int, ...], points: tuple[int, int], stopped: tuple[bool, bool], turn: int, draws: int) -> float:
    """Seat 0's value of Lucky Draw with seat 0 maximizing and seat 1 minimizing it, worked out
    from the rules alone: `left` is the deck as a sorted tuple of cards."""
    if all(stopped) or draws >= 4:
        return float(np.sign(points[0] - points[1]))
    other = 1 - turn
    after = other if not stopped[other] else turn
    halt = list(stopped)
    halt[turn] = True
    values = [lucky_draw_value(left, points, (halt[0], halt[1]), other if not stopped[other] else turn, draws)]
    drawn = 0.0
    for card in sorted(set(left)):
        rest = list(left)
        rest.remove(card)
        scored = list(points)
        scored[turn] += card
        drawn += left.count(card) / len(left) * lucky_draw_value(tuple(rest), (scored[0], scored[1]), stopped, after, draws + 1)
    values.append(drawn)
    return max(values) if turn == 0 else min(values)


def test_expectiminimax_over_explicit_chance_finds_the_value_the_rules_give(lucky_draw: str) -> None:
    """OpenSpiel's expectiminimax walks the explicit chance nodes of the open (perfect-information)
    game; its value is the one worked out from the rules."""
    game = pyspiel.load_game(lucky_draw, {"chance": "explicit", "open": True})
    assert game.get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION
    value, action = minimax.expectiminimax(game.new_initial_state(), 10, None, 0)
    assert value == pytest.approx(lucky_draw_value((1, 1, 2, 3, 3), (0, 0), (False, False), 0, 0))
    assert action in (0, 1)


def test_each_kind_of_draw_becomes_a_node() -> None:
    from bigtop.core.errors import BigtopError
    from bigtop.rl.chance import CHANCE, ChanceNeeded, scripted

    def node(draw):  # the node the first draw of `draw()` asks for
        with pytest.raises(ChanceNeeded) as raised, scripted([]):
            draw()
        return raised.value.node

    assert node(lambda: CHANCE.choice("abba")).pairs() == [(0, 0.5), (1, 0.5)]  # equal items merge
    below = node(lambda: CHANCE.below(3))
    assert below.outcomes == (0, 1, 2) and below.probabilities == pytest.approx([1 / 3] * 3)
    assert node(lambda: CHANCE.choice([[1], [1]])).outcomes == (0, 1)  # unhashable: one outcome each
    with scripted([1]):
        assert CHANCE.choice("abba") == "b"
    items = [1, 2, 3]
    with scripted([0, 0]):  # position 2 gets item 0, then position 1 gets item 0 (now the 3)
        CHANCE.shuffle(items)
    assert items == [2, 3, 1]
    assert CHANCE.choice("aaa") == "a"  # a single outcome is no node
    with pytest.raises(BigtopError, match="no list of outcomes"), scripted([]):
        CHANCE.random()
    with pytest.raises(BigtopError, match="only through its OpenSpiel state"):
        CHANCE.below(2)
