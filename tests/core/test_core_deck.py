"""`Deck`: settled one card at a time, yet the very cards a shuffled list deals from the same seed."""

from __future__ import annotations

import pytest

from bigtop.core import Deck, Rng


def shuffled_list_game(seed: int, cards: list[int], script: list[tuple[str, int]]) -> tuple[list[int | None], int]:
    """Play `script` on a list shuffled the way games shuffle (`rng.shuffle`, then `pop`); returns
    what came out and where the game's RNG ended."""
    rng = Rng(seed)
    deck = list(cards)
    rng.shuffle(deck)
    out: list[int | None] = []
    for step, value in script:
        if step == "draw":
            out.append(deck.pop() if deck else None)
        elif step == "peek":
            out.append(deck[-1] if deck else None)
        elif step == "top":
            deck.append(value)
        elif step == "bottom":
            deck.insert(0, value)
        else:  # the game draws something else from its RNG in between
            out.append(rng.below(value))
    return out, rng.state


def deck_game(seed: int, cards: list[int], script: list[tuple[str, int]]) -> tuple[list[int | None], int]:
    """The same script on a `Deck`."""
    rng = Rng(seed)
    deck = Deck(cards, rng)
    out: list[int | None] = []
    for step, value in script:
        if step == "draw":
            out.append(deck.draw() if deck else None)
        elif step == "peek":
            out.append(deck.peek() if deck else None)
        elif step == "top":
            deck.put_on_top(value)
        elif step == "bottom":
            deck.put_at_bottom(value)
        else:
            out.append(rng.below(value))
    return out, rng.state


def random_script(seed: int, length: int) -> list[tuple[str, int]]:
    rng = Rng(seed ^ 0x5C1)
    steps = ["draw"] * 6 + ["peek", "top", "bottom", "other"]
    return [(rng.choice(steps), 100 + rng.below(50)) for _ in range(length)]


@pytest.mark.parametrize("seed", range(40))
def test_a_deck_deals_what_a_shuffled_list_deals_from_the_same_seed(seed: int) -> None:
    cards = [1 + i % 7 for i in range(seed % 23)]  # repeated cards, and decks of 0 and 1 card
    script = random_script(seed, 60)
    assert deck_game(seed, cards, script) == shuffled_list_game(seed, cards, script)


def test_a_deck_leaves_the_rng_where_the_shuffle_would() -> None:
    rng, other = Rng(9), Rng(9)
    Deck(range(30), rng)
    other.shuffle(list(range(30)))
    assert (rng.state, rng.draws) == (other.state, other.draws)


def test_contents_copy_and_stacked() -> None:
    deck = Deck([1, 2, 2, 3], Rng(4))
    deck.put_on_top(9)
    deck.put_at_bottom(0)
    assert sorted(deck.contents()) == [0, 1, 2, 2, 3, 9] and len(deck) == 6
    twin = deck.copy()
    assert [deck.draw() for _ in range(6)] == [twin.draw() for _ in range(6)]
    assert not deck and len(twin) == 0
    with pytest.raises(IndexError):
        deck.draw()
    stacked = Deck.stacked([1, 2, 3])
    assert [stacked.draw() for _ in range(3)] == [3, 2, 1]


def test_cards_without_an_rng_are_refused() -> None:
    with pytest.raises(ValueError, match="needs the Rng"):
        Deck([1, 2])


class Recorder(Rng):
    """Records what each pick is drawn among, as a generator supplying chance itself would see it."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.seen: list[list[int]] = []

    def pick(self, items, end):  # type: ignore[no-untyped-def]
        self.seen.append(sorted(items[:end]))
        return super().pick(items, end)

    def deferred(self, count: int) -> Rng:
        return self


def test_each_draw_is_one_pick_among_the_cards_left() -> None:
    rng = Recorder(2)
    deck = Deck([5, 6, 6, 7], rng)
    assert rng.seen == []  # nothing is settled before the first draw
    first = deck.draw()
    assert rng.seen == [[5, 6, 6, 7]]
    left = [5, 6, 6, 7]
    left.remove(first)
    deck.draw()
    assert rng.seen[1] == left  # the second draw is one of the three cards still in the deck


def test_settle_top_brings_one_of_the_loose_cards_to_the_top_and_leaves_the_rest_below() -> None:
    from bigtop.core.deck import settle_top

    for top, loose_part in ((-1, slice(6, 10)), (0, slice(0, 4))):
        tops = set()
        for seed in range(200):
            cards = list(range(10))
            settle_top(cards, 4, Rng(seed), top=top)
            tops.add(cards[top])
            assert sorted(cards) == list(range(10))
            settled = [c for i, c in enumerate(cards) if i not in range(10)[loose_part]]
            assert settled == [c for c in range(10) if c not in range(10)[loose_part]]  # below: untouched
        assert tops == set(range(10)[loose_part])  # any loose card, and only those, comes on top
