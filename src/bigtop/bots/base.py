"""What a bot is: something that picks one of a player's legal actions."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from bigtop.core.actions import Action


class Bot(Protocol):
    """A player that is not a person.

    `choose` gets the seat, its legal actions and, if `needs_state` is true, a copy of the game
    determinized from that seat's point of view (never the true state); otherwise `state` is None.
    A bot draws chance only from its own RNG.
    """

    name: str
    needs_state: bool

    def choose(self, state: Any | None, player: int, legal: Sequence[Action]) -> Action:
        ...
