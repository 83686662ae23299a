"""Troll Fest rules of turn order, city limits, where discarded cards go and the end bonus, each
test quoting the rulebook sentence it checks."""

from __future__ import annotations

from trollfest_scenario import (
    ART,
    CITY,
    ELVES,
    THREE_TROLLS,
    TROLLS,
    C,
    after_draft,
    finish_turn,
    others_move,
    random_game,
    start_all,
    starting,
    to_tour,
)

from bigtop.games.trollfest.actions import KeepBlind, KeepMarket, Move, Recruit, StartCity, VisitMarket
from bigtop.games.trollfest.pieces import BLIND

SPRINGBOARD_GUITARS = ("sea33", "sea34", "sea35", "sea36", "sea37", "sea38", "sea39", "sea40")
"""Seasoned artists put on top of the deck once the draft packets are dealt: the Springboard gets
sea33 (troll guitar), sea34 (orc guitar) ... sea39, and sea40 is the next card of the deck."""


def tour(**options: object):
    """A 3-player tour: seat 1 plays first with three troll women and an orc drummer; seat 0 has
    the troll band, seat 2 the elves."""
    options.setdefault("groundhog_city", "bonerattle")
    return to_tour(3, starting_top=starting(TROLLS, THREE_TROLLS, ELVES), **options)


def test_turns_go_clockwise_from_the_left_of_the_best_band_name() -> None:
    """'The player to the left of the one with the best band name takes the first turn, then play
    proceeds clockwise around the table.'"""
    s = to_tour(4, winner=1, groundhog_city="bonerattle")
    order = []
    for city in ("grumblerock", "ashpit", "mudfang", "emberhall"):
        p = s.view(None)["turn"]
        order.append(p)
        s.apply(p, StartCity(CITY[city]))
    assert order == [2, 3, 0, 1]
    assert s.view(None)["turn"] == 2 and s.view(None)["step"] == "move"


def test_the_city_limit_is_three_tokens_with_four_players() -> None:
    """'this limit is the number of players minus one (2 tour tokens with 3 players, 3 with 4
    players, etc...)'"""
    s = to_tour(4, winner=3, groundhog_city="bonerattle")  # seat 0 plays first
    start_all(s, ["grumblerock", "grumblerock", "grumblerock", "bouldergate"])
    for p in (0, 1, 2):
        s.apply(p, Move(CITY["snorheim"]))
        finish_turn(s, p)
    assert s.view(None)["city_tokens"][CITY["snorheim"]] == [0, 1, 2]
    score = s.view(None)["scores"][3]
    s.apply(3, Move(CITY["snorheim"]))
    view = s.view(None)
    assert view["city_tokens"][CITY["snorheim"]] == [0, 1, 2] and view["tokens"][3] == 12
    assert view["scores"][3] == score


def test_a_replaced_seasoned_artist_goes_to_the_bottom_of_the_deck() -> None:
    """'If you add an artist to your band but already have an artist playing the same instrument
    ..., you must discard the one that was already in the band. Artists are discarded to the
    bottom of the deck, except for Starting Artists which are returned to the box instead.'"""
    s = tour(**after_draft(3, seasoned=SPRINGBOARD_GUITARS))
    start_all(s, ["trollhaugen", "grumblerock", "mudfang"])
    s.apply(1, Move(CITY["cragmire"]))  # a troll culture city
    s.apply(1, Recruit(0))  # Sea33, a troll guitarist, replaces the starting guitarist Sta02
    finish_turn(s, 1)
    others_move(s, 2, 0)
    s.apply(1, Move(CITY["stonebelly"]))
    finish_turn(s, 1)
    others_move(s, 2, 0)
    box, deck = s.view(None)["decks"]["box"], s.view(None)["decks"]["seasoned"]
    assert s.view(None)["springboard"][1] == ART["sea34"]
    s.apply(1, Move(CITY["goldpeak"]))  # a dwarf culture city
    s.apply(1, Recruit(1))  # Sea34, an orc guitarist, replaces Sea33
    view = s.view(None)
    assert ART["sea34"] in view["bands"][1] and ART["sea33"] not in view["bands"][1]
    assert view["decks"]["box"] == box and view["decks"]["seasoned"] == deck  # one drawn to refill, one put under
    assert s.seasoned[-1] == ART["sea33"]


def test_a_blind_audition_turned_down_goes_to_the_bottom_of_the_deck() -> None:
    """'If you draw from the top of the deck, you can choose to discard the drawn artist without
    adding it to your band.' 'Artists are discarded to the bottom of the deck'"""
    s = tour(**after_draft(3, seasoned=(*SPRINGBOARD_GUITARS[1:], "sea33")))
    start_all(s, ["trollhaugen", "grumblerock", "mudfang"])
    s.apply(1, Move(CITY["cragmire"]))
    top = s.seasoned[0]
    s.apply(1, Recruit(BLIND))
    assert s.view(1)["blind"] == top == ART["sea33"]
    s.apply(1, KeepBlind(False))
    assert s.seasoned[-1] == ART["sea33"] and s.seasoned[0] != ART["sea33"]


def test_the_market_puts_the_three_other_cards_under_the_deck() -> None:
    """'Draw four cards from the Action deck, keep one of these cards in your hand and discard the
    three other ones at the bottom of the deck.'"""
    s = tour(**after_draft(3, actions=("encore", "pyrotechnics", "rave_review", "tour_bus")))
    start_all(s, ["snorheim", "ashpit", "mudfang"])
    s.apply(1, Move(CITY["bouldergate"]))  # a troll Market city
    s.apply(1, VisitMarket(True))
    drawn = s.view(1)["market"]
    s.apply(1, KeepMarket(drawn[1]))
    assert drawn[1] in s.view(1)["hand"]
    assert s.actions[-3:] == [drawn[0], drawn[2], drawn[3]]


def test_a_new_instrument_joins_the_band_and_another_species_scores_no_point() -> None:
    """'If you add an artist to your band but already have an artist playing the same instrument
    ..., you must discard the one that was already in the band.' — an instrument the band lacks
    replaces nobody; 'If you add an artist to your band that corresponds to the city's species,
    score one point.' — an elf in a troll city scores none."""
    s = tour(**after_draft(3, seasoned=("sea49", *SPRINGBOARD_GUITARS[1:])))
    start_all(s, ["trollhaugen", "grumblerock", "mudfang"])
    assert s.view(None)["springboard"][0] == ART["sea49"]  # an elf on keyboard
    band = s.view(None)["bands"][1]
    s.apply(1, Move(CITY["cragmire"]))  # a troll culture city
    score = s.view(None)["scores"][1]
    s.apply(1, Recruit(0))
    view = s.view(None)
    assert sorted(view["bands"][1]) == sorted([*band, ART["sea49"]])
    assert view["scores"][1] == score and view["drop"] is None


def test_every_player_who_played_all_their_tokens_scores_five() -> None:
    """'The player who triggered the game end and each other player who played all their Tour
    Tokens score 5 points.' (The first seeded game where a band other than the trigger places its
    last token in the final round.)"""
    for seed in range(300):
        s = random_game(3, seed)
        view = s.view(None)
        trigger = view["trigger"]
        done = [q for q in range(3) if q != trigger and view["tokens"][q] == 0]
        if trigger >= 0 and done:
            break
    else:
        raise AssertionError("no seeded game where another band played all its tokens")
    bonus = s.score_breakdown()["all_tokens"]
    for q in range(3):
        assert bonus[q] == (5 if q == trigger or q in done else 0)
    assert any(view["tokens"][q] > 0 for q in range(3))  # and a band with tokens left scores none
    assert C.fixed["all_tokens"] == 5
