"""Drum Roll scenarios beside `test_drumroll_rules.py`: Extended Applause over the hand limit in its
owner's show, the rows at four players, the order of markers and votes, end bonuses and regions. Each
quotes the rulebook sentence it checks."""

from __future__ import annotations

from drumroll_scenario import (
    GAME,
    end_show,
    pass_turn,
    place_all,
    position,
    prompt,
    sealed,
    seat,
    show,
    vote,
)

from bigtop.games.drumroll.actions import (
    Convert,
    Decline,
    Hire,
    Invest,
    Keep,
    Outstanding,
    Perform,
    Play,
    ReturnOrganizer,
    Vote,
)


def row(s, kind: str = "performer") -> list[str]:
    return [e["id"] for e in s.view(None)[f"{kind}_row"]]


def bonuses(s, p: int) -> dict[str, int]:
    return s.view(None)["result"]["bonuses"][p]


def test_over_the_hand_limit_in_own_show_extended_applause_may_be_played() -> None:
    """"If a player reaches their hand limit and receives more cards, they must (after looking at the new card)
    immediately play any extra cards (including the one they just received) or discard down to their hand
    limit." — Extended Applause: "During the 1st, 2nd or 3rd show, use this card": a magician's look during the
    owner's show puts it over the limit, and the Extended Applause it holds may be played there, not only
    discarded."""
    s = show(3, {0: {"coins": 30, "hand": ["applause-acrobat", "applause-magician", "double-vote-1"], "performers": [
        {"id": "card-magician", "cubes": ["blue", "yellow", "green"]},
        {"id": "rope-walker", "cubes": ["red", "yellow", "white"]}]}},
        options={"investment_order": ("extra-income-1", "trailer-1", "fire-1")})
    s.apply(0, Perform("card-magician"))
    s.apply(0, Outstanding(False))  # look at 3 investment cards, keep 1
    s.apply(0, Keep("fire-1"))
    assert prompt(s) == ("hand_limit", 0) and seat(s, 0)["hand_limit"] == 3  # one magician
    assert Play("applause-acrobat") in s.legal_actions(0)
    assert Play("fire-1") not in s.legal_actions(0)  # "You may not fire a performer during a show"
    s.apply(0, Play("applause-acrobat"))
    assert prompt(s) == ("perform", 0) and len(seat(s, 0)["hand"]) == 3
    assert s.score_breakdown()["applause"][0] == 1  # the Rope Walker, still to perform, is outstanding


def test_four_player_hiring_rows() -> None:
    """"Take the personnel deck and deal cards equal to the number of players face up" — "Take the performer deck
    and deal cards equal to the number of players + 1 ... until no more than 2 performers of the same type are
    in the hiring area" (4 players: 4 personnel, 5 performers)."""
    info = GAME.content()["performers"]
    for seed in range(5):
        s = GAME.new(4, seed=seed)
        types = [info[x]["type"] for x in row(s)]
        assert len(row(s, "personnel")) == 4 and len(row(s)) == 5
        assert max(types.count(t) for t in types) <= 2


def test_invest_markers_resolve_bottom_to_top() -> None:
    """"Invest: Players buy cards in the order they chose the action. (Use bottom to top priority on the stacked
    action markers)": the first marker placed takes the top card."""
    s = position(3, start=1, options={"investment_order": ("extra-income-1", "trailer-1")})
    place_all(s, {0: ["invest"], 1: ["invest"]})  # seat 1 starts: its marker is at the bottom
    assert prompt(s) == ("invest", 1)
    s.apply(1, Invest())
    assert prompt(s) == ("invest", 0)
    s.apply(0, Invest())
    assert seat(s, 1)["hand"] == ["extra-income-1"] and seat(s, 0)["hand"] == ["trailer-1"]


def test_magician_keeps_a_third_card_without_discarding() -> None:
    """"Each magician allows the player to keep one extra card in their hand": with one magician a third card is
    kept, nothing to play or discard."""
    s = position(3, {0: {"performers": ["fire-eater"], "hand": ["fire-1", "fire-2"]}},
                 options={"investment_order": ("trailer-1",)})
    place_all(s, {0: ["invest"]})
    s.apply(0, Invest())
    assert prompt(s) is None and sealed(s) == "distribution"
    assert seat(s, 0)["hand"] == ["fire-1", "fire-2", "trailer-1"]


def test_show_organizer_can_be_hired_back_after_the_following_turn() -> None:
    """"The Show Organizer is again available for hire but you cannot hire him in the following turn. Only other
    players can.": the turn after that, his former owner may hire him again."""
    s = position(3, {2: {"personnel": ["show-organizer"]}})
    pass_turn(s)
    s.apply(2, ReturnOrganizer(True))
    pass_turn(s)  # the following turn: nobody hires him
    assert "show-organizer" in row(s, "personnel")
    place_all(s, {2: ["personnel"]})
    assert prompt(s) == ("hire_personnel", 2) and Hire("show-organizer") in s.legal_actions(2)
    s.apply(2, Hire("show-organizer"))
    assert "show-organizer" in seat(s, 2)["personnel"]


def test_four_player_vote_tie_starting_player_decides() -> None:
    """"In the event of a tie, the starting player's vote is the only one that counts." — 2 against 2 at 4
    players: the starting player (not seat 0) settles it either way."""
    for start, delayed in ((2, False), (1, True)):
        s = vote(4, start=start)
        for p, v in enumerate((True, True, False, False)):
            s.apply(p, Vote(v))
        view = s.view(None)
        assert view["votes"][-1]["delayed"] is delayed
        assert (view["show"], view["turn"]) == ((1, 6) if delayed else (2, 1))  # no performer: the show passes


def test_large_troupe_needs_eight_performers() -> None:
    """"Large Troupe. The player who has 8 or more performers in their circus." — 7 are not enough (Largest Show
    still goes to the player with the most)."""
    seven = ("rope-walker", "unicyclist", "giant", "levitator", "dog-trainer", "bear-trainer", "trapeze-duo")
    s = show(3, {0: {"coins": 50, "performers": [{"id": x, "flipped": True} for x in seven]}}, show=2)
    end_show(s)
    assert s.is_over()
    assert bonuses(s, 0)["largest_show"] == 5 and "large_troupe" not in bonuses(s, 0)
    assert "full_variety" not in bonuses(s, 0)  # no juggler: "all 5 performer types" are needed


def test_region_scores_whole_pairs_only() -> None:
    """"the player who is visiting Moscow will score 2 prestige points for every 2 magicians and 2 prestige points
    for every 2 tamers in their circus": 3 magicians and 1 tamer make one pair, 2 points."""
    flipped = [{"id": x, "flipped": True} for x in ("levitator", "card-magician", "mentalist", "bear-trainer")]
    s = show(3, {0: {"coins": 100, "performers": flipped}}, show=1, regions=["moscow", "paris", "rome"])
    assert seat(s, 0)["prestige"] == 2
    assert s.score_breakdown()["regions"][0] == 2


def test_agent_cannot_convert_into_a_colour_out_of_stock() -> None:
    """"If any of the resources (cubes) are depleted during the game, players can no longer acquire them" — not by
    an Agent's conversion either ("convert any cube in to one of the two cubes offered")."""
    s = position(3, {0: {"personnel": ["agent-white-yellow"], "storage": {"red": 1}}, 1: {"storage": {"yellow": 25}}})
    place_all(s, {})
    assert sealed(s) == "distribution" and 0 in s.to_move()
    legal = s.legal_actions(0)
    assert Convert("agent-white-yellow", "red", "white") in legal
    assert Convert("agent-white-yellow", "red", "yellow") not in legal


def test_declined_hire_leaves_the_card_in_the_row_with_a_discount() -> None:
    """"A player can always choose not to perform an action they put their action marker on" — "each personnel
    member and performer that was not hired during the action phase receives a discount token"."""
    s = position(3)
    place_all(s, {0: ["performer"]})
    assert prompt(s) == ("hire_performer", 0)
    s.apply(0, Decline())
    assert "tumbler" in row(s) and seat(s, 0)["coins"] == 22  # the two Pass markers only
    assert next(e["discounts"] for e in s.view(None)["performer_row"] if e["id"] == "tumbler") == 1
