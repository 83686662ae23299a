"""Phase 1, checking and revealing artists: 'reveal any artists you would like to keep, discarding
the rest ... A band can only have one artist of each instrument ... If you have the Duo action card,
you can play it next to your band and keep two artists of the same instrument.'

Each seat decides, one instrument at a time and in secret, whom it keeps (a basic instrument with a
single candidate is kept without asking), then shows its band; nothing public changes until every
band is shown. The Duos are then played in seat order, each open to Thor's Hammer."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bigtop.core import Action
from bigtop.games.trollfest import stack
from bigtop.games.trollfest.actions import Keep, ShowBand
from bigtop.games.trollfest.band import discard_artist
from bigtop.games.trollfest.data import BASIC_INSTRUMENTS
from bigtop.games.trollfest.decks import draw
from bigtop.games.trollfest.flow import SETTLED, Prompt, prompt
from bigtop.games.trollfest.phases import names
from bigtop.games.trollfest.pieces import SPRINGBOARD, DuoPair, DuoPlay

if TYPE_CHECKING:
    from bigtop.games.trollfest.state import TrollFestState


def begin(s: TrollFestState) -> None:
    """After the draft: artists drafted join the starting ones in each seat's pile, action cards
    go to the hand."""
    s.phase = "form"
    base = s.c.action_base
    for q in range(s.players):
        s.pile[q] = s.start_hand[q] + [x for x in s.picks[q] if x < base]
        s.hand[q] = [x for x in s.picks[q] if x >= base]
        s.start_hand[q] = []
        s.picks[q] = []
        plan(s, q)


def plan(s: TrollFestState, p: int) -> None:
    """List the instruments p must decide; decide at once those with a single possibility."""
    c = s.c
    by_instrument: dict[str, list[int]] = {}
    for a in s.pile[p]:
        by_instrument.setdefault(c.artists[a].instrument, []).append(a)
    s.todo[p] = []
    for inst in sorted(by_instrument, key=c.instruments.index):
        cands = by_instrument[inst]
        if len(cands) == 1 and inst in BASIC_INSTRUMENTS:
            s.pile[p].remove(cands[0])
            s.kept[p].append(cands[0])
        else:
            s.todo[p].append(inst)


def free_duo(s: TrollFestState, p: int) -> int:
    """A Duo card in p's hand not yet kept for a pair (-1 if none)."""
    used = [pair.card for pair in s.duo_used[p]]
    for card in s.hand[p]:
        if s.c.action(card).effect == "duo" and card not in used:
            return card
    return -1


def keep(s: TrollFestState, p: int, cards: tuple[int, ...]) -> None:
    """Keep `cards` for the instrument being decided; the rest stay in the pile, discarded at the
    reveal (so nothing public changes before everyone shows their band)."""
    inst = s.todo[p].pop(0)
    if len(cards) == 2:
        s.duo_used[p].append(DuoPair(free_duo(s, p), inst))
    for a in cards:
        s.pile[p].remove(a)
        s.kept[p].append(a)


@prompt("form")
class ChooseArtists(Prompt):
    """Whom to keep for the next instrument (none, for an instrument beyond the basic four; a pair,
    with a Duo), then show the band."""

    def choices(self, s: TrollFestState, p: int) -> list[tuple[int, ...]]:
        """The artists p may keep for the instrument being decided (one of `todo[p]`)."""
        inst = s.todo[p][0]
        artists = s.c.artists
        cands = sorted(a for a in s.pile[p] if artists[a].instrument == inst)
        out: list[tuple[int, ...]] = [(a,) for a in cands]
        if inst not in BASIC_INSTRUMENTS:
            out.insert(0, ())
        if len(cands) >= 2 and free_duo(s, p) >= 0:
            out.extend((a, b) for i, a in enumerate(cands) for b in cands[i + 1:])
        return out

    def legal(self, s: TrollFestState, p: int) -> list[Action]:
        if not s.todo[p]:
            return [ShowBand()]
        return [Keep(cards) for cards in self.choices(s, p)]

    def apply(self, s: TrollFestState, p: int, action: Keep | ShowBand) -> None:
        if isinstance(action, Keep):
            keep(s, p, action.cards)
            return
        s.formed[p] = True
        if all(s.formed):
            reveal_bands(s)


def reveal_bands(s: TrollFestState) -> None:
    """Every band is shown together; the rest of the piles is discarded, unused starting artists
    leave the game, the Rock Springboard is dealt and the Duos are played."""
    s.reveal()
    for q in range(s.players):
        s.band[q] = s.kept[q]
        s.kept[q] = []
        for a in s.pile[q]:
            discard_artist(s, a)
        s.pile[q] = []
        for duo, inst in s.duo_used[q]:
            s.hand[q].remove(duo)
            s.duo_queue.append(DuoPlay(q, duo, inst))
        s.duo_used[q] = []
    for deck in s.start_decks:
        s.box.extend(deck)
        deck.clear()
    s.springboard = [draw(s, "seasoned") for _ in range(min(SPRINGBOARD, len(s.seasoned)))]
    s.emit("bands", bands=[list(b) for b in s.band])
    s.phase = "duo"
    next_duo(s)


def next_duo(s: TrollFestState) -> None:
    """Play the next Duo beside its band, or go on to the band names."""
    if s.duo_queue:
        p, duo, inst = s.duo_queue.pop(0)
        arg = s.c.instruments.index(inst)
        s.emit("play_card", seat=p, card=duo, arg=arg)
        stack.push(s, p, duo, arg)
        return
    names.begin(s)


def _duo_settled(s: TrollFestState) -> None:
    if s.drop is None:
        next_duo(s)


SETTLED["duo"] = _duo_settled
