"""Final results: ranks with tie-breaks and shared victories."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Result:
    """The outcome of a finished game.

    `ranks[p]` is 1 for the winners; tied players share a rank. `keys[p]` is what was compared
    (score first, then the game's tie-breaks); `details` holds the game's scoring breakdown.
    """

    scores: tuple[float, ...]
    ranks: tuple[int, ...]
    winners: tuple[int, ...]
    keys: tuple[tuple[float, ...], ...]
    details: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "ranks": list(self.ranks),
            "winners": list(self.winners),
            "keys": [list(k) for k in self.keys],
            "details": self.details,
        }


def rank_by(keys: Sequence[Sequence[float]], scores: Sequence[float], details: dict[str, Any] | None = None) -> Result:
    """Rank players by `keys` (higher is better, compared in order); equal keys share a rank."""
    tkeys = tuple(tuple(k) for k in keys)
    ranks = tuple(1 + sum(1 for other in tkeys if other > mine) for mine in tkeys)
    winners = tuple(p for p, r in enumerate(ranks) if r == 1)
    return Result(tuple(scores), ranks, winners, tkeys, details or {})
