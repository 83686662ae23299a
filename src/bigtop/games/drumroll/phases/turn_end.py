"""The end of a preparation turn: the Show Organizer, refilling the hiring rows, the next turn (or the
vote, or the show).

"After a turn has ended ... Replenish the number of available personnel cards. Replenish the number of
available performer cards. Move the turn marker one step ahead ... Move the starting player tile to the
next player on the left."
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bigtop.core import Action

from ..actions import RETURN_ORGANIZER, ReturnOrganizer
from ..decisions import Next, PromptKind, prompt, step
from ..records import Prompt

if TYPE_CHECKING:
    from ..state import DrumRollState


def refill_rows(s: DrumRollState) -> None:
    """Deal personnel up to the player count (3 with 2 players) and performers up to one more (3 with 2
    players), a performer that would make three of a type (two with 2 players) discarded and replaced."""
    want = 3 if s.players == 2 else s.players
    while len(s.pers_row) < want:
        card = s.draw("pers")
        if card is None:
            break
        s.pers_row.append(card)
    most = 1 if s.players == 2 else 2
    tries = len(s.content.performers)
    performers = s.content.performers
    while len(s.perf_row) < s.players + 1 and tries > 0:
        card = s.draw("perf")
        if card is None:
            break
        kind = performers[card].type
        if sum(performers[x].type == kind for x in s.perf_row) >= most:
            s.perf_discard.append(card)
            tries -= 1
            continue
        s.perf_row.append(card)
    s.reveal()


def next_turn(s: DrumRollState) -> Next:
    """The next preparation turn: the Show Organizer's owner starts if it was returned, else the seat on the left."""
    s.turn += 1
    s.start = s.next_start if s.next_start is not None else (s.start + 1) % s.players
    s.next_start = None
    return "turn_start"


@step("turn_end")
def turn_end(s: DrumRollState) -> Next:
    """Ask the Show Organizer's owner whether to return it, in turn order."""
    s.prompts.extend(Prompt("organizer", p) for p in reversed(s.holders("organizer")))
    return "refill"


@step("refill")
def refill(s: DrumRollState) -> Next:
    """Refill the rows; after the 7th turn the show comes, after the 5th and 6th a vote."""
    refill_rows(s)
    if s.turn >= s.nums.last_turn:
        return "before_show"
    if s.turn >= s.nums.first_vote_after:
        return "vote"
    return next_turn(s)


@prompt
class ReturnTheOrganizer(PromptKind):
    """"Show Organizer: At the end of any turn, you may return the show organizer to the hiring area and become
    the next starting player. The Show Organizer is again available for hire but you cannot hire him in the
    following turn.\""""

    kind = "organizer"

    def legal(self, s: DrumRollState, p: int, data: Any) -> list[Action]:
        return [RETURN_ORGANIZER[False], RETURN_ORGANIZER[True]]

    def apply(self, s: DrumRollState, p: int, data: Any, action: Action) -> Next:
        assert isinstance(action, ReturnOrganizer)
        if action.back:
            card = next(x for x in s.staff[p] if s.content.personnel[x].kind == "organizer")
            s.staff[p].remove(card)
            s.pers_row.append(card)
            s.next_start = p
            s.organizer_block = p
            s.emit("organizer_returned", seat=p)
        return None
