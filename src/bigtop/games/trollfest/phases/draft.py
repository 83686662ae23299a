"""Phase 1, drafting: 'Look at and select one card from the eight cards you have just been dealt
... then pass the remaining seven cards to the player on your left. ... When you receive only two
cards, select one and discard the other one to the bottom of the corresponding deck'.

Each pick is a sealed simultaneous choice; the packets pass to seat + 1."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bigtop.core import Action, SealedChoices
from bigtop.games.trollfest.actions import PICK, Pick
from bigtop.games.trollfest.flow import Prompt, prompt
from bigtop.games.trollfest.phases import formation

if TYPE_CHECKING:
    from bigtop.games.trollfest.state import TrollFestState


@prompt("draft")
class PickCard(Prompt):
    """Take one card of the packet in front of you (sealed)."""

    def choices(self, s: TrollFestState, p: int) -> list[int]:
        return list(s.packet[p])

    def legal(self, s: TrollFestState, p: int) -> list[Action]:
        return [PICK[card] for card in s.packet[p]]

    def apply(self, s: TrollFestState, p: int, action: Pick) -> None:
        assert s.sealed is not None
        chosen_by = s.sealed.seal(p, action.card)
        if chosen_by is None:
            return
        s.reveal()  # every seat now sees the packet passed to it
        base = s.c.action_base
        for q, chosen in chosen_by.items():
            assert isinstance(chosen, int)  # a card (only the names step seals text)
            s.packet[q].remove(chosen)
            s.picks[q].append(chosen)
            if len(s.packet[q]) == 1:
                last = s.packet[q].pop()
                (s.actions if last >= base else s.seasoned).append(last)
        n = s.players
        s.packet = [s.packet[(q - 1) % n] for q in range(n)]  # pass to the left
        s.emit("draft_pick", round=len(s.picks[0]))
        if any(s.packet):
            s.sealed = SealedChoices(range(n))
        else:
            s.sealed = None
            formation.begin(s)
