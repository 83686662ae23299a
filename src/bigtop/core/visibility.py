"""Who sees which cards: a game declares once, for every place of its state that holds cards,
whether it is public, its owner's only, or hidden; its `view` and its `_determinize` both read that
declaration.

A `Zone` names an attribute of the state: a list of cards (a deck, a row, the Market), a list per
seat (`per_seat`: hands, the seat is the index), a list of lists that belong to nobody (`group`:
several decks), or one card (`single`: -1 for none). Cards are small integers; `pool` says which
cards may stand in for one another when a hidden place is resampled (a card of one deck never
becomes a card of another).

    ZONES = Visibility(
        Zone("deck", HIDDEN, size="deck_size"),
        Zone("hands", OWNER, per_seat=True, own="hand", size="hand_sizes", opens=lambda s: s.over),
        Zone("table", PUBLIC, every="table"),
        pool=lambda card: "card",
    )
    view.update(ZONES.show(state, seat))      # in `view`
    ZONES.resample(copy, seat, rng)           # in `_determinize`: every card `seat` cannot see
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator, Mapping
from dataclasses import dataclass
from itertools import islice
from typing import Any, Final, Literal

from bigtop.core.rng import Rng

PUBLIC: Final = "public"
OWNER: Final = "owner"
HIDDEN: Final = "hidden"
Seen = Literal["public", "owner", "hidden"]


@dataclass(frozen=True)
class Zone:
    """A place of the state holding cards, and who may see them.

    `seen`: PUBLIC (everyone), OWNER (the seat it belongs to: its index in a `per_seat` zone, else
    `owner(state)`, -1 for nobody), HIDDEN (nobody: the order of a deck). From the moment
    `opens(state)` is true the zone is public (hands shown at the end). `pool(card)` overrides the
    declaration's pool for this zone's cards (a pool depends on the card alone: it is remembered).

    What the view shows (keys left None are not shown): `own`, the viewer's own copy (an empty
    list, or -1 for a `single` zone, when it is not the viewer's; spectators get no such key);
    `every`, the copy of every place (per seat: the list of lists) when the viewer sees them all,
    else None; `size`, seen by everyone: the length (per seat: the list of lengths; a `single`
    zone: whether it holds a card), under a key or a (key, subkey) path.
    """

    field: str
    seen: Seen = HIDDEN
    per_seat: bool = False
    group: bool = False
    single: bool = False
    owner: Callable[[Any], int] | None = None
    opens: Callable[[Any], bool] | None = None
    pool: Callable[[int], Hashable] | None = None
    own: str | None = None
    every: str | None = None
    size: str | tuple[str, str] | None = None

    def places(self, state: Any) -> list[list[int]]:
        """The lists of cards this zone holds now (one per seat, per deck, or just one)."""
        value = getattr(state, self.field)
        if self.single:
            return [[value] if value >= 0 else []]
        return value if self.per_seat or self.group else [value]

    def sees(self, state: Any, viewer: int | None, place: int = 0) -> bool:
        """Whether `viewer` (None: a spectator) may see place `place` of this zone."""
        if self.seen == PUBLIC or (self.opens is not None and self.opens(state)):
            return True
        if self.seen == HIDDEN or viewer is None:
            return False
        if self.per_seat:
            return viewer == place
        return self.owner is not None and viewer == self.owner(state)


class Visibility:
    """A game's declaration of its zones, in the order the view and the resampling take them."""

    def __init__(self, *zones: Zone, pool: Callable[[int], Hashable]) -> None:
        self.zones = zones
        self.pool = pool
        self._pools: dict[str, _Pools] = {}  # per zone field, each card's pool

    def show(self, state: Any, viewer: int | None) -> dict[str, Any]:
        """What `viewer` sees of every zone, as view entries (see `Zone`)."""
        out: dict[str, Any] = {}
        for zone in self.zones:
            places = zone.places(state)
            if zone.size is not None:
                sizes: Any = bool(places[0]) if zone.single else [len(p) for p in places] if zone.per_seat else len(places[0])
                if isinstance(zone.size, tuple):
                    out.setdefault(zone.size[0], {})[zone.size[1]] = sizes
                else:
                    out[zone.size] = sizes
            if zone.every is not None:
                seen = all(zone.sees(state, viewer, i) for i in range(len(places)))
                out[zone.every] = (
                    None if not seen else [list(p) for p in places] if zone.per_seat or zone.group else list(places[0])
                )
            if zone.own is not None and viewer is not None:
                i = viewer if zone.per_seat else 0
                mine = zone.sees(state, viewer, i)
                if zone.single:
                    out[zone.own] = places[0][0] if mine and places[0] else -1
                else:
                    out[zone.own] = list(places[i]) if mine else []
        return out

    def unseen(self, state: Any, viewer: int | None) -> list[tuple[Zone, list[int]]]:
        """Every place whose cards `viewer` cannot see, with its zone, in declaration order."""
        return [
            (zone, place)
            for zone in self.zones
            for i, place in enumerate(zone.places(state))
            if place and not zone.sees(state, viewer, i)
        ]

    def resample(
        self, state: Any, viewer: int | None, rng: Rng,
        pool: Callable[[int], Hashable] | None = None, reserve: Mapping[Hashable, list[int]] | None = None,
    ) -> None:
        """Deal again, at random, every card `viewer` cannot see among the places it cannot see,
        each card staying in its pool and each place keeping its size. Changes `state` (a copy).

        `pool` replaces the declaration's pools for this call (a game's own content). `reserve`
        gives, per pool, a deck of the state left out of these zones, whose order stays unsettled
        (the game then draws it card by card at random): the places take their cards at random
        from the pool's unseen cards and that deck's, with a draw per card dealt, and the deck
        keeps the rest in no settled order."""
        wanted: dict[Hashable, list[int]] = {}  # per pool, the cards of the places to deal, in order
        plan: list[tuple[Zone, list[int], Any]] = []  # a place and its cards' pool (one for all, or a list)
        for zone, place in self.unseen(state, viewer):
            kinds = list(map(pool or self._pool_of(zone).__getitem__, place))
            first = kinds[0]
            if kinds.count(first) == len(kinds):  # the common case: a deck or a hand of one pool
                wanted.setdefault(first, []).extend(place)
                plan.append((zone, place, first))
            else:
                for card, kind in zip(place, kinds, strict=True):
                    wanted.setdefault(kind, []).append(card)
                plan.append((zone, place, kinds))
        dealt: dict[Hashable, Iterator[int]] = {}
        for kind, cards in wanted.items():
            count = len(cards)
            deck = reserve.get(kind) if reserve is not None else None
            if deck:
                cards += deck
                rng.sample_front(cards, count)
                deck[:] = cards[count:]
            else:
                rng.sample_shuffle(cards)
            dealt[kind] = iter(cards[:count])
        for zone, place, kinds in plan:
            if isinstance(kinds, list):
                place[:] = [next(dealt[kind]) for kind in kinds]
            else:
                place[:] = islice(dealt[kinds], len(place))
            if zone.single:
                setattr(state, zone.field, place[0])

    def _pool_of(self, zone: Zone) -> _Pools:
        """The pool of each card for `zone`, remembered (a pool depends on the card alone)."""
        pools = self._pools.get(zone.field)
        if pools is None:
            pools = self._pools[zone.field] = _Pools(zone.pool or self.pool)
        return pools


class _Pools(dict[int, Hashable]):
    """card -> its pool, computed on first use."""

    def __init__(self, pool: Callable[[int], Hashable]) -> None:
        super().__init__()
        self.pool = pool

    def __missing__(self, card: int) -> Hashable:
        kind = self[card] = self.pool(card)
        return kind
