"""The distribution phase: "all players simultaneously move up to two cubes from their cube storage area,
on to their performers" (three with the General Supplier); an Agent and a Personal Assistant convert
once each.

Sealed: each seat makes small decisions (`Move`, `Convert`, `Done`) on a private copy of its board (a
`Distribution`); when everyone is done, the distributions are revealed and carried out seat by seat in
turn order. A conversion that needs a colour another seat's conversion took from the stock first does
not happen (nor does a move that needed its cube).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bigtop.core import Action, Rng

from ..actions import DONE, Convert, Done, Move, Play, convert, move
from ..cards import ADDS_TO_BOARD, plays
from ..data import CI, COLORS
from ..decisions import SEALED, Next, SealedStep, sealed, step
from ..records import Distribution

if TYPE_CHECKING:
    from ..state import DrumRollState


@step("distribution")
def open_distribution(s: DrumRollState) -> Next:
    """Every seat distributes, but one that can neither move nor convert a cube and holds no card: it is not
    asked (everyone can see that it has nothing to do)."""
    s.work = [new_distribution(s, p) for p in range(s.players)]
    distribute_ = SEALED["distribution"]
    asked = [p for p in range(s.players) if s.hands[p] or distribute_.legal(s, p) != [DONE]]
    if not asked:
        return carry_out(s)
    s.open_sealed("distribution", asked)
    return None


def new_distribution(s: DrumRollState, p: int) -> Distribution:
    """p's distribution before any decision: a copy of its storage and cube slots, its moves."""
    supplier = any(s.content.personnel[x].kind == "supplier" for x in s.staff[p])
    return Distribution(
        storage=list(s.storage[p]),
        filled={x: list(s.filled[x]) for x in s.circus[p]},
        moves=s.nums.supplier_moves if supplier else s.nums.moves_per_distribution,
        agent=False,
        assistant=False,
        taken=[0] * 5,
        ops=[],
    )


@sealed
class Distribute(SealedStep):
    """Move a stored cube onto an empty slot of that colour of an unflipped performer (while moves are
    left), convert with one Agent and one Personal Assistant (while the stock has the cubes), or `Done`.
    Only the cards that just add to the board may be played meanwhile, so that nothing the sealed moves
    count on is taken away."""

    kind = "distribution"
    cards = ADDS_TO_BOARD

    def legal(self, s: DrumRollState, p: int) -> list[Action]:
        w = s.work[p]
        out: list[Action] = [DONE]
        if s.hands[p]:
            out += plays(s, p, self.kind, self.cards)
        storage, filled, taken = w.storage, w.filled, w.taken
        if w.moves > 0 and any(storage):
            performers = s.content.performers
            for card in s.circus[p]:
                if card in s.flipped:
                    continue
                slots = filled[card]
                seen = []
                for i, col in enumerate(performers[card].requires):
                    if slots[i] is None and storage[CI[col]] > 0 and col not in seen:
                        seen.append(col)
                        out.append(move(card, col))
        personnel = s.content.personnel
        for card in s.staff[p] if not (w.agent and w.assistant) else ():
            info = personnel[card]
            if info.kind == "agent" and not w.agent:
                for src in COLORS:
                    if storage[CI[src]] > 0:
                        for dst in info.colors:
                            if dst != src and s.stock[CI[dst]] > taken[CI[dst]]:
                                out.append(convert(card, src, dst))
            elif info.kind == "assistant" and not w.assistant:
                source = info.source
                assert source is not None
                a, b = CI[info.colors[0]], CI[info.colors[1]]
                if (storage[CI[source]] > 0 and s.stock[a] - taken[a] >= 1 + (a == b)
                        and s.stock[b] - taken[b] >= 1 + (a == b)):  # the stock has both cubes
                    out.append(convert(card, source, ""))
        return out

    def apply(self, s: DrumRollState, p: int, action: Action) -> Next:
        assert s.sealed is not None and not isinstance(action, Play)
        if not isinstance(action, Done):
            distribute(s, s.work[p], action)
            return None
        if s.sealed.seal(p, True) is None:
            return None
        s.reveal()
        return carry_out(s)

    def redraw(self, s: DrumRollState, q: int, rng: Rng) -> None:
        """A seat still choosing starts over; a seat done has done something legal."""
        assert s.sealed is not None
        s.work[q] = new_distribution(s, q)
        if q in s.sealed.choices:
            while True:
                choice = rng.choice([a for a in self.legal(s, q) if not isinstance(a, Play)])
                if isinstance(choice, Done):
                    break
                distribute(s, s.work[q], choice)

    def own_view(self, s: DrumRollState, p: int) -> dict[str, Any]:
        w = s.work[p]
        return {"distribution": {"moves_left": w.moves, "agent_used": w.agent, "assistant_used": w.assistant,
                                 "ops": [str(o) for o in w.ops]}}


def distribute(s: DrumRollState, w: Distribution, action: Action) -> None:
    """Carry out one sealed distribution decision on the seat's private copy `w` (revealed at the end)."""
    w.ops.append(action)
    storage = w.storage
    if isinstance(action, Move):
        storage[CI[action.color]] -= 1
        slots = w.filled[action.card]
        i = free_slot(s.content.performers[action.card].requires, slots, action.color)
        assert i is not None  # listed as legal
        slots[i] = action.color
        w.moves -= 1
    elif isinstance(action, Convert):
        info = s.content.personnel[action.card]
        storage[CI[action.src]] -= 1
        gains = info.colors if info.kind == "assistant" else (action.dst,)
        for col in gains:
            storage[CI[col]] += 1
            w.taken[CI[col]] += 1
        if info.kind == "agent":
            w.agent = True
        else:
            w.assistant = True


def free_slot(requires: tuple[str, ...], slots: list[str | None], color: str) -> int | None:
    """The first empty slot (index) of a performer that requires a cube of `color`, or None."""
    for i, col in enumerate(requires):
        if col == color and slots[i] is None:
            return i
    return None


def carry_out(s: DrumRollState) -> Next:
    """Reveal every seat's distribution and carry it out, seat by seat in turn order."""
    performers, personnel = s.content.performers, s.content.personnel
    for p in s.player_order(s.start):
        storage = s.storage[p]
        moves: list[list[str]] = []
        conversions: list[list[str]] = []
        for op in s.work[p].ops:
            if isinstance(op, Move):
                slots = s.filled[op.card]
                i = free_slot(performers[op.card].requires, slots, op.color) if storage[CI[op.color]] > 0 else None
                if i is None:
                    continue
                storage[CI[op.color]] -= 1
                slots[i] = op.color
                moves.append([op.card, op.color])
            elif isinstance(op, Convert):
                info = personnel[op.card]
                gains = info.colors if info.kind == "assistant" else (op.dst,)
                if storage[CI[op.src]] <= 0 or any(s.stock[CI[g]] < gains.count(g) for g in gains):
                    continue  # another player's conversion emptied the stock first
                s.spend_cube(p, op.src)
                for col in gains:
                    s.gain_cube(p, col)
                conversions.append([op.card, op.src, op.dst])
        if moves or conversions:
            s.emit("distributed", seat=p, moves=moves, conversions=conversions)
    s.work = [None] * s.players
    s.close_sealed()
    return "turn_end"
