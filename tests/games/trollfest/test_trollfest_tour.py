"""Troll Fest tour turns: the city actions and Groundhog Day (each test quotes the rulebook, or
docs/trollfest.md where it records a reading)."""

from __future__ import annotations

import pytest
from trollfest_scenario import (
    ART,
    CITY,
    ELVES,
    SEASONED_FILLERS,
    THREE_TROLLS,
    TROLLS,
    C,
    after_draft,
    finish_turn,
    others_move,
    pass_answers,
    play_on,
    start_all,
    starting,
    to_tour,
)

from bigtop.core import IllegalAction
from bigtop.games.trollfest.actions import (
    DropArtist,
    EndTurn,
    KeepBlind,
    KeepMarket,
    Move,
    PlayCard,
    Recruit,
    StartCity,
    VisitMarket,
)
from bigtop.games.trollfest.pieces import BLIND


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


def test_a_city_action_comes_only_with_a_concert_there() -> None:
    """'You may do these actions in addition to a concert if the corresponding symbol is present on
    the city.' A band that gives no concert where it stops (its tour token is already there, or the
    city is full) neither draws at the Market nor recruits: shuttling between two neighbouring
    Market cities (Eldaran and Bloodmarsh) or cultural cities (Goldpeak and Skullcrag) gains nothing
    once both have its token (docs/trollfest.md, "City actions")."""
    s = to_tour(3, groundhog_city="moonbrook")
    start_all(s, ["eldaran", "goldpeak", "hammerdeep"])  # seats 1, 2, 0: hometowns hold no tour token
    shuttles = {1: ("bloodmarsh", "eldaran"), 2: ("skullcrag", "goldpeak")}
    for rounds in range(4):  # two rounds with a concert in each city, then two without
        for p, cities in shuttles.items():
            view = s.view(p)
            score, hand, band = view["scores"][p], view["hand"], view["bands"][p]
            city = CITY[cities[rounds % 2]]
            s.apply(p, Move(city))
            view = s.view(p)
            if rounds < 2:
                assert view["city_tokens"][city].count(p) == 1 and view["step"] in ("visit", "culture")
            else:
                assert view["step"] == "after" and EndTurn() in s.legal_actions(p)
                assert not any(isinstance(a, (VisitMarket, Recruit)) for a in s.legal_actions(p))
                assert (view["scores"][p], view["hand"], view["bands"][p]) == (score, hand, band)
            finish_turn(s, p)
        others_move(s, 0)


def test_a_full_city_offers_no_city_action() -> None:
    """'There are already a number of Tour Tokens there equal to the number of players minus one.'
    — no concert, so no recruit in a full city with a vivid cultural life."""
    s = to_tour(3, groundhog_city="moonbrook")
    start_all(s, ["goldpeak", "ashpit", "starglade"])  # seats 1, 2, 0
    for p in (1, 2):  # Skullcrag gets its two tour tokens: the limit with three players
        s.apply(p, Move(CITY["skullcrag"]))
        finish_turn(s, p)
    s.apply(0, Move(CITY["skullcrag"]))
    assert s.view(None)["city_tokens"][CITY["skullcrag"]] == [1, 2]
    assert s.view(None)["step"] == "after"
    assert not any(isinstance(a, Recruit) for a in s.legal_actions(0))


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
    assert [e.data["city"] for e in s.events if e.kind == "groundhog"] == [CITY["snorheim"], CITY["bouldergate"]]


def tour(**options: object):
    """A 3-player tour: seat 1 plays first; seat 0 has the troll band, seat 1 three trolls and an orc,
    seat 2 the elves."""
    options.setdefault("groundhog_city", "bonerattle")
    return to_tour(3, starting_top=starting(TROLLS, THREE_TROLLS, ELVES), **options)


def test_groundhog_on_a_random_city_card_or_the_fixed_city() -> None:
    """'Draw a random City card and place the Groundhog Meeple on that city.'"""
    view = to_tour(3).view(None)
    assert view["groundhog"] == C.city_cards[view["city_discard"][0]]
    assert to_tour(3, groundhog_city="moonbrook").view(None)["groundhog"] == CITY["moonbrook"]
    assert to_tour(3, city_top=("card_ashpit",)).view(None)["groundhog"] == CITY["ashpit"]


def test_first_turn_chooses_starting_city_without_tour_token() -> None:
    """'On your first turn ... place your Hometown Token and Band Meeple on it. ... Do not place a
    Tour Token on your starting city at this time.'"""
    s = tour()
    assert all(isinstance(a, StartCity) for a in s.legal_actions(1))
    start_all(s, ["grumblerock", "grumblerock", "ashpit"])  # seats 1, 2, 0 choose in that order
    view = s.view(None)
    assert view["home"] == [CITY["ashpit"], CITY["grumblerock"], CITY["grumblerock"]]
    assert all(not t for t in view["city_tokens"]) and view["tokens"] == [14, 14, 14]


def test_no_city_action_on_the_starting_city() -> None:
    """'On your first turn, instead of doing anything else, choose your starting city'"""
    s = tour()
    s.apply(1, StartCity(CITY["bouldergate"]))  # a Market city
    view = s.view(1)
    assert view["turn"] == 2 and view["market"] == [] and view["step"] == "start"


def test_move_only_along_a_road_and_stop_there() -> None:
    """'move your band meeples along a road onto a neighboring city' and 'Your band must stop in
    the first city it reaches.'"""
    s = tour()
    start_all(s, ["grumblerock", "ashpit", "mudfang"])
    assert {a.city for a in s.legal_actions(1) if isinstance(a, Move)} == {
        CITY["snorheim"], CITY["trollhaugen"], CITY["cragmire"]}
    with pytest.raises(IllegalAction):
        s.apply(1, Move(CITY["bouldergate"]))
    s.apply(1, Move(CITY["snorheim"]))
    assert s.view(None)["pos"][1] == CITY["snorheim"] and s.view(None)["step"] == "after"


def test_no_limit_to_the_bands_in_one_city() -> None:
    """'There's no limit to the number of bands that can be in the same city.'"""
    s = tour()
    start_all(s, ["grumblerock", "snorheim", "snorheim"])
    s.apply(1, Move(CITY["snorheim"]))
    view = s.view(None)
    assert view["pos"] == [CITY["snorheim"]] * 3 and view["city_tokens"][CITY["snorheim"]] == [1]


def test_dragon_pass_gives_one_token_of_its_colour_at_most_one_each() -> None:
    """'When moving through a dragon pass, take one Dragon Token of the corresponding color, if
    there are any still available. You can only have one Dragon Token of each color'"""
    s = tour()
    start_all(s, ["mossmouth", "silverleaf", "silverleaf"])  # the blue pass joins them
    for p, city in ((1, "silverleaf"), (2, "lunaris"), (0, "starglade")):
        s.apply(p, Move(CITY[city]))
        finish_turn(s, p)
    assert s.view(None)["dragons"] == [[], [1], []] and s.view(None)["pass_tokens"][1] == 1
    for p, city in ((1, "mossmouth"), (2, "silverleaf"), (0, "silverleaf")):
        s.apply(p, Move(CITY[city]))
        finish_turn(s, p)
    assert s.view(None)["dragons"] == [[], [1], []] and s.view(None)["pass_tokens"][1] == 1  # seat 1 has blue
    s.apply(1, Move(CITY["silverleaf"]))
    finish_turn(s, 1)
    s.apply(2, Move(CITY["mossmouth"]))  # the last blue dragon
    finish_turn(s, 2)
    s.apply(0, Move(CITY["mossmouth"]))  # none left
    view = s.view(None)
    assert view["dragons"] == [[], [1], [1]] and view["pass_tokens"][1] == 0


def test_concert_scores_species_first_token_and_groundhog() -> None:
    """'As many points ... as you have artists of the corresponding species in your band. 2 extra
    points if this is the very first tour token ... 5 extra points if the Groundhog Meeple is in
    this city'"""
    s = tour(groundhog_city="snorheim")
    start_all(s, ["grumblerock", "ashpit", "mudfang"])
    before = s.view(None)["scores"][1]
    s.apply(1, Move(CITY["snorheim"]))  # a troll city; seat 1 has three trolls
    view = s.view(None)
    assert view["scores"][1] - before == 3 + 2 + 5
    assert view["city_tokens"][CITY["snorheim"]] == [1] and view["tokens"][1] == 13
    assert view["holder"] == 1 and view["groundhog"] == -1


def test_first_token_bonus_only_for_the_very_first_token() -> None:
    """'2 extra points if this is the very first tour token placed in this city by any player.'"""
    s = to_tour(3, winner=2, groundhog_city="bonerattle", starting_top=starting(TROLLS, THREE_TROLLS, ELVES))
    start_all(s, ["grumblerock", "bouldergate", "ashpit"])  # seat 0 plays first
    s.apply(0, Move(CITY["snorheim"]))
    finish_turn(s, 0)
    score = s.view(None)["scores"][1]
    s.apply(1, Move(CITY["snorheim"]))
    view = s.view(None)
    assert view["city_tokens"][CITY["snorheim"]] == [0, 1] and view["scores"][1] == score + 3


def test_groundhog_stays_when_no_tour_token_is_placed() -> None:
    """'If you placed a tour token in the city with the Groundhog Meeple score [5]. Then take the
    Groundhog Meeple from that city'"""
    s = tour(groundhog_city="trollhaugen")
    start_all(s, ["grumblerock", "ashpit", "mudfang"])
    s.apply(1, Move(CITY["snorheim"]))
    finish_turn(s, 1)
    others_move(s, 2, 0)
    s.apply(1, Move(CITY["grumblerock"]))
    finish_turn(s, 1)
    others_move(s, 2, 0)
    score = s.view(None)["scores"][1]
    s.apply(1, Move(CITY["snorheim"]))  # seat 1 has a token here already: no concert
    view = s.view(None)
    assert view["scores"][1] == score and view["groundhog"] == CITY["trollhaugen"] and view["holder"] == -1


def test_concert_happens_before_the_city_action() -> None:
    """'When stopping in a city, the concert will happen first.'"""
    s = tour()
    start_all(s, ["snorheim", "ashpit", "mudfang"])
    score = s.view(None)["scores"][1]
    s.apply(1, Move(CITY["bouldergate"]))  # a troll Market city
    view = s.view(None)
    assert view["step"] == "visit"
    assert view["city_tokens"][CITY["bouldergate"]] == [1] and view["scores"][1] == score + 3 + 2


def test_no_second_concert_and_city_limit() -> None:
    """'There is already one of your Tour Tokens placed there' and 'There are already a number of
    Tour Tokens there equal to the number of players minus one.'"""
    s = tour()
    start_all(s, ["snorheim", "trollhaugen", "cragmire"])
    s.apply(1, Move(CITY["grumblerock"]))
    finish_turn(s, 1)
    s.apply(2, Move(CITY["grumblerock"]))  # grumblerock now holds two tokens: the limit with three players
    finish_turn(s, 2)
    score = s.view(None)["scores"][0]
    s.apply(0, Move(CITY["grumblerock"]))
    view = s.view(None)
    assert view["city_tokens"][CITY["grumblerock"]] == [1, 2] and view["tokens"][0] == 14
    assert view["scores"][0] == score
    finish_turn(s, 0)
    s.apply(1, Move(CITY["snorheim"]))
    finish_turn(s, 1)
    s.apply(2, Move(CITY["trollhaugen"]))
    finish_turn(s, 2)
    s.apply(0, Move(CITY["snorheim"]))
    finish_turn(s, 0)
    score = s.view(None)["scores"][1]
    s.apply(1, Move(CITY["grumblerock"]))  # seat 1 has played here
    assert s.view(None)["scores"][1] == score and s.view(None)["city_tokens"][CITY["grumblerock"]] == [1, 2]


def test_hometown_may_get_a_tour_token_later() -> None:
    """'If a band moves back to their Hometown city later in the game, it can place a Tour Token
    there'"""
    s = tour()
    start_all(s, ["grumblerock", "ashpit", "mudfang"])
    s.apply(1, Move(CITY["snorheim"]))
    finish_turn(s, 1)
    others_move(s, 2, 0)
    s.apply(1, Move(CITY["grumblerock"]))
    assert 1 in s.view(None)["city_tokens"][CITY["grumblerock"]]


def test_market_draw_four_keep_one_rest_to_bottom_and_play_at_once() -> None:
    """'Draw four cards from the Action deck, keep one ... discard the three other ones at the
    bottom of the deck.' and 'You can play a card immediately after taking it.'"""
    s = tour(**after_draft(3, actions=("encore", "pyrotechnics", "rave_review", "tour_bus")))
    start_all(s, ["snorheim", "ashpit", "mudfang"])
    s.apply(1, Move(CITY["bouldergate"]))
    s.apply(1, VisitMarket(True))
    top4 = s.view(1)["market"]
    assert [C.action(x).id for x in top4] == ["encore", "pyrotechnics", "rave_review", "tour_bus"]
    assert s.view(0)["market"] == [] and s.view(0)["market_size"] == 4
    deck = s.view(None)["decks"]["actions"]
    s.apply(1, KeepMarket(top4[0]))
    assert s.view(None)["decks"]["actions"] == deck + 3 and top4[0] in s.view(1)["hand"]
    assert PlayCard(top4[0]) in s.legal_actions(1)
    score = s.view(None)["scores"][1]
    s.apply(1, PlayCard(top4[0]))
    pass_answers(s)
    assert s.view(None)["scores"][1] == score + 3


def test_culture_city_springboard_refill_replace_and_species_point() -> None:
    """'If you draw from the Rock Springboard, replace the artist ... with the top card from the
    deck.' 'you must discard the one that was already in the band ... except for Starting Artists
    which are returned to the box' 'If you add an artist ... that corresponds to the city's species,
    score one point.'"""
    s = tour(**after_draft(3, seasoned=("sea33", "sea34", "sea35", "sea36", "sea37", "sea38", "sea39", "sea40")))
    start_all(s, ["trollhaugen", "grumblerock", "mudfang"])
    assert s.view(None)["springboard"][0] == ART["sea33"]  # a troll guitarist
    box = s.view(None)["decks"]["box"]
    s.apply(1, Move(CITY["cragmire"]))  # a troll culture city
    score = s.view(None)["scores"][1]
    assert s.view(None)["step"] == "culture"
    s.apply(1, Recruit(0))
    view = s.view(None)
    assert ART["sea33"] in view["bands"][1] and ART["sta02"] not in view["bands"][1]
    assert view["decks"]["box"] == box + 1 and view["springboard"][0] == ART["sea40"]
    assert view["scores"][1] == score + 1


def test_culture_city_recruit_is_optional() -> None:
    """'You may take one artist either from the Rock Springboard or from the top of the deck'"""
    s = tour()
    start_all(s, ["trollhaugen", "grumblerock", "mudfang"])
    s.apply(1, Move(CITY["cragmire"]))
    before = s.view(None)
    s.apply(1, Recruit(-1))
    after = s.view(None)
    assert after["bands"] == before["bands"] and after["springboard"] == before["springboard"]
    assert after["decks"] == before["decks"] and after["step"] == "after"


def test_blind_audition_may_be_discarded_to_deck_bottom() -> None:
    """'If you draw from the top of the deck, you can choose to discard the drawn artist without
    adding it to your band.'"""
    s = tour(**after_draft(3, seasoned=("sea34", "sea35", "sea36", "sea37", "sea38", "sea39", "sea40", "sea33")))
    start_all(s, ["trollhaugen", "grumblerock", "mudfang"])
    s.apply(1, Move(CITY["cragmire"]))
    s.apply(1, Recruit(BLIND))
    assert s.view(1)["blind"] == ART["sea33"] and s.view(0)["blind"] == -1 and s.view(0)["blind_drawn"]
    s.apply(1, KeepBlind(False))
    view = s.view(None)
    assert ART["sea33"] not in view["bands"][1] and not view["blind_drawn"]
    s.check_invariants()  # back in the deck


def test_blind_audition_kept_replaces_and_scores_the_species_point() -> None:
    """'Artists are discarded to the bottom of the deck' and 'If you add an artist to your band that
    corresponds to the city's species, score one point.'"""
    s = tour(**after_draft(3, seasoned=("sea34", "sea35", "sea36", "sea37", "sea38", "sea39", "sea40", "sea33")))
    start_all(s, ["trollhaugen", "grumblerock", "mudfang"])
    s.apply(1, Move(CITY["cragmire"]))
    score = s.view(None)["scores"][1]
    s.apply(1, Recruit(BLIND))
    s.apply(1, KeepBlind(True))
    view = s.view(None)
    assert ART["sea33"] in view["bands"][1] and ART["sta02"] not in view["bands"][1]
    assert view["scores"][1] == score + 1


def test_replacing_in_a_duo_pair_asks_which_leaves() -> None:
    """'If you add an artist to your band but already have an artist playing the same instrument ...
    you must discard the one that was already in the band' — of a Duo pair, the player chooses."""
    s = to_tour(3, groundhog_city="bonerattle", starting_top=starting(TROLLS, THREE_TROLLS, ELVES),
                seasoned_top=("sea36", *SEASONED_FILLERS[:11], "sea33"), action_top=("duo",),
                wants={1: ["sea36", "duo"]}, pairs={1: ("sta02", "sea36")})
    assert s.view(None)["springboard"][0] == ART["sea33"] and s.view(None)["duos"][1]
    start_all(s, ["trollhaugen", "grumblerock", "mudfang"])
    s.apply(1, Move(CITY["cragmire"]))
    s.apply(1, Recruit(0))
    assert s.view(None)["drop"] == [1, "guitar", ART["sea33"]]
    assert set(s.legal_actions(1)) == {DropArtist(ART["sta02"]), DropArtist(ART["sea36"])}
    box = s.view(None)["decks"]["box"]
    s.apply(1, DropArtist(ART["sta02"]))
    view = s.view(None)
    assert view["decks"]["box"] == box + 1 and view["step"] == "after"
    assert {ART["sea33"], ART["sea36"]} <= set(view["bands"][1])


def last_token_placed(seed: int):
    """A seeded tour played until a seat places its last tour token; returns the state and that seat."""
    s = tour()
    start_all(s, ["grumblerock", "ashpit", "mudfang"])

    def one_token_to_place(s) -> bool:
        view = s.view(None)
        return view["step"] == "move" and view["answer"] is None and view["tokens"][view["turn"]] == 1

    play_on(s, one_token_to_place, seed=seed)
    view = s.view(None)
    p = view["turn"]
    open_city = [a for a in s.legal_actions(p) if isinstance(a, Move)
                 and p not in view["city_tokens"][a.city] and len(view["city_tokens"][a.city]) < 2]
    s.apply(p, open_city[0])
    return s, p


def test_tour_end_one_more_turn_hometown_and_all_tokens() -> None:
    """'When you place your last Tour Token, all other players have one more turn' 'If you ended
    with your Band Meeple in your Hometown, score 5 points.' 'The player who triggered the game end
    and each other player who played all their Tour Tokens score 5 points.' (Seeded games until one
    where some band ends at home and some does not.)"""
    for seed in range(3, 40):
        s, trigger = last_token_placed(seed=seed)
        view = s.view(None)
        assert view["trigger"] == trigger and view["tokens"][trigger] == 0 and view["turns_left"] == 2
        finish_turn(s, trigger)
        for i in (1, 2):
            q = (trigger + i) % 3
            assert s.view(None)["phase"] == "tour" and s.view(None)["turn"] == q
            home = s.view(None)["home"][q]
            moves = [a for a in s.legal_actions(q) if isinstance(a, Move)]
            s.apply(q, Move(home) if Move(home) in moves else moves[0])  # home if the road allows
            finish_turn(s, q)
        view = s.view(None)
        assert view["phase"] in ("festival", "over")
        breakdown = s.score_breakdown()
        for q in range(3):
            assert breakdown["all_tokens"][q] == (5 if q == trigger or view["tokens"][q] == 0 else 0)
            assert breakdown["hometown"][q] == (5 if view["pos"][q] == view["home"][q] else 0)
        if any(breakdown["hometown"]) and not all(breakdown["hometown"]):
            return
    raise AssertionError("no seeded game had a band at home and one away at the end of the tour")
