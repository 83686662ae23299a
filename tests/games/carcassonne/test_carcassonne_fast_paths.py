"""The structures kept for speed agree with the rules worked out from scratch: the frontier and
the placements listed from it, the fit table, the set of features holding figures, and the
determinized worlds (the tiles left drawn in an order the search's own RNG settles)."""

from __future__ import annotations

import pickle
from collections import Counter

import pytest
from carcassonne_scenario import GAME

from bigtop.core import Rng
from bigtop.core.actions import Action
from bigtop.games.carcassonne.actions import Meeple, Pass, Place
from bigtop.games.carcassonne.bigtop.actions import Acrobat, Ringmaster, ScorePyramid
from bigtop.games.carcassonne.data import tile_set
from bigtop.games.carcassonne.expansions import EXPANSION_NAMES, FIGURE_OF_ACTION
from bigtop.games.carcassonne.rules import AROUND, DELTA, MEEPLE, ORIGIN, pos_of, xy
from bigtop.games.carcassonne.state import FIGURE, PLACE, PLACE_ACTIONS, ROUND_ORDER, CarcassonneState, place_actions_at

RINGMASTER = FIGURE_OF_ACTION[Ringmaster]


def frontier_from_scratch(state: CarcassonneState) -> dict[int, int]:
    """Every empty square beside a tile, with the edge each neighbouring tile asks of it."""
    kinds = state.tiles.kinds
    out: dict[int, int] = {}
    for pos, (k, r, _) in state.board.items():
        edges = kinds[k].rotations[r].edges
        for side in range(4):
            q = pos + DELTA[side]
            if q not in state.board:
                opp = (side + 2) % 4
                out[q] = out.get(q, 0) | edges[side] << (2 * opp)
    return out


def placements_from_scratch(state: CarcassonneState) -> set[Place]:
    """Every square and turn where the drawn tile's edges match all its neighbours' edges."""
    kinds = state.tiles.kinds
    kind = kinds[state.current]
    out: set[Place] = set()
    for q in frontier_from_scratch(state):
        for rot in kind.rotations:
            fits = True
            for side in range(4):
                other = state.board.get(q + DELTA[side])
                if other is not None:
                    their = kinds[other[0]].rotations[other[1]].edges[(side + 2) % 4]
                    fits = fits and their == rot.edges[side]
            if fits:
                out.add(Place(*xy(q), rot.turns))
    return out


@pytest.mark.parametrize("expansions", ["", "bigtop"])
def test_placements_and_frontier_match_a_from_scratch_check_every_turn(expansions: str) -> None:
    for seed in range(6):
        state = GAME.new(3, seed=seed, options={"expansions": expansions})
        rng = Rng(seed + 50)
        while not state.is_over():
            if state.phase == PLACE:
                assert {pos: key for pos, (key, _) in state.frontier.items()} == frontier_from_scratch(state)
                assert all(places is place_actions_at(pos) for pos, (_, places) in state.frontier.items())
                legal = state.legal_actions(state.turn)
                assert len(legal) == len(set(legal))
                assert set(legal) == placements_from_scratch(state)
            p = state.to_move()[0]
            legal = state.legal_actions(p)
            state.apply(p, legal[rng.below(len(legal))])


def test_a_tile_that_fits_nowhere_is_never_offered() -> None:
    """A tile is drawn only if it has a placement (tiles that fit nowhere are discarded)."""
    for seed in range(10):
        state = GAME.new(2, seed=seed)
        rng = Rng(seed)
        while not state.is_over():
            if state.phase == PLACE:
                assert placements_from_scratch(state)
            p = state.to_move()[0]
            legal = state.legal_actions(p)
            state.apply(p, legal[rng.below(len(legal))])


def test_fit_table_follows_the_edge_rule() -> None:
    """`fits[kind][key]`: the turns whose edge on every side the key constrains is that edge."""
    tiles = tile_set(("bigtop",), None, EXPANSION_NAMES)
    for kind in tiles.kinds:
        for key in range(256):
            need = [(key >> (2 * s)) & 3 for s in range(4)]
            expected = tuple(r.turns for r in kind.rotations if all(n in (0, r.edges[s]) for s, n in enumerate(need)))
            assert tiles.fits[kind.index][key] == expected, (kind.id, key)
            assert tiles.turn_masks[kind.index][key] == sum(1 << t for t in expected)


def mid_game(seed: int) -> CarcassonneState:
    state = GAME.new(3, seed=seed)
    rng = Rng(seed)
    while len(state.board) < 25:
        p = state.to_move()[0]
        legal = state.legal_actions(p)
        state.apply(p, legal[rng.below(len(legal))])
    return state


def test_determinized_worlds_hold_the_same_tiles_in_unsettled_order() -> None:
    state = mid_game(4)
    stack = list(state.stack)
    next_tiles = Counter()
    for i in range(60):
        world = state.determinize(0, Rng(i))
        assert Counter(world.stack) == Counter(stack)
        p = world.to_move()[0]
        world.apply(p, world.legal_actions(p)[0])
        if world.phase != PLACE:
            p = world.to_move()[0]
            world.apply(p, world.legal_actions(p)[0])
        next_tiles[world.current] += 1
        world.check_invariants()
    assert state.stack == stack, "determinizing changed the true game"
    assert len(next_tiles) > 5, "the worlds all drew the same next tile: the true order leaks"


def test_a_determinized_world_is_played_to_the_end_with_every_tile() -> None:
    state = mid_game(9)
    world = state.determinize(1, Rng(3))
    rng = Rng(8)
    while not world.is_over():
        p = world.to_move()[0]
        legal = world.legal_actions(p)
        world.apply(p, legal[rng.below(len(legal))])
        world.check_invariants()
    assert len(world.board) + len(world.discarded) == world.tiles.total


def test_a_state_from_another_process_lists_the_same_placements() -> None:
    """The shared Place actions are made when first needed: a state unpickled in a fresh process
    finds none made yet, makes its frontier's, and lists its placements all the same."""
    state = mid_game(2)
    expected = list(state._placements(state.current))
    pickled = pickle.dumps(state)
    PLACE_ACTIONS.clear()
    restored = pickle.loads(pickled)
    assert restored._placements(restored.current) == expected
    assert all(places is PLACE_ACTIONS[pos] for pos, (_, places) in restored.frontier.items())
    assert restored.snapshot() == state.snapshot()
    assert state.snapshot()["frontier"] == {str(pos): key for pos, (key, _) in state.frontier.items()}  # keys only


def figure_actions_from_scratch(state: CarcassonneState, player: int) -> list[Action]:
    """The figure step's offers in their order: Pass; a meeple, then a ringmaster, on every local
    feature whose whole feature holds no figure; an acrobat on every pyramid with room among the 9
    squares on and around the tile just laid (west to east, north to south); then every complete
    pyramid, scored instead."""
    kind, _, base = state.board[state.last]
    local = range(len(state.tiles.kinds[kind].features))
    free = [i for i in local if not state.figs[state.find(base + i)]]
    out: list[Action] = [Pass()]
    for figure, action in ((MEEPLE, Meeple), (RINGMASTER, Ringmaster)):
        if state.supply[player][figure] > 0:
            out += [action(i) for i in free]
    on = state.ext["acrobats"].on if "acrobats" in state.ext else {}
    lx, ly = xy(state.last)
    if state.supply[player][MEEPLE] > 0:
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                if len(on.get(pos_of(lx + dx, ly + dy), (0, 0, 0))) < 3:
                    out.append(Acrobat(dx, dy))
    out += [ScorePyramid(*xy(pos)) for pos, acrobats in on.items() if len(acrobats) == 3]
    return out


@pytest.mark.parametrize("expansions", ["", "bigtop"])
def test_figure_offers_and_turn_match_a_from_scratch_check_every_turn(expansions: str) -> None:
    """The figure step lists what the rules offer, in order, and `to_move` follows the turn;
    the circus counts the figures on and around the Big Top."""
    for seed in range(12):
        state = GAME.new(3, seed=seed, options={"expansions": expansions})
        rng = Rng(seed + 80)
        while not state.is_over():
            assert state.to_move() == (state.turn,)
            p = state.turn
            legal = state.legal_actions(p)
            if state.phase == FIGURE:
                assert legal == figure_actions_from_scratch(state, p)
            state.apply(p, legal[rng.below(len(legal))])
        assert state.to_move() == ()
        assert state.legal_actions(0) == []


def test_the_circus_counts_every_figure_on_and_around_the_big_top() -> None:
    state = mid_game(5)
    area = {ORIGIN, *(ORIGIN + d for d in AROUND)}
    counts = [0] * state.players
    state.figures_near(area, counts)
    expected = [0] * state.players
    for f in state.figures():
        if f.pos in area:
            expected[f.player] += 1
    assert counts == expected and sum(expected) > 0


def test_monasteries_a_tile_completes_are_scored_in_order_round_it() -> None:
    """Monasteries completed by one tile are scored in the order of the squares on and around it
    (`ON_AND_AROUND`), not in the order they were laid (random games almost never do this, so the
    board is laid directly: a block of monastery tiles with a figure on two side by side)."""
    state = GAME.new(2, seed=1, options={"expansions": ()})
    monastery = state.tiles.by_id["B"]
    first, second, last = pos_of(11, 11), pos_of(12, 11), pos_of(11, 10)
    block = [pos_of(x, y) for x in range(10, 14) for y in range(10, 13)]
    for pos in [first, second, *(p for p in block if p not in (first, second, last))]:
        state._put(pos, monastery, 0)
        if pos in (first, second):
            state.stand(0 if pos == first else 1, MEEPLE, pos, state.tiles.kinds[monastery].monastery_at)
    seen = len(state.events)
    state._put(last, monastery, 0)
    state._score_completed(last)
    scored = [e.data["seats"] for e in state.events[seen:] if e.kind == "scored"]
    assert ROUND_ORDER[second - last] < ROUND_ORDER[first - last]
    assert scored == [[1], [0]]
