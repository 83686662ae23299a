"""Phase 1, band names: 'Make up a name for your band, write it down on a piece of paper, and put
it in front of you. Reveal this card at the same time as the other players. Vote for the best band
name (or ask an impartial judge at a nearby table). The winner scores 5 points. If there is a tie,
hold run-off votes until there is a single winner. This player will also go last in turn order.'

Each band names itself in secret: a name of the content's list proposed to it (`offers`: the list
dealt round the table, so no two bands are proposed the same name), or, for a person, a name of
their own (`OwnName`, checked by `own_name_refusal`). Names are unique at a table: a typed name
may not be on the list (but for the seat's own offers) nor be a name already shown, and two bands
that wrote the same name name themselves again, that name set aside. Then a sealed vote for
another band; a tie goes to a run-off among the tied bands, until one band wins; only a table of
bots (`bots_only`) lets the seed settle a tie after `runoff_limit` run-offs."""

from __future__ import annotations

import unicodedata
from functools import cache
from typing import TYPE_CHECKING

from bigtop.core import Action, SealedChoices
from bigtop.core.typed import TextRefused, typed_line
from bigtop.games.trollfest.actions import NAME, VOTE, Name, OwnName, Vote
from bigtop.games.trollfest.flow import Prompt, prompt
from bigtop.games.trollfest.phases import tour

if TYPE_CHECKING:
    from bigtop.games.trollfest.state import TrollFestState

NAME_LENGTH = 40  # characters in a band name of one's own


def begin(s: TrollFestState) -> None:
    s.phase = "name"
    s.sealed = SealedChoices(range(s.players))


def offers(s: TrollFestState, p: int) -> list[int]:
    """The names of the list proposed to seat p: every `players`-th name from p's own (the list is
    dealt round the table; the content has at least as many names as seats)."""
    return list(range(p, len(s.c.band_names), s.players))


def name_key(text: str) -> str:
    """What two names must differ in: letters whatever their case, width or spacing."""
    return unicodedata.normalize("NFKC", " ".join(text.split())).casefold()


@cache
def listed_keys(band_names: tuple[str, ...]) -> dict[str, int]:
    """Each name of the content's list by its `name_key` (worked out once per list)."""
    return {name_key(name): i for i, name in enumerate(band_names)}


def own_name_refusal(s: TrollFestState, p: int, text: str) -> str | None:
    """Why seat p may not name its band `text` now, or None if it may."""
    if s.phase != "name" or s.sealed is None or p not in s.sealed.waiting():
        return f"seat {p} is not asked to name a band now"
    try:
        text = typed_line(text, "a band name", NAME_LENGTH, strict=True)
    except TextRefused as exc:
        return str(exc)
    key = name_key(text)
    listed = listed_keys(s.c.band_names).get(key, -1)
    if listed >= 0 and listed not in offers(s, p):
        return f"\u201c{text}\u201d is a name proposed to another band: type another"
    if key in (name_key(name) for name in s.band_names if name):
        return f"\u201c{text}\u201d is another band's name: type another"
    if key in s.set_aside:
        return f"two bands wrote \u201c{text}\u201d: it is set aside, type another"
    return None


@prompt("name")
class NameBand(Prompt):
    """Your band's name (sealed): one proposed to you, or (a person) one of your own."""

    def choices(self, s: TrollFestState, p: int) -> list[int]:
        return offers(s, p)

    def legal(self, s: TrollFestState, p: int) -> list[Action]:
        return [NAME[i] for i in offers(s, p)]

    def apply(self, s: TrollFestState, p: int, action: Name | OwnName) -> None:
        assert s.sealed is not None
        # sealed: the index of a name of the list, or the text of one's own
        named = s.sealed.seal(p, action.index if isinstance(action, Name) else " ".join(action.text.split()))
        if named is None:
            return
        s.reveal()
        reveal_names(s, named)


def reveal_names(s: TrollFestState, named: dict[int, int | str]) -> None:
    """The names written are shown together; bands that wrote the same name write again."""
    texts = {q: s.c.band_names[x] if isinstance(x, int) else x for q, x in named.items()}
    keys = {q: name_key(text) for q, text in texts.items()}
    clash = [q for q in sorted(named) if list(keys.values()).count(keys[q]) > 1]
    listed = listed_keys(s.c.band_names)
    band_names = list(s.band_names)
    for q in sorted(named):
        if q not in clash:
            band_names[q] = texts[q]
            s.names[q] = listed.get(keys[q], -1)
            s.emit("named", seat=q, band=texts[q])
    s.band_names = tuple(band_names)
    if clash:
        s.set_aside = (*s.set_aside, *sorted({keys[q] for q in clash}))
        s.emit("names_clash", seats=clash, band=texts[clash[0]])
        s.sealed = SealedChoices(clash)
        return
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
        s.votes = []
        for q in range(s.players):
            vote = votes[q]
            assert isinstance(vote, int)  # a seat (only the names step seals text)
            s.votes.append(vote)
        for q in range(s.players):
            s.emit("voted", seat=q, band=s.band_names[s.votes[q]], runoff=s.runoffs)
        tally = [s.votes.count(c) for c in range(s.players)]
        best = max(tally[c] for c in s.candidates)
        tied = [c for c in s.candidates if tally[c] == best]
        s.emit("vote", votes=list(s.votes), names=list(s.names), bands=list(s.band_names), seats=tied, runoff=s.runoffs)
        if len(tied) > 1:
            limit = s.options.runoff_limit
            if not s.options.bots_only or limit == 0 or s.runoffs < limit:
                s.runoffs += 1
                s.candidates = tied
                s.emit("runoff", seats=tied, n=s.runoffs)
                open_vote(s)
                return
            tied = [s.rng.choice(tied)]
            s.emit("vote_settled", seat=tied[0])
        s.best_name = winner = tied[0]
        s.sealed = None
        s.gain(winner, "band_name", s.c.fixed["band_name"])
        s.emit("scored", seat=winner, points=s.c.fixed["band_name"], award="band_name")
        tour.begin(s, winner)
