"""Troll Fest actions: every decision a player makes, one small choice at a time."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

from bigtop.core import Action


@dataclass(frozen=True)
class Pick(Action):
    """Draft: take this card from the packet in front of you (sealed, simultaneous)."""

    card: int


@dataclass(frozen=True)
class Keep(Action):
    """Band reveal: the artists you keep for the instrument being decided (0, 1, or a Duo pair)."""

    cards: tuple[int, ...]


@dataclass(frozen=True)
class ShowBand(Action):
    """Band reveal: your band is ready to be shown."""


@dataclass(frozen=True)
class OwnName(Action):
    """Name your band with a name of your own, typed by a person (sealed). Never listed by
    `legal_actions`; one id in the action space whatever the text (`phases/names.py`)."""

    text: str


@dataclass(frozen=True)
class Name(Action):
    """Pick your band's name from the names proposed to you (sealed); a person may type one of
    their own instead (`OwnName`)."""

    index: int
    typed: ClassVar[type[Action] | None] = OwnName


@dataclass(frozen=True)
class Vote(Action):
    """Vote for the best band name (sealed)."""

    seat: int


@dataclass(frozen=True)
class StartCity(Action):
    """First turn of the tour: put your hometown token and band on this city."""

    city: int


@dataclass(frozen=True)
class Move(Action):
    """Move your band along a road to this neighbouring city."""

    city: int


@dataclass(frozen=True)
class PlayCard(Action):
    """Play an action card; `arg` is its target (dragon colour, city, Springboard slot) or -1."""

    card: int
    arg: int = -1


@dataclass(frozen=True)
class Answer(Action):
    """Answer the card just played: `hammer` plays Thor's Hammer to cancel it (sealed)."""

    hammer: bool


@dataclass(frozen=True)
class VisitMarket(Action):
    """Market city: draw four action cards to keep one (`visit`), or leave the Market alone."""

    visit: bool


@dataclass(frozen=True)
class KeepMarket(Action):
    """Market city: keep this one of the four action cards drawn."""

    card: int


@dataclass(frozen=True)
class Recruit(Action):
    """Vivid cultural life: take from Springboard slot 0-6, 7 = blind from the deck, -1 = nothing."""

    source: int


@dataclass(frozen=True)
class KeepBlind(Action):
    """Blind audition: add the drawn artist to your band, or discard it."""

    keep: bool


@dataclass(frozen=True)
class DropArtist(Action):
    """Discard this artist from your band (two of the same instrument and no Duo to allow it)."""

    card: int


@dataclass(frozen=True)
class EndTurn(Action):
    """End your tour turn, or stop playing Festival cards."""


A = TypeVar("A", bound=Action)


class Shared(dict[Any, A], Generic[A]):
    """The one action of a kind per argument (a tuple for several), built on first use: actions are
    immutable, so every listing hands out the same objects instead of building new ones."""

    def __init__(self, kind: Callable[..., A]) -> None:
        super().__init__()
        self.kind = kind

    def __missing__(self, key: Any) -> A:
        action = self[key] = self.kind(*key) if isinstance(key, tuple) else self.kind(key)
        return action


PICK = Shared(Pick)
NAME = Shared(Name)
VOTE = Shared(Vote)
START_CITY = Shared(StartCity)
MOVE = Shared(Move)
PLAY = Shared(PlayCard)  # by (card, arg)
KEEP_MARKET = Shared(KeepMarket)
RECRUIT = Shared(Recruit)
DROP_ARTIST = Shared(DropArtist)
END_TURN = EndTurn()
NO_HAMMER, HAMMER = Answer(False), Answer(True)
VISIT_MARKET = (VisitMarket(True), VisitMarket(False))
KEEP_BLIND = (KeepBlind(True), KeepBlind(False))

ACTION_TYPES: tuple[type[Action], ...] = (
    Pick, Keep, ShowBand, Name, OwnName, Vote, StartCity, Move, PlayCard, Answer, KeepMarket, Recruit,
    KeepBlind, DropArtist, EndTurn, VisitMarket,
)
