"""Under the Big Top scenarios, each quoting the rulebook sentence it checks."""

from __future__ import annotations

from carcassonne_scenario import new, turn

from bigtop.games.carcassonne.actions import Meeple, Pass, Place
from bigtop.games.carcassonne.bigtop.acrobats import pyramids
from bigtop.games.carcassonne.bigtop.actions import Acrobat, Ringmaster, ScorePyramid
from bigtop.games.carcassonne.expansion import Figure
from bigtop.games.carcassonne.expansions import FIGURE_NAMES
from bigtop.games.carcassonne.rules import MEEPLE, pos_of

RINGMASTER = FIGURE_NAMES.index("ringmaster")


def tally(state, player: int) -> dict[str, int]:
    return state.result_details()["points"][player]


SEAL_TILES = ["ffrf.bt", "B", "B", "U", "U", "cfff.bt", "V"]


def seal_game():
    """Red (seat 0): a farmer on the first circus tile, a monk beside it, a thief above it;
    Blue (seat 1): a monk on the other side."""
    state = new(SEAL_TILES, tokens=("seal", "flea"))
    turn(state, 0, 1, 0, Meeple(1))  # first circus tile, farmer
    turn(state, 1, 1, 0, Meeple(1))  # Blue's monk
    turn(state, -1, 1, 0, Meeple(1))  # Red's monk
    turn(state, 1, 0, 0)
    turn(state, -1, 0, 0, Meeple(0))  # Red's thief
    return state


def test_first_circus_tile_only_receives_the_big_top() -> None:
    """"When the first Circus tile is placed, take the top Animal token ... place it facedown on the
    circus space, and place the Big Top on it." """
    state = new(SEAL_TILES, tokens=("seal",))
    turn(state, 0, 1, 0)
    view = state.view(None)["bigtop"]
    assert view["big_top"] == [0, 1] and view["token_face_down"] and view["tokens_left"] == 15
    assert view["revealed"] == [] and state.points == [0, 0]
    assert "seal" not in str(state.view(0)) and "seal" not in str(state.view(1))


def test_seal_example_red_12_blue_4() -> None:
    """"The seal is worth 4 points per meeple. Since Red has three meeples on tiles surrounding the
    Big Top, Red scores 12 points, and Blue scores 4 points." """
    state = seal_game()
    turn(state, 0, -1, 2)  # Blue places the next circus tile (it closes an empty city)
    assert state.points == [12, 4]
    view = state.view(None)["bigtop"]
    assert view["revealed"] == ["seal"] and view["big_top"] == [0, -1] and view["token_face_down"]


def test_meeples_stay_after_the_circus_is_scored() -> None:
    """"When scoring the circus, the meeples involved are not returned to their owner's supply." """
    state = seal_game()
    turn(state, 0, -1, 2)
    assert state.supply[0][MEEPLE] == 4 and state.supply[1][MEEPLE] == 6


def test_features_completed_by_the_circus_tile_are_scored_before_the_circus() -> None:
    """"1) Score any features that were completed ... (and return the meeples scored ...)" then
    "2) score the circus": Blue's returned thief beside the Big Top scores nothing there."""
    state = new(["ffrf.bt", "A", "frfr.bt", "B"], tokens=("seal",))
    turn(state, 0, 1, 0, Meeple(1))  # Red's farmer on the first circus tile
    turn(state, -1, 0, 3, Meeple(0))  # Blue's thief on the road A-D, diagonal to the Big Top
    turn(state, 1, 0, 0)  # Red's new circus tile completes Blue's road
    assert tally(state, 1)["road"] == 3 and state.supply[1][MEEPLE] == 7
    assert tally(state, 1)["circus"] == 0 and tally(state, 0)["circus"] == 4


def test_circus_counts_meeples_by_the_tile_they_stand_on() -> None:
    """"score points for the meeples on the Circus tile itself and the eight surrounding tiles":
    a thief two tiles away counts not, though his road runs past the Big Top."""
    state = new(["ffrf.bt", "U", "U", "cfff.bt", "V"], tokens=("seal",))
    turn(state, 0, 1, 0)
    turn(state, 1, 0, 0, Meeple(2))  # Blue's farmer diagonal to the Big Top
    turn(state, 2, 0, 0, Meeple(0))  # Red's thief on the road through (0, 0) and (1, 0)
    turn(state, 0, -1, 2)  # the next circus tile
    assert tally(state, 0)["circus"] == 0 and tally(state, 1)["circus"] == 4


def test_circus_scored_once_more_before_final_scoring() -> None:
    """"At the end of the game before final scoring, score the circus one last time." """
    state = seal_game()
    turn(state, 0, -1, 2)
    turn(state, 2, 0, 0)  # last tile; the Big Top stands on the flea, Red's thief is beside it
    assert state.is_over()
    assert tally(state, 0)["circus"] == 12 + 1 and tally(state, 1)["circus"] == 4
    assert state.view(None)["bigtop"]["revealed"] == ["seal", "flea"]


def ringmaster_game():
    state = new(["cfrf.bt", "ffff.ac", "cfff.bt", "ffrr.ac", "A", "U", "U", "ffrf.ac"])
    turn(state, 0, -1, 2)  # circus north of the start tile
    turn(state, 0, 1, 0)  # acrobat tile south of it
    turn(state, 1, 1, 2)  # circus
    turn(state, 2, 1, 3)  # acrobat tile
    turn(state, -1, 0, 3)  # monastery: the west end of the road
    turn(state, 2, 0, 0)
    return state


def test_ringmaster_example_5_plus_8() -> None:
    """"Red completes the road that their ringmaster is on. First, Red scores 5 points for the road.
    Then Red scores 8 points for the 4 Circus and Acrobat tiles (2 points each)." """
    state = ringmaster_game()
    turn(state, 1, 0, 0, Ringmaster(0))  # Red's ringmaster on the road, 4 shows around it
    assert state.supply[0][RINGMASTER] == 0
    turn(state, 3, 0, 1)  # Blue ends the road on an acrobat space: 5 tiles
    assert tally(state, 0)["road"] == 5 and tally(state, 0)["ringmaster"] == 8
    assert state.points[0] == 13
    assert state.supply[0][RINGMASTER] == 1


def test_ringmaster_scores_even_without_the_majority() -> None:
    """"You also score these ringmaster points even if your ringmaster did not score any points from
    the completed feature (e.g., someone else had majority)." """
    state = ringmaster_game()
    turn(state, 1, 0, 0, Ringmaster(0))
    state.supply[1][MEEPLE] -= 2  # Blue has two thieves on that road (set up directly)
    road = state.find(state.board[pos_of(2, 0)][2] + 0)
    state.figs[road] += (Figure(1, MEEPLE, pos_of(2, 0), 0), Figure(1, MEEPLE, pos_of(2, 0), 0))
    turn(state, 3, 0, 1)
    assert tally(state, 1)["road"] == 5 and tally(state, 0)["road"] == 0
    assert tally(state, 0)["ringmaster"] == 8


def test_ringmaster_counts_as_a_meeple_for_the_majority() -> None:
    """"The ringmaster counts as a normal meeple in all cases": one ringmaster ties one thief."""
    state = new(["A", "A", "V", "V"])
    turn(state, -1, 0, 3, Ringmaster(0))  # Red's ringmaster on the road A-D
    turn(state, 0, 1, 3, Meeple(0))  # Blue's thief on another road, running east
    turn(state, 1, 0, 0)
    turn(state, 1, 1, 1)  # joins and completes both: 5 tiles
    assert tally(state, 0)["road"] == 5 and tally(state, 1)["road"] == 5
    assert state.supply == [[7, 1], [7, 1]]


def test_ringmaster_points_count_tiles_not_the_big_top_or_acrobats() -> None:
    """"for each Circus and Acrobat tile that your ringmaster is on or adjacent to, score 2 points.
    ... The Big Top and acrobats in a pyramid do not affect ringmaster points." """
    state = new(["ffrf.bt", "ffff.ac", "B", "A"])
    turn(state, 0, 1, 0, Ringmaster(0))  # on the road of the circus tile under the Big Top
    turn(state, 1, 1, 0, Acrobat(0, 0))
    turn(state, 2, 1, 0, Acrobat(-1, 0))  # two acrobats on the tile beside the ringmaster
    turn(state, 0, 2, 2)  # the monastery ends the road
    assert tally(state, 0)["road"] == 2 and tally(state, 0)["ringmaster"] == 4


def test_ringmaster_cannot_be_an_acrobat() -> None:
    """"The ringmaster counts as a normal meeple in all cases except that it cannot be used as an acrobat." """
    state = new(["ffff.ac"])
    state.supply[0][MEEPLE] = 0
    state.apply(0, Place(0, 1, 0))
    legal = state.legal_actions(0)
    assert Ringmaster(0) in legal and not any(isinstance(a, Acrobat) for a in legal)


def test_pyramid_of_three_scores_five_each() -> None:
    """"Instead of placing a meeple ... you can score a completed pyramid. Each acrobat in the
    completed pyramid is worth 5 points. Then return the scored meeples." """
    state = new(["ffff.ac", "B", "B", "B", "U"])
    turn(state, 0, 1, 0, Acrobat(0, 0))
    turn(state, 1, 1, 0, Acrobat(-1, 0))  # a tile diagonally or orthogonally next to it
    turn(state, -1, 1, 0, Acrobat(1, 0))  # third acrobat on their shoulders
    state.apply(1, Place(0, 2, 0))
    legal = state.legal_actions(1)
    assert Acrobat(0, -1) not in legal  # "no more meeples can be added to it"
    assert ScorePyramid(0, 1) in legal
    state.apply(1, ScorePyramid(0, 1))
    assert tally(state, 0)["acrobat"] == 10 and tally(state, 1)["acrobat"] == 5
    assert state.supply[0][MEEPLE] == 7 and state.supply[1][MEEPLE] == 7
    # "After a pyramid has been scored, players can start a new pyramid on the same tile"
    state.apply(0, Place(1, 0, 0))
    assert Acrobat(-1, 1) in state.legal_actions(0)


def test_acrobat_tile_next_to_an_acrobat_tile_offers_both() -> None:
    """"If you place an Acrobat tile adjacent to one or more Acrobat tiles ... choose on which of
    those Acrobat tiles to place your acrobat." """
    state = new(["ffff.ac", "ffrf.ac"])
    turn(state, 0, 1, 0, Acrobat(0, 0))
    state.apply(1, Place(1, 1, 0))
    legal = state.legal_actions(1)
    assert Acrobat(0, 0) in legal and Acrobat(-1, 0) in legal
    state.apply(1, Acrobat(-1, 0))
    assert pyramids(state) == {pos_of(0, 1): (0, 1), pos_of(1, 1): ()}


def test_pyramid_waits_and_is_scored_instead_of_a_figure_anywhere() -> None:
    """"pyramids are not scored immediately after completion"; "Instead of placing a meeple or any
    other figure ... you can score a completed pyramid." """
    state = new(["ffff.ac", "B", "B", "B", "U"])
    turn(state, 0, 1, 0, Acrobat(0, 0))
    turn(state, 1, 1, 0, Acrobat(-1, 0))
    turn(state, -1, 1, 0, Acrobat(1, 0))  # complete, and not scored
    assert state.points == [0, 0] and state.supply[0][MEEPLE] == 5
    state.apply(1, Place(2, 1, 0))  # two tiles away from the pyramid
    assert ScorePyramid(0, 1) in state.legal_actions(1)
    state.apply(1, ScorePyramid(0, 1))
    assert state.points == [10, 5] and state.figures() == [] and state.to_move() == (0,)


def test_acrobats_only_on_or_next_to_the_placed_tile() -> None:
    """"if you place a tile adjacent to one or more Acrobat tiles (horizontally, vertically, or
    diagonally), you may place a meeple as an acrobat on one of those Acrobat tiles." """
    state = new(["ffff.ac", "U", "E"])
    turn(state, 0, 1, 0)
    state.apply(1, Place(1, 0, 0))  # diagonal neighbour
    assert Acrobat(-1, 1) in state.legal_actions(1)
    state.apply(1, Pass())
    state.apply(0, Place(0, -1, 2))  # two rows away: no acrobat
    assert not any(isinstance(a, Acrobat) for a in state.legal_actions(0))


def test_score_a_pyramid_without_own_acrobats_and_acrobats_at_game_end() -> None:
    """"You can score a completed pyramid even if you have no acrobats in it." and
    "During final scoring, each of your acrobats is worth 5 points, regardless of the pyramid's size." """
    state = new(["ffff.ac", "B", "U", "U", "B", "B"])
    turn(state, 0, 1, 0, Acrobat(0, 0))
    turn(state, 1, 1, 0)
    turn(state, 1, 0, 0, Acrobat(-1, 1))
    turn(state, -1, 0, 0)
    turn(state, -1, 1, 0, Acrobat(1, 0))  # Red's third acrobat
    state.apply(1, Place(0, 2, 0))
    state.apply(1, ScorePyramid(0, 1))  # Blue scores Red's pyramid
    assert tally(state, 0)["acrobat"] == 15 and tally(state, 1)["acrobat"] == 0
    state = new(["ffff.ac", "B", "U"])
    turn(state, 0, 1, 0, Acrobat(0, 0))
    turn(state, 1, 1, 0)
    turn(state, 1, 0, 0, Acrobat(-1, 1))
    assert state.is_over() and tally(state, 0)["acrobat"] == 10


def test_circus_space_ends_roads() -> None:
    """"Circus spaces close roads and separate fields from each other." """
    state = new(["A", "frfr.bt"])
    turn(state, -1, 0, 3, Meeple(0))
    state.apply(1, Place(1, 0, 0))
    legal = state.legal_actions(1)
    assert Meeple(1) not in legal  # the west road joins Red's road
    assert Meeple(0) in legal  # the east road is another road: the circus space ends both
    state.apply(1, Pass())
    assert tally(state, 0)["road"] == 3  # A, D, circus tile: complete


def test_circus_space_separates_fields() -> None:
    """"Circus spaces close roads and separate fields from each other." (H has one field; the
    circus tile with the same edges has two.)"""
    for tile, fields in (("H", 1), ("cfcf.bt", 2)):
        state = new([tile], base=tile == "H")
        state.apply(0, Place(0, -1, 0))
        kind, _, base = state.board[pos_of(0, -1)]
        features = state.tiles.kinds[kind].features
        roots = {state.find(base + i) for i, f in enumerate(features) if f.type == 2}
        assert len(roots) == fields


def test_acrobat_space_ends_roads() -> None:
    """"Acrobat spaces close roads and separate fields from each other." """
    state = new(["A", "ffrf.ac"])
    turn(state, -1, 0, 3, Meeple(0))
    turn(state, 1, 0, 1)
    assert tally(state, 0)["road"] == 3


def test_no_meeple_on_the_circus_space() -> None:
    """"you cannot place a meeple on the circus space": only the city and the field are offered."""
    state = new(["cfff.bt"])
    state.apply(0, Place(0, -1, 2))
    meeples = {a.feature for a in state.legal_actions(0) if isinstance(a, Meeple)}
    assert meeples == {0, 1}


def test_ringmaster_at_game_end_and_in_the_last_circus() -> None:
    """"At the end of the game, ringmasters score fields or incomplete features as normal meeples and
    also score ringmaster points." and "Ringmasters and acrobats ... also count as meeples" """
    state = new(["ffrf.bt", "U"], tokens=("bear",))
    turn(state, 0, 1, 0)
    turn(state, 1, 0, 0, Ringmaster(0))  # open road D-U, beside the circus tile
    assert state.is_over()
    assert tally(state, 1) == {"road": 2, "city": 0, "monastery": 0, "field": 0, "circus": 5,
                                    "acrobat": 0, "ringmaster": 2}


def test_acrobats_count_in_the_circus_scoring() -> None:
    """"Ringmasters and acrobats (see below) also count as meeples" when the circus is scored."""
    state = new(["ffrf.bt", "ffff.ac", "cfff.bt"], tokens=("monkey",))
    turn(state, 0, 1, 0)
    turn(state, 1, 1, 0, Acrobat(0, 0))  # an acrobat beside the Big Top
    turn(state, 0, -1, 2)  # the next circus tile: the monkey scores 3 per meeple
    assert tally(state, 1)["circus"] == 3
    assert tally(state, 1)["acrobat"] == 5  # and the acrobat's 5 at game end


def test_more_circus_tiles_than_tokens_play_with_more_token_sets(tmp_path) -> None:
    """docs/carcassonne.md: "A tiles file with more circus tiles than animal tokens plays with as
    many sets of the 16 tokens as it takes to give every circus tile its own token". Eighteen circus
    tiles in a row: each circus is scored with a real token and the tokens stay conserved."""
    from bigtop.games.carcassonne.data import DATA

    blocks = (DATA / "tiles.toml").read_text().split("[[tile]]")
    own = tmp_path / "tiles.toml"
    own.write_text("[[tile]]".join(b.replace("count = 1", "count = 18") if 'id = "frfr.bt"' in b else b for b in blocks))
    from carcassonne_scenario import GAME

    state = GAME.new(2, seed=3, options={"cards": str(own), "tiles": ["frfr.bt"] * 18, "tiles_only": True})
    sets = state.view(None)["bigtop"]["tokens_left"]
    for x in range(1, 19):
        turn(state, x, 0, 0)
        state.check_invariants()
    assert state.is_over()
    circuses = [e.data["animal"] for e in state.events if e.kind == "circus"]
    assert len(circuses) == 18 and set(circuses) <= {"elephant", "tiger", "bear", "seal", "monkey", "flea"}
    assert len(state.view(None)["bigtop"]["revealed"]) == 18
    assert sets == 32  # 29 circus tiles: two sets


def test_score_breakdown_names_the_ringmaster_bonus_apart_from_the_road() -> None:
    """"Red will receive 13 points in total from these two scorings": 5 for the road and 8 for the
    ringmaster, shown as two categories that add up to the score."""
    from carcassonne_scenario import GAME

    state = ringmaster_game()
    turn(state, 1, 0, 0, Ringmaster(0))
    turn(state, 3, 0, 1)
    breakdown = state.score_breakdown()
    assert list(breakdown) == ["road", "city", "monastery", "field", "circus", "acrobat", "ringmaster"]
    assert breakdown["road"][0] == 5 and breakdown["ringmaster"][0] == 8
    assert [sum(points[p] for points in breakdown.values()) for p in (0, 1)] == state.points
    assert [GAME.score_categories[c] for c in breakdown][-1] == "Ringmaster bonus"
    base = new(["U"], base=True)
    assert list(base.score_breakdown()) == ["road", "city", "monastery", "field"]
