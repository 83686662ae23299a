"""Who Troll Fest asks, and what: a seat is asked only a question that is a decision for it, or the
same question as every other seat when asking fewer would tell who holds a card."""

from __future__ import annotations

import numpy as np
import pytest
from trollfest_scenario import C, card, copies, holding, new, start_all, to_tour

from bigtop.core import IllegalAction, Rng
from bigtop.games.trollfest.actions import Answer, DropArtist, EndTurn, Move, PlayCard, ShowBand
from bigtop.games.trollfest.observation import TrollFestEncoder


def hammer_holders(view: dict, seats: range) -> set[int]:
    return {q for q in seats if any(x in copies("thors_hammer") for x in view["hands"][q])}


def test_while_hands_are_hidden_every_other_seat_is_asked_hammer_or_not() -> None:
    """'The Thor's Hammer card is played out of turn, to cancel a Action card that has just been
    played by another player.' Asking only the holders would show who holds a Hammer."""
    s = to_tour(3, groundhog_city="bonerattle", action_top=("dragon_tamer",), wants={1: ["dragon_tamer"]})
    start_all(s, ["grumblerock", "ashpit", "mudfang"])
    assert not any(x in copies("thors_hammer") for x in s.view(0)["hand"])
    tamer = next(x for x in s.view(1)["hand"] if x in copies("dragon_tamer"))
    s.apply(1, PlayCard(tamer, 0))
    assert s.to_move() == (0, 2)
    assert s.legal_actions(0) == [Answer(False)]  # the terminal may answer it for the person


def test_nobody_sees_who_has_answered_the_hammer_question_until_all_have() -> None:
    """A seat with no Hammer has nothing to decide, so its answer would come first and the seats still
    answering would be the holders. Until all have answered, everyone sees every seat asked as still
    answering (view, `seen_to_move`, observation); a seat knows its own answer."""
    s = to_tour(3, groundhog_city="bonerattle", action_top=("dragon_tamer",), wants={1: ["dragon_tamer"]})
    start_all(s, ["grumblerock", "ashpit", "mudfang"])
    tamer = next(x for x in s.view(1)["hand"] if x in copies("dragon_tamer"))
    s.apply(1, PlayCard(tamer, 0))
    before = {viewer: s.view(viewer) for viewer in (None, 1, 2)}
    s.apply(0, Answer(False))
    assert s.to_move() == (2,) and s.seen_to_move() == (0, 2)
    for viewer in (None, 1, 2):
        assert s.view(viewer) == before[viewer]
        assert s.view(viewer)["answer"] == {"chosen": [], "waiting": [0, 2]}
    assert s.view(0)["to_move"] == [2] and s.view(0)["my_answer"] is False
    assert s.undo_refusal(0) == s.undo_refusal(2) == "sealed"  # taking it back, or being refused, would tell
    with pytest.raises(IllegalAction, match="sealed"):
        s.undo(0)
    encoder = TrollFestEncoder(3, s.options)
    assert np.array_equal(encoder.encode_state(s, 1), encoder.encode(s.view(1)))
    s.apply(2, Answer(False))
    assert s.secret_step() is None and s.seen_to_move() == s.to_move()


@pytest.mark.parametrize("players", [3, 4, 6])
def test_at_the_festival_only_a_seat_with_a_choice_is_asked(players: int) -> None:
    """'Reveal the action cards you still have in hand.' With hands open, asking a seat without a
    Hammer, or giving a turn to a seat without a Festival card, asks nothing anyone could not answer
    for it: such seats are passed. In seeded random games, at every Festival decision, the seat
    asked holds what its question is about."""
    asked_at_festival = 0
    for seed in range(4):
        s = new(players, seed=seed)
        rng = Rng(seed)
        while not s.is_over():
            view = s.view(None)
            movers = s.to_move()
            if view["phase"] == "festival":
                asked_at_festival += 1
                if view["answer"] is not None:
                    owner = view["stack"][-1][0]
                    assert set(movers) <= hammer_holders(view, range(players)) - {owner}
                else:
                    hand = view["hands"][view["turn"]]
                    assert any(C.action(x).kind == "festival" for x in hand)
                    assert len(s.legal_actions(view["turn"])) > 1
            elif view["answer"] is not None:
                owner = view["stack"][-1][0]
                others = sorted(set(range(players)) - {owner})  # every other seat is asked, and nobody is
                assert view["answer"] == {"chosen": [], "waiting": others}  # told who has answered yet
                assert view["to_move"] == others and set(movers) <= set(others)
            p = movers[rng.below(len(movers))]
            legal = s.legal_actions(p)
            s.apply(p, legal[rng.below(len(legal))])
    assert asked_at_festival > 0


def test_the_festival_passes_a_seat_that_has_played_its_last_festival_card() -> None:
    """'Festival Action cards ... must be played after the Tour End, during the Festival' — once a
    seat has none left, it has nothing to decide and the next seat plays."""
    for seed in range(20):
        s = new(3, seed=seed)
        rng = Rng(seed)
        while not s.is_over() and s.view(None)["phase"] != "festival":
            movers = s.to_move()
            p = movers[rng.below(len(movers))]
            legal = s.legal_actions(p)
            s.apply(p, legal[rng.below(len(legal))])
        if s.is_over():
            continue
        p = s.view(None)["turn"]
        plays = [a for a in s.legal_actions(p) if isinstance(a, PlayCard)]
        if len(plays) == 1 and s.view(None)["answer"] is None:
            s.apply(p, plays[0])
            while s.view(None)["answer"] is not None:
                for q in s.to_move():
                    s.apply(q, Answer(False))
            assert s.is_over() or s.view(None)["turn"] != p
            return
    pytest.fail("no seeded game reached a Festival seat with a single Festival card")


def hammer_window(seat0: tuple[str, ...]):
    """A tour where seat 1 has just played Dragon Tamer and seat 0 holds `seat0`, seat 2 nothing
    that answers: the window in which seats 0 and 2 answer."""
    s = holding(3, s0=seat0, s1=("dragon_tamer",))
    s.apply(1, PlayCard(card(s, 1, "dragon_tamer"), 0))
    assert s.to_move() == (0, 2)
    return s


def test_a_seat_without_a_hammer_has_one_answer_and_nothing_tells_who_holds_one() -> None:
    """'The Thor's Hammer card is played out of turn, to cancel a Action card that has just been
    played by another player.' While hands are hidden, every other seat is asked: a seat holding no
    Hammer gets exactly one legal action (a front end answers it for the person), a seat holding
    one gets the real question; what any other seat sees, view and log, is the same in both cases,
    during the window and after both have let the card happen."""
    with_hammer = hammer_window(("thors_hammer",))
    without = hammer_window(("encore",))  # a card that answers nothing, in its place
    assert with_hammer.legal_actions(0) == [Answer(False), Answer(True)]
    assert without.legal_actions(0) == [Answer(False)]
    assert with_hammer.legal_actions(2) == without.legal_actions(2) == [Answer(False)]

    def seen(s) -> list:
        return [(s.view(q), [e for e in s.events if e.visible_to(q)]) for q in (None, 1, 2)]

    assert seen(with_hammer) == seen(without)
    for s in (with_hammer, without):
        s.apply(2, Answer(False))
    assert seen(with_hammer) == seen(without)
    for s in (with_hammer, without):
        s.apply(0, Answer(False))
    assert seen(with_hammer) == seen(without) and with_hammer.view(None)["dragons"][1] == [0]


def test_every_question_that_only_hides_something_has_one_answer() -> None:
    """Showing a band with nothing left to decide, and ending a turn with no Tour card to play, are
    asked so that nobody learns what the seat holds: each is a single legal action. In seeded random
    games, every question with a single answer is one of these, an answer without a Hammer, or a
    move with one road (nothing hidden)."""
    single = set()
    for seed in range(6):
        s = new(4, seed=seed)
        rng = Rng(seed)
        while not s.is_over():
            p = s.to_move()[rng.below(len(s.to_move()))]
            legal = s.legal_actions(p)
            if len(legal) == 1:
                single.add(type(legal[0]).__name__ if not isinstance(legal[0], Answer) else "Answer(False)")
                assert legal[0] in (ShowBand(), EndTurn(), Answer(False)) or isinstance(legal[0], (Move, DropArtist))
            s.apply(p, legal[rng.below(len(legal))])
    assert {"ShowBand", "EndTurn", "Answer(False)"} <= single
