"""Undo never lets a Troll Fest player peek: a move that shows anyone a hidden card cannot be taken
back (the kernel's table rule); a move that shows nothing can."""

from __future__ import annotations

import pytest
from trollfest_scenario import CITY, copies, new, start_all, to_tour

from bigtop.core import IllegalAction
from bigtop.games.trollfest.actions import Answer, Move, Pick, PlayCard, Recruit, VisitMarket
from bigtop.games.trollfest.pieces import BLIND


def refused(s, seat: int) -> bool:
    try:
        s.undo(seat)
    except IllegalAction:
        return True
    return False


def test_the_draft_pass_cannot_be_undone() -> None:
    """'select one card ... then pass the remaining seven cards to the player on your left': the
    last sealed pick shows every seat a new packet."""
    s = new(3)
    s.apply(0, Pick(s.view(0)["packet"][0]))
    s.apply(1, Pick(s.view(1)["packet"][0]))
    assert not refused(s, 1)  # seat 2 has not chosen: nothing is shown yet
    s.apply(2, Pick(s.view(2)["packet"][0]))
    assert refused(s, 2)


def test_drawing_at_the_market_cannot_be_undone_declining_can() -> None:
    """'Draw four cards from the Action deck, keep one of these cards in your hand'"""
    s = to_tour(3, groundhog_city="bonerattle")
    start_all(s, ["snorheim", "ashpit", "mudfang"])
    s.apply(1, Move(CITY["bouldergate"]))  # a Market city
    assert not refused(s, 1)
    before = s.clone()
    s.apply(1, VisitMarket(True))
    assert len(s.view(1)["market"]) == 4 and refused(s, 1)
    before.apply(1, VisitMarket(False))
    assert not refused(before, 1)


def test_a_springboard_refill_cannot_be_undone() -> None:
    """'If you draw from the Rock Springboard, replace the artist in the Rock Springboard with the
    top card from the deck.'"""
    s = to_tour(3, groundhog_city="bonerattle")
    start_all(s, ["trollhaugen", "ashpit", "mudfang"])
    s.apply(1, Move(CITY["cragmire"]))  # a city with a vivid cultural life
    nobody, slot = s.clone(), s.clone()
    slot.apply(1, Recruit(0))
    assert refused(slot, 1)
    nobody.apply(1, Recruit(-1))
    assert not refused(nobody, 1)


def test_a_blind_audition_cannot_be_undone() -> None:
    """'You may take one artist either from the Rock Springboard or from the top of the deck (blind
    audition)'"""
    s = to_tour(3, groundhog_city="bonerattle")
    start_all(s, ["trollhaugen", "ashpit", "mudfang"])
    s.apply(1, Move(CITY["cragmire"]))
    s.apply(1, Recruit(BLIND))
    assert s.view(1)["blind"] >= 0 and refused(s, 1)


def test_a_card_played_face_up_and_the_last_answer_cannot_be_undone() -> None:
    """'The Thor's Hammer card is played out of turn, to cancel a Action card that has just been
    played': the card comes face up out of a hidden hand, and the last answer shows every seat
    whether a sealed answer was a Hammer. An earlier answer stays sealed too: taking it back (or
    being refused because another seat answered since) would tell who has answered."""
    s = to_tour(3, groundhog_city="bonerattle", action_top=("dragon_tamer",), wants={1: ["dragon_tamer"]})
    start_all(s, ["grumblerock", "ashpit", "mudfang"])
    tamer = next(x for x in s.view(1)["hand"] if x in copies("dragon_tamer"))
    s.apply(1, PlayCard(tamer, 0))
    assert refused(s, 1)
    s.apply(0, Answer(False))
    assert refused(s, 0) and s.undo_refusal(0) == "sealed"  # seat 2 has not answered: nothing is shown yet
    s.apply(2, Answer(False))
    assert refused(s, 2)


@pytest.mark.parametrize("city", ["snorheim", "cragmire"])
def test_a_move_that_shows_nothing_can_be_undone(city: str) -> None:
    """A plain concert shows nothing hidden: the table rule lets the player take it back."""
    s = to_tour(3, groundhog_city="bonerattle")
    start_all(s, ["grumblerock", "ashpit", "mudfang"])
    view = s.view(1)
    s.apply(1, Move(CITY[city]))
    assert s.undo(1).view(1) == view
