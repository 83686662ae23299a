"""High Card whose rules break in round 2, to check how the arena reports a failed game."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from toy.game import HighCard, HighCardState  # noqa: E402


class BrokenState(HighCardState):
    def _apply(self, player: int, action: Any) -> None:
        if self.round == 1:
            raise KeyError("broken-card")
        super()._apply(player, action)


class BrokenHighCard(HighCard):
    name = "highcard_broken"

    def _create(self, players: int, seed: int, options: Any) -> BrokenState:
        return BrokenState(self, players, seed, options)


GAME = BrokenHighCard()

