"""Drum Roll's actions: each is one small decision."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from bigtop.core import Action

from .data import COLORS, Color

Slot = Literal["white", "yellow", "green", "blue", "red", "tickets", "invest", "performer", "personnel", "pass"]
"""Where an action marker goes: a cube action (its colour), Sell Tickets, Invest, Hire Performer, Hire
Personnel or Pass."""


@dataclass(frozen=True)
class Keep(Action):
    """Keep this card: a starting performer in the draft, or one of the investment cards looked at."""

    card: str


@dataclass(frozen=True)
class TakeCube(Action):
    """Take `count` cubes of `color` (starting cubes, a cube benefit, Extra Resources)."""

    color: Color
    count: Literal[1, 2] = 1


@dataclass(frozen=True)
class Place(Action):
    """Put an action marker on `slot` (a cube colour, tickets, invest, performer, personnel or pass);
    `unblock` plays an Unblock Action card to use a blocked cube action."""

    slot: Slot
    unblock: bool = False


@dataclass(frozen=True)
class CarryOut(Action):
    """Carry out these of one's cube and ticket markers and decline the others: the cubes taken (their colours,
    in the order of `COLORS`) and how many tickets are sold."""

    cubes: tuple[Color, ...] = ()
    tickets: int = 0


@dataclass(frozen=True)
class Hire(Action):
    """Hire this performer or personnel card from the hiring area."""

    card: str


@dataclass(frozen=True)
class Invest(Action):
    """Pay and take the top investment card."""


@dataclass(frozen=True)
class Decline(Action):
    """Do not carry out this action or optional benefit."""


@dataclass(frozen=True)
class Done(Action):
    """Finish this step (distribution, deposits, salary skips, the show)."""


@dataclass(frozen=True)
class Deposit(Action):
    """Put one coin on the Bank Representative."""


@dataclass(frozen=True)
class Move(Action):
    """Move a cube of `color` from storage onto performer `card`."""

    card: str
    color: Color


@dataclass(frozen=True)
class Convert(Action):
    """Use Agent or Personal Assistant `card` to turn a `src` cube into `dst` (an assistant gives both
    of its colours: `dst` is empty)."""

    card: str
    src: Color
    dst: Color | Literal[""]


@dataclass(frozen=True)
class Vote(Action):
    """Keep a marker in hand (delay the show) or not."""

    delay: bool


@dataclass(frozen=True)
class Perform(Action):
    """This performer goes on next in the show."""

    card: str


@dataclass(frozen=True)
class Outstanding(Action):
    """After an outstanding performance: flip the performer for prestige, or take the benefit."""

    flip: bool


@dataclass(frozen=True)
class Spend(Action):
    """Spend a cube of `color` from storage (for a benefit or a card)."""

    color: Color


@dataclass(frozen=True)
class Trailer(Action):
    """Give a trailer to performer `card` (paying for it if the benefit costs coins)."""

    card: str


@dataclass(frozen=True)
class Fire(Action):
    """Fire performer `card` with a Fire a Performer card."""

    card: str


@dataclass(frozen=True)
class SkipSalary(Action):
    """Use a salary skip on `card`'s salary in this show."""

    card: str


@dataclass(frozen=True)
class Play(Action):
    """Play investment card `card` from hand."""

    card: str


@dataclass(frozen=True)
class Discard(Action):
    """Discard investment card `card` (over the hand limit)."""

    card: str


@dataclass(frozen=True)
class ReturnOrganizer(Action):
    """At the end of the turn, return the Show Organizer to become the next starting player, or keep him."""

    back: bool


ACTION_TYPES: tuple[type[Action], ...] = (
    Keep, TakeCube, Place, Hire, Invest, Decline, Done, Deposit, Move, Convert, Vote, Perform,
    Outstanding, Spend, Trailer, Fire, SkipSalary, Play, Discard, ReturnOrganizer, CarryOut,
)


# shared action objects: building frozen dataclasses is the costliest part of listing moves
DONE, DECLINE, INVEST, DEPOSIT = Done(), Decline(), Invest(), Deposit()
OUTSTANDING = {flip: Outstanding(flip) for flip in (False, True)}
RETURN_ORGANIZER = {back: ReturnOrganizer(back) for back in (False, True)}
TAKE: dict[tuple[str, int], TakeCube] = {(color, count): TakeCube(color, count) for color in COLORS for count in (1, 2)}
SPEND = {color: Spend(color) for color in COLORS}
VOTE = {False: Vote(False), True: Vote(True)}
SLOTS: tuple[Slot, ...] = (*COLORS, "tickets", "invest", "performer", "personnel", "pass")
PLACE = {(slot, unblock): Place(slot, unblock) for slot in SLOTS for unblock in (False, True)}
move = lru_cache(maxsize=None)(Move)
convert = lru_cache(maxsize=None)(Convert)
hire = lru_cache(maxsize=None)(Hire)
perform = lru_cache(maxsize=None)(Perform)
play = lru_cache(maxsize=None)(Play)
keep = lru_cache(maxsize=None)(Keep)
discard = lru_cache(maxsize=None)(Discard)
trailer = lru_cache(maxsize=None)(Trailer)
fire = lru_cache(maxsize=None)(Fire)
skip_salary = lru_cache(maxsize=None)(SkipSalary)
carry_out = lru_cache(maxsize=None)(CarryOut)
