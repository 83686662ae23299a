"""What a game of Drum Roll keeps instead of working it out at each decision stays what working it
out answers, at every decision of random games (and of determinized copies of them)."""

from __future__ import annotations

import pytest

from bigtop import games
from bigtop.core.rng import Rng
from bigtop.games.drumroll.actions import Place, Play
from bigtop.games.drumroll.cards import playable
from bigtop.games.drumroll.data import COLORS
from bigtop.games.drumroll.phases.markers import to_decide
from bigtop.games.drumroll.state import DrumRollState


def _states(players: int, seed: int):
    """Every state of a random game, and now and then a determinized copy played on a few steps."""
    rng = Rng(seed)
    s = games.get("drumroll").new(players, seed=seed)
    while not s.is_over():
        yield s
        seat = s.to_move()[rng.below(len(s.to_move()))]
        if rng.below(40) == 0:
            copy = s.determinize(seat, rng.fork())
            for _ in range(5):
                if copy.is_over():
                    break
                yield copy
                q = copy.to_move()[0]
                legal = copy.legal_actions(q)
                copy.apply(q, legal[rng.below(len(legal))])
        legal = s.legal_actions(seat)
        s.apply(seat, legal[rng.below(len(legal))])


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_the_markers_to_carry_out_stay_those_that_would_do_something(players: int, seed: int) -> None:
    seen = 0
    for s in _states(players, seed):
        if s.sealed_kind == "carry_out":
            assert s.deciding == to_decide(s)  # worked out again now: nothing changed it since
            seen += 1
    assert seen > 0


def _places_by_the_rules(s: DrumRollState, p: int) -> list[Place]:
    cubes_taken = {slot for _, slot in s.markers if slot in COLORS}
    mine = [slot for q, slot in s.markers if q == p]
    full = len(cubes_taken) >= s.players
    unblock = any(s.content.investments[x].kind == "unblock" for x in s.hands[p])
    out = [Place("pass")]
    out += [Place(col) for col in COLORS if not full and col not in cubes_taken]
    out += [Place(col, True) for col in COLORS if unblock and (full or col in cubes_taken)]
    if mine.count("tickets") < 2 and s.tickets[p] + mine.count("tickets") < len(s.content.tickets):
        out.append(Place("tickets"))
    out += [Place(slot) for slot, most in (("invest", 2), ("performer", 1), ("personnel", 1)) if mine.count(slot) < most]
    return out


@pytest.mark.parametrize(("players", "seed"), [(2, 4), (3, 5), (4, 6)])
def test_the_shared_lists_of_the_marker_prompt_stay_what_the_rules_list(players: int, seed: int) -> None:
    seen = 0
    for s in _states(players, seed):
        if s.prompts and s.prompts[-1].kind == "place":
            p = s.prompts[-1].seat
            legal = s.legal_actions(p)
            assert legal == _places_by_the_rules(s, p) + [Play(x) for x in playable(s, p, "place")]
            seen += 1
    assert seen > 0


def test_hiring_costs_the_card_s_cost_minus_its_discount_tokens_down_to_free() -> None:
    """"Hire Performer: The player may hire 1 performer for their hiring cost (minus any discount
    tokens)", and a card "can end up being offered for free". `cost` reads the cost from a table
    kept per content: every card, with every number of tokens up to past its cost."""
    s = games.get("drumroll").new(3, seed=0)
    cards = {**s.content.personnel, **s.content.performers}
    for card, entry in cards.items():
        for tokens in range(entry.cost + 2):
            s.discount[card] = tokens
            assert s.cost(card) == max(0, entry.cost - tokens)
        del s.discount[card]
        assert s.cost(card) == entry.cost
