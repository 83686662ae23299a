"""High Card with the `features` hook, as a module the arena imports in its worker processes.

Each seat's content features are the cards it played, so the report can tell which card moves the
win rate most (the 12 always takes its round).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from toy.game import HighCard, Play  # noqa: E402


class FeaturedHighCard(HighCard):
    name = "highcard_features"
    title = "High Card (with features)"

    def features(self, state: Any) -> list[set[str]]:
        """Per seat, the cards it played."""
        played: list[set[str]] = [set() for _ in range(state.players)]
        for seat, action in state.moves():
            if isinstance(action, Play):
                played[seat].add(f"card {action.card:02d}")
        return played


GAME = FeaturedHighCard()
