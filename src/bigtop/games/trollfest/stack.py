"""Played action cards and Thor's Hammer: 'The Thor's Hammer card is played out of turn, to cancel a
Action card that has just been played by another player.'

Every played card goes on the stack and opens a sealed window in which the others answer, Hammer or
not. While hands are hidden every other seat is asked, so the question tells nobody who holds a
Hammer, and nobody is told who has answered until all have (a seat holding none has nothing to
decide, so its answer would come first); at the Festival hands are open and only a seat holding
one is asked. If several answer with
a Hammer, the first to the left of the card's owner plays it, which opens a window of its own. When
every answer lets the top card happen, it is played (`cards.CARDS`); a Hammer cancels the card
below it, and that card's window opens again if another is beneath.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bigtop.core import Action, SealedChoices
from bigtop.games.trollfest.actions import END_TURN, HAMMER, NO_HAMMER, Answer, EndTurn, PlayCard
from bigtop.games.trollfest.cards import CARDS
from bigtop.games.trollfest.flow import Prompt, prompt, settle
from bigtop.games.trollfest.pieces import Played

if TYPE_CHECKING:
    from bigtop.games.trollfest.state import TrollFestState


def holds_hammer(s: TrollFestState, q: int) -> bool:
    return any(s.c.action(card).effect == "cancel" for card in s.hand[q])


def play_from_hand(s: TrollFestState, p: int, card: int, arg: int) -> None:
    """p plays `card` from its hand, aimed at `arg`."""
    if s.phase != "festival":
        s.reveal()  # a card from a hidden hand is now face up
    s.hand[p].remove(card)
    if s.c.action(card).effect == "scout":  # the log names the artist, not the Springboard slot
        s.emit("play_card", seat=p, card=card, arg=arg, artist=s.springboard[arg])
    else:
        s.emit("play_card", seat=p, card=card, arg=arg)
    push(s, p, card, arg)


def push(s: TrollFestState, p: int, card: int, arg: int) -> None:
    """`card` goes on the stack and the others are asked whether they cancel it."""
    s.stack.append(Played(p, card, arg))
    open_window(s)


def open_window(s: TrollFestState) -> None:
    """Ask the others whether they cancel the card on top of the stack."""
    top = s.stack[-1].seat
    asked = [q for q in range(s.players) if q != top]
    if s.phase == "festival":
        asked = [q for q in asked if holds_hammer(s, q)]
        if not asked:
            resolve(s)
            return
    s.answer = SealedChoices(asked, secret=s.phase != "festival")


def resolve(s: TrollFestState) -> None:
    """Play the card on top of the stack; then the card below is answered again, or the phase goes on."""
    p, card, arg = s.stack.pop()
    CARDS[s.c.action(card).effect].play(s, p, card, arg)
    if s.stack:
        open_window(s)
    else:
        settle(s)


@prompt("answer")
class AnswerCard(Prompt):
    """Let the card just played happen, or cancel it with Thor's Hammer (sealed)."""

    def legal(self, s: TrollFestState, p: int) -> list[Action]:
        return [NO_HAMMER, HAMMER] if holds_hammer(s, p) else [NO_HAMMER]

    def apply(self, s: TrollFestState, p: int, action: Answer) -> None:
        assert s.answer is not None
        answers = s.answer.seal(p, action.hammer)
        if answers is None:
            return
        s.reveal()  # everyone learns whether a sealed answer was a Hammer
        s.answer = None
        top = s.stack[-1].seat
        n = s.players
        for i in range(1, n):
            q = (top + i) % n
            if answers.get(q):
                hammer = next(h for h in s.hand[q] if s.c.action(h).effect == "cancel")
                s.hand[q].remove(hammer)
                s.emit("play_card", seat=q, card=hammer, arg=-1)
                push(s, q, hammer, -1)
                return
        resolve(s)


class PlayOrStop(Prompt):
    """A seat's own moment to play cards: one of those `plays` offers, or `stop`."""

    def plays(self, s: TrollFestState, p: int) -> list[PlayCard]:
        raise NotImplementedError

    def stop(self, s: TrollFestState) -> None:
        raise NotImplementedError

    def legal(self, s: TrollFestState, p: int) -> list[Action]:
        return [*self.plays(s, p), END_TURN]

    def apply(self, s: TrollFestState, p: int, action: PlayCard | EndTurn) -> None:
        if isinstance(action, PlayCard):
            play_from_hand(s, p, action.card, action.arg)
        else:
            self.stop(s)
