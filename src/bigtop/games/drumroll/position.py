"""A game that starts from a position instead of the set-up: for puzzles, tutorials and tests.

The `position` option (JSON) describes the table the way the view shows it; everything it leaves out
takes its default, and every card it does not place is shuffled into its deck (the deck-order options
still apply). A position that cannot happen in a game is refused with `OptionError` saying why:

    {
      "at": "turn",              # "turn": the start of a preparation turn (its Bank Representative and
                                 # markers); "vote": the vote after the turn (turns 5 and 6); "show": the
                                 # show (the last window to play cards first)
      "show": 0,                 # shows given so far (0 to 2)
      "turn": 1,                 # the preparation turn (1 to 7)
      "start": 0,                # the starting player
      "regions": ["moscow", "paris", "rome"],   # seat by seat, then the 2-player virtual one (default: drawn)
      "performer_row": ["tumbler"], "personnel_row": ["orchestra"],   # the rest dealt from the decks
      "discounts": {"tumbler": 1},                # discount tokens on cards of the rows
      "discards": {"performer": [], "personnel": [], "investment": []},   # face up, oldest first
      "seats": [                 # one per seat; every field may be left out
        {"coins": 20, "prestige": 0, "tickets": 0, "bank": 0, "storage": {"red": 1},
         "performers": ["giant", {"id": "rope-walker", "cubes": ["red", "white"], "trailer": true}],
         "personnel": ["orchestra"], "hand": ["fire-1"]}
      ]
    }

A performer's `cubes` are the colours on it (each on an empty slot that needs it); `"flipped": true`
means flipped in an earlier show (so it has no cubes, and the show is not the first).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from bigtop.core.position import id_list, keyed, parsed, refuse, whole_number

from .data import CI, COLORS
from .phases.turn_end import refill_rows

if TYPE_CHECKING:
    from .state import DrumRollState

ENTRY = {"turn": "turn_start", "vote": "vote", "show": "before_show"}
KEYS = {"at", "show", "turn", "start", "regions", "performer_row", "personnel_row", "discounts", "discards", "seats"}
SEAT_KEYS = {"coins", "prestige", "tickets", "bank", "storage", "performers", "personnel", "hand"}
PERFORMER_KEYS = {"id", "cubes", "trailer", "flipped"}


class _Cards:
    """Every card placed so far, so that none is placed twice or is of the wrong kind."""

    def __init__(self, s: DrumRollState) -> None:
        c = s.content
        self.tables: dict[str, Mapping[str, object]] = {"performer": c.performers, "personnel": c.personnel, "investment": c.investments}
        self.placed: dict[str, str] = {}

    def place(self, card: str, kind: str, where: str) -> str:
        if card not in self.tables[kind]:
            elsewhere = next((k for k, table in self.tables.items() if card in table), None)
            hint = f" (it is a {elsewhere} card)" if elsewhere else ""
            raise refuse(f"{where}: {card!r} is not a {kind} card{hint}")
        if card in self.placed:
            raise refuse(f"{card!r} is both in {self.placed[card]} and in {where}")
        self.placed[card] = where
        return card

    def rest(self, kind: str) -> list[str]:
        return [x for x in self.tables[kind] if x not in self.placed]


def build(s: DrumRollState, text: str) -> None:
    """Set `s` (just initialised, nothing dealt) to the position `text` describes, or raise `OptionError`."""
    position = parsed(text, KEYS)
    n, nums = s.players, s.nums
    at = position.get("at", "turn")
    if at not in ENTRY:
        raise refuse(f"at: {at!r} is not one of {', '.join(ENTRY)}")
    s.show = whole_number(position.get("show", 0), "show", 0, nums.shows - 1)
    s.turn = whole_number(position.get("turn", 1), "turn", 1, nums.last_turn)
    if at == "vote" and not nums.first_vote_after <= s.turn < nums.last_turn:
        raise refuse(f"at vote: votes follow turns {nums.first_vote_after} to {nums.last_turn - 1}, not turn {s.turn}")
    s.start = whole_number(position.get("start", 0), "start", 0, n - 1)
    seats = position.get("seats", [{} for _ in range(n)])
    if not isinstance(seats, list) or len(seats) != n:
        raise refuse(f"seats: one entry per seat ({n}); got {seats!r}")
    cards = _Cards(s)
    for p, seat in enumerate(seats):
        _seat(s, cards, p, keyed(seat, f"seat {p}", SEAT_KEYS))
    _table(s, cards, position)
    stock = [nums.cubes_per_colour - sum(s.storage[p][i] for p in range(n))
             - sum(slots.count(col) for slots in s.filled.values()) for i, col in enumerate(COLORS)]
    short = [col for col, left in zip(COLORS, stock, strict=True) if left < 0]
    if short:
        raise refuse(f"more {' and '.join(short)} cubes than the {nums.cubes_per_colour} of each colour")
    s.stock = stock
    s.trailer_stock = nums.trailers - len(s.trailers)
    if s.trailer_stock < 0:
        raise refuse(f"{len(s.trailers)} trailers, there are {nums.trailers}")
    options = s.options
    s.perf_deck = s.new_deck(cards.rest("performer"), _unplaced(options.performer_order, cards, "performer_order"))
    s.pers_deck = s.new_deck(cards.rest("personnel"), _unplaced(options.personnel_order, cards, "personnel_order"))
    s.inv_deck = s.new_deck(cards.rest("investment"), _unplaced(options.investment_order, cards, "investment_order"))
    _regions(s, position.get("regions"))
    refill_rows(s)
    s.step = ENTRY[at]
    try:
        s.check_invariants()
    except AssertionError as exc:
        raise refuse(str(exc)) from None


def _seat(s: DrumRollState, cards: _Cards, p: int, seat: dict[str, Any]) -> None:
    c, where = s.content, f"seat {p}"
    s.coins[p] = whole_number(seat.get("coins", 0), f"{where} coins", 0)
    s.bank[p] = whole_number(seat.get("bank", 0), f"{where} bank", 0)
    s.tickets[p] = whole_number(seat.get("tickets", 0), f"{where} tickets", 0, len(c.tickets))
    prestige = seat.get("prestige", 0)
    if type(prestige) is not int:
        raise refuse(f"{where} prestige must be a whole number; got {prestige!r}")
    s.score(p, "position", prestige)
    storage = keyed(seat.get("storage", {}), f"{where} storage", set(COLORS))
    for col, count in storage.items():
        s.storage[p][CI[col]] = whole_number(count, f"{where} storage {col}", 0)
    performers = seat.get("performers", [])
    if not isinstance(performers, list):
        raise refuse(f"{where} performers must be a list; got {performers!r}")
    for entry in performers:
        _performer(s, cards, p, {"id": entry} if isinstance(entry, str) else keyed(entry, f"{where} performer", PERFORMER_KEYS))
    for card in id_list(seat.get("personnel", []), f"{where} personnel", "card ids"):
        s.staff[p].append(cards.place(card, "personnel", f"{where}'s personnel"))
    for card in id_list(seat.get("hand", []), f"{where} hand", "card ids"):
        s.hands[p].append(cards.place(card, "investment", f"{where}'s hand"))
    if len(s.hands[p]) > s.hand_limit(p):
        raise refuse(f"{where} holds {len(s.hands[p])} investment cards, over its hand limit of {s.hand_limit(p)}")


def _performer(s: DrumRollState, cards: _Cards, p: int, entry: dict[str, Any]) -> None:
    card = entry.get("id")
    if not isinstance(card, str):
        raise refuse(f"seat {p}: a performer needs an id; got {entry!r}")
    cards.place(card, "performer", f"seat {p}'s circus")
    s.add_performer(p, card)
    requires = s.content.performers[card].requires
    cubes = entry.get("cubes", [])
    if not isinstance(cubes, list):
        raise refuse(f"{card}: cubes must be a list of colours; got {cubes!r}")
    for col in cubes:
        slots = s.filled[card]
        i = next((i for i, need in enumerate(requires) if need == col and slots[i] is None), None)
        if i is None:
            raise refuse(f"{card} has no empty slot for a {col!r} cube (it needs {', '.join(requires)})")
        slots[i] = col
    if entry.get("trailer", False):
        s.trailers.add(card)
    if entry.get("flipped", False):
        if cubes:
            raise refuse(f"{card} is flipped: its cubes went back to the stock")
        if s.show == 0:
            raise refuse(f"{card} is flipped, but no show has been given yet")
        s.flipped[card] = s.show - 1


def _table(s: DrumRollState, cards: _Cards, position: dict[str, Any]) -> None:
    """The rows, their discount tokens and the discard piles."""
    n, nums, c = s.players, s.nums, s.content
    if "performer_row" in position:
        s.perf_row = [cards.place(x, "performer", "the performer row") for x in id_list(position["performer_row"], "performer_row", "card ids")]
        most = 1 if n == 2 else 2
        if len(s.perf_row) > n + 1 or any(
                sum(c.performers[x].type == c.performers[y].type for y in s.perf_row) > most for x in s.perf_row):
            raise refuse(f"performer_row: at most {n + 1} performers, at most {most} of a type")
    if "personnel_row" in position:
        s.pers_row = [cards.place(x, "personnel", "the personnel row") for x in id_list(position["personnel_row"], "personnel_row", "card ids")]
        if len(s.pers_row) > (3 if n == 2 else n):
            raise refuse(f"personnel_row: at most {3 if n == 2 else n} personnel")
    discards = keyed(position.get("discards", {}), "discards", {"performer", "personnel", "investment"})
    piles = {"performer": s.perf_discard, "personnel": s.pers_discard, "investment": s.inv_discard}
    for kind, pile in piles.items():
        pile.extend(cards.place(x, kind, f"the {kind} discard pile") for x in id_list(discards.get(kind, []), f"discards {kind}", "card ids"))
    for card, count in keyed(position.get("discounts", {}), "discounts", set(s.perf_row) | set(s.pers_row)).items():
        base = c.performers[card].cost if card in c.performers else c.personnel[card].cost
        s.discount[card] = whole_number(count, f"discounts on {card}", 1, base)
    s.discount_stock = nums.discount_tokens - sum(s.discount.values())
    if s.discount_stock < 0:
        raise refuse(f"{sum(s.discount.values())} discount tokens, there are {nums.discount_tokens}")


def _unplaced(order: tuple[str, ...], cards: _Cards, option: str) -> tuple[str, ...]:
    for card in order:
        if card in cards.placed:
            raise refuse(f"{option}: {card!r} is already in {cards.placed[card]}")
    return order


def _regions(s: DrumRollState, given: Any) -> None:
    slots, known = max(s.players, 3), list(s.content.regions)
    if given is None:
        given = list(s.options.regions)
    if not given:
        s.rng.shuffle(known)
        s.regions = known[:slots]
        return
    given = id_list(given, "regions", "card ids")
    if len(given) != slots or len(set(given)) != slots or not set(given) <= set(known):
        raise refuse(f"regions: {slots} different region tiles of {', '.join(known)}; got {given!r}")
    s.regions = list(given)
