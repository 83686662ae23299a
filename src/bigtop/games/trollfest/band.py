"""Who plays in a band: one artist per instrument (a Duo allows a pair), artists joining it and the
one who leaves when two play the same instrument."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bigtop.core import Action
from bigtop.games.trollfest.actions import DROP_ARTIST, DropArtist
from bigtop.games.trollfest.decks import draw
from bigtop.games.trollfest.flow import Prompt, prompt, settle
from bigtop.games.trollfest.pieces import Drop

if TYPE_CHECKING:
    from bigtop.games.trollfest.state import TrollFestState


def discard_artist(s: TrollFestState, card: int) -> None:
    """'Artists are discarded to the bottom of the deck, except for Starting Artists which are
    returned to the box instead.'"""
    (s.seasoned if s.c.artists[card].deck == "seasoned" else s.box).append(card)


def add_artist(s: TrollFestState, p: int, card: int, species: str, source: str) -> None:
    """Add an artist to p's band, scoring 1 if it is of `species`; it replaces the artist of its
    instrument (of a Duo pair, p chooses which one leaves). `source` says where it comes from
    (springboard, blind, scout), for the log."""
    c = s.c
    artist = c.artists[card]
    same = [a for a in s.band[p] if c.artists[a].instrument == artist.instrument]
    s.band[p].append(card)
    point = artist.species == species
    if point:
        s.gain(p, "recruits", 1)
    s.emit("recruit", seat=p, card=card, point=point, replaced=same[0] if len(same) == 1 else -1, source=source)
    if len(same) == 1:
        s.band[p].remove(same[0])
        discard_artist(s, same[0])
    elif len(same) > 1:
        s.drop = Drop(p, artist.instrument, card)


def take_springboard(s: TrollFestState, p: int, slot: int, species: str, source: str) -> None:
    """p takes the artist of a Springboard slot, refilled from the top of the deck."""
    card = s.springboard[slot]
    if s.seasoned:
        s.reveal()  # the refill comes face up from the top of the deck
        s.springboard[slot] = draw(s, "seasoned")
    else:
        del s.springboard[slot]
    add_artist(s, p, card, species, source)


@prompt("drop")
class LetGo(Prompt):
    """Two artists of one instrument and no Duo for them: which one leaves the band."""

    def legal(self, s: TrollFestState, p: int) -> list[Action]:
        assert s.drop is not None
        _, inst, newcomer = s.drop
        artists = s.c.artists
        return [DROP_ARTIST[a] for a in s.band[p] if artists[a].instrument == inst and a != newcomer]

    def apply(self, s: TrollFestState, p: int, action: DropArtist) -> None:
        s.drop = None
        s.band[p].remove(action.card)
        discard_artist(s, action.card)
        s.emit("drop", seat=p, card=action.card)
        settle(s)
