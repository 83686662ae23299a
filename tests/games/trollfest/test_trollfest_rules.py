"""Troll Fest scenario tests: each quotes the rulebook sentence it checks."""

from __future__ import annotations

import pytest

from bigtop.core import IllegalAction, OptionError
from bigtop.games.trollfest import GAME, TrollFestState
from bigtop.games.trollfest.actions import (
    Answer,
    DropArtist,
    EndTurn,
    Keep,
    KeepBlind,
    KeepMarket,
    Move,
    Name,
    Pick,
    PlayCard,
    Recruit,
    ShowBand,
    StartCity,
    VisitMarket,
    Vote,
)
from bigtop.games.trollfest.data import content
from bigtop.games.trollfest.scoring import festival_scores

C = content()
CITY = {city.id: i for i, city in enumerate(C.cities)}
ART = {a.id: i for i, a in enumerate(C.artists)}


def action_cards(kind_id: str) -> list[int]:
    return [x for x in range(C.action_base, C.card_count) if C.action(x).id == kind_id]


def new(players: int = 3, seed: int = 1, **options: object) -> TrollFestState:
    return GAME.new(players, seed=seed, options=options)


def finish_draft(s: TrollFestState) -> None:
    while s.phase == "draft":
        for p in s.to_move():
            s.apply(p, s.legal_actions(p)[0])


def finish_forming(s: TrollFestState) -> None:
    while s.phase == "form":
        p = s.to_move()[0]
        legal = s.legal_actions(p)
        singles = [a for a in legal if isinstance(a, Keep) and len(a.cards) == 1]
        s.apply(p, singles[0] if singles else legal[0])


def vote_for(s: TrollFestState, winner: int) -> None:
    for p in range(s.players):
        s.apply(p, Vote(winner if p != winner else (winner + 1) % s.players))


def to_tour(players: int = 3, seed: int = 1, winner: int = 0, **options: object) -> TrollFestState:
    """A game played to the start of the tour: seat `winner` wins the band-name vote."""
    s = new(players, seed, **options)
    finish_draft(s)
    finish_forming(s)
    while s.phase == "duo":
        p = s.to_move()[0]
        s.apply(p, s.legal_actions(p)[0])
    for p in range(players):
        s.apply(p, Name(p))
    vote_for(s, winner)
    assert s.phase == "tour"
    return s


def start_all(s: TrollFestState, cities: list[str]) -> None:
    """Every seat chooses its starting city, in turn order from the first player."""
    for i in range(s.players):
        p = (s.first + i) % s.players
        s.apply(p, StartCity(CITY[cities[i]]))


def pass_answers(s: TrollFestState) -> None:
    while s.answer is not None:
        for q in s.to_move():
            s.apply(q, Answer(False))


def give_hand(s: TrollFestState, p: int, kind_id: str, copy: int = 0) -> int:
    """Move a card of this kind (its first copy unless told) from wherever it is into p's hand;
    returns it."""
    card = action_cards(kind_id)[copy]
    for loc in [s.actions, *s.hand, *s.played]:
        if card in loc:
            loc.remove(card)
    s.hand[p].append(card)
    s.forget_legal_actions()
    return card


def set_band(s: TrollFestState, p: int, ids: list[str]) -> None:
    """Swap p's band for these artists (taking them from wherever they are)."""
    wanted = [ART[i] for i in ids]
    for loc in [s.seasoned, s.box, s.springboard, *s.band]:
        for a in wanted:
            if a in loc:
                loc.remove(a)
    for a in s.band[p]:
        (s.seasoned if C.artists[a].deck == "seasoned" else s.box).append(a)
    s.band[p] = wanted


# ------------------------------------------------------------------------------------ set-up
@pytest.mark.parametrize(("players", "dragons", "tokens"), [(3, 2, 14), (4, 2, 12), (5, 3, 10), (6, 3, 10)])
def test_dragon_and_tour_tokens_by_player_count(players: int, dragons: int, tokens: int) -> None:
    """'Place 2 Dragon Tokens (when playing with 3 or 4 players) or 3 Dragon Tokens (when playing
    with 5 or 6 players)'; 'Use Tour Tokens based on the player count. 14 ... 12 ... 10'."""
    s = new(players)
    assert s.pass_tokens == [dragons] * 7
    assert s.tokens == [tokens] * players


def test_one_starting_artist_of_each_deck_dealt_hidden() -> None:
    """'deal one card from each deck to each player. Each player may look at the cards they have
    been dealt but should not reveal them.'"""
    s = new(4)
    for p in range(4):
        assert [C.artists[a].instrument for a in s.start_hand[p]] == ["guitar", "bass", "singer", "drums"]
        assert s.view(p)["start_hand"] == s.start_hand[p]
    assert "start_hand" not in s.view(None)


def test_draft_deals_four_and_four_and_passes_left() -> None:
    """'Deal 4 Seasoned Artist cards and 4 Action cards to each player ... pass the remaining seven
    cards to the player on your left.'"""
    s = new(3)
    assert all(len(pk) == 8 for pk in s.packet)
    assert all(sum(1 for x in pk if C.is_artist(x)) == 4 for pk in s.packet)
    before = [list(pk) for pk in s.packet]
    for p in range(3):
        s.apply(p, Pick(before[p][0]))
    for p in range(3):
        assert s.packet[(p + 1) % 3] == before[p][1:]  # seat p+1 is on p's left


def test_draft_picks_are_sealed() -> None:
    """'select one card ... and add it to a face-down pile in front of you'"""
    s = new(3)
    s.apply(0, Pick(s.packet[0][0]))
    assert s.to_move() == (1, 2)
    assert s.view(1)["my_choice"] is None and s.view(0)["my_choice"] == s.packet[0][0]
    assert "my_choice" not in s.view(None)


def test_last_two_cards_one_kept_one_to_bottom_of_its_deck() -> None:
    """'When you receive only two cards, select one and discard the other one to the bottom of the
    corresponding deck'"""
    s = new(3)
    for _ in range(6):
        for p in range(3):
            s.apply(p, Pick(s.packet[p][0]))
    assert all(len(pk) == 2 for pk in s.packet)
    last = [pk[1] for pk in s.packet]
    for p in range(3):
        s.apply(p, Pick(s.packet[p][0]))
    for card in last:
        deck = s.actions if card >= C.action_base else s.seasoned
        assert card in deck[-3:]
    assert s.phase == "form"
    assert all(len(s.pile[p]) + len(s.kept[p]) + len(s.hand[p]) == 4 + 7 for p in range(3))


def test_band_one_artist_per_instrument_and_basic_kept() -> None:
    """'A band can only have one artist of each instrument ... If you have two or more cards of the
    same instrument, keep only one' and 'Your band must always have the four basic types'."""
    s = new(3, seasoned_top=("sea33", "sea49"))  # seat 0 is dealt a guitarist and a keyboard player
    s.apply(0, Pick(ART["sea33"]))
    for p in (1, 2):
        s.apply(p, Pick(s.packet[p][0]))
    finish_draft(s)
    # seat 0 must choose one guitarist: no "keep none", no pair without a Duo
    s.hand[0] = [x for x in s.hand[0] if C.action(x).effect != "duo"]
    legal = s.legal_actions(0)
    assert s.todo[0][0] == "guitar"
    assert Keep(()) not in legal
    assert all(len(a.cards) == 1 for a in legal if isinstance(a, Keep))


def test_extra_instrument_may_be_left_out() -> None:
    """'reveal any artists you would like to keep, discarding the rest'"""
    s = new(3, seasoned_top=("sea49",))
    s.apply(0, Pick(ART["sea49"]))
    for p in (1, 2):
        s.apply(p, Pick(s.packet[p][0]))
    finish_draft(s)
    while s.todo[0] and s.todo[0][0] != "keyboard":
        s.apply(0, s.legal_actions(0)[-1])
    assert Keep(()) in s.legal_actions(0)
    s.apply(0, Keep(()))
    while s.todo[0]:
        s.apply(0, [a for a in s.legal_actions(0) if len(a.cards) == 1][0])
    s.apply(0, ShowBand())
    finish_forming(s)
    assert ART["sea49"] not in s.band[0] and ART["sea49"] in s.seasoned


def test_duo_keeps_a_pair_and_can_be_hammered() -> None:
    """'If you have the Duo action card, you can play it next to your band and keep two artists of
    the same instrument.' and 'The Thor's Hammer card is played out of turn, to cancel a Action card
    that has just been played by another player.'"""
    s = new(3, seasoned_top=("sea33",))
    s.apply(0, Pick(ART["sea33"]))
    for p in (1, 2):
        s.apply(p, Pick(s.packet[p][0]))
    finish_draft(s)
    give_hand(s, 0, "duo")
    guitars = sorted(a for a in s.pile[0] if C.artists[a].instrument == "guitar")
    assert s.todo[0][0] == "guitar" and Keep(tuple(guitars)) in s.legal_actions(0)
    s.apply(0, Keep(tuple(guitars)))
    finish_forming(s)
    assert set(guitars) <= set(s.band[0])
    assert s.phase == "duo" and s.stack[0][0] == 0
    hammer = give_hand(s, 1, "thors_hammer")
    s.apply(1, Answer(True))
    s.apply(2, Answer(False))
    # the hammer may itself be answered: seat 0 and seat 2 pass
    assert s.stack[-1] == (1, hammer, -1)
    for q in s.to_move():
        s.apply(q, Answer(False))
    assert s.drop == (0, "guitar", -1)
    s.apply(0, DropArtist(guitars[0]))
    assert [a for a in s.band[0] if C.artists[a].instrument == "guitar"] == [guitars[1]]
    assert action_cards("duo")[0] in s.actions and hammer in s.actions


def test_duo_not_hammered_stays_next_to_band() -> None:
    s = new(3, seasoned_top=("sea33",))
    s.apply(0, Pick(ART["sea33"]))
    for p in (1, 2):
        s.apply(p, Pick(s.packet[p][0]))
    finish_draft(s)
    give_hand(s, 0, "duo")
    guitars = sorted(a for a in s.pile[0] if C.artists[a].instrument == "guitar")
    s.apply(0, Keep(tuple(guitars)))
    finish_forming(s)
    pass_answers(s)
    assert s.duos[0] == [action_cards("duo")[0]] and s.phase == "name"


def test_each_duo_allows_one_pair() -> None:
    """'Each Duo card allows for one pair of artists.'"""
    fillers = ("sea49", "sea50", "sea51", "sea52", "sea53", "sea54", "sea55")
    s = new(3, seasoned_top=("sea33", *fillers, "sea37"))  # troll guitarist to seat 0, troll bassist to seat 2
    s.apply(0, Pick(ART["sea33"]))
    s.apply(1, Pick(s.packet[1][0]))
    s.apply(2, Pick(s.packet[2][-1]))  # an action card: the bassist goes on to seat 0
    s.apply(0, Pick(ART["sea37"]))
    finish_draft(s)
    for duo in [x for x in s.hand[0] if C.action(x).effect == "duo"]:
        s.hand[0].remove(duo)
        s.actions.append(duo)
    give_hand(s, 0, "duo")
    assert s.todo[0][:2] == ["guitar", "bass"]
    guitars = sorted(a for a in s.pile[0] if C.artists[a].instrument == "guitar")
    s.apply(0, Keep(tuple(guitars[:2])))
    assert all(len(a.cards) == 1 for a in s.legal_actions(0) if isinstance(a, Keep))  # the bass: no second pair
    give_hand(s, 0, "duo", copy=1)
    basses = sorted(a for a in s.pile[0] if C.artists[a].instrument == "bass")
    assert Keep(tuple(basses[:2])) in s.legal_actions(0)


def test_unused_starting_artists_leave_the_game_and_springboard_set_up() -> None:
    """'All remaining and discarded Starting Artist cards ... return them to the box.' and 'Draw
    seven cards from the deck and place them face-up ... this forms the Rock Springboard.'"""
    s = new(4)
    finish_draft(s)
    finish_forming(s)
    assert all(not d for d in s.start_decks)
    assert len(s.box) + sum(C.artists[a].deck == "starting" for b in s.band for a in b) == 32
    assert len(s.springboard) == 7


def test_best_band_name_scores_five_and_plays_last() -> None:
    """'The winner scores 5 points ... This player will also go last in turn order.'"""
    s = to_tour(4, winner=2)
    assert s.score[2] == 5 and s.best_name == 2
    assert s.first == 3 and s.turn == 3


def pass_duos(s: TrollFestState) -> None:
    while s.phase == "duo":
        p = s.to_move()[0]
        s.apply(p, s.legal_actions(p)[0])


def test_groundhog_on_a_random_city_card_or_the_fixed_city() -> None:
    """'Draw a random City card and place the Groundhog Meeple on that city.'"""
    s = to_tour(3)
    assert s.groundhog == C.city_cards[s.city_discard[0]]
    s = to_tour(3, groundhog_city="moonbrook")
    assert s.groundhog == CITY["moonbrook"]
    s = to_tour(3, city_top=("card_ashpit",))
    assert s.groundhog == CITY["ashpit"]


def test_first_turn_chooses_starting_city_without_tour_token() -> None:
    """'On your first turn ... place your Hometown Token and Band Meeple on it. ... Do not place a
    Tour Token on your starting city at this time.'"""
    s = to_tour(3)
    assert all(isinstance(a, StartCity) for a in s.legal_actions(1))
    start_all(s, ["grumblerock", "grumblerock", "ashpit"])
    assert s.first == 1  # seats 1, 2, 0 choose in that order
    assert s.home == [CITY["ashpit"], CITY["grumblerock"], CITY["grumblerock"]]
    assert all(not t for t in s.city_tokens) and s.tokens == [14, 14, 14]


# ------------------------------------------------------------------------------------ the tour
def test_move_only_along_a_road_and_stop_there() -> None:
    """'move your band meeples along a road onto a neighboring city' and 'Your band must stop in
    the first city it reaches.'"""
    s = to_tour(3, groundhog_city="bonerattle")
    start_all(s, ["grumblerock", "ashpit", "mudfang"])
    moves = {a.city for a in s.legal_actions(1) if isinstance(a, Move)}
    assert moves == {CITY["snorheim"], CITY["trollhaugen"], CITY["cragmire"]}
    with pytest.raises(IllegalAction):
        s.apply(1, Move(CITY["bouldergate"]))
    s.apply(1, Move(CITY["snorheim"]))
    assert s.pos[1] == CITY["snorheim"] and s.step == "after"


def test_no_limit_to_the_bands_in_one_city() -> None:
    """'There's no limit to the number of bands that can be in the same city.'"""
    s = to_tour(3, groundhog_city="bonerattle")
    start_all(s, ["grumblerock", "snorheim", "snorheim"])
    s.apply(1, Move(CITY["snorheim"]))
    assert s.pos == [CITY["snorheim"]] * 3 and s.city_tokens[CITY["snorheim"]] == [1]


def test_dragon_pass_gives_one_token_of_its_colour_at_most_one_each() -> None:
    """'When moving through a dragon pass, take one Dragon Token of the corresponding color, if
    there are any still available. You can only have one Dragon Token of each color'"""
    s = to_tour(3, groundhog_city="bonerattle")
    start_all(s, ["mossmouth", "ashpit", "mudfang"])
    s.apply(1, Move(CITY["silverleaf"]))  # over the blue pass
    assert s.dragons[1] == [1] and s.pass_tokens[1] == 1
    s.pos[1] = CITY["mossmouth"]
    s.step = "move"
    s.apply(1, Move(CITY["silverleaf"]))
    assert s.dragons[1] == [1] and s.pass_tokens[1] == 1  # already holds blue
    s.dragons[1] = []
    s.dragons[0] = [1]
    s.dragons[2] = [1]
    s.pass_tokens[1] = 0
    s.pos[1] = CITY["mossmouth"]
    s.step = "move"
    s.apply(1, Move(CITY["silverleaf"]))
    assert s.dragons[1] == []  # none left


def finish_turn(s: TrollFestState, p: int) -> None:
    while s.to_move() == (p,) and s.turn == p:
        legal = s.legal_actions(p)
        if EndTurn() in legal:
            s.apply(p, EndTurn())
            return
        choice = [a for a in legal if isinstance(a, (KeepMarket, Recruit, KeepBlind, DropArtist))]
        s.apply(p, choice[0] if choice else legal[0])


def test_concert_scores_species_first_token_and_groundhog() -> None:
    """'As many points ... as you have artists of the corresponding species in your band. 2 extra
    points if this is the very first tour token ... 5 extra points if the Groundhog Meeple is in
    this city'"""
    s = to_tour(3, groundhog_city="snorheim")
    set_band(s, 1, ["sta01", "sta09", "sta17", "sta27"])  # three trolls, one orc
    start_all(s, ["grumblerock", "ashpit", "mudfang"])
    before = s.score[1]
    s.apply(1, Move(CITY["snorheim"]))
    assert s.score[1] - before == 3 + 2 + 5
    assert s.city_tokens[CITY["snorheim"]] == [1] and s.tokens[1] == 13
    assert s.holder == 1 and s.groundhog == -1


def test_first_token_bonus_only_for_the_very_first_token() -> None:
    """'2 extra points if this is the very first tour token placed in this city by any player.'"""
    s = to_tour(3, groundhog_city="bonerattle")
    set_band(s, 1, ["sta01", "sta09", "sta17", "sta27"])  # three trolls, one orc
    start_all(s, ["grumblerock", "ashpit", "mudfang"])
    s.city_tokens[CITY["snorheim"]] = [0]
    s.tokens[0] -= 1
    score = s.score[1]
    s.apply(1, Move(CITY["snorheim"]))
    assert s.city_tokens[CITY["snorheim"]] == [0, 1] and s.score[1] == score + 3


def test_groundhog_stays_when_no_tour_token_is_placed() -> None:
    """'If you placed a tour token in the city with the Groundhog Meeple score [5]. Then take the
    Groundhog Meeple from that city'"""
    s = to_tour(3, groundhog_city="snorheim")
    start_all(s, ["grumblerock", "ashpit", "mudfang"])
    s.city_tokens[CITY["snorheim"]] = [1]
    s.tokens[1] -= 1
    score = s.score[1]
    s.apply(1, Move(CITY["snorheim"]))
    assert s.score[1] == score and s.groundhog == CITY["snorheim"] and s.holder == -1


def test_concert_happens_before_the_city_action() -> None:
    """'When stopping in a city, the concert will happen first.'"""
    s = to_tour(3, groundhog_city="bonerattle")
    set_band(s, 1, ["sta01", "sta09", "sta17", "sta25"])  # four trolls
    start_all(s, ["snorheim", "ashpit", "mudfang"])
    score = s.score[1]
    s.apply(1, Move(CITY["bouldergate"]))  # a troll Market city
    assert s.step == "visit"
    assert s.city_tokens[CITY["bouldergate"]] == [1] and s.score[1] == score + 4 + 2


def test_no_second_concert_and_city_limit() -> None:
    """'There is already one of your Tour Tokens placed there' and 'There are already a number of
    Tour Tokens there equal to the number of players minus one.'"""
    s = to_tour(3, groundhog_city="bonerattle")
    start_all(s, ["grumblerock", "ashpit", "mudfang"])
    s.city_tokens[CITY["snorheim"]] = [1]
    s.tokens[1] -= 1
    score = s.score[1]
    s.apply(1, Move(CITY["snorheim"]))
    assert s.city_tokens[CITY["snorheim"]] == [1] and s.score[1] == score
    s.city_tokens[CITY["grumblerock"]] = [0, 2]  # two tokens: the limit with three players
    s.tokens[0] -= 1
    s.tokens[2] -= 1
    s.pos[1] = CITY["snorheim"]
    s.step = "move"
    s.apply(1, Move(CITY["grumblerock"]))
    assert s.city_tokens[CITY["grumblerock"]] == [0, 2] and s.tokens[1] == 13 and s.score[1] == score


def test_hometown_may_get_a_tour_token_later() -> None:
    """'If a band moves back to their Hometown city later in the game, it can place a Tour Token
    there'"""
    s = to_tour(3, groundhog_city="bonerattle")
    start_all(s, ["grumblerock", "ashpit", "mudfang"])
    s.apply(1, Move(CITY["snorheim"]))
    s.apply(1, EndTurn())
    for p in (2, 0):
        s.apply(p, [a for a in s.legal_actions(p) if isinstance(a, Move)][0])
        finish_turn(s, p)
    s.apply(1, Move(CITY["grumblerock"]))
    assert 1 in s.city_tokens[CITY["grumblerock"]]


def test_market_draw_four_keep_one_rest_to_bottom_and_play_at_once() -> None:
    """'Draw four cards from the Action deck, keep one ... discard the three other ones at the
    bottom of the deck.' and 'You can play a card immediately after taking it.'"""
    s = to_tour(3, groundhog_city="bonerattle")
    start_all(s, ["snorheim", "ashpit", "mudfang"])
    encore = action_cards("encore")
    for loc in (s.actions, *s.hand):
        loc[:] = [x for x in loc if x not in encore]
    s.actions = [encore[0], *s.actions, *encore[1:]]  # an Encore on top of the action deck
    top4 = s.actions[:4]
    s.apply(1, Move(CITY["bouldergate"]))
    s.apply(1, VisitMarket(True))
    assert s.step == "market" and s.market == top4
    assert s.view(0)["market"] == [] and s.view(1)["market"] == top4
    s.apply(1, KeepMarket(encore[0]))
    assert s.actions[-3:] == top4[1:]
    assert PlayCard(encore[0]) in s.legal_actions(1)
    score = s.score[1]
    s.apply(1, PlayCard(encore[0]))
    pass_answers(s)
    assert s.score[1] == score + 3 and s.actions[-1] == encore[0]


def test_culture_city_springboard_refill_replace_and_species_point() -> None:
    """'If you draw from the Rock Springboard, replace the artist ... with the top card from the
    deck.' 'you must discard the one that was already in the band ... except for Starting Artists
    which are returned to the box' 'If you add an artist ... that corresponds to the city's species,
    score one point.'"""
    s = to_tour(3, groundhog_city="bonerattle")
    set_band(s, 1, ["sta01", "sta09", "sta17", "sta25"])
    start_all(s, ["trollhaugen", "grumblerock", "mudfang"])
    s.springboard[0] = ART["sea33"]  # troll guitar
    for loc in (s.seasoned, s.box):
        if ART["sea33"] in loc:
            loc.remove(ART["sea33"])
    top = s.seasoned[0]
    s.apply(1, Move(CITY["cragmire"]))  # a troll culture city
    score = s.score[1]
    assert s.step == "culture"
    s.apply(1, Recruit(0))
    assert ART["sea33"] in s.band[1] and ART["sta01"] not in s.band[1]
    assert ART["sta01"] in s.box and s.springboard[0] == top
    assert s.score[1] == score + 1


def test_blind_audition_may_be_discarded_to_deck_bottom() -> None:
    """'If you draw from the top of the deck, you can choose to discard the drawn artist without
    adding it to your band.'"""
    s = to_tour(3, groundhog_city="bonerattle")
    start_all(s, ["trollhaugen", "grumblerock", "mudfang"])
    top = s.seasoned[0]
    s.apply(1, Move(CITY["cragmire"]))
    s.apply(1, Recruit(7))
    assert s.blind == top and s.view(0)["blind"] == -1 and s.view(1)["blind"] == top
    s.apply(1, KeepBlind(False))
    assert s.seasoned[-1] == top and top not in s.band[1]


def test_culture_city_recruit_is_optional() -> None:
    """'You may take one artist either from the Rock Springboard or from the top of the deck'"""
    s = to_tour(3, groundhog_city="bonerattle")
    start_all(s, ["trollhaugen", "grumblerock", "mudfang"])
    s.apply(1, Move(CITY["cragmire"]))
    band, board, deck = list(s.band[1]), list(s.springboard), list(s.seasoned)
    s.apply(1, Recruit(-1))
    assert s.band[1] == band and s.springboard == board and s.seasoned == deck and s.step == "after"


def test_blind_audition_kept_replaces_and_scores_the_species_point() -> None:
    """'Artists are discarded to the bottom of the deck' and 'If you add an artist to your band that
    corresponds to the city's species, score one point.'"""
    s = to_tour(3, groundhog_city="bonerattle")
    set_band(s, 1, ["sea35", "sta09", "sta17", "sta25"])  # a seasoned elf guitarist
    s.seasoned.remove(ART["sea33"])
    s.seasoned.insert(0, ART["sea33"])  # a troll guitarist on top of the deck
    start_all(s, ["trollhaugen", "grumblerock", "mudfang"])
    s.apply(1, Move(CITY["cragmire"]))  # a troll culture city
    score = s.score[1]
    s.apply(1, Recruit(7))
    s.apply(1, KeepBlind(True))
    assert ART["sea33"] in s.band[1] and ART["sea35"] not in s.band[1]
    assert s.seasoned[-1] == ART["sea35"] and s.score[1] == score + 1


def test_replacing_in_a_duo_pair_asks_which_leaves() -> None:
    s = to_tour(3, groundhog_city="bonerattle")
    set_band(s, 1, ["sta01", "sta02", "sta09", "sta17", "sta25"])
    start_all(s, ["trollhaugen", "grumblerock", "mudfang"])
    s.springboard[0] = ART["sea33"]
    s.seasoned.remove(ART["sea33"]) if ART["sea33"] in s.seasoned else None
    s.apply(1, Move(CITY["cragmire"]))
    s.apply(1, Recruit(0))
    assert s.drop == (1, "guitar", ART["sea33"])
    # 'you must discard the one that was already in the band'
    assert set(s.legal_actions(1)) == {DropArtist(ART["sta01"]), DropArtist(ART["sta02"])}
    s.apply(1, DropArtist(ART["sta02"]))
    assert ART["sta02"] in s.box and s.step == "after"


def test_tour_end_one_more_turn_hometown_and_all_tokens() -> None:
    """'When you place your last Tour Token, all other players have one more turn' 'If you ended
    with your Band Meeple in your Hometown, score 5 points.' 'The player who triggered the game end
    and each other player who played all their Tour Tokens score 5 points.'"""
    s = to_tour(3, groundhog_city="bonerattle")
    start_all(s, ["grumblerock", "ashpit", "mudfang"])
    elsewhere = ["eldaran", "starglade", "willowmere", "mistvale", "moonbrook", "lunaris", "aelindor",
                 "silverleaf", "gorgrim", "hammerdeep", "gloomfjord", "goldpeak", "emberhall"]
    for p in (1, 2):
        for city in elsewhere:
            s.city_tokens[CITY[city]].append(p)
        s.tokens[p] = 1
    s.apply(1, Move(CITY["snorheim"]))
    assert s.tokens[1] == 0 and s.trigger == 1
    s.apply(1, EndTurn())
    s.apply(2, Move(CITY["skullcrag"]))  # seat 2 places its last token in its extra turn
    finish_turn(s, 2)
    assert s.phase == "tour" and s.turn == 0
    s.apply(0, Move(CITY["bonerattle"]))
    finish_turn(s, 0)
    assert s.phase == "festival"
    assert s.breakdown[1]["all_tokens"] == 5 and s.breakdown[2]["all_tokens"] == 5
    assert "all_tokens" not in s.breakdown[0]
    assert "hometown" not in s.breakdown[0] and "hometown" not in s.breakdown[1]


def test_hometown_bonus_when_ending_at_home() -> None:
    """'If you ended with your Band Meeple in your Hometown, score 5 points.'"""
    s = to_tour(3, groundhog_city="bonerattle")
    start_all(s, ["grumblerock", "ashpit", "mudfang"])
    s.trigger, s.turns_left = 0, 2  # seat 0 has placed its last token
    s.apply(1, Move(CITY["snorheim"]))
    s.apply(1, EndTurn())
    assert s.phase == "tour" and s.turn == 2
    s.pos[1] = s.home[1]
    s.apply(2, Move(CITY["skullcrag"]))
    finish_turn(s, 2)
    assert s.phase == "festival" and s.breakdown[1]["hometown"] == 5 and "hometown" not in s.breakdown[2]


# ------------------------------------------------------------------------------------ action cards
def test_thors_hammer_cancels_a_tour_card() -> None:
    """'The Thor's Hammer card is played out of turn, to cancel a Action card that has just been
    played by another player.' 'After playing a card, it is discarded to the bottom of the Action
    Card deck'"""
    s = to_tour(3, groundhog_city="bonerattle")
    start_all(s, ["grumblerock", "ashpit", "mudfang"])
    tamer = give_hand(s, 1, "dragon_tamer")
    hammer = give_hand(s, 2, "thors_hammer")
    s.hand[0] = [x for x in s.hand[0] if C.action(x).effect != "cancel"]
    s.actions.extend(x for x in action_cards("thors_hammer") if not any(x in h for h in s.hand + [s.actions]))
    s.apply(1, PlayCard(tamer, 0))
    assert set(s.to_move()) == {0, 2}
    assert s.legal_actions(0) == [Answer(False)]
    s.apply(0, Answer(False))
    s.apply(2, Answer(True))
    assert s.stack[-1] == (2, hammer, -1) and set(s.to_move()) == {0, 1}
    s.apply(0, Answer(False))
    s.apply(1, Answer(False))
    assert s.dragons[1] == [] and s.actions[-2:] == [tamer, hammer] and s.turn == 1 and s.step == "move"


def test_thors_hammer_answers_a_thors_hammer() -> None:
    s = to_tour(3, groundhog_city="bonerattle")
    start_all(s, ["grumblerock", "ashpit", "mudfang"])
    tamer = give_hand(s, 1, "dragon_tamer")
    give_hand(s, 2, "thors_hammer")
    s.hand[1].append(action_cards("thors_hammer")[1])
    for h in (s.actions,):
        if action_cards("thors_hammer")[1] in h:
            h.remove(action_cards("thors_hammer")[1])
    s.apply(1, PlayCard(tamer, 3))
    s.apply(0, Answer(False))
    s.apply(2, Answer(True))
    s.apply(0, Answer(False))
    s.apply(1, Answer(True))  # seat 1 hammers the hammer
    pass_answers(s)
    assert s.dragons[1] == [3] and s.pass_tokens[3] == 1


def test_thors_hammer_is_played_only_as_an_answer() -> None:
    """'The Thor's Hammer card is played out of turn, to cancel a Action card that has just been
    played by another player.'"""
    s = to_tour(3, groundhog_city="bonerattle")
    start_all(s, ["grumblerock", "ashpit", "mudfang"])
    hammer = give_hand(s, 1, "thors_hammer")
    assert all(a.card != hammer for a in s.legal_actions(1) if isinstance(a, PlayCard))
    s._end_tour()
    s.forget_legal_actions()
    assert s.turn == 1 and all(a.card != hammer for a in s.legal_actions(1) if isinstance(a, PlayCard))


def test_tour_bus_moves_two_roads_stopping_only_in_the_second() -> None:
    s = to_tour(3, groundhog_city="bonerattle")
    start_all(s, ["grumblerock", "ashpit", "mudfang"])
    bus = give_hand(s, 1, "tour_bus")
    s.apply(1, PlayCard(bus))
    pass_answers(s)
    s.apply(1, Move(CITY["snorheim"]))
    assert s.step == "move2" and not s.city_tokens[CITY["snorheim"]]
    assert all(isinstance(a, Move) for a in s.legal_actions(1))
    s.apply(1, Move(CITY["bouldergate"]))
    assert s.city_tokens[CITY["bouldergate"]] == [1]


def test_groundhog_call_and_talent_scout() -> None:
    s = to_tour(3, groundhog_city="bonerattle")
    start_all(s, ["grumblerock", "ashpit", "mudfang"])
    call = give_hand(s, 1, "groundhog_call")
    s.apply(1, PlayCard(call, CITY["snorheim"]))
    pass_answers(s)
    assert s.groundhog == CITY["snorheim"]
    scout = give_hand(s, 1, "talent_scout")
    new_artist = s.springboard[2]
    score = s.score[1]
    s.apply(1, PlayCard(scout, 2))
    pass_answers(s)
    if s.drop is not None:
        s.apply(1, s.legal_actions(1)[0])
    assert new_artist in s.band[1] and s.score[1] == score


def test_encore_only_after_placing_a_token() -> None:
    s = to_tour(3, groundhog_city="bonerattle")
    start_all(s, ["grumblerock", "ashpit", "mudfang"])
    encore = give_hand(s, 1, "encore")
    s.city_tokens[CITY["snorheim"]] = [0, 2]
    s.tokens[0] -= 1
    s.tokens[2] -= 1
    s.apply(1, Move(CITY["snorheim"]))
    assert PlayCard(encore) not in s.legal_actions(1)


def test_festival_cards_only_at_the_festival_and_hands_revealed() -> None:
    """'Festival Action cards ... must be played after the Tour End, during the Festival' and
    'Reveal the action cards you still have in hand.'"""
    s = to_tour(3, groundhog_city="bonerattle")
    start_all(s, ["grumblerock", "ashpit", "mudfang"])
    pyro = give_hand(s, 1, "pyrotechnics")
    light = give_hand(s, 1, "light_red")
    assert PlayCard(pyro) not in s.legal_actions(1)
    assert s.view(0)["hands"] is None
    s._end_tour()
    s.forget_legal_actions()
    assert s.view(None)["hands"][1] == s.hand[1]
    s.turn = 1
    s.apply(1, PlayCard(pyro))
    pass_answers(s)
    s.apply(1, PlayCard(light))
    pass_answers(s)
    assert s.bonus[1][0] == 3 and light in s.played[1]


def test_tour_cards_cannot_be_played_at_the_festival() -> None:
    """'Tour Action cards ... must be played during the Tour'"""
    s = to_tour(3, groundhog_city="bonerattle")
    start_all(s, ["grumblerock", "ashpit", "mudfang"])
    tour = {give_hand(s, 1, kind) for kind in ("tour_bus", "dragon_tamer", "groundhog_call", "encore", "talent_scout")}
    pyro = give_hand(s, 1, "pyrotechnics")
    s._end_tour()
    s.forget_legal_actions()
    plays = {a.card for a in s.legal_actions(1) if isinstance(a, PlayCard)}
    assert s.turn == 1 and pyro in plays and not plays & tour


def test_whole_game_ends_with_festival_scoring() -> None:
    s = to_tour(3, groundhog_city="bonerattle")
    s._end_tour()
    while not s.is_over():
        p = s.to_move()[0]
        s.apply(p, EndTurn() if EndTurn() in s.legal_actions(p) else s.legal_actions(p)[0])
    assert all("energy" in b and "diversity" in b for b in s.breakdown)
    assert s.result().winners


def test_equal_final_scores_share_the_victory() -> None:
    """'Highest score wins! Ties are broken by best rock-and-roll scream.' The scream is left to the
    table: tied players share the victory."""
    s = to_tour(3, groundhog_city="bonerattle")
    start_all(s, ["grumblerock", "ashpit", "mudfang"])
    s._end_tour()
    fest = festival_scores(C, s.band, s.bonus, s.dragons, [[] for _ in range(3)])
    for p, total in enumerate([100, 100, 90]):
        s.score[p] = total - sum(fest[p].values())
    while not s.is_over():
        s.apply(s.turn, EndTurn())
    assert s.score == [100, 100, 90] and s.result().winners == (0, 1)


def test_fixing_options_are_checked_at_creation() -> None:
    with pytest.raises(OptionError):
        new(3, groundhog_city="atlantis")
    with pytest.raises(OptionError):
        new(3, seasoned_top=("sta01",))  # a starting artist is not in the seasoned deck


def test_determinize_keeps_what_the_seat_knows_and_resamples_the_rest() -> None:
    """'Each player may look at the cards they have been dealt but should not reveal them.'"""
    from bigtop.core import Rng

    s = to_tour(4, groundhog_city="bonerattle")
    changed = False
    for k in range(10):
        d = s.determinize(0, Rng(k))
        assert d.hand[0] == s.hand[0] and d.band == s.band and d.springboard == s.springboard
        assert [len(h) for h in d.hand] == [len(h) for h in s.hand]
        changed |= d.hand[1:] != s.hand[1:] or d.seasoned != s.seasoned
        d.check_invariants()
    assert changed


def test_several_hammers_the_first_to_the_left_strikes() -> None:
    """'The Thor's Hammer card is played out of turn' — answers are sealed; when several seats
    answer with a Hammer, the first to the left of the card's owner plays it."""
    s = to_tour(4, groundhog_city="bonerattle")
    start_all(s, ["grumblerock", "ashpit", "mudfang", "emberhall"])
    hammers = action_cards("thors_hammer")
    for loc in (s.actions, *s.hand):
        loc[:] = [x for x in loc if x not in hammers]
    s.hand[3].append(hammers[0])
    s.hand[0].append(hammers[1])
    s.actions.extend(hammers[2:])
    owner = s.turn
    tamer = give_hand(s, owner, "dragon_tamer")
    s.apply(owner, PlayCard(tamer, 2))
    for q in s.to_move():
        s.apply(q, Answer(q in (0, 3)))
    first_left = next(q for q in [(owner + i) % 4 for i in range(1, 4)] if q in (0, 3))
    assert s.stack[-1][0] == first_left


def test_any_number_of_cards_in_a_turn() -> None:
    """'There's no limit to the number of action cards a player can play on their turn.'"""
    s = to_tour(3, groundhog_city="bonerattle")
    start_all(s, ["grumblerock", "ashpit", "mudfang"])
    for loc in (*s.hand,):
        loc[:] = [x for x in loc if C.action(x).effect != "cancel"]
    tamers = action_cards("dragon_tamer")[:2]
    for loc in (s.actions, *s.hand):
        loc[:] = [x for x in loc if x not in tamers]
    s.hand[1].extend(tamers)
    s.actions.extend(x for x in action_cards("thors_hammer") if x not in s.actions)
    s.forget_legal_actions()
    s.apply(1, PlayCard(tamers[0], 0))
    pass_answers(s)
    s.apply(1, PlayCard(tamers[1], 4))
    pass_answers(s)
    assert sorted(s.dragons[1]) == [0, 4] and s.step == "move"


def test_no_city_action_on_the_starting_city() -> None:
    """'On your first turn, instead of doing anything else, choose your starting city'"""
    s = to_tour(3, groundhog_city="bonerattle")
    s.apply(1, StartCity(CITY["bouldergate"]))  # a Market city
    assert s.turn == 2 and s.market == [] and s.step == "start"
