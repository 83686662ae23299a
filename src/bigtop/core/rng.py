"""A small seeded random number generator whose whole state is one integer.

Every game draws its chance from its state's own `Rng` so that the same seed and the same actions
give the same game on any machine and any Python version. Copying an `Rng` costs one integer copy,
which keeps state clones cheap for search.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_SPAN = 1 << 64
_MASK = _SPAN - 1
_GAMMA, _MIX1, _MIX2 = 0x9E3779B97F4A7C15, 0xBF58476D1CE4E5B9, 0x94D049BB133111EB  # SplitMix64's constants
_LCG_A, _LCG_C, _LCG_MASK = 1103515245, 12345, (1 << 31) - 1  # sample_shuffle's generator


class Rng:
    """SplitMix64: fast, well mixed, reproducible; not for cryptography."""

    __slots__ = ("state", "draws")

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK
        self.draws = 0  # how many values were drawn; undo refuses to cross a draw

    def next64(self) -> int:
        """The next 64-bit unsigned integer."""
        self.draws += 1
        self.state = z = (self.state + _GAMMA) & _MASK
        z = ((z ^ (z >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias (`next64` inlined: a generator that
        overrides `next64` overrides this too)."""
        if n <= 0:
            raise ValueError("Rng.below needs n > 0")
        limit = _SPAN - _SPAN % n
        z = self.state
        while True:
            self.draws += 1
            self.state = z = (z + _GAMMA) & _MASK
            x = ((z ^ (z >> 30)) * _MIX1) & _MASK
            x = ((x ^ (x >> 27)) * _MIX2) & _MASK
            x ^= x >> 31
            if x < limit:
                return x % n

    def random(self) -> float:
        """A uniform float in [0, 1)."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def pick(self, items: Sequence[T], end: int) -> int:
        """The index of an item drawn uniformly from `items[:end]` (`below(end)`), as `choice` and
        each step of `shuffle` draw it. A generator supplying chance itself (explicit chance nodes
        for research tools) overrides this, `choice` and `shuffle` to see the items drawn among."""
        return self.below(end)

    def choice(self, items: Sequence[T]) -> T:
        """One element of a non-empty sequence, uniformly."""
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher–Yates), each step drawing `below(i + 1)`: written out here for
        `Rng` itself (the very same draws), through `below` for a generator that overrides it."""
        if type(self) is not Rng:
            for i in range(len(items) - 1, 0, -1):
                j = self.below(i + 1)
                items[i], items[j] = items[j], items[i]
            return
        z, draws = self.state, self.draws
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = _SPAN - _SPAN % n
            while True:
                draws += 1
                z = (z + _GAMMA) & _MASK
                x = ((z ^ (z >> 30)) * _MIX1) & _MASK
                x = ((x ^ (x >> 27)) * _MIX2) & _MASK
                x ^= x >> 31
                if x < limit:
                    break
            j = x % n
            items[i], items[j] = items[j], items[i]
        self.state, self.draws = z, draws

    def sample_shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle in place for sampling (a search's determinizations), several times faster than
        `shuffle`: one draw seeds a 31-bit linear congruential generator whose high bits pick each
        step. Never for dealing a game: records depend on `shuffle`'s exact draws. A generator
        that sees each draw (explicit chance) shuffles as `shuffle` does."""
        if type(self) is not Rng:
            self.shuffle(items)
            return
        x = self.next64() & _LCG_MASK
        for i in range(len(items) - 1, 0, -1):
            x = (x * _LCG_A + _LCG_C) & _LCG_MASK
            j = (x * (i + 1)) >> 31
            items[i], items[j] = items[j], items[i]

    def sample_front(self, items: MutableSequence[T], count: int) -> None:
        """Put `count` items drawn at random without replacement, in order, at the front of `items`
        (a Fisher–Yates shuffle from the front, stopped after `count` steps; the rest is left in no
        meaningful order), for sampling as `sample_shuffle` and with its generator: dealing a
        few cards from a large pool. A generator that sees each draw picks each through `below`."""
        n = len(items)
        if type(self) is not Rng:
            for k in range(min(count, n - 1)):
                j = k + self.below(n - k)
                items[k], items[j] = items[j], items[k]
            return
        x = self.next64() & _LCG_MASK
        for k in range(min(count, n - 1)):
            x = (x * _LCG_A + _LCG_C) & _LCG_MASK
            j = k + ((x * (n - k)) >> 31)
            items[k], items[j] = items[j], items[k]

    def deferred(self, count: int) -> Rng:
        """The generator of a shuffle of `count` items settled one item at a time (`Deck`): a copy
        of this one as it is now, while this one moves on past the draws `shuffle` would have
        made. Dealing from the copy gives the very items a shuffle then pops would, so the same
        seed plays the same game either way."""
        stream = self.copy()
        for i in range(count - 1, 0, -1):
            self.below(i + 1)
        return stream

    def fork(self) -> Rng:
        """A new, independent generator seeded from this one."""
        return Rng(self.next64())

    def copy(self) -> Rng:
        """An identical generator that then evolves independently."""
        other = Rng.__new__(Rng)
        other.state = self.state
        other.draws = self.draws
        return other
