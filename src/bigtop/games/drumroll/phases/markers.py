"""The action phase of a preparation turn: the Bank Representative, placing the action markers,
carrying them out.

"Beginning with the starting player and continuing in a clockwise order, each player places one action
marker on the action they want to perform. This is repeated until all players have placed their three
action markers." — "Action resolution ... Cube actions ... Sell Tickets ... Invest ... Hire Performer ...
Hire Personnel" — "A player can always choose not to perform an action they put their action marker on.
In that case, the player gets back their action marker but they do not receive 1."

Cube and ticket markers are decided first, in one sealed step (`carry_out`): one `CarryOut` per seat
says which it carries out; then everything resolves at once, and the Invest and Hire markers are asked
one by one from the queue.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations
from typing import TYPE_CHECKING, Any

from bigtop.core import Action, Rng

from ..actions import (
    DECLINE,
    DEPOSIT,
    DONE,
    INVEST,
    PLACE,
    CarryOut,
    Deposit,
    Hire,
    Invest,
    Place,
    Slot,
    carry_out,
    hire,
)
from ..cards import check_hand, discard_played
from ..data import CI, COLORS
from ..decisions import Next, PromptKind, SealedStep, prompt, sealed, step
from ..records import Prompt, Queued, ask, marker, queued

if TYPE_CHECKING:
    from ..state import DrumRollState

OTHER_SLOTS: tuple[Slot, ...] = ("tickets", "invest", "performer", "personnel", "pass")
SLOT_LIMITS = {"tickets": 2, "invest": 2, "performer": 1, "personnel": 1, "pass": 3}
QUEUE_PROMPTS = {"invest": "invest", "performer": "hire_performer", "personnel": "hire_personnel"}


@step("turn_start")
def turn_start(s: DrumRollState) -> Next:
    """A new turn: no marker on the board; the Bank Representative's owners who have coins may deposit, in turn
    order."""
    s.markers = []
    s.place_i = 0
    s.prompts.extend(Prompt("bank", p) for p in reversed(s.holders("bank")) if s.coins[p])
    return "place"


@step("place")
def place(s: DrumRollState) -> Next:
    """One marker at a time, clockwise from the starting player, three each."""
    if s.place_i < 3 * s.players:
        s.prompts.append(ask("place", (s.start + s.place_i) % s.players))
        return None
    return "resolve"


@step("resolve")
def resolve(s: DrumRollState) -> Next:
    """Cube and ticket markers are carried out or declined (sealed) if anyone has one that would do
    something; then every marker resolves."""
    s.deciding = to_decide(s)
    if any(s.deciding):
        return "carry_out"
    return resolve_markers(s, {})


def to_decide(s: DrumRollState) -> tuple[tuple[int, ...], ...]:
    """Each seat's cube and ticket markers (indices in `markers`) that would do something: a cube marker while its
    colour is left in the stock (several on one colour, by Unblock Action, take it in placing order), a ticket
    marker before the end of the track; the seat's cube markers first, then its ticket markers."""
    left = list(s.stock)
    sold = list(s.tickets)
    end = len(s.content.tickets)
    cubes: list[list[int]] = [[] for _ in range(s.players)]
    tickets: list[list[int]] = [[] for _ in range(s.players)]
    for i, (p, slot) in enumerate(s.markers):
        c = CI.get(slot)
        if c is not None:
            if left[c]:
                left[c] -= 1
                cubes[p].append(i)
        elif slot == "tickets" and sold[p] < end:
            sold[p] += 1
            tickets[p].append(i)
    return tuple(tuple(cubes[p] + tickets[p]) for p in range(s.players))


@step("carry_out")
def open_carry_out(s: DrumRollState) -> Next:
    asked = [p for p in s.player_order(s.start) if s.deciding[p]]
    s.work = [[] for _ in range(s.players)]
    s.open_sealed("carry_out", asked)
    return None


@step("queue")
def queue(s: DrumRollState) -> Next:
    """The Invest and Hire markers in order; then every card left in the rows gets a discount token
    (one already free is discarded instead) and the distribution comes."""
    if s.queue:
        slot, p = s.queue.pop(0)
        s.prompts.append(ask(QUEUE_PROMPTS[slot], p))
        return None
    discarded, discounted, missed = [], [], []
    for row in (s.perf_row, s.pers_row):
        for card in list(row):
            if s.cost(card) == 0:
                row.remove(card)
                s.discount_stock += s.discount.pop(card, 0)
                (s.perf_discard if card in s.content.performers else s.pers_discard).append(card)
                discarded.append(card)
            elif s.discount_stock > 0:
                s.discount[card] = s.discount.get(card, 0) + 1
                s.discount_stock -= 1
                discounted.append(card)
            else:
                missed.append(card)
    if discarded:
        s.emit("discarded_free", cards=discarded)
    if discounted:
        s.emit("discounted", cards=discounted)
    if missed:
        s.emit("no_discount", cards=missed)
    s.organizer_block = None
    return "distribution"


def resolve_markers(s: DrumRollState, picks: dict[int, tuple[bool, ...]]) -> Next:
    """Cubes and tickets at once (except the declined markers), passes paid; then invest, performers,
    personnel in stack order. `picks[p]`: carry out or not, for each of p's markers in `s.deciding[p]`."""
    declined = set()
    for p, keep in picks.items():
        for i, yes in zip(s.deciding[p], keep, strict=True):
            if not yes:
                declined.add(i)
    for i in sorted(declined):
        p, slot = s.markers[i]
        s.emit("declined", seat=p, slot=slot)
    values = s.content.tickets
    stacks: dict[str, list[Queued]] = {kind: [] for kind in QUEUE_PROMPTS}  # the Invest and Hire markers
    n = s.players
    cubes: list[list[str]] = [[] for _ in range(n)]  # what each seat gets, for the log
    sold, takings, passes = [0] * n, [0] * n, [0] * n
    for i, (p, marked) in enumerate(s.markers):  # each colour has its own stock: colours in any order
        if i in declined:
            continue
        if marked in CI:
            if s.gain_cube(p, marked):
                cubes[p].append(marked)
        elif marked in stacks:
            stacks[marked].append(queued(marked, p))
        elif marked == "tickets" and s.tickets[p] < len(values):
            s.tickets[p] += 1
            s.coins[p] += values[s.tickets[p] - 1]
            sold[p] += 1
            takings[p] += values[s.tickets[p] - 1]
        elif marked == "pass":
            s.coins[p] += s.nums.pass_coins
            passes[p] += 1
    for p in s.player_order(s.start):  # "Cube actions ... Sell Tickets ...", then the unused markers
        if cubes[p]:
            s.emit("cubes_taken", seat=p, cubes=cubes[p])
        if sold[p]:
            s.emit("tickets_sold", seat=p, n=sold[p], coins=takings[p])
        if passes[p]:
            s.emit("passed", seat=p, n=passes[p], coins=passes[p] * s.nums.pass_coins)
    s.queue = [q for kind in QUEUE_PROMPTS for q in stacks[kind]]
    return "queue"


@sealed
class CarryOutMarkers(SealedStep):
    """Each seat with cube or ticket markers that would do something says, in one decision, which it carries
    out (`CarryOut`: the cubes taken, the tickets sold), the others declined. Carrying out all comes first."""

    kind = "carry_out"

    def legal(self, s: DrumRollState, p: int) -> list[Action]:
        cubes = tuple(s.markers[i].slot for i in s.deciding[p] if s.markers[i].slot in CI)
        return _plans(cubes, len(s.deciding[p]) - len(cubes))

    def apply(self, s: DrumRollState, p: int, action: Action) -> Next:
        assert isinstance(action, CarryOut) and s.sealed is not None
        s.work[p] = _picks(s, p, action)
        picks = s.sealed.seal(p, tuple(s.work[p]))
        if picks is None:
            return None
        s.reveal()
        s.work = [None] * s.players
        s.close_sealed()
        return resolve_markers(s, picks)

    def redraw(self, s: DrumRollState, q: int, rng: Rng) -> None:
        """A seat that has chosen has carried out or declined each marker at random (among the legal choices)."""
        assert s.sealed is not None
        if q in s.sealed.choices:
            s.work[q] = _picks(s, q, rng.choice(self.legal(s, q)))  # type: ignore[arg-type]  # the legal actions of this step are CarryOut
            s.sealed.choices[q] = tuple(s.work[q])

    def own_view(self, s: DrumRollState, p: int) -> dict[str, Any]:
        return {"carry_out": list(s.work[p])} if isinstance(s.work[p], list) else {}


@cache
def _plans(cubes: tuple[str, ...], tickets: int) -> list[Action]:
    """What a seat whose markers would take `cubes` (placing order) and sell `tickets` may carry out: every
    distinct choice, all of them first, none last. One list per case, shared (nobody changes it)."""
    out: dict[Action, None] = {}
    for size in range(len(cubes), -1, -1):
        for chosen in combinations(cubes, size):
            taken = tuple(sorted(chosen, key=CI.__getitem__))
            for sold in range(tickets, -1, -1):
                out[carry_out(taken, sold)] = None
    return list(out)


def _picks(s: DrumRollState, p: int, action: CarryOut) -> list[bool]:
    """For each of p's markers in `s.deciding[p]`, whether `action` carries it out."""
    cubes = list(action.cubes)
    tickets = action.tickets
    picks = []
    for i in s.deciding[p]:
        slot = s.markers[i].slot
        if slot in CI:
            picks.append(slot in cubes)
            if slot in cubes:
                cubes.remove(slot)
        else:
            picks.append(tickets > 0)
            tickets -= 1
    return picks


@prompt
class Bank(PromptKind):
    """"Bank Representative: At the beginning of each preparation turn, you may place any number of coins on
    the Bank Representative." One coin at a time, then `Done`."""

    kind = "bank"

    def legal(self, s: DrumRollState, p: int, data: Any) -> list[Action]:
        return [DONE, DEPOSIT] if s.coins[p] > 0 else [DONE]

    def apply(self, s: DrumRollState, p: int, data: Any, action: Action) -> Next:
        if isinstance(action, Deposit):
            s.coins[p] -= 1
            s.bank[p] += 1
            s.emit("deposited", seat=p, bank=s.bank[p])
            if s.coins[p]:
                s.prompts.append(Prompt("bank", p))
        return None


_CUBE_BIT: dict[str, int] = {col: 1 << CI[col] for col in COLORS}
_ROOM_SLOTS: tuple[Slot, ...] = ("tickets", "invest", "performer", "personnel")


@cache
def _places(taken: int, full: bool, unblock: bool, *room: bool) -> list[Action]:
    """The marker prompt's actions: pass, the cube actions not `taken` (a bit mask over `CI`) unless
    as many are taken as there are players (`full`), with Unblock Action the others, then tickets,
    invest and the hires where there is `room`. One list per case, shared by every prompt in that
    case (the kernel hands it out as it is: nobody changes it)."""
    out: list[Action] = [PLACE["pass", False]]
    if not full:
        out += [PLACE[col, False] for col in COLORS if not taken & _CUBE_BIT[col]]
    if unblock:
        out += [PLACE[col, True] for col in COLORS if full or taken & _CUBE_BIT[col]]
    out += [PLACE[slot, False] for slot, free in zip(_ROOM_SLOTS, room, strict=True) if free]
    return out


@prompt
class PlaceMarker(PromptKind):
    """Where to put the next marker, within the limits: each cube action once per turn and by one player, at
    most as many cube actions as players (Unblock Action passes both); tickets and invest twice per turn and
    player, not past the ticket track's end; each hire once; pass any number of times."""

    kind = "place"

    def legal(self, s: DrumRollState, p: int, data: Any) -> list[Action]:
        taken = 0  # the cube actions taken, one bit per colour (`CI`)
        mine: list[str] = []  # p's markers on the other slots
        for q, slot in s.markers:
            bit = _CUBE_BIT.get(slot)
            if bit:
                taken |= bit
            elif q == p:
                mine.append(slot)
        tickets = mine.count("tickets")
        return _places(
            taken,
            taken.bit_count() >= s.players,
            bool(s.hands[p]) and any(s.content.investments[x].kind == "unblock" for x in s.hands[p]),
            tickets < SLOT_LIMITS["tickets"] and s.tickets[p] + tickets < len(s.content.tickets),
            mine.count("invest") < SLOT_LIMITS["invest"],
            mine.count("performer") < SLOT_LIMITS["performer"],
            mine.count("personnel") < SLOT_LIMITS["personnel"],
        )

    def apply(self, s: DrumRollState, p: int, data: Any, action: Action) -> Next:
        assert isinstance(action, Place)
        if action.unblock:  # which copy of Unblock Action the seat held is now face up
            s.reveal()
            discard_played(s, p, next(x for x in s.hands[p] if s.content.investments[x].kind == "unblock"))
        s.markers.append(marker(p, action.slot))
        s.place_i += 1
        s.emit("placed", seat=p, slot=action.slot, unblock=action.unblock)
        return None


@prompt
class CarryOutInvest(PromptKind):
    """"Invest: The player pays 1 and takes the top card from the investment deck", or declines."""

    kind = "invest"

    def legal(self, s: DrumRollState, p: int, data: Any) -> list[Action]:
        out: list[Action] = [DECLINE]
        if s.coins[p] >= s.nums.invest_cost and (s.inv_deck or s.inv_discard):
            out.append(INVEST)
        return out

    def only_choice(self, s: DrumRollState, p: int, data: Any) -> Action | None:
        """Declined unasked when it cannot be carried out and the seat holds no card that might change that."""
        return DECLINE if not s.hands[p] and len(self.legal(s, p, data)) == 1 else None

    def apply(self, s: DrumRollState, p: int, data: Any, action: Action) -> Next:
        if isinstance(action, Invest):
            s.coins[p] -= s.nums.invest_cost
            card = s.draw("inv")
            assert card is not None
            s.hands[p].append(card)
            s.reveal()
            s.emit("invested", seat=p, cost=s.nums.invest_cost)
            s.emit("drew_investment", audience=[p], card=card)
            check_hand(s, p)
        return None


class HireFromRow(PromptKind):
    """Hire a card of a row at its cost less its discount tokens, or decline."""

    def row(self, s: DrumRollState) -> list[str]:
        raise NotImplementedError

    def may_hire(self, s: DrumRollState, p: int, card: str) -> bool:
        return True

    def legal(self, s: DrumRollState, p: int, data: Any) -> list[Action]:
        coins = s.coins[p]
        out: list[Action] = [DECLINE]
        out += [hire(x) for x in self.row(s) if s.cost(x) <= coins and self.may_hire(s, p, x)]
        return out

    def only_choice(self, s: DrumRollState, p: int, data: Any) -> Action | None:
        """Declined unasked when nothing can be hired and the seat holds no card that might change that."""
        return DECLINE if not s.hands[p] and len(self.legal(s, p, data)) == 1 else None

    def apply(self, s: DrumRollState, p: int, data: Any, action: Action) -> Next:
        if isinstance(action, Hire):
            cost = s.cost(action.card)
            s.coins[p] -= cost
            self.row(s).remove(action.card)
            s.discount_stock += s.discount.pop(action.card, 0)
            self.join(s, p, action.card)
            s.emit("hired", seat=p, card=action.card, cost=cost)
        return None

    def join(self, s: DrumRollState, p: int, card: str) -> None:
        raise NotImplementedError


@prompt
class HirePerformer(HireFromRow):
    """"Hire Performer: The player may hire 1 performer for their hiring cost (minus any discount tokens).\""""

    kind = "hire_performer"

    def row(self, s: DrumRollState) -> list[str]:
        return s.perf_row

    def join(self, s: DrumRollState, p: int, card: str) -> None:
        s.add_performer(p, card)


@prompt
class HirePersonnel(HireFromRow):
    """"Hire Personnel: The player may hire 1 personnel member for their hiring cost (minus any discount tokens)";
    not the Show Organizer the turn after returning it."""

    kind = "hire_personnel"

    def row(self, s: DrumRollState) -> list[str]:
        return s.pers_row

    def may_hire(self, s: DrumRollState, p: int, card: str) -> bool:
        return not (s.content.personnel[card].kind == "organizer" and s.organizer_block == p)

    def join(self, s: DrumRollState, p: int, card: str) -> None:
        s.staff[p].append(card)
