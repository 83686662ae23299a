"""A Troll Fest game that starts from a position on the tour instead of the set-up: for tutorials,
puzzles and tests.

The `position` option (JSON) describes the table at the start of a seat's tour turn, every band
shown and named, and every seat past its first turn (its hometown chosen), or, in the tour's first
round, the seats from `turn` on still to take theirs (their `home` left out):

    {
      "best_name": 2,              # the seat whose band name won the vote: 5 points, and it goes last
                                   # (the seat to its left took the first turn); default: the last seat
      "turn": 0,                   # whose turn begins (default: the first seat's, or in the first
                                   # round the first seat's with no hometown yet)
      "groundhog": "moonbrook",    # the Groundhog's city (default: drawn from the City cards)
      "springboard": ["sea40"],    # the Rock Springboard (default: dealt from the seasoned deck)
      "seats": [                   # one per seat
        {"name": "Under the Bridge",                    # default: the first name proposed to the seat
         "band": ["sta01", "sta09", "sta17", "sta25"],  # one artist per instrument, guitar, bass,
                                                        # singer and drums among them (required)
         "hand": ["pyrotechnics", "duo"],               # action cards, by kind
         "home": "lunaris",                             # its hometown (left out: its first turn, which
                                                        # chooses it, is still to come; then it has no
                                                        # "at", concerts, dragons or points)
         "at": "aelindor",                              # where its band stands (default: its hometown)
         "concerts": ["aelindor"],                      # the cities holding its tour tokens
         "dragons": ["white"],                          # its dragon tokens, by colour
         "points": {"concerts": 4, "recruits": 0, "encore": 0}}   # scored on the tour so far
      ]
    }

Every card it does not place is where it would be by then: the starting artists in the box, the
seasoned artists and the action cards in their decks (in their dealt order, so the deck-order
options still apply), the City cards in theirs. A position that cannot happen in a game is refused
with `OptionError` saying why.
"""

from __future__ import annotations

from math import gcd
from typing import TYPE_CHECKING, Any

from bigtop.core.position import id_list, keyed, parsed, refuse, whole_number
from bigtop.core.schema import suggest
from bigtop.core.typed import TextRefused, typed_line
from bigtop.games.trollfest.data import BASIC_INSTRUMENTS, COLOURS
from bigtop.games.trollfest.decks import draw
from bigtop.games.trollfest.phases import tour
from bigtop.games.trollfest.phases.names import NAME_LENGTH, listed_keys, name_key, offers
from bigtop.games.trollfest.pieces import (
    DRAFT_ACTIONS,
    DRAFT_ARTISTS,
    DRAGONS_PER_PASS,
    FIRST_TOKEN,
    GROUNDHOG,
    SPRINGBOARD,
    TOUR_TOKENS,
)

if TYPE_CHECKING:
    from bigtop.games.trollfest.state import TrollFestState

KEYS = {"best_name", "turn", "groundhog", "springboard", "seats"}
SEAT_KEYS = {"name", "band", "hand", "home", "at", "concerts", "dragons", "points"}
POINTS = ("concerts", "recruits", "encore")
"""The categories a seat scores in on the tour (the band name's 5 points follow `best_name`)."""
DRAFT_PICKS = DRAFT_ARTISTS + DRAFT_ACTIONS - 1  # the last card of each packet goes to the bottom of its deck


class _Cards:
    """The artists and action cards in their dealt order, and those the position places."""

    def __init__(self, s: TrollFestState) -> None:
        c, n = s.c, s.players
        self.c = c
        self.artist = {a.id: i for i, a in enumerate(c.artists)}
        self.kinds = {kind.id for kind in c.action_types}
        # the packets were dealt from the top of the decks, seat by seat: put back, the decks are as dealt
        self.seasoned = [x for q in range(n) for x in s.packet[q][:DRAFT_ARTISTS]] + s.seasoned
        self.actions = [x for q in range(n) for x in s.packet[q][DRAFT_ARTISTS:]] + s.actions
        self.placed: dict[int, str] = {}

    def artist_card(self, card: str, where: str) -> int:
        if card not in self.artist:
            kind = " (it is an action card)" if card in self.kinds else suggest(card, self.artist)
            raise refuse(f"{where}: no artist {card!r}{kind}")
        x = self.artist[card]
        if x in self.placed:
            raise refuse(f"{card!r} is both in {self.placed[x]} and in {where}")
        self.placed[x] = where
        return x

    def action_card(self, kind: str, where: str) -> int:
        """A copy of action card `kind` not placed yet: the one dealt last, so that the copies
        the deck-order options put on top stay there."""
        if kind not in self.kinds:
            other = " (it is an artist)" if kind in self.artist else suggest(kind, self.kinds)
            raise refuse(f"{where}: no action card {kind!r}{other}")
        free = [x for x in self.actions if self.c.action(x).id == kind and x not in self.placed]
        if not free:
            have = sum(t.copies for t in self.c.action_types if t.id == kind)
            raise refuse(f"{where}: more {kind!r} cards than the {have} there are")
        self.placed[free[-1]] = where
        return free[-1]

    def seasoned_rest(self) -> list[int]:
        return [x for x in self.seasoned if x not in self.placed]

    def actions_rest(self) -> list[int]:
        return [x for x in self.actions if x not in self.placed]


def build(s: TrollFestState, text: str) -> None:
    """Set `s` (just dealt, nothing played) to the position `text` describes, or raise `OptionError`."""
    position = parsed(text, KEYS)
    n, options = s.players, s.options
    if options.starting_top:
        raise refuse("starting_top orders the starting hands, which a position does not deal: leave it out")
    seats = position.get("seats")
    if not isinstance(seats, list) or len(seats) != n:
        raise refuse(f"seats: one entry per seat ({n}); got {seats!r}")
    cards = _Cards(s)
    _clear(s)
    for p, seat in enumerate(seats):
        _seat(s, cards, p, keyed(seat, f"seat {p}", SEAT_KEYS))
    _names(s, [seat.get("name") for seat in seats])
    _table(s)
    _decks(s, cards, position.get("springboard"))
    _groundhog(s, position.get("groundhog"))
    best = whole_number(position.get("best_name", n - 1), "best_name", 0, n - 1)
    s.best_name = best
    s.votes = [best if q != best else (best + 1) % n for q in range(n)]  # a vote the best name wins
    s.gain(best, "band_name", s.c.fixed["band_name"])
    s.first = (best + 1) % n
    s.phase = "tour"
    order = [(s.first + i) % n for i in range(n)]
    default = next((p for p in order if s.home[p] < 0), s.first)  # in the first round: the first seat still to play
    turn = whole_number(position.get("turn", default), "turn", 0, n - 1)
    _first_round(s, turn)
    tour.begin_turn(s, turn)
    s.movers, s.asking = s._question()
    try:
        s.check_invariants()
    except AssertionError as exc:
        raise refuse(str(exc)) from None


def _clear(s: TrollFestState) -> None:
    """Nothing dealt: no starting hand, no packet, every band formed."""
    n = s.players
    s.start_decks = [[] for _ in s.start_decks]
    s.start_hand = [[] for _ in range(n)]
    s.packet = [[] for _ in range(n)]
    s.sealed = None
    s.formed = [True] * n


def _city(s: TrollFestState, city: Any, what: str) -> int:
    ids = [c.id for c in s.c.cities]
    if city not in ids:
        raise refuse(f"{what}: no city {city!r}{suggest(str(city), ids)}")
    return ids.index(city)


def _seat(s: TrollFestState, cards: _Cards, p: int, seat: dict[str, Any]) -> None:
    c, n, where = s.c, s.players, f"seat {p}"
    band = [cards.artist_card(x, f"{where}'s band") for x in id_list(seat.get("band", []), f"{where} band")]
    instruments = [c.artists[a].instrument for a in band]
    twice = sorted({i for i in instruments if instruments.count(i) > 1})
    if twice:
        raise refuse(f"{where} band: two artists play the {twice[0]}; a band keeps one artist per instrument")
    missing = [i for i in BASIC_INSTRUMENTS if i not in instruments]
    if missing:
        raise refuse(f"{where} band: no {', '.join(missing)}; a band always has {', '.join(BASIC_INSTRUMENTS)}")
    s.band[p] = band
    if "home" in seat:
        s.home[p] = _city(s, seat["home"], f"{where} home")
    else:  # its first turn, the choice of its hometown, is still to come (`_first_round`)
        toured = next((key for key in ("at", "concerts", "dragons", "points") if seat.get(key)), None)
        if toured:
            raise refuse(f"{where} {toured}: a band with no hometown yet has had no turn on the tour; give its home "
                          f"or leave {toured} out")
        s.home[p] = -1
    concerts = [_city(s, x, f"{where} concerts") for x in id_list(seat.get("concerts", []), f"{where} concerts")]
    if len(set(concerts)) < len(concerts):
        raise refuse(f"{where} concerts: a city named twice; a band gives one concert in a city")
    if len(concerts) >= TOUR_TOKENS[n]:
        raise refuse(f"{where} concerts: {len(concerts)} tour tokens placed; a band has {TOUR_TOKENS[n]} and the tour "
                      "ends with the last one: leave at least one")
    for city in concerts:
        s.city_tokens[city].append(p)
    s.tokens[p] = TOUR_TOKENS[n] - len(concerts)
    s.pos[p] = _city(s, seat["at"], f"{where} at") if "at" in seat else s.home[p]
    hand = [cards.action_card(x, f"{where}'s hand") for x in id_list(seat.get("hand", []), f"{where} hand")]
    if len(hand) > DRAFT_PICKS + len(concerts):
        raise refuse(f"{where} hand: {len(hand)} action cards; a band drafts at most {DRAFT_PICKS} and takes one at a "
                      f"Market after each concert ({len(concerts)} so far)")
    s.hand[p] = hand
    dragons = id_list(seat.get("dragons", []), f"{where} dragons")
    for colour in dragons:
        if colour not in COLOURS:
            raise refuse(f"{where} dragons: {colour!r} is not a colour of {', '.join(COLOURS)}")
    if len(set(dragons)) < len(dragons):
        raise refuse(f"{where} dragons: a colour named twice; a band holds one dragon token of each colour")
    s.dragons[p] = [COLOURS.index(colour) for colour in dragons]
    _points(s, p, keyed(seat.get("points", {}), f"{where} points", set(POINTS)), len(concerts))


def _points(s: TrollFestState, p: int, points: dict[str, Any], concerts: int) -> None:
    """The seat's tour points, each within what its concerts could have scored."""
    c, where = s.c, f"seat {p} points"
    encores = [t for t in c.action_types if t.effect == "encore"]
    most = {
        "concerts": concerts * (len(c.instruments) + FIRST_TOKEN + GROUNDHOG),  # its kin, the first token, the Groundhog
        "recruits": concerts,  # a recruit only after a concert in a city with a vivid cultural life
        "encore": concerts * sum(t.copies * t.value for t in encores),  # Encores only after a concert
    }
    for key in POINTS:
        pts = whole_number(points.get(key, 0), f"{where} {key}", 0)
        if pts > most[key]:
            raise refuse(f"{where} {key}: {pts} points from {concerts} concerts; at most {most[key]}")
        if key == "encore" and pts and pts % gcd(*(t.value for t in encores), 0):
            raise refuse(f"{where} encore: {pts} points are no sum of Encore cards")
        if pts:
            s.gain(p, key, pts)


def _names(s: TrollFestState, given: list[Any]) -> None:
    """Each band's name: one proposed to it, or one of its own, no two alike."""
    c = s.c
    listed = listed_keys(c.band_names)
    names: list[str] = []
    for p, name in enumerate(given):
        if name is None:
            name = c.band_names[offers(s, p)[0]]
        if not isinstance(name, str):
            raise refuse(f"seat {p} name must be a text; got {name!r}")
        try:
            name = typed_line(name, f"seat {p} name", NAME_LENGTH, strict=True)
        except TextRefused as exc:
            raise refuse(str(exc)) from None
        index = listed.get(name_key(name), -1)
        if index >= 0 and index not in offers(s, p):
            raise refuse(f"seat {p} name: \u201c{name}\u201d is a name proposed to another band")
        if name_key(name) in (name_key(other) for other in names):
            raise refuse(f"seat {p} name: \u201c{name}\u201d is another band's name")
        names.append(name)
        s.names[p] = index
    s.band_names = tuple(names)


def _table(s: TrollFestState) -> None:
    """What the seats' entries must agree on: the cities' limit, the dragons, where each band stands,
    and the first tour token of each city, which scored its 2 points."""
    n, c = s.players, s.c
    for city, tokens in enumerate(s.city_tokens):
        if len(tokens) > n - 1:
            raise refuse(f"concerts: {len(tokens)} tour tokens in {c.cities[city].id}; a city holds at most {n - 1} "
                          f"with {n} players")
    for colour, name in enumerate(COLOURS):
        held = sum(colour in d for d in s.dragons)
        if held > DRAGONS_PER_PASS[n]:
            raise refuse(f"dragons: {held} {name} dragon tokens held; there are {DRAGONS_PER_PASS[n]} with {n} players")
        s.pass_tokens[colour] = DRAGONS_PER_PASS[n] - held
    for p in range(n):
        if s.home[p] < 0:  # still to choose its hometown: nowhere on the map yet
            continue
        at, mine = s.pos[p], [city for city, tokens in enumerate(s.city_tokens) if p in tokens]
        if not (at in mine or len(s.city_tokens[at]) == n - 1 or (not mine and at == s.home[p])):
            raise refuse(f"seat {p} at: a band stops where it gives a concert, or where it cannot (a city where it "
                          f"played, or holding {n - 1} tour tokens), or stays home until its first; not "
                          f"{c.cities[at].id}")
    cities = sum(1 for tokens in s.city_tokens if tokens)
    concerts = sum(b.get("concerts", 0) for b in s.breakdown)
    if concerts < FIRST_TOKEN * cities:
        raise refuse(f"points: the first tour token of each of the {cities} cities played scored {FIRST_TOKEN}, "
                      f"{FIRST_TOKEN * cities} in all, but the concerts total {concerts}")


def _first_round(s: TrollFestState, turn: int) -> None:
    """Seats with no hometown yet: the tour is in its first round, whose turns choose the hometowns,
    and they are the seats whose first turn is still to come, from `turn` on."""
    n = s.players
    homeless = [p for p in range(n) if s.home[p] < 0]
    if not homeless:
        return
    order = [(s.first + i) % n for i in range(n)]  # the seat left of the best name's took the first turn
    to_come = order[order.index(turn):]
    for p in order:
        if p in homeless and p not in to_come:
            raise refuse(f"seat {p} home: its first turn, which chooses its hometown, came before seat {turn}'s (seat "
                          f"{s.first} took the tour's first turn); give a city id")
    for p in to_come:
        if p not in homeless:
            raise refuse(f"seat {p} home: seat {homeless[0]} has no hometown yet, so the tour is in its first round, "
                          f"and seat {p}'s first turn, which chooses its hometown, is still to come; leave its home out")


def _decks(s: TrollFestState, cards: _Cards, springboard: Any) -> None:
    """The Rock Springboard, the decks and the box, from the cards the position leaves."""
    c, options = s.c, s.options
    for option, named in (("seasoned_top", options.seasoned_top), ("action_top", options.action_top)):
        for card_id in dict.fromkeys(named):
            placed = [w for x, w in cards.placed.items() if (c.artists[x].id if c.is_artist(x) else c.action(x).id) == card_id]
            have = sum(t.copies for t in c.action_types if t.id == card_id) or 1  # an artist is one card
            if named.count(card_id) + len(placed) > have:
                raise refuse(f"{option}: {card_id!r} is put on top of its deck, but the position places it in {placed[0]}")
    if springboard is not None:
        board = [cards.artist_card(x, "the Rock Springboard") for x in id_list(springboard, "springboard")]
        if any(c.artists[x].deck != "seasoned" for x in board):
            raise refuse("springboard: the Rock Springboard holds seasoned artists only")
        size = min(SPRINGBOARD, len(board) + len(cards.seasoned_rest()))
        if len(board) != size:
            raise refuse(f"springboard: {size} artists (it is refilled after each recruit); got {len(board)}")
    rest = cards.seasoned_rest()
    s.seasoned = rest
    s.springboard = board if springboard is not None else [draw(s, "seasoned") for _ in range(min(SPRINGBOARD, len(rest)))]
    s.actions = cards.actions_rest()
    s.box = [x for x in range(len(c.artists)) if c.artists[x].deck == "starting" and x not in cards.placed]


def _groundhog(s: TrollFestState, city: Any) -> None:
    """The Groundhog in `city`, or in the city of the first City card drawn that is below its limit."""
    limit = s.players - 1
    if city is None and s.fixed_groundhog >= 0:  # the groundhog_city option
        city = s.c.cities[s.fixed_groundhog].id
    if city is not None:
        s.groundhog = _city(s, city, "groundhog")
        if len(s.city_tokens[s.groundhog]) >= limit:
            raise refuse(f"groundhog: {city} holds {limit} tour tokens; the band that fills a city takes the Groundhog")
        return
    for _ in range(len(s.city_deck)):
        card = draw(s, "city_deck")
        s.city_discard.append(card)
        if len(s.city_tokens[s.c.city_cards[card]]) < limit:
            s.groundhog = s.c.city_cards[card]
            return
