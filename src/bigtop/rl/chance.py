"""Explicit chance: every draw of a kernel state as a chance node with its outcomes and probabilities.

A state made with `game.new(..., chance=CHANCE)` draws all its chance from `CHANCE`, which answers
each draw from the script of outcomes the caller gives (`scripted(outcomes)`) and, when the script
runs out, raises `ChanceNeeded` with the draw as a `ChanceNode`. The caller (the OpenSpiel state)
applies the action again on a copy of the state before it, with one more outcome in the script,
until the action completes. Games need no change: a draw of one item from a collection
(`rng.choice`, each step of `rng.shuffle`, a `Deck` draw) is a node whose outcomes are the
distinct items, weighted by how many copies are left; `rng.below(n)` is a node of n equally likely
outcomes. A game that shuffles a whole deck at set-up shows one node per card at the start; a game
drawing from a `bigtop.core.Deck` shows each card's node when it is drawn.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from bigtop.core.errors import BigtopError
from bigtop.core.rng import Rng


@dataclass(frozen=True)
class ChanceNode:
    """One draw: the outcome ids (the index of the first copy of each distinct item, or 0..n-1 for
    `below(n)`), their probabilities and a label for each."""

    outcomes: tuple[int, ...]
    probabilities: tuple[float, ...]
    labels: tuple[str, ...]

    def pairs(self) -> list[tuple[int, float]]:
        """(outcome, probability) pairs, as OpenSpiel's `chance_outcomes()` gives them."""
        return list(zip(self.outcomes, self.probabilities, strict=True))

    def label(self, outcome: int) -> str:
        return self.labels[self.outcomes.index(outcome)]


class ChanceNeeded(Exception):  # noqa: N818 - a signal, not an error
    """Raised by a draw the script has no outcome for; carries the draw."""

    def __init__(self, node: ChanceNode) -> None:
        super().__init__(node)
        self.node = node


class _Script:
    __slots__ = ("outcomes", "used")

    def __init__(self, outcomes: Sequence[int]) -> None:
        self.outcomes = outcomes
        self.used = 0


_script: _Script | None = None


@contextmanager
def scripted(outcomes: Sequence[int]) -> Iterator[None]:
    """Within the block, `CHANCE` answers draws with `outcomes` in order, then raises `ChanceNeeded`."""
    global _script
    outer, _script = _script, _Script(outcomes)
    try:
        yield
    finally:
        _script = outer


def _next(node_of: Any) -> int:
    """The next outcome of the script, or `ChanceNeeded` with the node `node_of()` describes."""
    script = _script
    if script is None:
        raise BigtopError("a state with explicit chance draws only through its OpenSpiel state")
    if script.used == len(script.outcomes):
        raise ChanceNeeded(node_of())
    outcome = script.outcomes[script.used]
    script.used += 1
    return outcome


class ChanceRng(Rng):
    """The generator of states played with explicit chance (one shared instance, `CHANCE`): it
    holds nothing of its own, so copies, clones and decks all share it."""

    def below(self, n: int) -> int:
        if n <= 0:
            raise ValueError("Rng.below needs n > 0")
        if n == 1:
            return 0
        self.draws += 1
        return _next(lambda: ChanceNode(tuple(range(n)), (1.0 / n,) * n, tuple(map(str, range(n)))))

    def pick(self, items: Sequence[Any], end: int) -> int:
        first: dict[Any, int] = {}
        counts: dict[Any, int] = {}
        try:
            for i in range(end):
                item = items[i]
                if item not in first:
                    first[item] = i
                    counts[item] = 0
                counts[item] += 1
        except TypeError:  # items that cannot be told apart by hashing: each its own outcome
            return self.below(end)
        if len(first) == 1:
            return 0
        self.draws += 1
        return _next(lambda: ChanceNode(
            tuple(first.values()), tuple(c / end for c in counts.values()), tuple(map(str, first))
        ))

    def choice(self, items: Sequence[Any]) -> Any:
        return items[self.pick(items, len(items))]

    def shuffle(self, items: Any) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.pick(items, i + 1)
            items[i], items[j] = items[j], items[i]

    def deferred(self, count: int) -> Rng:
        return self

    def copy(self) -> Rng:
        return self

    def next64(self) -> int:
        raise BigtopError("explicit chance: this game draws a raw random number, which has no list of outcomes")


CHANCE = ChanceRng()


class _Widest(Rng):
    """A seeded generator that remembers the most outcomes any draw had (copies share the record)."""

    __slots__ = ("widest",)

    def __init__(self, seed: int, widest: list[int]) -> None:
        super().__init__(seed)
        self.widest = widest

    def below(self, n: int) -> int:
        self.widest[0] = max(self.widest[0], n)
        return super().below(n)

    def copy(self) -> Rng:
        other = _Widest(0, self.widest)
        other.state, other.draws = self.state, self.draws
        return other


def widest_draw(game: Any, players: int, options: Any, games: int = 2) -> int:
    """The most outcomes a draw had in a few seeded random games (set-up included): the size of
    OpenSpiel's chance outcome ids for explicit chance. Deterministic."""
    widest = [1]
    rng = Rng(0)
    for seed in range(games):
        state = game.new(players, seed=seed, options=options, chance=_Widest(seed, widest))
        while not state.is_over():
            seat = min(state.to_move())
            legal = state.legal_ids(seat)
            state.apply_id(seat, legal[rng.below(len(legal))])
    return widest[0]
