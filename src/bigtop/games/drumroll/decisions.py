"""What a decision of Drum Roll is, and the registries every phase module fills.

Three kinds of thing make the game go:

- automatic steps (`STEPS`): a function of the state run when nobody has a decision; it pushes
  prompts, opens a sealed step, or answers the step to go to;
- prompts (`PROMPTS`): a decision of one seat, on top of `state.prompts`; a `PromptKind` lists the
  legal actions and carries one out;
- sealed steps (`SEALED`): every seat asked chooses in secret (`state.sealed`); a `SealedStep` lists
  a seat's actions, takes its choice, and redraws it in a determinized copy.

Carrying something out answers the step to go to (`Next`; None: stay), which `flow` sets. Each phase
module (`phases/`) registers its steps, prompts and sealed steps once, with the decorators `step`,
`prompt` and `sealed`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from bigtop.core import Action, Rng

if TYPE_CHECKING:
    from .state import DrumRollState

T = TypeVar("T")
Next = str | None
"""What carrying something out answers: the step to go to, or None to stay."""


class PromptKind:
    """One kind of decision asked of one seat."""

    kind: ClassVar[str]
    cards: ClassVar[bool] = True
    """Whether the seat may play investment cards here too ("at any moment")."""

    def legal(self, s: DrumRollState, p: int, data: Any) -> list[Action]:
        raise NotImplementedError

    def apply(self, s: DrumRollState, p: int, data: Any, action: Action) -> Next:
        """Carry out `action` (the prompt is already off the stack)."""
        raise NotImplementedError

    def settles(self, s: DrumRollState, p: int, data: Any) -> bool:
        """For the prompt on top of the stack: if it needs no decision now, take it off the stack, do
        what it stands for and answer True; else answer False (the seat is asked)."""
        return False

    def only_choice(self, s: DrumRollState, p: int, data: Any) -> Action | None:
        """For the prompt on top of the stack: the one thing the seat can do, when it has no real choice,
        which is then carried out without asking; else None. Decided on what everyone sees, so that
        whether a seat is asked tells nobody anything it may not know."""
        return None


class SealedStep:
    """A step where every seat asked chooses in secret, all at once."""

    kind: ClassVar[str]
    cards: ClassVar[frozenset[str]] = frozenset()
    """The investment card kinds a seat may play (at once, in the open) during this step."""

    def legal(self, s: DrumRollState, p: int) -> list[Action]:
        raise NotImplementedError

    def apply(self, s: DrumRollState, p: int, action: Action) -> Next:
        """Take p's choice (or one part of it); once everyone has chosen, carry the step out."""
        raise NotImplementedError

    def redraw(self, s: DrumRollState, q: int, rng: Rng) -> None:
        """In a determinized copy, replace what seat q has chosen so far by a legal choice drawn with `rng`."""

    def own_view(self, s: DrumRollState, p: int) -> dict[str, Any]:
        """What seat p sees of its own choice in progress, for its view."""
        return {}


STEPS: dict[str, Callable[[DrumRollState], Next]] = {}
PROMPTS: dict[str, PromptKind] = {}
SETTLING: set[str] = set()
"""The prompt kinds whose `settles` may take them off the stack without a decision."""
AUTOMATIC: set[str] = set()
"""The prompt kinds whose `only_choice` may carry them out without a decision."""
SEALED: dict[str, SealedStep] = {}


def step(name: str) -> Callable[[Callable[[DrumRollState], Next]], Callable[[DrumRollState], Next]]:
    """Register an automatic step under `name`."""

    def register(run: Callable[[DrumRollState], Next]) -> Callable[[DrumRollState], Next]:
        assert name not in STEPS, name
        STEPS[name] = run
        return run

    return register


def prompt(cls: type[T]) -> type[T]:
    """Register a `PromptKind` under its `kind`."""
    assert issubclass(cls, PromptKind) and cls.kind not in PROMPTS, cls
    PROMPTS[cls.kind] = cls()
    if cls.settles is not PromptKind.settles:
        SETTLING.add(cls.kind)
    if cls.only_choice is not PromptKind.only_choice:
        AUTOMATIC.add(cls.kind)
    return cls


def sealed(cls: type[T]) -> type[T]:
    """Register a `SealedStep` under its `kind`."""
    assert issubclass(cls, SealedStep) and cls.kind not in SEALED, cls
    SEALED[cls.kind] = cls()
    return cls
