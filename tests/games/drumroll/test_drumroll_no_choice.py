"""A step with only consequences is not a decision: what a seat cannot choose is carried out without asking,
decided on what everyone sees; a question that hides something (Double Vote) reaches a seat with nothing to
choose as exactly one legal action, and nobody learns who holds what."""

from __future__ import annotations

import json

import numpy as np
from drumroll_scenario import GAME, place_all, position, prompt, sealed, seat, show, vote

from bigtop.core import Rng
from bigtop.games.drumroll.actions import (
    CarryOut,
    Decline,
    Done,
    Invest,
    Move,
    Perform,
    Place,
    Play,
    Trailer,
    Vote,
)
from bigtop.games.drumroll.observation import DrumRollEncoder
from bigtop.games.drumroll.state import DrumRollState

LANGUAGES = ("en", "fr", "zh-Hant")


def test_cube_and_ticket_markers_are_one_decision_that_says_what_it_does() -> None:
    """"Cube actions: They are all performed simultaneously" — "Sell Tickets: It is performed simultaneously" — "A
    player can always choose not to perform an action they put their action marker on": one choice per seat, among
    every way to carry out or decline its markers, carrying out all first; a ticket sale says what it sells."""
    s = position(3)
    place_all(s, {0: ["white", "tickets", "tickets"]}, carry_out=False)
    legal = s.legal_actions(0)
    assert legal[0] == CarryOut(("white",), 2) and legal[-1] == CarryOut() and len(legal) == 6
    assert [GAME.describe(s, legal[0], lang) for lang in LANGUAGES] == [
        "take 1 white cube, sell 2 tickets", "prendre 1 cube blanc, vendre 2 billets", "拿取 1 個白方塊、販售 2 張門票"]
    assert GAME.describe(s, CarryOut((), 1)) == "sell 1 ticket"
    s.apply(0, legal[0])  # one click
    assert sealed(s) != "carry_out" and seat(s, 0)["tickets"] == 2 and seat(s, 0)["storage"]["white"] == 1


def test_a_cube_marker_whose_cube_another_marker_takes_first_asks_nothing() -> None:
    """"Unblock Action: You may place your action marker on any cube action even if it is blocked by another player":
    two markers on red with one red cube left: the first in placing order takes it; the second, which can do
    nothing either way, is not asked about."""
    s = position(3, {1: {"hand": ["unblock-1"]}, 2: {"storage": {"red": 24}}})
    s.apply(0, Place("red"))
    s.apply(1, Place("red", True))
    place_all(s, {}, carry_out=False)
    assert s.to_move() == (0,) and s.legal_actions(0) == [CarryOut(("red",)), CarryOut()]
    s.apply(0, CarryOut(("red",)))
    assert seat(s, 0)["storage"]["red"] == 1 and seat(s, 1)["storage"]["red"] == 0


def test_a_seat_with_nothing_to_distribute_is_not_asked() -> None:
    """"all players simultaneously move up to two cubes from their cube storage area, on to their performers": a
    seat that can move no cube and holds no card has nothing to do; one that holds a card is asked (hand sizes are
    public, what the cards are is not), with one thing to do if it has nothing to play."""
    s = position(3, {0: {"performers": ["rope-walker"], "storage": {"red": 1}},
                     1: {"performers": ["tumbler"], "storage": {"white": 1}},  # the Tumbler needs no white cube
                     2: {"hand": ["resource-bonus-1"]}})
    place_all(s, {})
    assert sealed(s) == "distribution" and s.to_move() == (0, 2)
    assert s.legal_actions(2) == [Done()]
    s.apply(0, Move("rope-walker", "red"))
    assert s.legal_actions(0) == [Done()]  # no cube left to move: one thing to do, which a front end answers


def test_the_double_vote_question_tells_nobody_who_holds_one() -> None:
    """"Double Vote: After seeing the result of a vote, you may use this card": every seat holding a card is asked;
    a seat with no Double Vote has exactly one legal action, and what everyone sees is the same whether a seat holds
    a Double Vote or another card."""

    def game(card: str) -> DrumRollState:
        s = vote(3, {1: {"hand": ["extra-income-1"]}, 2: {"hand": [card]}})
        for p, v in enumerate((True, False, False)):
            s.apply(p, Vote(v))
        return s

    holder, other = game("double-vote-1"), game("resource-bonus-1")
    assert holder.to_move() == other.to_move() == (1, 2) and sealed(holder) == "double_vote"
    assert holder.legal_actions(1) == other.legal_actions(1) == other.legal_actions(2) == [Done()]
    assert holder.legal_actions(2) == [Done(), Play("double-vote-1")]
    for viewer in (None, 0, 1):
        assert json.dumps(holder.view(viewer)) == json.dumps(other.view(viewer))
        assert [e for e in holder.log.visible_to(viewer)] == [e for e in other.log.visible_to(viewer)]
    holder.apply(2, Done())
    other.apply(2, Done())
    assert json.dumps(holder.view(1)) == json.dumps(other.view(1))


def test_nobody_sees_who_has_answered_the_double_vote_question_until_all_have() -> None:
    """A seat holding no Double Vote has nothing to decide, so its answer would come first: the order of the
    answers would tell who holds one. Until every seat asked has answered, everyone sees every one of them
    still deciding, in the view, in `seen_to_move` and in the observation; a seat knows its own answer."""
    s = vote(3, {1: {"hand": ["extra-income-1"]}, 2: {"hand": ["double-vote-1"]}})
    for p, v in enumerate((True, False, False)):
        s.apply(p, Vote(v))
    before = {viewer: s.view(viewer) for viewer in (None, 0, 2)}
    s.apply(1, Done())  # the seat with no Double Vote answers first
    assert s.to_move() == (2,) and s.seen_to_move() == (1, 2)
    for viewer in (None, 0, 2):
        assert json.dumps(s.view(viewer)) == json.dumps(before[viewer])
        assert s.view(viewer)["sealed"]["chosen"] == [] and s.view(viewer)["to_move"] == [1, 2]
    assert s.view(1)["to_move"] == [2]  # its own answer is in
    encoder = DrumRollEncoder(3, s.options)
    assert np.array_equal(encoder.encode_state(s, 0), encoder.encode(s.view(0)))
    s.apply(2, Done())
    assert s.secret_step() is None and s.seen_to_move() == s.to_move()


def test_a_bank_representative_without_coins_is_not_asked() -> None:
    """"At the beginning of each preparation turn, you may place any number of coins on the Bank Representative":
    with no coin there is nothing to place."""
    s = position(3, {0: {"coins": 0, "personnel": ["bank-representative"]},
                     1: {"coins": 2, "personnel": ["agent-white-yellow"]}})
    assert prompt(s) == ("place", 0)
    s = position(3, {0: {"coins": 1, "personnel": ["bank-representative"]}})
    assert prompt(s) == ("bank", 0)


def test_a_marker_that_can_do_nothing_is_declined_unasked_unless_a_card_might_help() -> None:
    """"Invest: The player pays 1 and takes the top card" — with no coin, and no card in hand that could bring one,
    there is nothing to decide; a seat holding a card is asked (Extra Income would pay for it)."""
    s = position(3, {0: {"coins": 0}})
    place_all(s, {0: ["invest", "performer", "personnel"]})
    assert prompt(s) == ("place", 1) and s.view(None)["turn"] == 2 and seat(s, 0)["hand"] == []
    assert not [e for e in s.log.to_list() if e.kind in ("invested", "hired")]
    s = position(3, {0: {"coins": 0, "hand": ["extra-income-1"]}})
    place_all(s, {0: ["invest", "performer", "personnel"]})
    assert prompt(s) == ("invest", 0) and s.legal_actions(0) == [Decline(), Play("extra-income-1")]
    s.apply(0, Play("extra-income-1"))
    s.apply(0, Invest())
    assert len(seat(s, 0)["hand"]) == 1


def test_the_last_performer_and_the_end_of_a_show_need_no_click() -> None:
    """"Each player can choose the order their performers will appear in the show": with one performer left there
    is no order to choose, and once all have performed the show is over; a seat holding a card is still asked
    (Extended Applause may be played during its show)."""
    performers = [{"id": "rope-walker", "cubes": ["red"]}, {"id": "unicyclist", "cubes": ["blue"]}]
    s = show(3, {0: {"performers": performers}}, performer_row=["tumbler", "knife-juggler", "lion-tamer"])
    assert s.legal_actions(0) == [Perform("rope-walker"), Perform("unicyclist")]
    s.apply(0, Perform("unicyclist"))
    assert [e.data["card"] for e in s.log.to_list() if e.kind == "performed"] == ["unicyclist", "rope-walker"]
    assert s.view(None)["show"] == 2  # seat 0's show ended, and the others' (no performer) passed
    s = show(3, {0: {"performers": performers[:1], "hand": ["applause-bizarre"]}},
             performer_row=["tumbler", "knife-juggler", "lion-tamer"])
    assert s.legal_actions(0) == [Perform("rope-walker"), Play("applause-bizarre")]
    s.apply(0, Perform("rope-walker"))
    assert s.legal_actions(0) == [Done(), Play("applause-bizarre")]


def test_a_benefit_with_one_possible_choice_is_taken_unasked() -> None:
    """"Trailers earned by bizarre performers can be given to any other performer": with one performer without a
    trailer, the trailer goes to it; with two, the seat chooses."""
    s = show(3, {0: {"performers": [{"id": "human-cannonball", "cubes": ["red", "green"], "trailer": True},
                                    {"id": "rope-walker", "cubes": ["red"]}, {"id": "giant", "trailer": True}]}})
    s.apply(0, Perform("human-cannonball"))  # good: a trailer; only the Rope Walker has none
    assert s.view(None)["seats"][0]["performers"][1]["trailer"]
    s = show(3, {0: {"performers": [{"id": "human-cannonball", "cubes": ["red", "green"]},
                                    {"id": "rope-walker", "cubes": ["red"]}]}})
    s.apply(0, Perform("human-cannonball"))
    assert s.legal_actions(0) == [Trailer("human-cannonball"), Trailer("rope-walker")]


def test_random_games_ask_only_real_questions() -> None:
    """In seeded random games every prompt asked offers more than one action, but where a card in hand keeps the
    question open (hand sizes are public) or the prompt hides something."""
    for players in (2, 3, 4):
        s = GAME.new(players, seed=20 + players)
        rng = Rng(players)
        while not s.is_over():
            seat_ = s.to_move()[0]
            legal = s.legal_actions(seat_)
            if s.prompts and len(legal) == 1:
                assert s.hands[seat_] or s.prompts[-1].kind == "hand_limit", (s.prompts[-1], legal)
            s.apply(seat_, legal[rng.below(len(legal))])
