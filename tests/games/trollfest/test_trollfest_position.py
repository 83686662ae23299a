"""Games started from a position on the tour (`TrollFest.from_position`): a position that cannot happen
is refused with what is wrong, naming the field; a good one keeps every card and token, hides what the
seats may not see, plays on, and its record replays."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from trollfest_scenario import ART, CITY, ELVES, ORCS, TROLLS, C, card_id

from bigtop.core import OptionError, Record, Rng
from bigtop.games.trollfest import GAME, TrollFestState
from bigtop.games.trollfest.actions import EndTurn, Move, StartCity
from bigtop.games.trollfest.pieces import DRAGONS_PER_PASS, SPRINGBOARD, TOUR_TOKENS


def seats(**changes: dict[str, Any]) -> list[dict[str, Any]]:
    """Three seats on the tour (a troll, an orc and an elf band, each at home), with `changes` by seat
    (`s0`, `s1`, `s2`)."""
    base = [{"band": list(TROLLS), "home": "grumblerock"}, {"band": list(ORCS), "home": "bloodmarsh"},
            {"band": list(ELVES), "home": "lunaris"}]
    return [{**seat, **changes.get(f"s{p}", {})} for p, seat in enumerate(base)]


def position(seed: int = 1, options: dict[str, Any] | None = None, **table: Any) -> TrollFestState:
    return GAME.from_position(3, {"seats": seats(), **table}, seed=seed, options=options)


@pytest.mark.parametrize(
    ("given", "message"),
    [
        ({"zz": 1}, "the position: unknown key 'zz'"),
        ({"seats": seats()[:2]}, "seats: one entry per seat (3)"),
        ({"seats": seats(s0={"colour": "red"})}, "seat 0: unknown key 'colour'"),
        ({"seats": seats(s0={"band": ["sta01", "sta09", "sta17"]})}, "seat 0 band: no drums; a band always has guitar, bass"),
        ({"seats": seats(s0={"band": [*TROLLS, "sta02"]})}, "seat 0 band: two artists play the guitar"),
        ({"seats": seats(s0={"band": [*TROLLS, "encore"]})}, "seat 0's band: no artist 'encore' (it is an action card)"),
        ({"seats": seats(s1={"band": list(TROLLS)})}, "'sta01' is both in seat 0's band and in seat 1's band"),
        ({"seats": seats(s0={"home": "atlantis"})}, "seat 0 home: no city 'atlantis'"),
        ({"seats": [{"band": list(TROLLS)}, *seats()[1:]]},
         "seat 1 home: seat 0 has no hometown yet, so the tour is in its first round, and seat 1's first turn, which "
         "chooses its hometown, is still to come; leave its home out"),
        ({"seats": [{"band": list(TROLLS)}, *seats()[1:]], "turn": 1},
         "seat 0 home: its first turn, which chooses its hometown, came before seat 1's (seat 0 took the tour's first "
         "turn); give a city id"),
        ({"seats": [{"band": list(TROLLS), "concerts": ["mossmouth"]}, *seats()[1:]], "best_name": 0},
         "seat 0 concerts: a band with no hometown yet has had no turn on the tour; give its home or leave concerts out"),
        ({"seats": [{"band": list(TROLLS), "at": "mossmouth"}, *seats()[1:]], "best_name": 0},
         "seat 0 at: a band with no hometown yet has had no turn on the tour"),
        ({"seats": [{"band": list(TROLLS), "dragons": ["red"]}, *seats()[1:]], "best_name": 0},
         "seat 0 dragons: a band with no hometown yet has had no turn on the tour"),
        ({"seats": seats(s0={"hand": ["sta02"]})}, "seat 0's hand: no action card 'sta02' (it is an artist)"),
        ({"seats": seats(s0={"hand": ["encore"] * 5})}, "seat 0's hand: more 'encore' cards than the 4 there are"),
        ({"seats": seats(s0={"hand": ["encore", "encore", "duo", "duo", "duo", "tour_bus", "tour_bus", "tour_bus"]})},
         "seat 0 hand: 8 action cards; a band drafts at most 7"),
        ({"seats": seats(s0={"concerts": ["lunaris", "lunaris"]})}, "seat 0 concerts: a city named twice"),
        ({"seats": seats(s0={"concerts": [c.id for c in C.cities[:14]]})}, "seat 0 concerts: 14 tour tokens placed"),
        ({"seats": seats(s0={"concerts": ["mossmouth"], "at": "mossmouth", "points": {"concerts": 2}}, s1={"concerts": ["mossmouth"], "at": "mossmouth"},
                         s2={"concerts": ["mossmouth"], "at": "mossmouth"})}, "concerts: 3 tour tokens in mossmouth; a city holds at most 2"),
        ({"seats": seats(s0={"at": "lunaris"})}, "seat 0 at: a band stops where it gives a concert"),
        ({"seats": seats(s0={"dragons": ["pink"]})}, "seat 0 dragons: 'pink' is not a colour of red, blue"),
        ({"seats": seats(s0={"dragons": ["red", "red"]})}, "seat 0 dragons: a colour named twice"),
        ({"seats": seats(s0={"dragons": ["red"]}, s1={"dragons": ["red"]}, s2={"dragons": ["red"]})},
         "dragons: 3 red dragon tokens held; there are 2 with 3 players"),
        ({"seats": seats(s0={"points": {"concerts": 1}})}, "seat 0 points concerts: 1 points from 0 concerts; at most 0"),
        ({"seats": seats(s0={"points": {"fame": 1}})}, "seat 0 points: unknown key 'fame'"),
        ({"seats": seats(s0={"concerts": ["mossmouth"], "points": {"concerts": 2, "encore": 4}})},
         "seat 0 points encore: 4 points are no sum of Encore cards"),
        ({"seats": seats(s0={"concerts": ["mossmouth"], "at": "mossmouth"})},
         "points: the first tour token of each of the 1 cities played scored 2, 2 in all, but the concerts total 0"),
        ({"seats": seats(s0={"name": "Siren Sirens"})}, "seat 0 name: \u201cSiren Sirens\u201d is a name proposed to another band"),
        ({"seats": seats(s0={"name": "Loud"}, s1={"name": "loud"})}, "seat 1 name: \u201cloud\u201d is another band's name"),
        ({"seats": seats(s0={"name": ""})}, "seat 0 name needs some text"),
        ({"best_name": 3}, "best_name must be a whole number, 0 to 2; got 3"),
        ({"turn": -1}, "turn must be a whole number, 0 to 2; got -1"),
        ({"groundhog": "atlantis"}, "groundhog: no city 'atlantis'"),
        ({"seats": seats(s0={"concerts": ["mossmouth"], "at": "mossmouth", "points": {"concerts": 2}}, s1={"concerts": ["mossmouth"], "at": "mossmouth"}),
          "groundhog": "mossmouth"}, "groundhog: mossmouth holds 2 tour tokens; the band that fills a city takes the Groundhog"),
        ({"springboard": ["sea40"]}, "springboard: 7 artists (it is refilled after each recruit); got 1"),
        ({"springboard": ["sta02", "sea40", "sea41", "sea42", "sea43", "sea44", "sea45"]},
         "springboard: the Rock Springboard holds seasoned artists only"),
    ],
)
def test_an_impossible_position_is_refused_naming_what_is_wrong(given: dict[str, Any], message: str) -> None:
    given = {"seats": seats(), **given}
    with pytest.raises(OptionError, match="^position: " + re.escape(message)):
        GAME.from_position(3, given)
    with pytest.raises(OptionError, match=re.escape(message)):
        GAME.check_options(3, {"position": json.dumps(given)})


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"position": "{"}, "position: not JSON"),
        ({"position": json.dumps({"seats": seats()}), "starting_top": "sta01"},
         "position: starting_top orders the starting hands, which a position does not deal"),
        ({"position": json.dumps({"seats": seats(s0={"hand": ["encore"] * 3})}), "action_top": "encore,encore"},
         "position: action_top: 'encore' is put on top of its deck, but the position places it in seat 0's hand"),
        ({"position": json.dumps({"seats": seats(s0={"band": ["sea33", "sta09", "sta17", "sta25"]})}), "seasoned_top": "sea33"},
         "position: seasoned_top: 'sea33' is put on top of its deck, but the position places it in seat 0's band"),
    ],
)
def test_a_position_and_the_other_options_agree(options: dict[str, Any], message: str) -> None:
    with pytest.raises(OptionError, match=re.escape(message)):
        GAME.check_options(3, options)


def test_every_card_and_token_is_where_the_position_puts_it_or_in_its_deck() -> None:
    s = position(seats=seats(s0={"hand": ["pyrotechnics", "duo"], "at": "snorheim", "concerts": ["snorheim", "mossmouth"],
                                 "dragons": ["white"], "points": {"concerts": 9, "recruits": 1, "encore": 3}},
                             s1={"concerts": ["mossmouth"], "at": "mossmouth"}),
                 springboard=["sea40", "sea41", "sea42", "sea43", "sea44", "sea45", "sea46"], groundhog="moonbrook",
                 best_name=1, turn=0)
    s.check_invariants()  # every card once, every City card, tokens, dragons, the score breakdown
    v = s.view(None)
    assert (v["phase"], v["step"], v["turn"], v["first"], v["best_name"]) == ("tour", "move", 0, 2, 1)
    assert v["tokens"] == [TOUR_TOKENS[3] - 2, TOUR_TOKENS[3] - 1, TOUR_TOKENS[3]]
    assert v["city_tokens"][CITY["mossmouth"]] == [0, 1] and v["pos"][0] == CITY["snorheim"] and v["home"][0] == CITY["grumblerock"]
    assert v["pass_tokens"][6] == DRAGONS_PER_PASS[3] - 1 and v["groundhog"] == CITY["moonbrook"]
    assert v["springboard"] == [ART[f"sea{n}"] for n in range(40, 47)] and v["bands"][1] == [ART[a] for a in ORCS]
    assert s.score_breakdown()["band_name"] == (0.0, 5.0, 0.0) and s.scores() == (13.0, 5.0, 0.0)
    assert [card_id(x) for x in s.hand[0]] == ["pyrotechnics", "duo"] and s.hand[1] == s.hand[2] == []
    starting = [a for a in range(len(C.artists)) if C.artists[a].deck == "starting"]
    assert sorted(s.box) == sorted(set(starting) - set(ART[a] for a in (*TROLLS, *ORCS, *ELVES)))
    assert v["decks"]["seasoned"] == len(C.seasoned_deck) - SPRINGBOARD and v["decks"]["actions"] == C.card_count - C.action_base - 2
    assert v["band_names"] == [C.band_names[0], C.band_names[1], C.band_names[2]] and v["votes"] == [1, 2, 1]


def test_what_the_position_leaves_out_is_dealt_from_the_seed_and_the_deck_orders_still_apply() -> None:
    options = {"seasoned_top": "sea60", "action_top": "encore,light_red", "city_top": "card_ashpit"}
    s = position(options=options)
    assert s.springboard[0] == ART["sea60"] and len(s.springboard) == SPRINGBOARD
    assert [card_id(x) for x in s.actions[:2]] == ["encore", "light_red"]
    assert s.groundhog == CITY["ashpit"] and len(s.city_discard) == 1
    assert position(options={"groundhog_city": "moonbrook"}).groundhog == CITY["moonbrook"]
    assert position(seed=1).view(None) == position(seed=1).view(None) != position(seed=2).view(None)


def test_the_hands_are_hidden_from_the_others_and_a_determinized_game_keeps_what_the_seat_knows() -> None:
    s = position(seats=seats(s0={"hand": ["pyrotechnics", "duo"]}, s1={"hand": ["thors_hammer"]}))
    assert s.view(0)["hand"] == s.hand[0] and s.view(1)["hand"] == s.hand[1]
    for viewer in (None, 1, 2):
        seen = s.view(viewer)
        assert seen["hands"] is None and seen["hand_sizes"] == [2, 1, 0]
    guess = s.determinize(1, Rng(4))
    assert guess.hand[1] == s.hand[1] and len(guess.hand[0]) == 2 and guess.band == s.band
    guess.check_invariants()


def test_a_position_plays_on_to_the_festival_and_its_record_replays() -> None:
    last = [c.id for c in C.cities if c.id not in ("grumblerock", "snorheim", "trollhaugen", "cragmire")][:TOUR_TOKENS[3] - 1]
    s = position(seats=seats(s0={"concerts": last, "at": last[0], "points": {"concerts": 2 * len(last)}}), turn=0)
    s.apply(0, next(a for a in s.legal_actions(0) if isinstance(a, Move) and C.cities[a.city].id not in last))
    assert s.view(None)["trigger"] == 0  # the last tour token: every other band has one more turn
    while not s.is_over():
        p = s.to_move()[0]
        legal = s.legal_actions(p)
        s.apply(p, EndTurn() if EndTurn() in legal else legal[0])
    s.check_invariants()
    replayed = Record.from_json(json.loads(s.record().dumps())).replay(GAME)
    assert replayed.record().options["position"] == s.record().options["position"]
    assert [replayed.view(p) for p in (None, 0, 1, 2)] == [s.view(p) for p in (None, 0, 1, 2)]
    assert replayed.scores() == s.scores()


def test_in_the_tours_first_round_the_seats_still_to_take_their_first_turn_choose_their_hometowns() -> None:
    """A seat's home left out: its first turn, the choice of its hometown, is still to come; so for
    every seat after it in the first round. The position then plays on and its record replays."""
    homeless = [{"band": list(TROLLS), "hand": ["thors_hammer"]}, {"band": list(ORCS)}, {"band": list(ELVES)}]
    s = GAME.from_position(3, {"seats": homeless, "best_name": 2}, seed=3)  # seat 0 takes the first turn
    s.check_invariants()
    v = s.view(None)
    assert (v["phase"], v["step"], v["turn"], v["first"]) == ("tour", "start", 0, 0)
    assert v["home"] == v["pos"] == [-1, -1, -1] and v["tokens"] == [TOUR_TOKENS[3]] * 3 and s.scores() == (0.0, 0.0, 5.0)
    s = GAME.from_position(3, {"seats": [homeless[0], {**homeless[1], "home": "bloodmarsh"},
                                         {**homeless[2], "home": "lunaris"}], "best_name": 0}, seed=3)
    assert (s.step, s.turn, s.first, s.home, s.pos) == ("start", 0, 1, [-1, CITY["bloodmarsh"], CITY["lunaris"]],
                                                         [-1, CITY["bloodmarsh"], CITY["lunaris"]])
    assert s.legal_actions(0) == [StartCity(city) for city in range(len(C.cities))]
    s.apply(0, StartCity(CITY["grumblerock"]))
    assert (s.home[0], s.pos[0], s.turn, s.step) == (CITY["grumblerock"], CITY["grumblerock"], 1, "move")
    for _ in range(12):
        p = s.to_move()[0]
        legal = s.legal_actions(p)
        s.apply(p, EndTurn() if EndTurn() in legal else legal[0])
    s.check_invariants()
    replayed = Record.from_json(json.loads(s.record().dumps())).replay(GAME)
    assert [replayed.view(p) for p in (None, 0, 1, 2)] == [s.view(p) for p in (None, 0, 1, 2)]


def test_a_game_without_a_position_is_dealt_as_before() -> None:
    assert GAME.new(3, seed=5, options={"position": None}).view(None) == GAME.new(3, seed=5).view(None)
    assert GAME.new(3, seed=5).view(None)["phase"] == "draft"
