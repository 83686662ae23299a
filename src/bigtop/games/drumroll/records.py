"""The small records a game of Drum Roll keeps: prompts, markers, the hiring queue, a benefit's choice,
a vote, a distribution in progress. NamedTuples (hot loops still unpack them) and one mutable class."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal, NamedTuple

from bigtop.core import Action

from .actions import Slot
from .data import Color

PromptKind = Literal[
    "bank", "place", "invest", "hire_performer", "hire_personnel", "organizer", "perform", "outstanding",
    "effect", "skip", "hand_limit", "look",
]
SealedKind = Literal["draft", "cubes", "carry_out", "distribution", "vote", "double_vote", "before_show"]
Step = Literal[
    "draft", "turn_start", "place", "resolve", "carry_out", "queue", "distribution", "turn_end", "refill",
    "vote", "double_vote", "vote_count", "before_show", "show_start", "show_player", "show_salary",
]
QueueSlot = Literal["invest", "performer", "personnel"]


class Prompt(NamedTuple):
    """A decision asked of one seat: the top of `DrumRollState.prompts` is the one asked now. `data`:
    the performer of an `outstanding` prompt, the `EffectChoice` of an `effect`, the number of cards
    of a pending `look`, else None."""

    kind: PromptKind
    seat: int
    data: Any = None


class Marker(NamedTuple):
    """An action marker on the board, in placing order."""

    seat: int
    slot: Slot


# prompts without data and markers are immutable: the common ones are built once and shared
ask = lru_cache(maxsize=None)(Prompt)
marker = lru_cache(maxsize=None)(Marker)


class Queued(NamedTuple):
    """An Invest or Hire marker still to resolve, in resolution order."""

    slot: QueueSlot
    seat: int


queued = lru_cache(maxsize=None)(Queued)  # shared, as `ask` and `marker` are


class EffectChoice(NamedTuple):
    """A benefit (or a card) that asks a choice: its kind (`effects.EFFECTS`), amount and colours."""

    kind: str
    amount: int
    colors: tuple[Color, ...]


class VoteRecord(NamedTuple):
    """A vote taken: when, each seat's vote (True: delay), who played Double Vote, the result."""

    show: int
    turn: int
    votes: list[bool]
    double: list[int]
    delayed: bool


@dataclass(slots=True)
class Distribution:
    """A seat's sealed distribution in progress, on a private copy of its board: storage, the cube
    slots of its performers, moves left, whether an Agent and a Personal Assistant were used, the
    cubes its conversions take from the stock (by colour), and its moves and conversions in order."""

    storage: list[int]
    filled: dict[str, list[str | None]]
    moves: int
    agent: bool
    assistant: bool
    taken: list[int]
    ops: list[Action]

    def copy(self) -> Distribution:
        return Distribution(list(self.storage), {k: list(v) for k, v in self.filled.items()}, self.moves,
                            self.agent, self.assistant, list(self.taken), list(self.ops))
