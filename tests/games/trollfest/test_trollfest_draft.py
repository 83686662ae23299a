"""Troll Fest set-up and draft (each test quotes the rulebook sentence it checks)."""

from __future__ import annotations

import pytest
from trollfest_scenario import C, draft, new

from bigtop.games.trollfest.actions import Pick


@pytest.mark.parametrize(("players", "dragons", "tokens"), [(3, 2, 14), (4, 2, 12), (5, 3, 10), (6, 3, 10)])
def test_dragon_and_tour_tokens_by_player_count(players: int, dragons: int, tokens: int) -> None:
    """'Place 2 Dragon Tokens (when playing with 3 or 4 players) or 3 Dragon Tokens (when playing
    with 5 or 6 players)'; 'Use Tour Tokens based on the player count. 14 ... 12 ... 10'."""
    view = new(players).view(None)
    assert view["pass_tokens"] == [dragons] * 7
    assert view["tokens"] == [tokens] * players


def test_one_starting_artist_of_each_deck_dealt_hidden() -> None:
    """'deal one card from each deck to each player. Each player may look at the cards they have
    been dealt but should not reveal them.'"""
    s = new(4)
    for p in range(4):
        assert [C.artists[a].instrument for a in s.view(p)["start_hand"]] == ["guitar", "bass", "singer", "drums"]
    assert "start_hand" not in s.view(None)


def test_draft_deals_four_and_four_and_passes_left() -> None:
    """'Deal 4 Seasoned Artist cards and 4 Action cards to each player ... pass the remaining seven
    cards to the player on your left.'"""
    s = new(3)
    before = [s.view(p)["packet"] for p in range(3)]
    assert all(len(pk) == 8 and sum(1 for x in pk if C.is_artist(x)) == 4 for pk in before)
    for p in range(3):
        s.apply(p, Pick(before[p][0]))
    for p in range(3):
        assert s.view((p + 1) % 3)["packet"] == before[p][1:]  # seat p+1 is on p's left


def test_draft_picks_are_sealed() -> None:
    """'select one card ... and add it to a face-down pile in front of you'"""
    s = new(3)
    card = s.view(0)["packet"][0]
    s.apply(0, Pick(card))
    assert s.to_move() == (1, 2)
    assert s.view(1)["my_choice"] is None and s.view(0)["my_choice"] == card
    assert "my_choice" not in s.view(None) and s.view(None)["sealed"] == {"chosen": [0], "waiting": [1, 2]}


def test_last_two_cards_one_kept_one_to_bottom_of_its_deck() -> None:
    """'When you receive only two cards, select one and discard the other one to the bottom of the
    corresponding deck'"""
    s = new(3)
    for _ in range(6):
        for p in range(3):
            s.apply(p, Pick(s.view(p)["packet"][0]))
    assert s.view(None)["packet_sizes"] == [2, 2, 2]
    decks = s.view(None)["decks"]
    for p in range(3):
        s.apply(p, Pick(s.view(p)["packet"][0]))
    after = s.view(None)
    assert after["phase"] == "form"  # the three cards left over went back under their decks
    assert after["decks"]["seasoned"] + after["decks"]["actions"] == decks["seasoned"] + decks["actions"] + 3
    for p in range(3):
        view = s.view(p)
        assert len(view["pile"]) + len(view["kept"]) + len(view["hand"]) == 4 + 7


def test_the_draft_ends_with_seven_cards_each() -> None:
    """'select one more card from the seven you receive ... and so on': seven picks in all."""
    s = new(4)
    draft(s)
    for p in range(4):
        view = s.view(p)
        assert len(view["pile"]) + len(view["kept"]) + len(view["hand"]) == 4 + 7
