"""Action cards: one entry per card effect, which both offers the card (when it may be played, with
which targets) and plays it once every answer has let it happen.

Tour cards are offered at a moment of their owner's turn (`BEFORE_MOVE`, `AFTER_STOP`), Festival
cards at the Festival; Duos are played by the band reveal and Thor's Hammer as an answer only
(`stack.py`), so neither is ever offered. A played Tour card goes to the bottom of the action deck.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bigtop.games.trollfest.actions import PLAY, PlayCard
from bigtop.games.trollfest.band import take_springboard
from bigtop.games.trollfest.data import COLOURS
from bigtop.games.trollfest.pieces import Drop
from bigtop.games.trollfest.scoring import ATTRIBUTES

if TYPE_CHECKING:
    from bigtop.games.trollfest.state import TrollFestState

BEFORE_MOVE = "before_move"
AFTER_STOP = "after_stop"
FESTIVAL = "festival"


class CardKind:
    """A card effect: never offered, and nothing to do, unless a subclass says so."""

    def offer(self, s: TrollFestState, p: int, card: int, moment: str) -> list[PlayCard]:
        """The plays of `card` open to p at `moment`."""
        return []

    def play(self, s: TrollFestState, p: int, card: int, arg: int) -> None:
        """Carry out the card, every answer having let it happen."""

    def cancelled(self, s: TrollFestState, p: int, card: int, arg: int) -> None:
        """What follows when Thor's Hammer cancels the card (it goes to the deck bottom anyway)."""


class Duo(CardKind):
    """Beside the band: keeps a pair of one instrument. Cancelled, its owner lets one of the pair go."""

    def play(self, s: TrollFestState, p: int, card: int, arg: int) -> None:
        s.duos[p].append(card)

    def cancelled(self, s: TrollFestState, p: int, card: int, arg: int) -> None:
        s.drop = Drop(p, s.c.instruments[arg], -1)


class ThorsHammer(CardKind):
    """Cancels the card below it on the stack; both go to the bottom of the action deck."""

    def play(self, s: TrollFestState, p: int, card: int, arg: int) -> None:
        q, cancelled, cancelled_arg = s.stack.pop()
        s.actions.append(cancelled)
        s.actions.append(card)
        s.emit("cancelled", seat=q, card=cancelled)
        CARDS[s.c.action(cancelled).effect].cancelled(s, q, cancelled, cancelled_arg)


class TourCard(CardKind):
    """A Tour card: it goes to the bottom of the action deck, then takes effect."""

    def play(self, s: TrollFestState, p: int, card: int, arg: int) -> None:
        s.actions.append(card)
        self.effect(s, p, card, arg)

    def effect(self, s: TrollFestState, p: int, card: int, arg: int) -> None:
        raise NotImplementedError


class TourBus(TourCard):
    """Before moving: two roads this turn, stopping only in the second city."""

    def offer(self, s: TrollFestState, p: int, card: int, moment: str) -> list[PlayCard]:
        return [PLAY[card, -1]] if moment == BEFORE_MOVE and not s.bus else []

    def effect(self, s: TrollFestState, p: int, card: int, arg: int) -> None:
        s.bus = True


class GroundhogCall(TourCard):
    """Before moving: the Groundhog to any other city that has not reached its tour limit."""

    def offer(self, s: TrollFestState, p: int, card: int, moment: str) -> list[PlayCard]:
        if moment != BEFORE_MOVE or s.groundhog < 0:
            return []
        limit = s.players - 1
        return [PLAY[card, city] for city, tokens in enumerate(s.city_tokens)
                if city != s.groundhog and len(tokens) < limit]

    def effect(self, s: TrollFestState, p: int, card: int, arg: int) -> None:
        s.groundhog = arg
        s.emit("groundhog", city=arg)


class Encore(TourCard):
    """After a concert where p placed a tour token: the card's points."""

    def offer(self, s: TrollFestState, p: int, card: int, moment: str) -> list[PlayCard]:
        return [PLAY[card, -1]] if moment == AFTER_STOP and s.placed else []

    def effect(self, s: TrollFestState, p: int, card: int, arg: int) -> None:
        s.gain(p, "encore", s.c.action(card).value)
        s.emit("scored", seat=p, points=s.c.action(card).value, award="encore")


class DragonTamer(TourCard):
    """Any moment of p's turn: a dragon token of a colour p lacks, from a pass that has one."""

    def offer(self, s: TrollFestState, p: int, card: int, moment: str) -> list[PlayCard]:
        if moment == FESTIVAL:
            return []
        return [PLAY[card, col] for col in range(len(COLOURS)) if s.pass_tokens[col] > 0 and col not in s.dragons[p]]

    def effect(self, s: TrollFestState, p: int, card: int, arg: int) -> None:
        s.pass_tokens[arg] -= 1
        s.dragons[p].append(arg)
        s.emit("dragon", seat=p, colour=arg)


class TalentScout(TourCard):
    """Any moment of p's turn: a Springboard artist into the band, without the species point."""

    def offer(self, s: TrollFestState, p: int, card: int, moment: str) -> list[PlayCard]:
        return [] if moment == FESTIVAL else [PLAY[card, slot] for slot in range(len(s.springboard))]

    def effect(self, s: TrollFestState, p: int, card: int, arg: int) -> None:
        take_springboard(s, p, arg, "", "scout")


class FestivalCard(CardKind):
    """Played at the Festival, it stays face up in front of p; `effect` names what it adds."""

    def offer(self, s: TrollFestState, p: int, card: int, moment: str) -> list[PlayCard]:
        return [PLAY[card, -1]] if moment == FESTIVAL else []

    def play(self, s: TrollFestState, p: int, card: int, arg: int) -> None:
        s.played[p].append(card)
        effect = s.c.action(card).effect
        if effect in ATTRIBUTES:
            s.bonus[p][ATTRIBUTES.index(effect)] += s.c.action(card).value
        elif effect == "points":
            s.gain(p, "rave_review", s.c.action(card).value)
            s.emit("scored", seat=p, points=s.c.action(card).value, award="rave_review")
        # a Light Show counts as a dragon of its colour at the final scoring


CARDS: dict[str, CardKind] = {
    "duo": Duo(),
    "cancel": ThorsHammer(),
    "double_move": TourBus(),
    "move_groundhog": GroundhogCall(),
    "encore": Encore(),
    "take_dragon": DragonTamer(),
    "scout": TalentScout(),
    **{effect: FestivalCard() for effect in (*ATTRIBUTES, "points", "light")},
}
"""Every card effect of `data.ActionEntry.effect`, by name."""


def tour_plays(s: TrollFestState, p: int, moment: str) -> list[PlayCard]:
    """p's Tour card plays at `moment` of its turn (copies of one card play alike: the lowest)."""
    c = s.c
    types, base = c.copy_types, c.action_base
    out: list[PlayCard] = []
    seen: list[str] = []
    for card in sorted(s.hand[p]):
        kind = types[card - base]
        if kind.kind == "tour" and kind.id not in seen:
            seen.append(kind.id)
            out.extend(CARDS[kind.effect].offer(s, p, card, moment))
    return out


def festival_plays(s: TrollFestState, p: int) -> list[PlayCard]:
    """p's Festival card plays, in hand order."""
    c = s.c
    return [play for card in s.hand[p] for play in CARDS[c.action(card).effect].offer(s, p, card, FESTIVAL)]
