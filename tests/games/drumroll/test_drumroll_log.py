"""Drum Roll's log says what happened to every seat: what each marker brought, what each performance and
personnel member earned, discounts and discarded cards, salary skips and salaries; never a "+0" line, and a
private draw only to its seat."""

from __future__ import annotations

import re

import pytest
from drumroll_scenario import GAME, finish_distribution, place_all, position, show, vote

from bigtop.bots.match import random_playout
from bigtop.core import Rng
from bigtop.games.drumroll.actions import (
    Hire,
    Keep,
    Outstanding,
    Perform,
    Play,
    SkipSalary,
    Spend,
    TakeCube,
    Trailer,
    Vote,
)
from bigtop.games.drumroll.state import DrumRollState

NAMES = ["Ada", "Bo", "Cy", "Di"]


def lines(s: DrumRollState, since: int = 0, seat: int | None = None) -> list[str]:
    """The log from entry `since` on, as `seat` reads it (None: a spectator)."""
    return [GAME.describe_event(e, NAMES, s.options) for e in s.log.to_list()[since:] if e.visible_to(seat)]


def test_what_the_markers_bring_each_seat() -> None:
    """"Cube actions: ... players receive cubes. Sell Tickets: ... players get coins" — "Pass: ... They receive 1
    for each action they do not perform." — "each ... that was not hired during the action phase receives a
    discount token\""""
    s = position(3, {1: {"coins": 20}}, personnel_row=["orchestra", "popcorn-vendor", "general-supplier"])
    start = len(s.log)
    place_all(s, {0: ["white", "tickets", "tickets"], 1: ["performer", "red", "pass"]})
    s.apply(1, Hire("tumbler"))
    said = lines(s, start)
    assert "Ada takes 1 white cube." in said and "Bo takes 1 red cube." in said
    assert "Ada sells 2 tickets for 3 coins." in said  # the track's first two slots: 1 + 2
    assert "Bo passes with 1 marker: 1 coin." in said and "Cy passes with 3 markers: 3 coins." in said
    assert "Bo hires Tumbler for 2 coins." in said
    assert ("A discount token goes on each card left for hire: Knife Juggler, Lion Tamer, Fire Eater, Orchestra, "
            "Popcorn Vendor and General Supplier.") in said


def test_a_free_card_discarded_and_tokens_run_out_are_said() -> None:
    """"the card remains available for free hiring one last turn and then is discarded" — "If the discount tokens
    are depleted during the game, there are no further discounts\""""
    s = position(3, discounts={"fire-eater": 2})
    start = len(s.log)
    place_all(s, {})
    assert "Free for a whole turn and still not hired, discarded: Fire Eater." in lines(s, start)
    performers = ["flying-sisters", "torch-twins", "elephant-keeper", "disappearing-lady", "human-cannonball"]
    personnel = {"orchestra": 4, "general-supplier": 3, "popcorn-vendor": 3, "bank-representative": 2}
    s = position(4, performer_row=performers, personnel_row=list(personnel), discounts={x: 5 for x in performers} | personnel)
    start = len(s.log)
    place_all(s, {})
    assert "No discount token is left for Popcorn Vendor and Bank Representative." in lines(s, start)


def test_what_each_performance_and_personnel_member_earns() -> None:
    """"players give a show and receive benefits" — "Orchestra: Gain 2 prestige points after each show." —
    "Popcorn Vendor: Earn 3 coins after each show." — "Spend any cube to get 4 coins.\""""
    s = show(3, {0: {"coins": 10, "storage": {"red": 1}, "personnel": ["orchestra", "popcorn-vendor"], "performers": [
        {"id": "rope-walker", "cubes": ["red", "yellow"]}, {"id": "bear-trainer", "cubes": ["green", "white", "blue"]},
        {"id": "giant", "cubes": ["blue", "green", "yellow"]}]}}, regions=["vienna", "paris", "rome"])
    start = len(s.log)
    s.apply(0, Perform("rope-walker"))
    s.apply(0, Perform("bear-trainer"))
    s.apply(0, Outstanding(False))
    s.apply(0, Spend("red"))
    s.apply(0, Outstanding(False))  # the Giant, the last, went on unasked: a trailer, and a salary skip
    s.apply(0, Trailer("giant"))  # the show over, the salary skip is asked for
    s.apply(0, SkipSalary("giant"))
    said = lines(s, start)
    assert said[:4] == ["Ada: Rope Walker performs (good).", "Ada gains 4 coins from Rope Walker.",
                        "Ada: Bear Trainer performs (outstanding).", "Ada spends a red cube for 4 coins."]
    assert "Ada gains 1 salary skip from Giant." in said and "Ada puts a trailer on Giant." in said
    assert "Ada gains 2 prestige from Orchestra." in said and "Ada gains 3 coins from Popcorn Vendor." in said
    giant = GAME.content()["performers"]["giant"]["salary"]
    assert f"Ada does not pay the salary of Giant ({giant - 1} coins)." in said  # 1 less with its trailer
    assert not any("region" in line for line in said)  # Vienna: tamers and bizarre, one of each: nothing, not "+0"
    assert any(line.startswith("Ada pays ") and line.endswith(" of salaries.") for line in said)


def test_unpaid_salaries_and_no_performance_say_what_they_cost() -> None:
    """"For every coin a player cannot pay, they lose 1." — "The player must pay the performer's hiring cost as
    compensation and lose 1.\""""
    s = show(3, {0: {"coins": 1, "performers": ["tumbler", {"id": "rope-walker", "cubes": ["red"]}]}})
    start = len(s.log)
    s.apply(0, Perform("tumbler"))  # then the Rope Walker, the last, unasked, and the show is over
    said = lines(s, start)
    assert "Ada fires Tumbler (no performance: 1 coin of compensation paid, 2 prestige lost)." in said
    assert "Ada owes 4 coins of salaries, pays 3 coins and loses 1 prestige for the rest." in said


def test_no_line_says_nothing_was_gained() -> None:
    """Random games: no "+0", "0 coins" or "0 prestige" gain, region bonus, salary payment or end bonus."""
    empty = re.compile(r"\b(gains|earns|scores|pays) 0 |for 0 (coins|prestige)")
    for players in (2, 3, 4):
        state = GAME.new(players, seed=10 + players)
        random_playout(state, Rng(players))
        said = lines(state)
        assert not [line for line in said if empty.search(line) or "+0" in line]
        kinds = {e.kind for e in state.log.to_list()}
        assert {"cubes_taken", "passed", "discounted"} <= kinds
        assert kinds & {"salaries", "salaries_unpaid", "salaries_none_paid"}


@pytest.mark.parametrize("viewer", [None, 1])
def test_a_card_kept_after_a_look_is_said_to_its_seat_only(viewer: int | None) -> None:
    """"Look at the top 3 cards of the investment deck and keep 1. Put the rest on the bottom": everyone reads that
    a card was kept, only the seat reads which."""
    s = show(3, {0: {"performers": [{"id": "card-magician", "cubes": ["blue", "yellow", "green"]}]}},
             options={"investment_order": ("extra-income-1", "trailer-1", "fire-1")})
    start = len(s.log)
    s.apply(0, Outstanding(False))  # the Card Magician, seat 0's only performer, went on unasked
    s.apply(0, Keep("trailer-1"))
    said = lines(s, start, viewer)
    assert "Ada keeps 1 of the 3 investment cards looked at and puts the rest under the deck." in said
    assert not [line for line in said if "Trailer" in line or "Extra Income" in line]
    assert "You keep Trailer." in lines(s, start, 0)


def test_cards_played_say_what_they_brought() -> None:
    """"Extra Income: You get 4 coins." — "Extra Resources: Get any one cube or two cubes of the shown color.\""""
    s = position(3, {0: {"hand": ["extra-income-1", "extra-red-1"]}})
    start = len(s.log)
    s.apply(0, Play("extra-income-1"))
    s.apply(0, Play("extra-red-1"))
    s.apply(0, TakeCube("red", 2))
    assert lines(s, start) == ["Ada plays Extra Income.", "Ada gains 4 coins from Extra Income.",
                               "Ada plays Extra Resources (red).", "Ada takes 2 red cubes."]
    finish_distribution(s)


def test_a_late_delay_vote_says_what_it_costs() -> None:
    """"The players who voted for a delay on the 6th turn lose 1." — the log says so, after the vote's result."""
    s = vote(3, turn=6)
    start = len(s.log)
    for p, delay in enumerate((True, False, False)):
        s.apply(p, Vote(delay))
    said = lines(s, start)
    result = said.index("Vote: 1 to delay, 2 to start: the show starts.")
    assert said[result + 1] == "Ada loses 1 prestige for voting to delay the show after turn 6.", said


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_log_adds_up_to_every_seats_prestige(players: int) -> None:
    """Random games: each seat's prestige gained and lost, as the log's entries give it, adds up to its final
    prestige: no gain or loss goes unsaid."""
    for seed in range(8):
        state = GAME.new(players, seed=100 * players + seed)
        random_playout(state, Rng(seed))
        logged = [0] * players
        for e in state.log.to_list():
            if isinstance(e.data.get("seat"), int):
                logged[e.data["seat"]] += e.data.get("prestige", 0) - e.data.get("lost", 0)
        assert logged == list(state.scores()), (seed, logged)


def test_the_end_bonuses_say_what_they_were_scored_on_and_the_last_line_names_every_total() -> None:
    """"Largest Show. The player with the most performers in their circus when the game ends." — the
    log says how many performers (and a tie), what a Bank Representative held, and ends with each
    seat's final prestige by name."""
    for seed in range(6):
        state = GAME.new(3, seed=200 + seed)
        random_playout(state, Rng(seed))
        said = lines(state)
        sizes = [len(state.circus[p]) for p in range(3)]
        assert said[-1] == f"Final prestige: Ada {state.prestige[0]}, Bo {state.prestige[1]}, Cy {state.prestige[2]}."
        for p, name in enumerate(NAMES[:3]):
            for line in (x for x in said if x.startswith(f"{name} scores") and "Largest Show" in x):
                tied = ", tied" if sizes.count(sizes[p]) > 1 else ""
                assert line.endswith(f"Largest Show (the most performers{tied}: {sizes[p]}).")
            for line in (x for x in said if x.startswith(f"{name} scores") and "Bank Representative" in x):
                assert f"({state.bank[p]} coin" in line
        assert "The last show is over: final scoring." in said
