"""The vote: "After the 5th turn has been played, the players vote if they want to start their show or
delay it ... They secretly choose to either keep it in their hand or not ... If the majority has an action
marker in their hand, the show is delayed ... In the event of a tie, the starting player's vote is the only
one that counts ... The players who voted for a delay on the 6th turn lose 1." With 2 players the vote for
a 6th turn counts a virtual delay vote.

"Double Vote: After seeing the result of a vote, you may use this card to make your vote count twice": once
the votes are revealed, every seat holding any card answers in secret, all at once, so that nobody learns
who holds one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bigtop.core import Action, Rng

from ..actions import DONE, VOTE, Done, Play, Vote, play
from ..cards import ANY_MOMENT, discard_played, plays
from ..decisions import Next, SealedStep, sealed, step
from ..records import VoteRecord
from .turn_end import next_turn

if TYPE_CHECKING:
    from ..state import DrumRollState

@step("vote")
def open_vote(s: DrumRollState) -> Next:
    s.open_sealed("vote", range(s.players))
    return None


@sealed
class TakeTheVote(SealedStep):
    """Delay the show or start it, in secret."""

    kind = "vote"
    cards = ANY_MOMENT

    def legal(self, s: DrumRollState, p: int) -> list[Action]:
        return [VOTE[False], VOTE[True], *plays(s, p, self.kind, self.cards)]

    def apply(self, s: DrumRollState, p: int, action: Action) -> Next:
        assert isinstance(action, Vote) and s.sealed is not None
        votes = s.sealed.seal(p, action.delay)
        if votes is None:
            return None
        s.votes = votes
        s.reveal()
        s.emit("votes_revealed", votes=[s.votes[q] for q in range(s.players)])
        for q in range(s.players):
            if s.votes[q]:
                s.emit("voted_delay", seat=q)
            else:
                s.emit("voted_start", seat=q)
        s.close_sealed()
        s.double = []
        # asked of every seat holding any card (hand sizes are public) while a Double Vote card may be in a hand
        doubles = [x for x, info in s.content.investments.items() if info.kind == "double_vote"]
        if any(s.hands) and not set(doubles) <= set(s.inv_discard):
            return "double_vote"
        return "vote_count"

    def redraw(self, s: DrumRollState, q: int, rng: Rng) -> None:
        assert s.sealed is not None
        if q in s.sealed.choices:
            s.sealed.choices[q] = bool(rng.below(2))


def double_vote_card(s: DrumRollState, p: int) -> str | None:
    """The first Double Vote card in p's hand, if any."""
    return next((x for x in s.hands[p] if s.content.investments[x].kind == "double_vote"), None)


@step("double_vote")
def open_double_vote(s: DrumRollState) -> Next:
    s.open_sealed("double_vote", [q for q in s.player_order(s.start) if s.hands[q]], secret=True)
    return None


@sealed
class PlayDoubleVote(SealedStep):
    """`Done` (the vote counts once) or play a Double Vote card: sealed, revealed with the others' answers. Only
    Double Vote is offered here, so that a seat holding none has exactly one thing to do (a front end answers
    for it); cards playable at any moment wait for the window before the show or the next turn."""

    kind = "double_vote"

    def legal(self, s: DrumRollState, p: int) -> list[Action]:
        double = double_vote_card(s, p)
        return [DONE] if double is None else [DONE, play(double)]

    def apply(self, s: DrumRollState, p: int, action: Action) -> Next:
        assert isinstance(action, (Done, Play)) and s.sealed is not None
        answers = s.sealed.seal(p, action.card if isinstance(action, Play) else None)
        if answers is None:
            return None
        s.reveal()
        for q in s.player_order(s.start):
            card = answers.get(q)
            if card is not None:
                discard_played(s, q, card)
                s.double.append(q)
        s.close_sealed()
        return "vote_count"

    def redraw(self, s: DrumRollState, q: int, rng: Rng) -> None:
        """Whether q played a Double Vote card: only if q holds one in the copy."""
        assert s.sealed is not None
        if q in s.sealed.choices:
            double = double_vote_card(s, q)
            s.sealed.choices[q] = double if double is not None and rng.below(2) else None


@step("vote_count")
def vote_count(s: DrumRollState) -> Next:
    """Count the votes (Double Vote counts twice, a virtual delay vote with 2 players in the first vote), the
    starting player deciding a tie; the delay voters of the second vote lose prestige."""
    weight = [2 if p in s.double else 1 for p in range(s.players)]
    delay = sum(weight[p] for p in range(s.players) if s.votes[p])
    ready = sum(weight[p] for p in range(s.players) if not s.votes[p])
    first_vote = s.turn == s.nums.first_vote_after
    virtual = s.players == 2 and first_vote
    if virtual:
        delay += 1
    delayed = delay > ready if delay != ready else s.votes[s.start]
    s.vote_log.append(VoteRecord(s.show, s.turn, [s.votes[p] for p in range(s.players)], list(s.double), delayed))
    s.emit("vote_result", delayed=delayed, delay=delay, ready=ready, virtual=virtual)
    if not first_vote and s.nums.late_delay_penalty:
        for p in range(s.players):
            if s.votes[p]:
                s.score(p, "late_votes", -s.nums.late_delay_penalty)
                s.emit("late_vote", seat=p, lost=s.nums.late_delay_penalty, turn=s.turn)
    s.votes, s.double = {}, []
    return next_turn(s) if delayed else "before_show"
