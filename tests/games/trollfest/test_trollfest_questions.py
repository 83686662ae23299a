"""Who Troll Fest asks, and what: a seat is asked only a question that is a decision for it, or the
same question as every other seat when asking fewer would tell who holds a card."""

from __future__ import annotations

import pytest
from trollfest_scenario import C, copies, new, start_all, to_tour

from bigtop.core import Rng
from bigtop.games.trollfest.actions import Answer, PlayCard


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
                assert set(view["answer"]["chosen"]) | set(movers) == set(range(players)) - {owner}
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
