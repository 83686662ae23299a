"""Phase 3, the Festival: 'Reveal the action cards you still have in hand.' From the first player,
each seat plays its Festival cards one at a time (each may be answered by Thor's Hammer), then
stops; a seat with no Festival card left is passed (hands are open: nothing to hide). Then the
Festival is scored (`scoring.py`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bigtop.core import Action
from bigtop.games.trollfest import stack
from bigtop.games.trollfest.actions import PlayCard
from bigtop.games.trollfest.cards import festival_plays
from bigtop.games.trollfest.data import COLOURS
from bigtop.games.trollfest.flow import SETTLED, Prompt, prompt
from bigtop.games.trollfest.scoring import festival_scores

if TYPE_CHECKING:
    from bigtop.games.trollfest.state import TrollFestState


def begin(s: TrollFestState) -> None:
    """'Reveal the action cards you still have in hand': the log says what each seat shows."""
    s.reveal()
    for p in range(s.players):
        s.emit("hand_shown", seat=p, cards=list(s.hand[p]))
    s.phase = "festival"
    s.step = "festival"
    seat_turn(s, s.first)


def holds_festival_card(s: TrollFestState, p: int) -> bool:
    return any(s.c.action(card).kind == "festival" for card in s.hand[p])


def seat_turn(s: TrollFestState, p: int) -> None:
    """Seat p plays its Festival cards next; a seat holding none is passed."""
    s.turn = p
    if not holds_festival_card(s, p):
        next_seat(s)


def next_seat(s: TrollFestState) -> None:
    nxt = (s.turn + 1) % s.players
    if nxt == s.first:
        final_scoring(s)
    else:
        seat_turn(s, nxt)


def final_scoring(s: TrollFestState) -> None:
    c = s.c
    lights = [[COLOURS.index(c.action(x).colour) for x in s.played[p] if c.action(x).effect == "light"]
              for p in range(s.players)]
    fest = festival_scores(c, s.band, s.bonus, s.dragons, lights)
    s.phase = "over"
    s.turn = -1
    s.emit("festival", points=fest)
    for p in range(s.players):
        for key, pts in fest[p].items():
            s.gain(p, key, pts)
        if any(fest[p].values()):  # a band that scores nothing gets no line
            s.emit("scored", seat=p, points=sum(fest[p].values()), award="festival", parts=fest[p])


@prompt("festival")
class PlayFestivalCards(stack.PlayOrStop):
    """Play a Festival card, or stop."""

    def plays(self, s: TrollFestState, p: int) -> list[PlayCard]:
        return festival_plays(s, p)

    def stop(self, s: TrollFestState) -> None:
        next_seat(s)


def _settled(s: TrollFestState) -> None:
    if not holds_festival_card(s, s.turn):
        next_seat(s)


SETTLED["festival"] = _settled


@prompt("over")
class GameOver(Prompt):
    """No question: the game is over (no seat is to move, so nothing is ever asked of it)."""

    def legal(self, s: TrollFestState, p: int) -> list[Action]:
        return []
