"""A face-down deck whose order is settled one card at a time, when a card is drawn.

    deck = Deck(cards, state.rng)     # instead of: rng.shuffle(cards)
    card = deck.draw()                # instead of: cards.pop()

`Deck(cards, rng)` deals exactly the cards `rng.shuffle(cards)` followed by `cards.pop()` would, and
leaves `rng` where the shuffle would have left it, so a game moves from a shuffled list to a `Deck`
without changing a single record. Because each draw is one `rng.pick` among the cards not yet
settled, a generator that supplies chance itself (the explicit chance nodes of
`bigtop.rl.openspiel`) sees every draw as one card out of the known multiset left in the deck,
at the moment it is drawn.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Generic, TypeVar

from bigtop.core.rng import Rng

T = TypeVar("T")


class Deck(Generic[T]):
    """Cards drawn from the top. Three parts, drawn in this order: cards put on top (settled, last
    put first), the shuffled cards (settled at the draw), cards put at the bottom (settled)."""

    __slots__ = ("_top", "_loose", "_bottom", "_stream")

    def __init__(self, cards: Iterable[T] = (), rng: Rng | None = None) -> None:
        self._top: list[T] = []
        self._loose: list[T] = list(cards)
        self._bottom: list[T] = []
        if self._loose and rng is None:
            raise ValueError("a Deck with cards needs the Rng that shuffles them")
        self._stream = rng.deferred(len(self._loose)) if rng is not None else Rng(0)

    @classmethod
    def stacked(cls, order: Iterable[T]) -> Deck[T]:
        """A deck in a known order, drawn from the end of `order` (as `list.pop` would)."""
        deck: Deck[T] = cls()
        deck._top = list(order)
        return deck

    def draw(self) -> T:
        """The top card, taken off the deck (IndexError when the deck is empty)."""
        if self._top:
            return self._top.pop()
        loose = self._loose
        if loose:
            last = len(loose) - 1
            if last:
                j = self._stream.pick(loose, last + 1)
                loose[last], loose[j] = loose[j], loose[last]
            return loose.pop()
        return self._bottom.pop()

    def peek(self) -> T:
        """The top card, left on the deck (settling it, as drawing would)."""
        card = self.draw()
        self._top.append(card)
        return card

    def put_on_top(self, card: T) -> None:
        """Put `card` on top: it is the next card drawn."""
        self._top.append(card)

    def put_at_bottom(self, card: T) -> None:
        """Put `card` under every other card: it is the last card drawn."""
        self._bottom.insert(0, card)

    def contents(self) -> list[T]:
        """Every card in the deck, in no meaningful order (the order is not settled yet)."""
        return [*self._bottom, *self._loose, *self._top]

    def copy(self) -> Deck[T]:
        """An independent deck with the same cards that deals them the same way."""
        other: Deck[T] = Deck.__new__(Deck)
        other._top = list(self._top)
        other._loose = list(self._loose)
        other._bottom = list(self._bottom)
        other._stream = self._stream.copy()
        return other

    def __len__(self) -> int:
        return len(self._top) + len(self._loose) + len(self._bottom)

    def __bool__(self) -> bool:
        return bool(self._top or self._loose or self._bottom)

    def __repr__(self) -> str:
        return f"Deck({len(self)} cards)"


def settle_top(cards: list[T], loose: int, rng: Rng, top: int = -1) -> None:
    """Settle the top card of a deck whose `loose` cards at the top are in no order yet (a
    determinized copy's deck, dealt as it is drawn): one of them, drawn with `rng`, goes to the top.
    `top` is -1 for a deck drawn from the end of the list, 0 for one drawn from its front."""
    r = rng.below(loose)
    j = r if top == 0 else len(cards) - 1 - r
    cards[top], cards[j] = cards[j], cards[top]
