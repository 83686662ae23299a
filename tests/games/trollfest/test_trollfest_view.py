"""What each Troll Fest seat sees, and the games a bot may imagine from it (`view.py`)."""

from __future__ import annotations

from trollfest_scenario import to_tour

from bigtop.core import Rng
from bigtop.games.trollfest.view import ZONES


def test_determinize_keeps_what_the_seat_knows_and_resamples_the_rest() -> None:
    """'Each player may look at the cards they have been dealt but should not reveal them.'"""
    s = to_tour(4, groundhog_city="bonerattle")
    hidden_from_0 = [place for _, place in ZONES.unseen(s, 0)]
    changed = False
    for k in range(10):
        d = s.determinize(0, Rng(k))
        assert d.view(0) == s.view(0)
        changed |= [place for _, place in ZONES.unseen(d, 0)] != hidden_from_0
        d.check_invariants()
    assert changed


def test_the_declaration_hides_hands_until_the_festival_and_the_market_from_all_but_its_drawer() -> None:
    s = to_tour(3, groundhog_city="bonerattle")
    unseen = {zone.field for zone, _ in ZONES.unseen(s, 0)}
    assert {"hand", "seasoned", "actions", "city_deck"} <= unseen and "band" not in unseen
    assert s.view(0)["hands"] is None and "hand" in s.view(0) and "hand" not in s.view(None)
