"""Determinized copies of Drum Roll: whole, consistent games that keep everything the seat knows."""

from __future__ import annotations

import json
import pickle

import pytest
from drumroll_scenario import ALL_INVESTMENTS, end_show, place_all, position, show

from bigtop import games
from bigtop.core import Rng
from bigtop.games.drumroll.actions import CarryOut, Done, Invest, Keep, Move, Outstanding, Play
from bigtop.games.drumroll.state import DrumRollState

GAME = games.get("drumroll")


def random_step(state: DrumRollState, rng: Rng) -> None:
    movers = state.to_move()
    p = movers[rng.below(len(movers))]
    legal = state.legal_actions(p)
    state.apply(p, legal[rng.below(len(legal))])


def play_out_checked(state: DrumRollState, rng: Rng, bound: int = 5000) -> None:
    """Random moves to the end, the conservation laws checked after every one."""
    moves = 0
    while not state.is_over():
        random_step(state, rng)
        state.check_invariants()
        moves += 1
        assert moves <= bound, "a determinized copy did not end"


def view_json(state: DrumRollState, player: int | None) -> str:
    return json.dumps(state.view(player), sort_keys=True)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_determinized_copies_play_to_the_end(players: int) -> None:
    """At many points of random games, for every seat: the copy shows that seat (and a spectator)
    exactly what the true game shows, leaves the true game untouched, and plays on to its end with
    every card, cube and token where it belongs."""
    every = 8 * players  # longer games with more seats: fewer points, about as many copies
    for seed in range(5):
        state = GAME.new(players, seed=seed)
        rng = Rng(1000 * players + seed)
        step = 0
        while not state.is_over():
            if step % every == 5 * seed % every:
                before = state.snapshot()
                spectator = view_json(state, None)
                for p in range(players):
                    mine = view_json(state, p)
                    copy = state.determinize(p, rng.fork())
                    assert view_json(copy, p) == mine, f"seed {seed} move {step}: determinize({p}) changed view({p})"
                    assert view_json(copy, None) == spectator
                    copy.check_invariants()
                    play_out_checked(copy, rng.fork())
                assert state.snapshot() == before, "determinize touched the true state"
            random_step(state, rng)
            step += 1


def test_cards_put_back_stay_where_the_seat_knows_them() -> None:
    """The Card Magician's owner put two cards at the bottom of the deck: its copies keep them there,
    and when another seat draws one, in that seat's hand; other seats' copies may hold anything there."""
    looked = ("extra-income-1", "trailer-1", "fire-1")
    s = show(3, {0: {"performers": [{"id": "card-magician", "cubes": ["blue", "yellow", "green"]}]}},
             discards={"investment": [x for x in ALL_INVESTMENTS if x not in looked + ("unblock-1", "unblock-2")]},
             options={"investment_order": (*looked, "unblock-1", "unblock-2")})
    s.apply(0, Outstanding(False))  # the Card Magician, seat 0's only performer, went on unasked
    s.apply(0, Keep("trailer-1"))
    bottom = s.inv_deck[:2]
    assert bottom == ["extra-income-1", "fire-1"]
    rng = Rng(5)
    assert all(s.determinize(0, rng.fork()).inv_deck[:2] == bottom for _ in range(30))
    assert any(s.determinize(1, rng.fork()).inv_deck[:2] != bottom for _ in range(30))
    # the deck runs down to those two; seat 1 draws the top one (the Fire card)
    end_show(s)
    place_all(s, {1: ["invest", "invest"], 2: ["invest"]})
    for p in (1, 2, 1):
        s.apply(p, Invest())
    assert s.view(1)["seats"][1]["hand"] == ["unblock-1", "fire-1"] and s.view(2)["seats"][2]["hand"] == ["unblock-2"]
    s.check_invariants()
    for _ in range(30):
        copy = s.determinize(0, rng.fork())
        assert copy.hands[1][1] == "fire-1" and copy.inv_deck == ["extra-income-1"]
        copy.check_invariants()
    assert any(s.determinize(2, rng.fork()).hands[1][1] != "fire-1" for _ in range(30))


def test_others_finished_distribution_is_redrawn_legally() -> None:
    """Seat 0 has moved its cubes in secret and is done: seat 1's copies give seat 0 some legal
    distribution (not necessarily the true one); seat 0's own copies keep it."""
    s = position(3, {0: {"performers": ["rope-walker"], "storage": {"red": 1, "yellow": 1, "white": 1}},
                     1: {"performers": ["tumbler"], "storage": {"green": 1}},
                     2: {"performers": ["unicyclist"], "storage": {"blue": 1}}})
    place_all(s, {})
    s.apply(0, Move("rope-walker", "red"))
    s.apply(0, Move("rope-walker", "yellow"))
    s.apply(0, Done())
    rng = Rng(9)
    seen = set()
    for _ in range(40):
        copy = s.determinize(1, rng.fork())
        assert copy.to_move() == (1, 2) and copy.sealed is not None and 0 in copy.sealed.choices
        seen.add(tuple(map(str, copy.work[0].ops)))
        for p in (1, 2):
            copy.apply(p, Done())
        copy.check_invariants()
        assert sum(copy.storage[0]) + sum(x is not None for x in copy.filled["rope-walker"]) == 3
    assert len(seen) > 1
    mine = s.determinize(0, rng.fork())
    assert mine.work[0].ops == [Move("rope-walker", "red"), Move("rope-walker", "yellow")]


def test_others_sealed_carry_out_choices_are_redrawn() -> None:
    """Seat 0 has declined its red marker in secret: seat 1's copies may carry it out or not; seat 0's keep it."""
    s = position(3)
    place_all(s, {0: ["red"], 1: ["blue"]}, carry_out=False)
    s.apply(0, CarryOut())
    rng = Rng(4)
    seen = set()
    for _ in range(30):
        copy = s.determinize(1, rng.fork())
        assert copy.to_move() == (1,) and copy.sealed is not None
        seen.add(copy.sealed.choices[0])
        assert view_json(copy, 1) == view_json(s, 1) and view_json(copy, None) == view_json(s, None)
        play_out_checked(copy, rng.fork())
    assert seen == {(True,), (False,)}
    assert s.determinize(0, rng.fork()).sealed.choices[0] == (False,)


def test_copy_forgets_the_legal_actions_of_the_true_game() -> None:
    """Seat 0's playable cards are listed (and cached) in the true game; a copy for seat 1 that gives
    seat 0 other cards lists seat 0's moves from those cards."""
    s = position(3, {0: {"hand": ["extra-income-1"]}})
    assert Play("extra-income-1") in s.legal_actions(0)
    rng = Rng(2)
    for _ in range(30):
        copy = s.determinize(1, rng.fork())
        plays = {a.card for a in copy.legal_actions(0) if isinstance(a, Play)}
        assert plays <= set(copy.hands[0])


def test_a_copy_deals_its_decks_at_random_one_card_at_a_time() -> None:
    """A copy's decks are in a fixed order that tells nothing of the true one (sorted); each card
    dealt is drawn among those left, so the next performer varies from copy to copy while the true
    game's deck order and its next deal stay as they were."""
    s = GAME.new(3, seed=3)
    rng = Rng(11)
    while any(s.draft):  # past the draft, no performer is in a hand
        random_step(s, rng)
    deck = list(s.perf_deck)
    firsts = set()
    for _ in range(40):
        copy = s.determinize(0, rng.fork())
        assert copy.perf_deck == sorted(deck) and copy.unsettled["perf"] == len(deck)
        drawn = [copy.draw("perf") for _ in range(len(deck))]
        assert sorted(drawn) == sorted(deck) and copy.unsettled["perf"] == 0
        firsts.add(drawn[0])
    assert len(firsts) > 10
    assert s.perf_deck == deck and s.unsettled == {"perf": 0, "pers": 0, "inv": 0}
    assert s.draw("perf") == deck[-1]


def test_a_copy_deals_the_cards_put_under_its_deck_last() -> None:
    """Cards put at the bottom of a copy's deck (a Card Magician's look) come after every card
    whose order is not settled."""
    s = GAME.new(3, seed=4)
    copy = s.determinize(1, Rng(2))
    deck = list(copy.inv_deck)
    copy.inv_deck[:0] = ["put-back-1", "put-back-2"]  # as the look does: the first one put is dealt last
    drawn = [copy.draw("inv") for _ in range(len(deck) + 2)]
    assert sorted(drawn[:len(deck)]) == sorted(deck) and drawn[len(deck):] == ["put-back-2", "put-back-1"]


def test_a_copy_pickles_and_deals_on_the_same_way() -> None:
    """A determinized copy goes to a worker process (a bot's move at a web table) whole: unpickled,
    it deals the same cards as the copy it came from."""
    s = GAME.new(3, seed=8)
    copy = s.determinize(2, Rng(3))
    again = pickle.loads(pickle.dumps(copy))
    assert again.unsettled == copy.unsettled and again.unsettled["inv"] > 0
    assert [again.draw("inv") for _ in range(5)] == [copy.draw("inv") for _ in range(5)]
