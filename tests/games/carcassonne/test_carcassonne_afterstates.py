"""Carcassonne's afterstate features (the learned bot's view of a position): what each seat holds,
seen from either side, one row per position a decision reaches, and nothing a seat may not know."""

from __future__ import annotations

import random

import numpy as np
import pytest
from carcassonne_scenario import GAME, new, turn

from bigtop.core.rng import Rng
from bigtop.games.carcassonne.actions import Meeple, Pass, Place
from bigtop.games.carcassonne.rules import MEEPLE, pos_of
from bigtop.games.carcassonne.search import worth
from bigtop.games.carcassonne.state import FIGURE


def feature(values: np.ndarray, features, name: str) -> float:
    return float(values[features.names.index(name)])


def test_a_held_road_counts_for_its_holder_from_either_side() -> None:
    """A meeple on a road of two tiles (the start tile's and the one laid): one road of 2 tiles,
    2 open ends, 6 meeples left; the other seat sees it as the next seat's."""
    state = new(["U", "U", "U"], base=True)
    features = GAME.afterstate_features(2, state.options)
    turn(state, 1, 0, 0, Meeple(0))
    own = features.describe(state, 0)
    assert feature(own, features, "own roads") * 4 == pytest.approx(1)
    assert feature(own, features, "own road tiles") * 20 == pytest.approx(2)
    assert feature(own, features, "own road open ends") * 8 == pytest.approx(2)
    assert feature(own, features, "own supply of figure 0") * 7 == pytest.approx(6)
    assert feature(own, features, "seat +1 roads") == 0
    assert feature(own, features, "own worth") * 100 == pytest.approx(worth(state)[0])
    assert feature(own, features, "lead in worth") * 50 == pytest.approx(worth(state)[0] - worth(state)[1])
    theirs = features.describe(state, 1)
    assert feature(theirs, features, "seat +1 road tiles") * 20 == pytest.approx(2) and feature(theirs, features, "own roads") == 0
    assert feature(theirs, features, "lead in worth") == pytest.approx(-feature(own, features, "lead in worth"))


def test_a_tie_on_a_road_is_shared_and_a_lost_majority_counted_apart() -> None:
    """A meeple of each seat on one road: a tie for the most meeples, so the road counts for both
    seats, as shared (the rules score every tied seat); a second meeple of seat 0 leaves seat 1's
    in the minority: the road is seat 0's alone."""
    state = new(["U", "U", "U"], base=True)
    features = GAME.afterstate_features(2, state.options)
    turn(state, 1, 0, 0, Meeple(0))
    state.stand(1, MEEPLE, pos_of(1, 0), 0)  # the same road (one of the ways roads join)
    own = features.describe(state, 0)
    assert feature(own, features, "own shared features") == feature(own, features, "seat +1 shared features") > 0
    assert feature(own, features, "own road tiles") == feature(own, features, "seat +1 road tiles") > 0
    state.stand(0, MEEPLE, pos_of(1, 0), 0)
    own = features.describe(state, 0)
    assert feature(own, features, "own shared features") == 0 and feature(own, features, "seat +1 road tiles") == 0
    assert feature(own, features, "seat +1 features in the minority") > 0 and feature(own, features, "own roads") > 0


def test_rows_follow_every_placement_with_every_figure_choice() -> None:
    """A placement's rows are the positions after it with each figure choice that follows it
    (or the position after it, if none does), each row tagged with its placement's index."""
    state = GAME.new(2, seed=4)
    features = GAME.afterstate_features(2, state.options)
    legal = state.legal_actions(0)
    rows, groups = features.rows(state, 0, legal)
    expected = []
    for index, action in enumerate(legal):
        after = state.clone()
        after.apply(0, action)
        follow = after.legal_actions(0) if after.phase == FIGURE and after.to_move() == (0,) else [None]
        for figure in follow:
            last = after.clone()
            if figure is not None:
                last.apply(0, figure)
            expected.append((index, features.describe(last, 0)))
    assert groups.tolist() == [index for index, _ in expected]
    assert np.array_equal(rows, np.array([row for _, row in expected]))
    assert set(groups.tolist()) == set(range(len(legal))) and rows.shape[1] == features.width
    # a figure decision's rows: one per figure choice
    state.apply(0, legal[0])
    figures = state.legal_actions(0)
    rows, groups = features.rows(state, 0, figures)
    assert groups.tolist() == list(range(len(figures))) and Pass() in figures


@pytest.mark.parametrize(("players", "expansions"), [(2, ("bigtop",)), (3, ()), (4, ("bigtop",))])
def test_features_read_nothing_a_seat_may_not_know(players: int, expansions: tuple[str, ...]) -> None:
    """Two worlds a seat cannot tell apart (the stack in another order, other tiles drawn after
    the turn) give it the same features, all about [-1, 1], at every decision of a random game;
    and the same rows in the base game (under the Big Top, a circus closed by a placement draws a
    hidden animal token: its rows show what the token drawn in their world gives)."""
    state = GAME.new(players, seed=players, options={"expansions": expansions})
    features = GAME.afterstate_features(players, state.options)
    rng = Rng(9)
    for step in range(80):
        if state.is_over():
            break
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        one, two = state.determinize(seat, Rng(step)), state.determinize(seat, Rng(step + 1000))
        random.Random(step).shuffle(two.stack)
        assert one.stack != two.stack or len(set(one.stack)) < 2
        first = features.describe(one, seat)
        assert np.array_equal(first, features.describe(two, seat)) and np.all(np.abs(first) <= 2.0)
        if not expansions and step % 4 == 0:
            rows_one, groups_one = features.rows(one, seat, one.legal_actions(seat))
            rows_two, groups_two = features.rows(two, seat, two.legal_actions(seat))
            assert np.array_equal(groups_one, groups_two) and np.array_equal(rows_one, rows_two)
        state.apply(seat, legal[rng.below(len(legal))])
    assert features.width == len(features.names) == players * (14 + len(state.supply[0])) + 3


def test_a_place_action_row_matches_its_place() -> None:
    state = new(["U", "U"], base=True)
    features = GAME.afterstate_features(2, state.options)
    legal = state.legal_actions(0)
    rows, groups = features.rows(state, 0, legal)
    index = legal.index(Place(1, 0, 0))
    assert len(rows[groups == index]) == len(["pass", "road", "field north", "field south"])
