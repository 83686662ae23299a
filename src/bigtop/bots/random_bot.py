"""The random bot: a uniformly random legal action."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bigtop.core.actions import Action
from bigtop.core.rng import Rng


class RandomBot:
    """Picks uniformly among the legal actions, with its own seeded RNG."""

    name = "random"
    needs_state = False

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state: Any | None, player: int, legal: Sequence[Action]) -> Action:
        return legal[self.rng.below(len(legal))]
