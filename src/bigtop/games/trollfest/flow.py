"""Troll Fest's flow as data: each question the game asks is a `Prompt` registered once under the
step that asks it, and each phase says what happens once every played card is settled.

The state asks `PROMPTS[name]` for the legal actions of the seat to move and hands it the action
chosen; the phase modules (`phases/`) and the Thor's Hammer windows (`stack.py`) register theirs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from bigtop.core import Action

if TYPE_CHECKING:
    from bigtop.games.trollfest.state import TrollFestState


class Prompt:
    """A kind of question: the actions a seat may answer with, and what an answer does."""

    def legal(self, s: TrollFestState, p: int) -> list[Action]:
        raise NotImplementedError

    def apply(self, s: TrollFestState, p: int, action: Any) -> None:
        raise NotImplementedError


PROMPTS: dict[str, Prompt] = {}
"""Every prompt by the name of the step that asks it (a phase, or a tour step)."""

SETTLED: dict[str, Callable[[TrollFestState], None]] = {}
"""By phase: what goes on once no played card or drop is pending."""


def prompt(name: str) -> Callable[[type[Prompt]], type[Prompt]]:
    """Class decorator: register one instance of the prompt under `name`."""

    def register(cls: type[Prompt]) -> type[Prompt]:
        assert name not in PROMPTS, f"two prompts named {name}"
        PROMPTS[name] = cls()
        return cls

    return register


def settle(s: TrollFestState) -> None:
    """Nothing is pending any more: the phase goes on as it declared."""
    go_on = SETTLED.get(s.phase)
    if go_on is not None:
        go_on(s)
