"""OpenSpiel's lossless information state (`infostate=history`): every view a seat had and every
action it took can be read back from it, and nothing it could not see is in it."""

from __future__ import annotations

import json
import pickle

import numpy as np
import pyspiel
import pytest
from rl_cases import GAME_SEATS, IDS

from bigtop.core.rng import Rng
from bigtop.rl import openspiel as bo


def replay(history: list[list]) -> list[tuple[int | None, int | None, dict]]:
    """(actor, own action, the whole view after the step) for each step of a history string."""
    view: dict = {}
    out = []
    for actor, own, changed, removed in history:
        view = {key: value for key, value in {**view, **changed}.items() if key not in removed}
        out.append((actor, own, view))
    return out


@pytest.mark.parametrize(("name", "players"), GAME_SEATS[::3], ids=IDS[::3])
def test_every_view_and_own_action_can_be_read_back_from_the_history(name: str, players: int) -> None:
    game = bo.load_game(name, players=players, seed=2, infostate="history")
    state = game.new_initial_state()
    kernel_views = [[state.bigtop_state.view(p) for p in range(players)]]
    steps: list[tuple[int, int]] = []
    rng = np.random.default_rng(players)
    while not state.is_terminal() and len(steps) < 120:
        player = state.current_player()
        action = int(rng.choice(state.legal_actions()))
        state.apply_action(action)
        steps.append((player, action))
        kernel_views.append([state.bigtop_state.view(p) for p in range(players)])
    for seat in range(players):
        history = json.loads(state.information_state_string(seat))
        read = replay(history)
        assert len(read) == len(steps) + 1 and read[0][0] is None
        for (actor, own, view), truth, step in zip(read, kernel_views, [(None, None), *steps], strict=True):
            assert json.loads(json.dumps(truth[seat], sort_keys=True, default=str)) == view
            assert actor == step[0] and own == (step[1] if step[0] == seat else None)


def test_a_sealed_choice_is_not_in_the_other_seats_history_and_resampling_keeps_the_seats() -> None:
    game = bo.load_game("highcard", players=3, seed=4, infostate="history")
    root = game.new_initial_state()
    assert root.bigtop_state.to_move() == (0, 1, 2)
    children = [root.child(a) for a in root.legal_actions()]
    assert len({c.information_state_string(1) for c in children}) == 1  # seat 1 saw seat 0 choose, not what
    assert len({c.information_state_string(0) for c in children}) == len(children)
    state = children[0]
    world = state.resample_from_infostate(1, Rng(3).random)
    assert world.information_state_string(1) == state.information_state_string(1)
    again = pickle.loads(pickle.dumps(state))
    assert [again.information_state_string(p) for p in range(3)] == [state.information_state_string(p) for p in range(3)]
    assert not game.get_type().provides_information_state_tensor
    assert bo.load_game("highcard", players=3).get_type().provides_information_state_tensor


def test_random_sim_test_passes_with_the_history_and_a_bad_value_is_refused() -> None:
    pyspiel.random_sim_test(bo.load_game("highcard", players=3, infostate="history", chance="explicit"), num_sims=3, serialize=True, verbose=False)
    pyspiel.random_sim_test(bo.load_game("highcard", players=3, infostate="history"), num_sims=3, serialize=False, verbose=False)
    with pytest.raises(Exception, match="unknown information state 'full'"):
        bo.load_game("highcard", players=2, infostate="full")
