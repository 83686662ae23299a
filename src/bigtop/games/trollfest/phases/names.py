"""Phase 1, band names: 'Make up a name for your band ... Vote for the best band name ... The winner
scores 5 points. If there is a tie, hold run-off votes until there is a single winner. This player
will also go last in turn order.'

Names come from the content's list (sealed), then a sealed vote for another seat's band. A tie goes
to a run-off among the tied bands, until one band wins; only a table of bots (`bots_only`) lets the
seed settle a tie after `runoff_limit` run-offs."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bigtop.core import Action, SealedChoices
from bigtop.games.trollfest.actions import NAME, VOTE, Name, Vote
from bigtop.games.trollfest.flow import Prompt, prompt
from bigtop.games.trollfest.phases import tour

if TYPE_CHECKING:
    from bigtop.games.trollfest.state import TrollFestState


def begin(s: TrollFestState) -> None:
    s.phase = "name"
    s.sealed = SealedChoices(range(s.players))


@prompt("name")
class NameBand(Prompt):
    """Your band's name (sealed)."""

    def choices(self, s: TrollFestState, p: int) -> list[int]:
        return list(range(len(s.c.band_names)))

    def legal(self, s: TrollFestState, p: int) -> list[Action]:
        return [NAME[i] for i in range(len(s.c.band_names))]

    def apply(self, s: TrollFestState, p: int, action: Name) -> None:
        assert s.sealed is not None
        named = s.sealed.seal(p, action.index)
        if named is None:
            return
        s.reveal()
        for q, i in named.items():
            s.names[q] = i
        s.emit("names", names=list(s.names))
        s.phase = "vote"
        open_vote(s)


def open_vote(s: TrollFestState) -> None:
    """A sealed vote among the candidates; a seat with a single band to vote for (a tied band in a
    two-band run-off) is not asked: everyone knows its vote."""
    s.sealed = SealedChoices(range(s.players))
    for q in range(s.players):
        choices = [c for c in s.candidates if c != q]
        if len(choices) == 1:
            s.sealed.submit(q, choices[0])


@prompt("vote")
class VoteName(Prompt):
    """The best band name, not your own (sealed)."""

    def choices(self, s: TrollFestState, p: int) -> list[int]:
        return [c for c in s.candidates if c != p]

    def legal(self, s: TrollFestState, p: int) -> list[Action]:
        return [VOTE[c] for c in s.candidates if c != p]

    def apply(self, s: TrollFestState, p: int, action: Vote) -> None:
        assert s.sealed is not None
        votes = s.sealed.seal(p, action.seat)
        if votes is None:
            return
        s.reveal()
        s.votes = [votes[q] for q in range(s.players)]
        tally = [s.votes.count(c) for c in range(s.players)]
        best = max(tally[c] for c in s.candidates)
        tied = [c for c in s.candidates if tally[c] == best]
        s.emit("vote", votes=list(s.votes), names=list(s.names), seats=tied)
        if len(tied) > 1:
            limit = s.options.runoff_limit
            if not s.options.bots_only or limit == 0 or s.runoffs < limit:
                s.runoffs += 1
                s.candidates = tied
                open_vote(s)
                return
            tied = [s.rng.choice(tied)]
            s.emit("vote_settled", seat=tied[0])
        s.best_name = winner = tied[0]
        s.sealed = None
        s.gain(winner, "band_name", s.c.fixed["band_name"])
        s.emit("scored", seat=winner, points=s.c.fixed["band_name"], award="band_name")
        tour.begin(s, winner)
