"""Helpers for Troll Fest scenario tests: positions reached through options and actions only.

Deck orders come from the options (`seasoned_top`, `action_top`, `starting_top`, `city_top`,
`groundhog_city`); the draft then routes the cards a test wants to the seats that want them (a
card dealt to one seat passes left until the seat that wants it takes it). Nothing here writes a
field of the state.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bigtop.games.trollfest import GAME, TrollFestState
from bigtop.games.trollfest.actions import Answer, EndTurn, Keep, Name, Pick, StartCity, Vote
from bigtop.games.trollfest.data import content

C = content()
CITY = {city.id: i for i, city in enumerate(C.cities)}
ART = {a.id: i for i, a in enumerate(C.artists)}
AVOID = ("thors_hammer", "duo")  # not drafted unless a test asks: answers and band reveals stay simple


def card_id(card: int) -> str:
    """The content id of a card: an artist's id, or an action card's kind."""
    return C.artists[card].id if C.is_artist(card) else C.action(card).id


def copies(kind: str) -> list[int]:
    """The card numbers of every copy of action card `kind`."""
    return [x for x in range(C.action_base, C.card_count) if C.action(x).id == kind]


def new(players: int = 3, seed: int = 1, **options: Any) -> TrollFestState:
    return GAME.new(players, seed=seed, options=options)


def starting(*bands: Sequence[str]) -> tuple[str, ...]:
    """`starting_top` that deals seat 0 the four starting artists `bands[0]`, seat 1 `bands[1]`..."""
    return tuple(band[i] for i in range(4) for band in bands)


def draft(s: TrollFestState, wants: Mapping[int, Sequence[str]] | None = None) -> None:
    """Play the whole draft. A seat takes a card it wants (content ids) when one is in its packet;
    otherwise the first card that no other seat wants and that is not a Duo or Thor's Hammer."""
    wants = wants or {}
    while s.phase == "draft":
        for p in s.to_move():
            packet = s.view(p)["packet"]
            mine = [x for x in packet if card_id(x) in wants.get(p, ())]
            others = {k for q, ids in wants.items() if q != p for k in ids}
            free = [x for x in packet if card_id(x) not in others and card_id(x) not in AVOID]
            s.apply(p, Pick((mine or free or packet)[0]))


def form(s: TrollFestState, pairs: Mapping[int, Sequence[str]] | None = None) -> None:
    """Every seat keeps one artist per instrument (the first offered) and shows its band; a seat
    keeps the pair `pairs[seat]` (artist ids, with a Duo) when it is offered."""
    pairs = pairs or {}
    while s.phase == "form":
        p = s.to_move()[0]
        legal = s.legal_actions(p)
        pair = Keep(tuple(sorted(ART[a] for a in pairs.get(p, ()))))
        singles = [a for a in legal if isinstance(a, Keep) and len(a.cards) == 1]
        s.apply(p, pair if pair in legal else (singles or legal)[0])


def pass_answers(s: TrollFestState) -> None:
    """Every seat asked lets the played cards happen."""
    while s.view(None)["answer"] is not None:
        for q in s.to_move():
            s.apply(q, Answer(False))


def vote_for(s: TrollFestState, winner: int) -> None:
    """Every seat names its band and votes for `winner`'s (the winner for the next seat's)."""
    for p in range(s.players):
        s.apply(p, Name(p))
    for p in s.to_move():
        s.apply(p, Vote(winner if p != winner else (winner + 1) % s.players))


def to_tour(players: int = 3, seed: int = 1, winner: int = 0, wants: Mapping[int, Sequence[str]] | None = None,
            pairs: Mapping[int, Sequence[str]] | None = None, **options: Any) -> TrollFestState:
    """A game played to the start of the tour: seat `winner` has the best band name, so seat
    `winner + 1` starts."""
    s = new(players, seed, **options)
    draft(s, wants)
    form(s, pairs)
    pass_answers(s)
    while s.view(None)["drop"] is not None:
        p = s.to_move()[0]
        s.apply(p, s.legal_actions(p)[0])
        pass_answers(s)
    vote_for(s, winner)
    assert s.view(None)["phase"] == "tour"
    return s


def start_all(s: TrollFestState, cities: Sequence[str]) -> None:
    """Every seat chooses its starting city, in turn order from the first player."""
    first = s.view(None)["first"]
    for i in range(s.players):
        s.apply((first + i) % s.players, StartCity(CITY[cities[i]]))


def finish_turn(s: TrollFestState, p: int) -> None:
    """Seat p ends its turn, taking the first choice offered in a city and playing no card."""
    while s.to_move() == (p,) and s.view(None)["turn"] == p:
        legal = s.legal_actions(p)
        s.apply(p, EndTurn() if EndTurn() in legal else legal[0])
