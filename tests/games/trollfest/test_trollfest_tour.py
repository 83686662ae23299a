"""Troll Fest tour turns: the city actions and Groundhog Day (each test quotes the rulebook, or
docs/trollfest.md where it records a reading)."""

from __future__ import annotations

from trollfest_scenario import CITY, C, finish_turn, start_all, to_tour

from bigtop.games.trollfest.actions import EndTurn, KeepMarket, Move, VisitMarket


def test_the_market_is_optional() -> None:
    """'You may do these actions in addition to a concert if the corresponding symbol is present on
    the city.' — Market cities: 'Draw four cards from the Action deck, keep one'."""
    s = to_tour(3, groundhog_city="bonerattle")
    start_all(s, ["snorheim", "ashpit", "mudfang"])
    s.apply(1, Move(CITY["bouldergate"]))  # a Market city
    assert s.legal_actions(1) == [VisitMarket(True), VisitMarket(False)]
    before = s.view(1)
    passed = s.clone()
    passed.apply(1, VisitMarket(False))
    after = passed.view(1)
    assert after["hand"] == before["hand"] and after["decks"] == before["decks"] and after["market"] == []
    assert EndTurn() in passed.legal_actions(1)
    assert passed.events[-1].kind == "market_pass"
    s.apply(1, VisitMarket(True))
    drawn = s.view(1)["market"]
    assert len(drawn) == 4 and s.legal_actions(1) == [KeepMarket(card) for card in drawn]


def test_the_held_groundhog_goes_back_at_groundhog_day_of_the_holders_next_turn() -> None:
    """'take the Groundhog Meeple from that city and place it in front of you until your next turn.
    If you still have the Groundhog Meeple from your previous turn, draw City cards until you draw
    one that has not yet reached its total tour limit, then place the Groundhog Meeple in the city'
    — step 5 of the holder's next turn (docs/trollfest.md): during that turn's move and concert the
    Groundhog is still in front of the holder, so it cannot score it twice in a row."""
    s = to_tour(3, groundhog_city="snorheim", city_top=("card_ashpit", "card_bouldergate"))
    start_all(s, ["grumblerock", "skullcrag", "warhowl"])
    s.apply(1, Move(CITY["snorheim"]))  # a concert where the Groundhog is: +5, and seat 1 takes it
    view = s.view(None)
    assert view["holder"] == 1 and view["groundhog"] == -1
    s.apply(1, EndTurn())
    for p in (2, 0):  # both fill Ashpit (two tokens: the limit with three players)
        s.apply(p, Move(CITY["ashpit"]))
        finish_turn(s, p)
    assert s.view(None)["holder"] == 1 and s.view(None)["groundhog"] == -1  # still in front of seat 1
    score = s.view(None)["scores"][1]
    trolls = sum(C.artists[a].species == "troll" for a in s.view(None)["bands"][1])
    s.apply(1, Move(CITY["bouldergate"]))  # the city of the next City card that is not full
    view = s.view(None)
    assert view["scores"][1] == score + trolls + 2  # a troll city, the first token, no Groundhog
    assert view["holder"] == 1 and view["step"] == "visit"  # the city action (step 4) comes first
    s.apply(1, VisitMarket(False))
    view = s.view(None)
    assert view["holder"] == -1 and view["groundhog"] == CITY["bouldergate"]  # Ashpit was full
    assert [e.data["city"] for e in s.events if e.kind == "groundhog"] == [CITY["bouldergate"]]
