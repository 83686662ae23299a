"""The Carcassonne observation encoder: what lands where, seat-relative, and the fast path."""

from __future__ import annotations

import numpy as np
import pytest
from carcassonne_scenario import GAME, new, turn

from bigtop.core.rng import Rng
from bigtop.games.carcassonne.actions import Meeple, Place
from bigtop.games.carcassonne.bigtop.actions import Acrobat, Ringmaster
from bigtop.games.carcassonne.bigtop.big_top import big_top
from bigtop.games.carcassonne.observation import CELLS, RADIUS, WIDTH, CarcassonneEncoder
from bigtop.rl.encoding import encoder_for

BIGTOP = GAME.parse_options(None)
BASE = GAME.parse_options({"expansions": ""})
N, E, S, W = range(4)
CITY, ROAD, FIELD = range(3)


def encoder(state) -> CarcassonneEncoder:
    return encoder_for(GAME, state.players, state.options)


def observe(state, seat: int) -> np.ndarray:
    """The observation of `seat`, after checking that the fast path agrees with the view."""
    enc = encoder(state)
    obs = enc.encode(state.view(seat))
    assert np.array_equal(enc.encode_state(state, seat), obs)
    return obs


def cell_planes(enc: CarcassonneEncoder, obs: np.ndarray, x: int, y: int) -> np.ndarray:
    """The planes of board cell (x, y)."""
    return obs[:enc.board_size].reshape(enc.planes, WIDTH, WIDTH)[:, y + RADIUS, x + RADIUS]


def big_top_block(enc: CarcassonneEncoder):
    """The encoder's Under the Big Top block (its Big Top plane and acrobat planes)."""
    [(name, block)] = enc.blocks
    assert name == "bigtop"
    return block


def on(enc: CarcassonneEncoder, obs: np.ndarray, x: int, y: int) -> set[int]:
    """The planes that are 1 at board cell (x, y)."""
    return {int(p) for p in np.flatnonzero(cell_planes(enc, obs, x, y) == 1.0)}


def edge(side: int, kind: int) -> int:
    return 1 + 3 * side + kind


def block(obs: np.ndarray, at: int, size: int) -> list[float]:
    return obs[at:at + size].tolist()


def play_until(state, done, seed: int = 0) -> None:
    """Random legal moves until `done(state)` (or the game ends)."""
    rng = Rng(seed)
    while not state.is_over() and not done(state):
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.below(len(legal))])


def test_the_shape_depends_on_players_and_expansions_and_stays_within_budget() -> None:
    """The observation stays under 30,000 values at every player count; the base game drops the Big Top's planes."""
    for players in range(2, 7):
        with_top, base = encoder_for(GAME, players, BIGTOP), encoder_for(GAME, players, BASE)
        assert base.shape[0] < with_top.shape[0] <= 30_000
        assert with_top.planes - base.planes == 2 + 1 + 1 + players  # spaces, Big Top, ringmaster, acrobats
        assert with_top.planes == 35 + 2 * players and base.planes == 31 + players
        obs = with_top.encode(GAME.new(players, seed=1).view(0))
        assert obs.shape == with_top.shape and obs.dtype == np.float32
        assert np.all(obs >= with_top.low) and np.all(obs <= with_top.high)
    assert encoder_for(GAME, 3, BIGTOP) is encoder_for(GAME, 3, BIGTOP)  # built once


def test_the_start_tile_fills_the_centre_cell_with_its_edges() -> None:
    """Start tile D (city north, road west to east, field south) in the centre cell: present, its
    four edges, east and west joined by the road; the cells around are empty."""
    state = new(["U"])
    enc = encoder(state)
    obs = observe(state, 0)
    assert on(enc, obs, 0, 0) == {0, edge(N, CITY), edge(E, ROAD), edge(S, FIELD), edge(W, ROAD), 13 + 5}
    assert obs[:enc.tile_planes * CELLS].sum() == len(on(enc, obs, 0, 0))
    fits = {(x, y) for x, y in state.view(0)["fits"]}
    assert fits == {(x, y) for x in range(-RADIUS, RADIUS + 1) for y in range(-RADIUS, RADIUS + 1) if enc.fits_plane in on(enc, obs, x, y)}


def test_a_turned_tile_shows_its_turned_edges() -> None:
    """Tile V (field N and E, road from S to W) turned once clockwise: road N and W joined, field E and S."""
    state = new(["V", "U"])
    turn(state, 1, 0, 1)
    enc = encoder(state)
    planes = on(enc, observe(state, 1), 1, 0)
    assert planes & set(range(enc.tile_planes)) == {0, edge(N, ROAD), edge(E, FIELD), edge(S, FIELD), edge(W, ROAD), 13 + 3}


def test_figures_show_whose_they_are_seat_relative_and_on_what() -> None:
    """Seat 0's meeple on a road and seat 1's ringmaster on a field: each seat sees its own figure
    in the first owner plane and the other's in the second, with the feature's type and sides."""
    state = new(["U", "U", "B"])
    turn(state, 1, 0, 0, Meeple(0))  # seat 0: the road W-E of U
    turn(state, -1, 0, 0, Ringmaster(1))  # seat 1: U's northern field (N, E left half, W right half)
    enc = encoder(state)
    owner, figure = enc.owner_plane, enc.figure_plane
    mine, theirs = observe(state, 0), observe(state, 1)
    figure_planes = set(range(owner, big_top_block(enc).acrobats_at // CELLS))
    assert on(enc, mine, 1, 0) & figure_planes == {owner, figure + ROAD, figure + 4 + E, figure + 4 + W}
    assert on(enc, theirs, 1, 0) & figure_planes == {owner + 1, figure + ROAD, figure + 4 + E, figure + 4 + W}
    ringmaster = {figure + FIELD, figure + 4 + N, figure + 4 + E, figure + 4 + W, figure + 8}
    assert on(enc, mine, -1, 0) & figure_planes == {owner + 1} | ringmaster
    assert on(enc, theirs, -1, 0) & figure_planes == {owner} | ringmaster


def test_scores_and_supplies_are_seat_relative() -> None:
    """Points / 100, meeples / 7 and ringmasters, the observing seat first."""
    state = new(["U", "U", "B"], players=3)
    turn(state, 1, 0, 0, Meeple(0))  # seat 0 spends a meeple
    turn(state, -1, 0, 0, Ringmaster(1))  # seat 1 spends its ringmaster
    state.points = [5, 12, 30]
    enc = encoder(state)
    points, meeples, ringmasters = enc.points_at, enc.points_at + 3, enc.points_at + 6
    for seat, order in ((0, [0, 1, 2]), (1, [1, 2, 0]), (2, [2, 0, 1])):
        obs = observe(state, seat)
        assert block(obs, points, 3) == pytest.approx([[0.05, 0.12, 0.30][p] for p in order])
        assert block(obs, meeples, 3) == pytest.approx([[6 / 7, 1, 1][p] for p in order])
        assert block(obs, ringmasters, 3) == [[1, 0, 1][p] for p in order]


def test_the_pending_decision_is_encoded() -> None:
    """Placing: phase "place", the drawn tile, whose turn, the fits. Choosing a figure: phase
    "figure", no drawn tile and no fits, the tile just placed (kind, turns, cell)."""
    state = new(["V", "U"])
    enc = encoder(state)
    kinds = state.tiles.by_id
    for seat, whose_turn in ((0, 0), (1, 1)):
        obs = observe(state, seat)
        assert block(obs, enc.phase_at, 3) == [1, 0, 0]
        assert block(obs, enc.turn_at, 2) == [1 - whose_turn, whose_turn]
        assert np.flatnonzero(obs[enc.drawn_at:enc.drawn_at + enc.kinds]).tolist() == [kinds["V"]]
        assert not obs[enc.last_kind_at:enc.last_kind_at + enc.kinds].any()
    state.apply(0, Place(1, 0, 1))
    obs = observe(state, 0)
    assert block(obs, enc.phase_at, 3) == [0, 1, 0]
    assert not obs[enc.drawn_at:enc.drawn_at + enc.kinds].any()
    assert not obs[enc.fits_plane * CELLS:(enc.fits_plane + 1) * CELLS].any()
    assert np.flatnonzero(obs[enc.last_kind_at:enc.last_kind_at + enc.kinds]).tolist() == [kinds["V"]]
    assert block(obs, enc.last_turns_at, 4) == [0, 1, 0, 0]
    assert np.flatnonzero(obs[enc.last_plane * CELLS:(enc.last_plane + 1) * CELLS]).tolist() == [RADIUS * WIDTH + RADIUS + 1]


def test_the_hidden_stack_order_and_face_down_token_do_not_show() -> None:
    """Two states that differ only in the order of the face-down stack and in which animal token
    lies under the Big Top encode the same for every seat; one tile less in the stack does not."""
    state = GAME.new(3, seed=5)
    play_until(state, lambda s: big_top(s).under >= 0 and len(s.stack) > 10)
    other = state.clone()
    other.stack.reverse()
    bt = big_top(other)
    swap = next(i for i, t in enumerate(bt.tokens) if t != bt.under)
    bt.under, bt.tokens[swap] = bt.tokens[swap], bt.under
    assert other.stack != state.stack
    for seat in range(3):
        assert np.array_equal(observe(state, seat), observe(other, seat))
    other.stack.pop()
    assert not np.array_equal(observe(state, 0), observe(other, 0))


def test_the_big_top_and_acrobats_show_on_their_tiles() -> None:
    """The Big Top's cell and face-down token; acrobats per seat on the acrobat tile (count / 3)."""
    state = new(["ffrf.bt", "ffff.ac", "B", "B"], players=2)
    turn(state, 0, 1, 0)  # seat 0: the first circus tile receives the Big Top
    enc = encoder(state)
    obs = observe(state, 1)
    assert big_top_block(enc).top_at // CELLS in on(enc, obs, 0, 1)
    top = enc.points_at + 3 * 2  # after points, meeples and ringmasters of 2 seats
    assert block(obs, top, 4) == pytest.approx([1, 1, 15 / 16, 0])
    turn(state, 1, 1, 0, Acrobat(0, 0))  # seat 1: acrobat on its own acrobat tile at (1, 1)
    turn(state, 2, 1, 0, Acrobat(-1, 0))  # seat 0: monastery beside it, acrobat on (1, 1)
    turn(state, 1, 2, 0, Acrobat(0, -1))  # seat 1: a second acrobat
    acrobats = big_top_block(enc).acrobats_at // CELLS
    assert cell_planes(enc, observe(state, 0), 1, 1)[acrobats:acrobats + 2].tolist() == pytest.approx([1 / 3, 2 / 3])
    assert cell_planes(enc, observe(state, 1), 1, 1)[acrobats:acrobats + 2].tolist() == pytest.approx([2 / 3, 1 / 3])


def test_tiles_outside_the_window_are_counted_not_wrapped() -> None:
    """A road of 13 tiles east of the start tile: the last tile lies at x = 13, outside the window;
    it is counted (1 / tiles) and leaves no mark on the board planes; before it is laid, the fits
    outside the window are counted too."""
    state = new(["U"] * 8 + ["D"] * 3 + ["rfrf.ac"] * 2)
    for x in range(1, 13):
        turn(state, x, 0, 1 if x == 12 else 0)
    enc = encoder(state)
    obs = observe(state, 0)
    outside = enc.numbers_at + 1  # tiles, fits, figures outside
    assert obs[outside + 1] > 0
    turn(state, 13, 0, 1)
    obs = observe(state, 1)
    assert block(obs, outside, 3) == pytest.approx([1 / state.tiles.total, 0, 0])
    assert obs[:CELLS].sum() == 13  # the "present" plane: start tile and x = 1..12


def test_the_base_game_encodes_without_the_expansion() -> None:
    """With `expansions=` the fast path still equals the view's encoding at every decision."""
    for players in (2, 5):
        for seed in range(2):
            state = GAME.new(players, seed=seed, options={"expansions": ""})
            rng = Rng(seed)
            while True:
                for seat in range(players):
                    obs = observe(state, seat)
                    assert obs.shape == encoder_for(GAME, players, BASE).shape
                if state.is_over():
                    break
                seat = state.to_move()[0]
                legal = state.legal_actions(seat)
                state.apply(seat, legal[rng.below(len(legal))])
