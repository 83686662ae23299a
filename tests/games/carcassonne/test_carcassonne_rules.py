"""Base game scenarios, each quoting the rule it checks."""

from __future__ import annotations

import pytest
from carcassonne_scenario import new, turn

from bigtop.core.errors import IllegalAction
from bigtop.games.carcassonne.actions import Meeple, Pass, Place
from bigtop.games.carcassonne.rules import MEEPLE
from bigtop.games.carcassonne.state import FIGURE


def tally(state, player: int) -> dict[str, int]:
    return state.result_details()["points"][player]


def test_edges_must_match() -> None:
    """"Place it edge-adjacent to the board with every touching edge matching (city to city...)" """
    state = new(["E"], base=True)
    legal = state.legal_actions(0)
    assert Place(0, -1, 2) in legal  # city turned south, onto the start tile's city
    assert Place(0, -1, 0) not in legal  # field against city
    assert Place(0, 1, 0) not in legal  # city against the start tile's southern field
    assert Place(0, 1, 2) in legal  # field against field
    assert {(a.x, a.y) for a in legal} == {(0, -1), (0, 1)}  # E has no road for the start road's ends
    with pytest.raises(IllegalAction):
        state.apply(0, Place(0, -1, 0))
    with pytest.raises(IllegalAction):
        state.apply(0, Place(2, 2, 0))


def test_tile_that_fits_nowhere_leaves_the_game() -> None:
    """"A tile that fits nowhere is set aside and another drawn." """
    state = new(["E", "C", "U"], base=True)
    turn(state, 0, -1, 2)  # closes the start city: no frontier position takes four city edges
    assert state.view(None)["discarded"] == ["C"]
    assert state.view(None)["tile"] == "U"
    assert state.to_move() == (1,)


def test_game_ends_after_the_last_tile() -> None:
    """"The game ends after the last tile." """
    state = new(["U"], base=True)
    turn(state, 1, 0, 0)
    assert state.is_over() and state.to_move() == ()


def test_meeple_only_on_an_unoccupied_feature() -> None:
    """"Place one meeple ... on one feature of that tile whose whole connected feature holds no meeple." """
    state = new(["U", "U"], base=True)
    turn(state, 1, 0, 0, Meeple(0))  # road joined to the start tile's road
    state.apply(1, Place(-1, 0, 0))
    legal = state.legal_actions(1)
    assert Meeple(0) not in legal  # the same road, already held by seat 0
    assert Meeple(1) in legal and Meeple(2) in legal and Pass() in legal


def test_no_meeple_left_no_meeple_action() -> None:
    """"7 meeples per player": placing needs a meeple in your supply."""
    state = new(["U"], base=True)
    state.supply[0][MEEPLE] = 0
    state.apply(0, Place(1, 0, 0))
    assert state.is_over()  # the only choice was no figure, taken at once


def test_completed_road_scores_one_per_tile_and_meeple_returns() -> None:
    """"Completed: road 1 per tile"; "meeples on scored features return to their owners." """
    state = new(["A", "U", "W"], base=True)
    turn(state, -1, 0, 3, Meeple(0))  # monastery tile: its road ends at the monastery, runs east
    turn(state, 1, 0, 0)
    assert state.points == [0, 0] and state.supply[0][MEEPLE] == 6
    turn(state, 2, 0, 0)  # junction ends the road: A, D, U, W
    assert state.points == [4, 0]
    assert state.supply[0][MEEPLE] == 7


def test_completed_city_with_pennant() -> None:
    """"city 2 per tile + 2 per pennant" """
    state = new(["M", "E"], base=True)
    turn(state, 0, -1, 2, Meeple(0))  # pennant city turned to south and east
    turn(state, 1, -1, 3)  # closes it: D, M, E
    assert state.points == [8, 0]
    assert tally(state, 0)["city"] == 8


def test_tied_majority_all_score_in_full() -> None:
    """"Majority: most meeples in the feature score it; tied players all score in full." """
    state = new(["E", "E", "N", "N"], base=True)
    turn(state, 0, 1, 2, Meeple(0))
    turn(state, 1, 1, 2, Meeple(0))
    turn(state, 0, 2, 1)  # city north and east
    turn(state, 1, 2, 0)  # city north and west: the two cities are one, complete, 4 tiles
    assert state.points == [8, 8]
    assert state.supply[0][MEEPLE] == 7 and state.supply[1][MEEPLE] == 7


def test_completed_monastery_scores_nine() -> None:
    """"monastery 9" when its tile and the 8 around it are on the board."""
    state = new(["B", "U", "U", "B", "B", "B", "A", "A"], base=True)
    turn(state, 0, 1, 0, Meeple(1))
    for x, y, t in [(-1, 0, 0), (1, 0, 0), (-1, 1, 0), (1, 1, 0), (0, 2, 0), (-1, 2, 0)]:
        turn(state, x, y, t)
        assert state.points == [0, 0]
    turn(state, 1, 2, 0)
    assert state.points == [9, 0]
    assert tally(state, 0)["monastery"] == 9


def test_final_scoring_of_incomplete_features() -> None:
    """"Game end: road 1 per tile; city 1 per tile + 1 per pennant; monastery 1 + 1 per neighbour" """
    state = new(["M", "A", "U"], base=True)
    turn(state, 0, -1, 2, Meeple(0))  # open pennant city: D and M
    turn(state, -1, 0, 3, Meeple(2))  # monastery with 2 neighbours (D and M)
    turn(state, 1, 0, 0, Meeple(0))  # road A-D-U, open to the east
    assert state.is_over()
    assert tally(state, 0)["city"] == 3 and tally(state, 0)["road"] == 3
    assert tally(state, 1)["monastery"] == 3
    assert state.points == [6, 3]


def test_farmer_scores_three_per_completed_city() -> None:
    """"fields 3 per completed city they touch (each field scored separately; farmers stay all game)" """
    state = new(["E", "U"], base=True)
    turn(state, 0, -1, 2, Meeple(1))  # farmer beside the city it closes
    assert state.supply[0][MEEPLE] == 6  # the farmer stays
    turn(state, 1, 0, 0, Meeple(2))  # farmer south of the road: touches no city
    assert tally(state, 0)["field"] == 3
    assert tally(state, 1)["field"] == 0


def test_farmer_counts_each_city_once() -> None:
    """"Features count distinct tiles": a field touching one city twice scores it once."""
    state = new(["E", "U", "B"], base=True)
    turn(state, 0, -1, 2)  # the start city, complete
    turn(state, 1, 0, 0, Meeple(1))  # north field of U joins the start tile's north field
    turn(state, 1, -1, 0)  # joins that field to E's field, which touches the same city
    assert tally(state, 1)["field"] == 3


def test_farmer_scores_each_completed_city_and_no_incomplete_one() -> None:
    """"fields 3 per completed city they touch": H's field touches two cities."""
    state = new(["H"], base=True)
    turn(state, 0, -1, 0, Meeple(2))  # H closes the start city; its northern city stays open
    assert state.is_over() and tally(state, 0)["field"] == 3
    state = new(["H", "E"], base=True)
    turn(state, 0, -1, 0, Meeple(2))
    turn(state, 0, -2, 2)  # closes the northern city too
    assert state.is_over() and tally(state, 0)["field"] == 6


def test_city_counts_each_tile_once() -> None:
    """"Features count distinct tiles": both city pieces of I in one city count one tile."""
    state = new(["I", "N", "N", "N"], base=True)
    turn(state, 0, 1, 2, Meeple(0))  # I with its two separate pieces to the south and east
    turn(state, 1, 1, 3)
    turn(state, 0, 2, 1)
    assert state.points == [0, 0]
    turn(state, 1, 2, 0)  # closes the ring: I, N, N, N (five pieces, four tiles)
    assert state.points == [8, 0] and tally(state, 0)["city"] == 8


def test_breakdown_adds_up() -> None:
    state = new(["M", "A", "U"], base=True)
    turn(state, 0, -1, 2, Meeple(0))
    turn(state, -1, 0, 3, Meeple(2))
    turn(state, 1, 0, 0)
    for p in range(2):
        assert sum(tally(state, p).values()) == state.points[p]


def test_stack_order_is_hidden() -> None:
    """The face-down stack is hidden from everyone; the drawn tile is public."""
    state = new(["U", "V", "W"], base=True)
    view = state.view(0)
    assert view["tile"] == "U" and view["remaining"] == {"V": 1, "W": 1}
    assert "stack" not in view and "stack" not in state.view(None)
    assert state.phase != FIGURE
