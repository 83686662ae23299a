"""Drum Roll's observation encoder: what lands where, seat-relative, and what a seat may not see.

Every check encodes through both paths (`encode(view)` and the fast `encode_state`) and asserts they
agree; tests/rl/test_rl_encoders.py checks that agreement over whole random games."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from bigtop import games
from bigtop.core import Rng
from bigtop.games.drumroll import decisions
from bigtop.games.drumroll.actions import Keep, Move
from bigtop.games.drumroll.observation import (
    COINS_SCALE,
    EFFECTS,
    PROMPTS,
    SEALED,
    STEPS,
    DrumRollEncoder,
)
from bigtop.games.drumroll.state import DrumRollState
from bigtop.rl.encoding import encoder_for

GAME = games.get("drumroll")
OPTIONS = GAME.parse_options(None)


def encoder(players: int) -> DrumRollEncoder:
    return encoder_for(GAME, players, OPTIONS)


def observe(state: DrumRollState, seat: int) -> np.ndarray:
    """What `seat` observes, through both paths (which must agree)."""
    enc = encoder(state.players)
    vector = enc.encode(state.view(seat))
    assert np.array_equal(enc.encode_state(state, seat), vector)
    return vector


def at(players: int, block: str, field: str, row: int = 0) -> int:
    return encoder(players).layout.at(block, field, row)


def card_row(players: int, block: str, card: str) -> int:
    """The row of `card` in a card block: its index in the game's content."""
    content = GAME.content(OPTIONS)
    return list(content[block]).index(card)


def play_until(players: int, seed: int, done: Callable[[DrumRollState], bool]) -> DrumRollState:
    """Random play (seeded) until `done(state)`."""
    state = GAME.new(players, seed=seed)
    rng = Rng(seed)
    while not done(state):
        assert not state.is_over(), "the game ended first"
        seat = min(state.to_move())
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.below(len(legal))])
    return state


def prompt_is(kind: str) -> Callable[[DrumRollState], bool]:
    return lambda s: (s.view(None)["prompt"] or {}).get("kind") == kind


def sealed_is(kind: str) -> Callable[[DrumRollState], bool]:
    return lambda s: (s.view(None)["sealed"] or {}).get("kind") == kind


def test_one_shape_for_every_player_count_within_its_bounds() -> None:
    shapes = {encoder(n).shape for n in (2, 3, 4)}
    assert len(shapes) == 1
    enc = encoder(3)
    assert enc.layout.size == enc.shape[0]
    assert enc.low.shape == enc.high.shape == enc.shape and np.all(enc.low <= enc.high)
    # only prestige may be negative
    negative = np.flatnonzero(enc.low < 0).tolist()
    assert negative == [at(3, "prestige", f"seat{r}") for r in range(4)]


def test_one_encoder_is_built_per_players_and_options() -> None:
    assert isinstance(encoder(3), DrumRollEncoder) and encoder(3) is encoder(3)
    assert encoder(3) is not encoder(4)


def test_counts_are_seat_relative_scaled_and_clipped() -> None:
    """Seat 1 sees its own prestige first, then seat 2's, then seat 0's; the fourth place is empty.
    Coins are divided by COINS_SCALE and clipped to 1, prestige clipped to [-1, 1]."""
    state = GAME.from_position(3, {"seats": [{"prestige": 5, "coins": 1000}, {"prestige": -10, "coins": 7},
                                             {"prestige": 20}]})
    vector = observe(state, 1)
    assert [vector[at(3, "prestige", f"seat{r}")] for r in range(4)] == pytest.approx([-0.2, 0.4, 0.1, 0], abs=1e-6)
    assert vector[at(3, "coins", "seat0")] == pytest.approx(7 / COINS_SCALE, abs=1e-6)
    assert vector[at(3, "coins", "seat2")] == 1.0  # seat 0's 1000 coins, clipped
    assert [vector[at(3, "seat_flags", "present", r)] for r in range(4)] == [1, 1, 1, 0]
    state = GAME.from_position(3, {"seats": [{"prestige": -1000}, {}, {}]})
    assert observe(state, 1)[at(3, "prestige", "seat2")] == -1.0


def test_circuses_are_one_hot_by_card_and_owner_relative_to_the_seat() -> None:
    """After the draft every seat has performers; seat 2 sees its own as "seat0" and seat 0's as "seat1"."""
    state = play_until(3, 2, sealed_is("cubes"))
    vector = observe(state, 2)
    for owner, relative in ((2, 0), (0, 1), (1, 2)):
        for card in [x["id"] for x in state.view(None)["seats"][owner]["performers"]]:
            row = card_row(3, "performers", card)
            owners = [vector[at(3, "performers", f"seat{r}", row)] for r in range(4)]
            assert owners == [float(r == relative) for r in range(4)], (card, owner)


def test_cubes_levels_flips_and_trailers_show_on_the_performer() -> None:
    state = GAME.from_position(3, {"show": 1, "seats": [{"performers": [
        {"id": "rope-walker", "cubes": ["red", "white"], "trailer": True}, {"id": "tumbler", "flipped": True}]}, {}, {}]})
    vector = observe(state, 0)

    def field(name: str, card: str = "rope-walker") -> float:
        return float(vector[at(3, "performers", name, card_row(3, "performers", card))])

    assert [field("cube1"), field("cube2"), field("cube3")] == [1, 0, 1]
    assert [field("level1"), field("level2"), field("level3")] == [1, 0, 0]  # a level needs every lower cube
    assert field("trailer") == 1 and field("flipped") == 0
    assert field("flipped", "tumbler") == 1 and field("trailer", "tumbler") == 0


def test_salaries_are_scaled_alike_on_every_performer() -> None:
    """Each performer's salary (as the view shows it) over one common maximum."""
    state = play_until(4, 3, lambda s: s.view(None)["show"] == 2 and prompt_is("place")(s))
    vector = observe(state, 0)
    ratios = set()
    for seat in state.view(0)["seats"]:
        for performer in seat["performers"]:
            encoded = vector[at(4, "performers", "salary", card_row(4, "performers", performer["id"]))]
            if performer["salary"] == 0:
                assert encoded == 0.0
            else:
                ratios.add(round(float(encoded) / performer["salary"], 6))
    assert len(ratios) == 1 and 0 < ratios.pop() <= 1


def test_own_hand_shows_and_an_opponents_hand_does_not() -> None:
    """The seat's own investment cards are in its "hand" column; two states that differ only in an
    opponent's hand (same size) encode the same for this seat."""
    state = GAME.from_position(3, {"seats": [{}, {"hand": ["fire-1"]}, {}]})
    other = GAME.from_position(3, {"seats": [{}, {"hand": ["trailer-1"]}, {}]})
    swapped = "trailer-1"
    for seat in (0, 2):
        assert np.array_equal(observe(state, seat), observe(other, seat))
    mine = observe(other, 1)
    assert mine[at(3, "investments", "hand", card_row(3, "investments", swapped))] == 1.0
    assert not np.array_equal(observe(state, 1), mine)
    assert observe(other, 0)[at(3, "investments", "hand", card_row(3, "investments", swapped))] == 0.0


def test_the_draft_pick_is_sealed() -> None:
    """At the start every seat is to choose; a seat sees its own dealt performers and its own pick,
    the others only that it has chosen."""
    state = GAME.new(3, seed=5)
    vector = observe(state, 0)
    assert vector[at(3, "flags", "sealed_draft")] == vector[at(3, "flags", "step_draft")] == 1.0
    assert [vector[at(3, "seat_flags", "sealed_waiting", r)] for r in range(3)] == [1, 1, 1]
    dealt = [state.view(p)["seats"][p]["draft"] for p in range(3)]
    for card in dealt[0]:
        assert vector[at(3, "performers", "draft", card_row(3, "performers", card))] == 1.0
    for card in dealt[1]:
        assert vector[at(3, "performers", "draft", card_row(3, "performers", card))] == 0.0
    pick = dealt[0][0]
    state.apply(0, Keep(pick))
    assert observe(state, 0)[at(3, "performers", "draft_pick", card_row(3, "performers", pick))] == 1.0
    seen = observe(state, 1)
    start, rows, fields = encoder(3).layout.blocks["performers"]
    picks = seen[start + fields.index("draft_pick"):start + rows * len(fields):len(fields)]
    assert not picks.any()
    assert seen[at(3, "seat_flags", "sealed_chosen", 2)] == 1.0  # seat 0, two seats after seat 1


def test_a_distribution_in_progress_shows_to_its_seat_only() -> None:
    """During the sealed distribution a seat's own moves show in its storage and on its performers;
    the other seats see nothing until the reveal."""
    state = play_until(3, 6, lambda s: sealed_is("distribution")(s) and any(isinstance(a, Move) for a in s.legal_actions(0)))
    before = [observe(state, seat) for seat in range(3)]
    state.apply(0, next(a for a in state.legal_actions(0) if isinstance(a, Move)))
    assert np.array_equal(observe(state, 1), before[1]) and np.array_equal(observe(state, 2), before[2])
    mine = observe(state, 0)
    assert not np.array_equal(mine, before[0])
    assert mine[at(3, "flags", "distributing")] == 1.0


def test_the_pending_prompt_and_its_seat_are_encoded() -> None:
    state = play_until(3, 7, prompt_is("place"))
    prompted = state.view(None)["prompt"]["seat"]
    for seat in range(3):
        vector = observe(state, seat)
        only_there = [float(r == (prompted - seat) % 3) for r in range(4)]
        assert vector[at(3, "flags", "prompt_place")] == 1.0
        assert [vector[at(3, "seat_flags", "prompted", r)] for r in range(4)] == only_there
        assert [vector[at(3, "seat_flags", "to_move", r)] for r in range(4)] == only_there


def test_an_effect_choice_shows_only_to_the_seat_choosing() -> None:
    state = play_until(3, 8, prompt_is("effect"))
    chooser = state.view(None)["prompt"]["seat"]
    kind = state.view(chooser)["prompt"]["data"][0]
    other = (chooser + 1) % 3
    effects = [at(3, "flags", f"effect_{k}") for k in EFFECTS]
    assert observe(state, chooser)[at(3, "flags", f"effect_{kind}")] == 1.0
    seen = observe(state, other)
    assert seen[at(3, "flags", "prompt_effect")] == 1.0 and not seen[effects].any()


def test_markers_are_a_sequence_in_placing_order() -> None:
    state = play_until(4, 9, lambda s: len(s.view(None)["markers"]) >= 3)
    vector = observe(state, 3)
    for i, (seat, slot) in enumerate(state.view(None)["markers"]):
        assert vector[at(4, "markers", slot, i)] == 1.0
        assert vector[at(4, "markers", f"seat{(seat - 3) % 4}", i)] == 1.0


def test_the_card_catalog_is_ignored() -> None:
    state = play_until(2, 10, prompt_is("place"))
    view: dict[str, Any] = state.view(0)
    without = {k: v for k, v in view.items() if k != "catalog"}
    assert np.array_equal(encoder(2).encode(view), encoder(2).encode(without))


def test_every_step_prompt_and_sealed_choice_of_the_rules_has_a_place() -> None:
    assert set(decisions.STEPS) <= set(STEPS)
    assert set(decisions.PROMPTS) == set(PROMPTS)
    assert set(decisions.SEALED) == set(SEALED)
