"""Carcassonne's compact action space: every legal action of every decision of many random games has
exactly one compact id and back, within the documented bound; training and SeatEnv use it."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from bigtop import bots, games
from bigtop.core.errors import BigtopError, IllegalAction
from bigtop.core.rng import Rng
from bigtop.rl import SeatEnv
from bigtop.rl.actions import action_space_for
from bigtop.rl.train import MAX_ACTIONS, Settings, train

GAME = games.get("carcassonne")


@pytest.mark.parametrize(("players", "expansions", "size"), [(2, None, 870), (6, None, 870), (3, "", 690)])
def test_the_compact_space_has_its_documented_size(players: int, expansions: str | None, size: int) -> None:
    options = None if expansions is None else {"expansions": expansions}
    space = action_space_for(GAME, players, options, "compact")
    tiles = 92 if expansions is None else 72
    assert space.size == size == 4 * (2 * tiles + 2) + tiles + 34 < MAX_ACTIONS
    assert GAME.action_space(players, GAME.parse_options(options)).size > 100 * size


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_legal_action_has_exactly_one_compact_id_and_back(players: int) -> None:
    space = action_space_for(GAME, players, None, "compact")
    rng = Rng(players)
    decisions = 0
    for seed in range(8 if players == 2 else 3):
        state = GAME.new(players, seed=seed)
        while not state.is_over():
            seat = state.to_move()[0]
            legal = state.legal_actions(seat)
            ids = space.legal(state, seat)
            assert ids == sorted(set(ids)) and len(ids) == len(legal) and 0 <= ids[0] and ids[-1] < space.size
            named = [space.action(state, seat, i) for i in ids]
            assert sorted(map(str, named)) == sorted(map(str, legal))  # onto the legal actions, one to one
            assert [space.index(state, seat, a) for a in named] == ids
            for outside in ({*range(ids[-1] + 2)} - set(ids)).pop(), space.size:
                with pytest.raises(IllegalAction, match="names no legal action"):
                    space.action(state, seat, outside)
            clone = state.clone()  # the ids depend on the position only
            assert space.legal(clone, seat) == ids
            state.apply(seat, named[rng.below(len(named))])
            decisions += 1
    assert decisions > 100


def test_a_placement_is_named_by_its_squares_reading_order_among_the_squares_where_the_tile_fits() -> None:
    state = GAME.new(2, seed=4)
    space = action_space_for(GAME, 2, None, "compact")
    squares = sorted({(a.y, a.x) for a in state.legal_actions(0)})
    for index in space.legal(state, 0):
        place = space.action(state, 0, index)
        assert squares[index // 4] == (place.y, place.x) and index % 4 == place.turns


def test_seat_env_and_training_take_the_compact_space(tmp_path) -> None:
    env = SeatEnv("carcassonne", 2, opponents=["random"], actions="compact", seed=0)
    check_env(env, skip_render_check=True)
    assert env.action_space.n == 870
    obs, info = env.reset(seed=1)
    assert np.flatnonzero(info["action_mask"]).tolist() == env.legal_ids().tolist() == env.actions.legal(env.game_state, info["seat"])
    summary = train("carcassonne", Settings(players=2, max_games=2, games_per_update=2, hidden=8, actions="compact"), tmp_path)
    assert summary["curve"][0]["decisions"] > 0
    bot = bots.make(f"learned:weights={tmp_path / 'policy.npz'}", GAME, 0)
    state = GAME.new(2, seed=3)
    for _ in range(6):  # placements and figure decisions
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        action = bot.choose(state.determinize(seat, Rng(1)), seat, legal)
        assert any(action is a for a in legal)
        state.apply(seat, action)
    with pytest.raises(BigtopError, match="use its compact action space"):
        train("carcassonne", Settings(players=2, max_games=2), tmp_path / "flat")
    with pytest.raises(BigtopError, match="has no compact action space"):
        SeatEnv("drumroll", 2, actions="compact")
