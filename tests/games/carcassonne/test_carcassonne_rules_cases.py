"""Scenarios for the rules where scoring steps meet (a circus drawn last, a ringmaster or a pyramid on
a circus turn, ties at the end), each quoting the expansion's rulebook or the base rules."""

from __future__ import annotations

from carcassonne_scenario import new, turn

from bigtop.games.carcassonne.actions import Meeple, Place
from bigtop.games.carcassonne.bigtop.actions import Acrobat, Ringmaster, ScorePyramid
from bigtop.games.carcassonne.expansions import FIGURE_NAMES
from bigtop.games.carcassonne.rules import MEEPLE

RINGMASTER = FIGURE_NAMES.index("ringmaster")


def tally(state, player: int) -> dict[str, int]:
    return state.result_details()["points"][player]


def test_circus_tile_drawn_last_has_its_own_circus_scored_at_game_end() -> None:
    """A circus tile as the last tile: "score the circus on the Big Top's current tile", the Big Top
    moves onto a fresh token, then "At the end of the game before final scoring, score the circus
    one last time" (the new tile's)."""
    state = new(["ffrf.bt", "U", "cfff.bt"], tokens=("seal", "bear"))
    turn(state, 0, 1, 0, Meeple(1))  # Red's farmer on the first circus tile
    turn(state, 1, 0, 0, Meeple(0))  # Blue's thief beside both circus tiles to come
    turn(state, 0, -1, 2)  # the last tile, a circus tile
    assert state.is_over()
    circuses = [(e.data["animal"], e.data["meeples"]) for e in state.events if e.kind == "circus"]
    assert circuses == [("seal", [1, 1]), ("bear", [0, 1])]  # Red's farmer is two rows from the new Big Top
    assert tally(state, 0)["circus"] == 4 and tally(state, 1)["circus"] == 4 + 5
    assert tally(state, 1)["road"] == 2  # final scoring comes after the last circus
    kinds = [e.kind for e in state.events]
    assert kinds.index("scored") > len(kinds) - 1 - kinds[::-1].index("circus")


def test_figure_on_the_new_circus_tile_counts_in_the_circus_it_triggers() -> None:
    """"you can place a meeple on it ... as a farmer as usual" and then "score the circus": the new
    circus tile stands beside the Big Top, so the farmer just put on it counts."""
    state = new(["frfr.bt", "cfff.bt", "U"], tokens=("seal",))
    turn(state, 1, 0, 0)  # the first circus tile: the Big Top at (1, 0)
    turn(state, 0, -1, 2, Meeple(1))  # Blue's farmer on the next circus tile, diagonal to it
    assert tally(state, 1)["circus"] == 4 and tally(state, 0)["circus"] == 0
    assert state.supply[1][MEEPLE] == 6  # the farmer stays


def test_pyramid_scored_on_a_circus_turn_leaves_before_the_circus() -> None:
    """"Instead of placing a meeple ... during 2. Placing a meeple, you can score a completed
    pyramid ... Then return the scored meeples": the circus (after 3.) no longer sees them."""
    state = new(["ffrf.bt", "ffff.ac", "U", "B", "cfff.bt", "V"], tokens=("seal", "flea"))
    turn(state, 0, 1, 0)  # the Big Top at (0, 1)
    turn(state, 1, 1, 0, Acrobat(0, 0))  # Blue
    turn(state, 1, 0, 0, Acrobat(0, 1))  # Red
    turn(state, 2, 1, 0, Acrobat(-1, 0))  # Blue: the pyramid beside the Big Top is complete
    kept = state.clone()
    turn(kept, 0, -1, 2)  # the next circus tile, no pyramid scored: 1 and 2 acrobats count
    assert (tally(kept, 0)["circus"], tally(kept, 1)["circus"]) == (4, 8)
    state.apply(0, Place(0, -1, 2))
    state.apply(0, ScorePyramid(1, 1))  # Red scores the pyramid instead
    assert (tally(state, 0)["acrobat"], tally(state, 1)["acrobat"]) == (5, 10)
    assert (tally(state, 0)["circus"], tally(state, 1)["circus"]) == (0, 0)
    assert state.supply[0][MEEPLE] == 7 and state.supply[1][MEEPLE] == 7


def test_ringmaster_on_a_feature_a_circus_tile_completes_scores_then_misses_the_circus() -> None:
    """"1) Score any features that were completed when the Circus tile was placed (and return the
    meeples scored ...)"; the ringmaster's 2 per "Circus and Acrobat tile that your ringmaster is on
    or adjacent to" counts the circus tile just laid; then the circus does not count him."""
    state = new(["ffrf.bt", "V", "A", "cfrf.bt", "U"], tokens=("seal", "flea"))
    turn(state, 0, 1, 0)  # the Big Top at (0, 1)
    turn(state, 1, 0, 0, Ringmaster(0))  # Blue's ringmaster on the road, diagonal to the Big Top
    turn(state, -1, 0, 3, Meeple(2))  # Red's monk, diagonal to the Big Top; the road ends here
    turn(state, 1, 1, 2)  # the circus tile ends the road's other end: 4 tiles
    assert tally(state, 1)["road"] == 4 and tally(state, 1)["ringmaster"] == 2 * 2  # (0, 1) and (1, 1)
    assert tally(state, 1)["circus"] == 0 and tally(state, 0)["circus"] == 4
    assert state.supply[1][RINGMASTER] == 1


def test_ringmaster_in_a_field_gets_his_bonus_with_no_field_points() -> None:
    """"At the end of the game, ringmasters score fields ... as normal meeples and also score
    ringmaster points": a field touching no completed city scores 0, the bonus still comes; and he
    counted in the last circus ("Ringmasters ... also count as meeples")."""
    state = new(["ffff.ac", "ffrf.bt"], tokens=("monkey",))
    turn(state, 0, 1, 0, Ringmaster(0))  # Red's ringmaster lying in the field of the acrobat tile
    turn(state, 1, 1, 0)  # a circus tile beside him; the game ends
    assert state.is_over()
    assert tally(state, 0) == {"road": 0, "city": 0, "monastery": 0, "field": 0, "circus": 3,
                               "acrobat": 0, "ringmaster": 4}
    assert state.supply[0][RINGMASTER] == 1


def test_tie_on_an_incomplete_road_at_game_end_both_score() -> None:
    """"Majority: most meeples in the feature score it; tied players all score in full", at the game
    end too ("road 1 per tile"): two thieves' roads joined, still open at both ends."""
    state = new(["V", "V", "V", "V"], base=True)
    turn(state, 1, 0, 0, Meeple(0))  # Red's road turns south at (1, 0)
    turn(state, 0, 1, 0, Meeple(0))  # Blue's road from (0, 1) to the south and west
    turn(state, -1, 0, 3)
    turn(state, -1, 1, 2)  # joins them: 5 tiles, open to the south at both ends
    assert state.is_over()
    assert tally(state, 0)["road"] == 5 and tally(state, 1)["road"] == 5


def test_monastery_laid_into_a_hole_scores_at_once() -> None:
    """"Then score every road, city and monastery the tile completed": a monastery laid with its 8
    neighbours already there, a monk on it, scores 9 that turn and the monk goes home."""
    state = new(["U", "U", "B", "B", "E", "B", "E", "B", "V"], base=True)
    for x, y, turns in [(1, 0, 0), (-1, 0, 0), (1, 1, 0), (-1, 1, 0), (-1, 2, 2), (0, 2, 0), (1, 2, 2)]:
        turn(state, x, y, turns)
    turn(state, 0, 1, 0, Meeple(1))  # Blue's monk on the monastery filling the hole
    assert not state.is_over()
    assert state.points == [0, 9] and state.supply[1][MEEPLE] == 7


def test_two_fields_touching_one_completed_city_both_score_it() -> None:
    """"fields 3 per completed city they touch (each field scored separately ...)": two separate
    fields touch the start city; each farmer scores it."""
    state = new(["E", "U"], base=True)
    turn(state, 0, -1, 2, Meeple(1))  # Red's farmer north of the city it closes
    turn(state, 1, 0, 0, Meeple(1))  # Blue's farmer in the start tile's field south of the city
    assert state.is_over()
    assert tally(state, 0)["field"] == 3 and tally(state, 1)["field"] == 3
