"""Who may see what in a game of Drum Roll: one declaration, read by the view and by `determinize`.

Every field of the state is public, owner-only or hidden:

- `ZONES` are the places that hold cards someone cannot see: the three decks (hidden: their order;
  their sizes are public), and per seat the investment hand, the investment cards it is looking at and
  its dealt starting performers (the owner's only; a hand's size is public). The view shows a seat its
  own places under `key`; `resample` deals every card a seat cannot see anew among the places it cannot
  see, one pool per kind of card (`pool`).
- `SEALED_WORK` holds the sealed choices in progress: the owner's only; each sealed step shows its seat
  its own work (`SealedStep.own_view`) and redraws the others' (`SealedStep.redraw`).
- `PUBLIC` is everything else.

`tests/games/drumroll/test_drumroll_visibility.py` checks that every field of a state is declared here
exactly once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, NamedTuple

from bigtop.core import Rng

if TYPE_CHECKING:
    from .state import DrumRollState

Seen = Literal["owner", "hidden"]


class Zone(NamedTuple):
    """A field of the state holding cards some seat cannot see: a deck (`hidden`, one list) or one list
    per seat (`owner`). `pool`: which cards may stand in for one another; `key`: where the view shows a
    seat its own list; `size`: where the view shows everyone a deck's size (under `decks`)."""

    field: str
    seen: Seen
    pool: str
    key: str | None = None
    size: str | None = None


ZONES = (
    Zone("inv_deck", "hidden", "investment", size="investment"),
    Zone("hands", "owner", "investment", key="hand"),
    Zone("looking", "owner", "investment", key="looking"),
    Zone("perf_deck", "hidden", "performer", size="performer"),
    Zone("draft", "owner", "performer", key="draft"),
    Zone("pers_deck", "hidden", "personnel", size="personnel"),
)
POOLS = ("investment", "performer", "personnel")
DECKS = {"investment": "inv", "performer": "perf", "personnel": "pers"}
"""Each pool's deck, by the name `DrumRollState.draw` knows it by."""
KNOWN = {"investment": "inv_known"}
"""Per pool, the field that says which seats (besides its holder) know where a card is: a seat that put
looked-at cards back under the deck knows them there, and sees where they go when drawn."""

_POOL_PLACES = tuple(
    (pool, next(z.field for z in ZONES if z.pool == pool and z.seen == "hidden"),
     tuple(z.field for z in ZONES if z.pool == pool and z.seen == "owner"))
    for pool in POOLS
)
"""Per pool: its deck's field, and the fields of its owner-only zones, in `ZONES` order."""

SEALED_WORK = ("sealed", "sealed_kind", "work")
"""The sealed choices in progress: who has chosen is public, what each chose its owner's only."""

PUBLIC = (
    "content", "nums", "coins", "prestige", "earned", "stock", "storage", "circus", "filled", "flipped",
    "trailers", "trailer_stock", "staff", "bank", "perf_discard", "pers_discard", "inv_discard", "inv_known",
    "perf_row", "pers_row", "discount", "discount_stock", "regions", "tickets", "show", "turn", "start",
    "next_start", "organizer_block", "markers", "place_i", "deciding", "queue", "prompts", "skips", "skipped", "levels",
    "show_i", "votes", "double", "vote_log", "over", "details", "step", "movers", "unsettled",
)
"""Everything else on the table. (`inv_known` says who knows what, which is public; `votes` and `double`
hold a vote only once it is revealed; a prompt's data is its seat's only where `view.PRIVATE_PROMPTS` says.)"""


def own_cards(s: DrumRollState, p: int) -> dict[str, list[str]]:
    """Seat p's own lists of the owner-only zones, by view key."""
    return {zone.key: list(getattr(s, zone.field)[p]) for zone in ZONES if zone.seen == "owner" and zone.key}


def seen_by(s: DrumRollState, p: int | None, pool: str) -> list[str]:
    """The cards of `pool` that seat p (None: a spectator) sees in owner-only zones: its own."""
    if p is None:
        return []
    return [x for zone in ZONES if zone.seen == "owner" and zone.pool == pool for x in getattr(s, zone.field)[p]]


def deck_sizes(s: DrumRollState) -> dict[str, int]:
    """Every hidden zone's size, by its `size` name."""
    return {zone.size: len(getattr(s, zone.field)) for zone in ZONES if zone.size}


def resample(s: DrumRollState, player: int | None, rng: Rng) -> None:
    """In `s` (a copy), deal anew every card `player` cannot see: per pool, the cards of the hidden zones
    and of the other seats' owner-only zones, except those whose place `player` knows. What other seats
    know of a place stays with the place.

    Where nobody knows the place of any card of a pool (the common case), only the other seats' cards
    are drawn now, from the whole pool; the deck left is put in a fixed order (sorted: it tells
    nothing) and its cards are drawn one at a time as the copy deals them (`DrumRollState.unsettled`),
    which costs a draw per card dealt instead of a shuffle of the deck."""
    others = [q for q in range(s.players) if q != player]
    for pool, deck_field, owner_fields in _POOL_PLACES:
        deck: list[str] = getattr(s, deck_field)
        owned = [getattr(s, field)[q] for field in owner_fields for q in others]
        known = getattr(s, KNOWN[pool]) if pool in KNOWN else None
        if known:
            _deal_anew([deck, *owned], known, player, rng)
            s.unsettled[DECKS[pool]] = 0
        else:
            _deal_owned(deck, owned, rng)
            s.unsettled[DECKS[pool]] = len(deck)


def _deal_owned(deck: list[str], owned: list[list[str]], rng: Rng) -> None:
    """Deal the cards of the `owned` lists anew from them and `deck` (each place a card drawn from
    what is left), then sort the deck."""
    size = sum(map(len, owned))
    if size:
        pool = [card for cards in owned for card in cards] + deck
        rng.sample_front(pool, size)
        start = 0
        for cards in owned:
            cards[:] = pool[start:start + len(cards)]
            start += len(cards)
        deck[:] = pool[size:]
    deck.sort()


def _deal_anew(piles: list[list[str]], known: dict[str, tuple[int, ...]], player: int | None, rng: Rng) -> None:
    """Deal the cards of `piles` anew among their places, but for those whose place `player` knows
    (`known`: card -> the seats that know where it is); what others know of a place stays with it."""
    places: list[tuple[list[str], int]] = []
    pool: list[str] = []
    marks: list[tuple[int, ...] | None] = []
    for cards in piles:
        for i, card in enumerate(cards):
            if player is not None and player in known.get(card, ()):
                continue
            places.append((cards, i))
            pool.append(card)
            marks.append(known.pop(card, None))
    rng.sample_shuffle(pool)
    for (cards, i), card, mark in zip(places, pool, marks, strict=True):
        cards[i] = card
        if mark:
            known[card] = mark
