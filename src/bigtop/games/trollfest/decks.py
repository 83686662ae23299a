"""Drawing from the three decks (seasoned artists, action cards, City cards), top first.

In the true game a deck's order is settled: `draw` takes its first card. In a determinized copy
(`view.determinize`) the top `s.unsettled[deck]` cards of a deck are in no order yet: `draw` takes
one of them at random with the copy's own RNG, so a search deals only the cards it draws instead
of shuffling whole decks. Cards put at the bottom stay under the unsettled ones.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bigtop.core.deck import settle_top

if TYPE_CHECKING:
    from bigtop.games.trollfest.state import TrollFestState

DECKS = ("seasoned", "actions", "city_deck")
"""The fields of the decks drawn from the top with `draw`."""


def draw(s: TrollFestState, deck: str) -> int:
    """The top card of `deck` (a field of `DECKS`), taken off it."""
    cards: list[int] = getattr(s, deck)
    loose = s.unsettled.get(deck, 0)
    if loose:
        settle_top(cards, loose, s.rng, top=0)
        s.unsettled = {**s.unsettled, deck: loose - 1}  # replaced, never changed in place: clones share it
    return cards.pop(0)
