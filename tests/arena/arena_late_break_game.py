"""High Card whose deals with chosen seeds break, to check what an interrupted arena keeps."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from toy.game import HighCard, HighCardState  # noqa: E402


class LateBreakState(HighCardState):
    def _apply(self, player: int, action: Any) -> None:
        if self.seed in self.game.broken_seeds:
            raise KeyError("broken-deal")
        super()._apply(player, action)


class LateBreakHighCard(HighCard):
    """High Card whose deals with a seed in `broken_seeds` break (a test may mend them)."""

    name = "highcard_late_break"
    broken_seeds = frozenset({2})

    def _create(self, players: int, seed: int, options: Any) -> LateBreakState:
        return LateBreakState(self, players, seed, options)


GAME = LateBreakHighCard()
