"""The visibility declaration: what each seat is shown of every zone, and what a determinization
deals again."""

from __future__ import annotations

import copy
from types import SimpleNamespace

from bigtop.core import Rng
from bigtop.core.visibility import HIDDEN, OWNER, PUBLIC, Visibility, Zone

# Cards 0-19 are red, 100-119 blue: a red card never stands in for a blue one.
ZONES = Visibility(
    Zone("deck", HIDDEN, size=("decks", "red")),
    Zone("blue_decks", HIDDEN, group=True),
    Zone("hands", OWNER, per_seat=True, own="hand", every="hands", size="hand_sizes", opens=lambda s: s.over),
    Zone("market", OWNER, owner=lambda s: s.turn, own="market", size="market_size"),
    Zone("peek", OWNER, single=True, owner=lambda s: s.turn, own="peek", size="peeked"),
    Zone("table", PUBLIC, every="table"),
    pool=lambda card: "blue" if card >= 100 else "red",
)


def table(over: bool = False) -> SimpleNamespace:
    return SimpleNamespace(
        deck=[0, 1, 2, 3], blue_decks=[[100, 101], [102]], hands=[[4, 5], [6, 103], [7]], market=[8, 9],
        peek=10, table=[11, 12], turn=1, over=over,
    )


def test_a_spectator_sees_sizes_and_public_zones_only() -> None:
    assert ZONES.show(table(), None) == {
        "decks": {"red": 4}, "hand_sizes": [2, 2, 1], "hands": None, "market_size": 2, "peeked": True,
        "table": [11, 12],
    }


def test_a_seat_sees_its_own_places_and_what_it_owns_now() -> None:
    seat0, seat1 = ZONES.show(table(), 0), ZONES.show(table(), 1)
    assert seat0["hand"] == [4, 5] and seat0["market"] == [] and seat0["peek"] == -1 and seat0["hands"] is None
    assert seat1["hand"] == [6, 103] and seat1["market"] == [8, 9] and seat1["peek"] == 10


def test_an_opened_zone_is_shown_to_everyone() -> None:
    assert ZONES.show(table(over=True), None)["hands"] == [[4, 5], [6, 103], [7]]


def test_unseen_lists_every_place_the_viewer_cannot_see() -> None:
    fields = lambda viewer: [(zone.field, place) for zone, place in ZONES.unseen(table(), viewer)]  # noqa: E731
    assert fields(1) == [("deck", [0, 1, 2, 3]), ("blue_decks", [100, 101]), ("blue_decks", [102]),
                         ("hands", [4, 5]), ("hands", [7])]
    assert ("market", [8, 9]) in fields(0) and ("peek", [10]) in fields(None)


def test_resampling_keeps_what_the_viewer_knows_and_deals_the_rest_again_within_each_pool() -> None:
    true = table()
    changed = False
    for seed in range(20):
        state = copy.deepcopy(true)
        ZONES.resample(state, 0, Rng(seed))
        assert ZONES.show(state, 0) == ZONES.show(true, 0)  # the viewer cannot tell the difference
        assert state.hands[0] == [4, 5] and state.table == [11, 12]
        assert state.blue_decks[0][0] >= 100 and state.hands[1][1] >= 100 and state.hands[1][0] < 100
        everything = [*state.deck, *sum(state.blue_decks, []), *sum(state.hands, []), *state.market, state.peek]
        assert sorted(everything) == sorted([*true.deck, 100, 101, 102, *sum(true.hands, []), *true.market, true.peek])
        changed |= state.peek != true.peek or state.hands[2] != true.hands[2]
    assert changed


def test_nothing_is_dealt_again_once_everything_is_open_to_the_viewer() -> None:
    state = table(over=True)
    state.deck, state.blue_decks, state.market, state.peek = [], [], [], -1
    before = copy.deepcopy(state)
    ZONES.resample(state, 2, Rng(1))
    assert state == before


def test_a_reserve_deck_gives_its_cards_to_the_places_and_keeps_the_rest_unshuffled_in_it() -> None:
    hands_only = Visibility(*(zone for zone in ZONES.zones if zone.field in ("hands", "market", "peek")), pool=ZONES.pool)
    seen_in_hands = set()
    for seed in range(40):
        state = table()
        reserve = {"red": state.deck, "blue": [104, 105]}
        hands_only.resample(state, 0, Rng(seed), reserve=reserve)
        assert state.hands[0] == [4, 5] and len(state.hands[2]) == 1 and len(state.market) == 2
        assert state.hands[1][1] >= 100 and state.hands[1][0] < 100  # each card stays in its pool
        red = [*state.hands[1][:1], *state.hands[2], *state.market, state.peek, *state.deck]
        assert sorted(red) == [0, 1, 2, 3, 6, 7, 8, 9, 10] and len(state.deck) == 4  # the deck keeps the rest
        assert sorted([state.hands[1][1], *reserve["blue"]]) == [103, 104, 105]
        seen_in_hands.update(state.hands[2])
    assert seen_in_hands & {0, 1, 2, 3}  # a deck's card may come into a hand


def test_a_pool_given_for_the_call_replaces_the_declared_one() -> None:
    mixed = False
    for seed in range(20):
        state = table()
        ZONES.resample(state, 0, Rng(seed), pool=lambda card: "one pool")
        everything = [*state.deck, *sum(state.blue_decks, []), *sum(state.hands[1:], []), *state.market, state.peek]
        assert sorted(everything) == sorted([0, 1, 2, 3, 100, 101, 102, 6, 103, 7, 8, 9, 10])
        assert state.hands[0] == [4, 5]
        mixed |= any(card < 100 for deck in state.blue_decks for card in deck)
    assert mixed  # one pool for all: a red card may take a blue deck's place
