"""Helpers for Troll Fest scenario tests: positions reached through options and actions only.

Deck orders come from the options (`seasoned_top`, `action_top`, `starting_top`, `city_top`,
`groundhog_city`); the draft then routes the cards a test wants to the seats that want them (a
card dealt to one seat passes left until the seat that wants it takes it). Nothing here writes a
field of the state.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bigtop.core import Rng
from bigtop.games.trollfest import GAME, TrollFestState
from bigtop.games.trollfest.actions import Answer, EndTurn, Keep, Move, Name, Pick, PlayCard, StartCity, Vote
from bigtop.games.trollfest.data import content

C = content()
CITY = {city.id: i for i, city in enumerate(C.cities)}
ART = {a.id: i for i, a in enumerate(C.artists)}
AVOID = ("thors_hammer", "duo")  # not drafted unless a test asks: answers and band reveals stay simple
TROLLS = ("sta01", "sta09", "sta17", "sta25")  # starting bands: guitar, bass, singer, drums; all male
ORCS = ("sta03", "sta11", "sta19", "sta27")
ELVES = ("sta05", "sta13", "sta21", "sta29")
DWARVES = ("sta07", "sta15", "sta23", "sta31")
THREE_TROLLS = ("sta02", "sta10", "sta18", "sta28")  # three troll women and an orc drummer
# cards nobody asks for, dealt in the draft packets so that the cards a test names come after them
SEASONED_FILLERS = ("sea49", "sea50", "sea51", "sea52", "sea53", "sea54", "sea55", "sea56", "sea57", "sea62",
                    "sea63", "sea64", "sea65", "sea66", "sea72")
ACTION_FILLERS = ("light_red", "light_blue", "light_green", "light_yellow", "light_purple", "light_black",
                  "light_white", "rave_review", "rave_review", "stage_charm", "stage_charm", "stage_charm",
                  "guitar_solo", "guitar_solo", "guitar_solo")


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


def after_draft(players: int, seasoned: Sequence[str] = (), actions: Sequence[str] = ()) -> dict[str, Any]:
    """Options that put `seasoned` and `actions` on top of their decks once the draft packets are
    dealt (the packets get cards nobody asks for): the Springboard's artists, the Market's cards."""
    dealt = 4 * players
    seasoned_fillers = [x for x in SEASONED_FILLERS if x not in seasoned][:dealt]
    action_fillers = [x for x in ACTION_FILLERS if x not in actions][:dealt]
    return {"seasoned_top": (*seasoned_fillers, *seasoned) if seasoned else (),
            "action_top": (*action_fillers, *actions) if actions else ()}


def draft(s: TrollFestState, wants: Mapping[int, Sequence[str]] | None = None) -> None:
    """Play the whole draft. A seat takes a card it wants (content ids) when one is in its packet;
    otherwise the first card that no other seat wants and that is not a Duo or Thor's Hammer."""
    left = {p: list(ids) for p, ids in (wants or {}).items()}  # each id as many times as it is named
    while s.view(None)["phase"] == "draft":
        for p in s.to_move():
            packet = s.view(p)["packet"]
            mine = [x for x in packet if card_id(x) in left.get(p, ())]
            others = {k for q, ids in left.items() if q != p for k in ids}
            free = [x for x in packet if card_id(x) not in others and card_id(x) not in AVOID]
            card = (mine or free or packet)[0]
            if mine:
                left[p].remove(card_id(card))
            s.apply(p, Pick(card))


def form(s: TrollFestState, pairs: Mapping[int, Sequence[str]] | None = None) -> None:
    """Every seat keeps its starting artists (the first offered for each basic instrument; none for
    another instrument) and shows its band; a seat keeps the pair `pairs[seat]` (artist ids, with a
    Duo) when it is offered."""
    pairs = pairs or {}
    while s.view(None)["phase"] == "form":
        p = s.to_move()[0]
        legal = s.legal_actions(p)
        pair = Keep(tuple(sorted(ART[a] for a in pairs.get(p, ()))))
        singles = [a for a in legal if isinstance(a, Keep) and len(a.cards) == 1]
        s.apply(p, pair if pair in legal else Keep(()) if Keep(()) in legal else (singles or legal)[0])


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


def others_move(s: TrollFestState, *seats: int) -> None:
    """Each of `seats` in turn moves along its first road and ends its turn."""
    for p in seats:
        s.apply(p, next(a for a in s.legal_actions(p) if isinstance(a, Move)))
        finish_turn(s, p)


def play_on(s: TrollFestState, until: Any, seed: int = 0, cards: bool = False) -> TrollFestState:
    """Play on with seeded random choices until `until(s)` holds (or the game ends): answers let
    every card happen, and no action card is played unless `cards`."""
    rng = Rng(seed)
    while not s.is_over() and not until(s):
        movers = s.to_move()
        p = movers[rng.below(len(movers))]
        legal = [a for a in s.legal_actions(p) if a != Answer(True) and (cards or not isinstance(a, PlayCard))]
        s.apply(p, legal[rng.below(len(legal))])
    return s


def at_festival(s: TrollFestState) -> bool:
    return s.view(None)["phase"] in ("festival", "over")


def random_game(players: int, seed: int) -> TrollFestState:
    """A whole game of seeded random moves (the way the conformance suite plays)."""
    s = new(players, seed)
    rng = Rng(seed)
    while not s.is_over():
        movers = s.to_move()
        p = movers[rng.below(len(movers))]
        legal = s.legal_actions(p)
        s.apply(p, legal[rng.below(len(legal))])
    return s


def holding(players: int = 3, **wants: tuple[str, ...]):
    """A tour where seat N holds the cards `wants["sN"]` (seat 1 plays first). The draft packets
    hold only these cards and Festival cards, so no other seat holds a Thor's Hammer or a Duo."""
    by_seat = {int(k[1:]): list(v) for k, v in wants.items()}
    fillers = [x for x in ACTION_FILLERS if all(x not in v for v in by_seat.values())]
    top: list[str] = []
    for p in range(players):  # each seat's cards in its own packet, which comes back to it
        mine = by_seat.get(p, [])
        top += mine + [fillers.pop() for _ in range(4 - len(mine))]
    s = to_tour(players, groundhog_city="bonerattle", starting_top=starting(TROLLS, THREE_TROLLS, ELVES),
                action_top=tuple(top), wants=by_seat)
    start_all(s, ["grumblerock", "ashpit", "mudfang", "emberhall"][:players])
    for p in range(players):
        assert sorted(card_id(x) for x in s.view(p)["hand"] if card_id(x) not in ACTION_FILLERS) == sorted(
            k for k in by_seat.get(p, ()) if k not in ACTION_FILLERS)
    return s


def card(s, seat: int, kind: str) -> int:
    """The lowest card of this kind in `seat`'s hand (the copy its moves offer)."""
    return min(x for x in s.view(seat)["hand"] if C.action(x).id == kind)
