"""The Drum Roll rules engine: one game in progress.

The game moves through steps (`self.step`); each step either runs by itself, opens a sealed
simultaneous choice (`self.sealed`: starting draft, starting cubes, distribution, vote), or pushes
prompts (`self.prompts`, a stack of `(kind, player, data)`): the decision on top is the one asked.
Investment cards in hand are offered as extra choices at every prompt where they may be played.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from bigtop.core import Action, Game, Rng, SealedChoices, State

from .actions import (
    Convert,
    Decline,
    Deposit,
    Discard,
    Done,
    Fire,
    Hire,
    Invest,
    Keep,
    Move,
    Outstanding,
    Perform,
    Place,
    Play,
    ReturnOrganizer,
    SkipSalary,
    Spend,
    TakeCube,
    Trailer,
    Vote,
)
from .data import COLORS, TYPES, Effect, load_content

CUBE_SLOTS = COLORS
OTHER_SLOTS = ("tickets", "invest", "performer", "personnel", "pass")
SLOT_LIMITS = {"tickets": 2, "invest": 2, "performer": 1, "personnel": 1, "pass": 3}
CI = {c: i for i, c in enumerate(COLORS)}
# shared action objects: building frozen dataclasses is the costliest part of listing moves
_PLACE = {(slot, u): Place(slot, u) for slot in CUBE_SLOTS + OTHER_SLOTS for u in (False, True)}
_TAKE = {(col, k): TakeCube(col, k) for col in COLORS for k in (1, 2)}
_SPEND = {col: Spend(col) for col in COLORS}
DONE, DECLINE = Done(), Decline()
_move = lru_cache(maxsize=None)(Move)
_hire = lru_cache(maxsize=None)(Hire)
_perform = lru_cache(maxsize=None)(Perform)
_play = lru_cache(maxsize=None)(Play)

# investment cards that "can be played at any moment" (Fire a Performer never during a show)
ANY_MOMENT_CARDS = frozenset({"income", "extra_resources", "trailer", "fire", "cube_income"})
# the cards playable (publicly) during each sealed step, and at the choices such a card asks: in the
# distribution only those that just add to the player's board, so that nothing the sealed moves count
# on is taken away; none while carrying out markers (which are asked only while their colour is in
# stock); every "any moment" card in the vote, the Double Vote question and before a show
SEALED_STEP_CARDS = {
    "draft": frozenset(),
    "cubes": frozenset(),
    "carry_out": frozenset(),
    "distribution": frozenset({"income", "extra_resources", "trailer"}),
    "vote": ANY_MOMENT_CARDS,
    "double_vote": ANY_MOMENT_CARDS,
    "before_show": ANY_MOMENT_CARDS,
}
_VOTE = {False: Vote(False), True: Vote(True)}
# prompts at which a playable investment card may be played ("at any moment")
CARD_WINDOWS = frozenset({
    "bank", "place", "invest", "hire_performer", "hire_personnel", "organizer", "perform", "outstanding",
    "effect", "skip", "hand_limit",
})


@dataclass(frozen=True)
class DrumRollOptions:
    """Table options. The `*_order` fields put these card ids first, in order, in their deck
    (performers are dealt in this order, starting with the draft); `regions` fixes the region tiles
    seat by seat; `first_player` -1 draws the starting player; `cards` is a user's card file."""

    cards: str | None = None
    performer_order: tuple[str, ...] = ()
    personnel_order: tuple[str, ...] = ()
    investment_order: tuple[str, ...] = ()
    regions: tuple[str, ...] = ()
    first_player: int = -1


class DrumRollState(State):
    """A game of Drum Roll."""

    def __init__(self, game: Game[Any], players: int, seed: int, options: DrumRollOptions) -> None:
        super().__init__(game, players, seed, options)
        c = self.content = load_content(options.cards)
        nums = self.nums = c.numbers
        n = players
        self.coins = [0] * n
        self.prestige = [0] * n
        self.earned: list[dict[str, int]] = [{} for _ in range(n)]  # prestige by scoring category
        self.stock = [nums.cubes_per_colour] * 5
        self.storage = [[0] * 5 for _ in range(n)]
        self.circus: list[list[str]] = [[] for _ in range(n)]
        self.filled: dict[str, list[str | None]] = {}   # performer -> colour on each requirement slot
        self.flipped: dict[str, int] = {}               # performer -> show in which it was flipped
        self.trailers: set[str] = set()                 # performers with a trailer
        self.trailer_stock = nums.trailers
        self.staff: list[list[str]] = [[] for _ in range(n)]
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.looking: list[list[str]] = [[] for _ in range(n)]
        self.bank = [0] * n
        self.perf_deck = self._deck(list(c.performers), options.performer_order)
        self.pers_deck = self._deck(list(c.personnel), options.personnel_order)
        self.inv_deck = self._deck(list(c.investments), options.investment_order)
        self.perf_discard: list[str] = []
        self.pers_discard: list[str] = []
        self.inv_discard: list[str] = []
        # investment card -> the seats (besides its holder) who know where it is: a seat that looked at
        # cards and put them back knows them at the bottom of the deck, and sees where they go when drawn
        self.inv_known: dict[str, tuple[int, ...]] = {}
        self.perf_row: list[str] = []
        self.pers_row: list[str] = []
        self.discount: dict[str, int] = {}
        self.discount_stock = nums.discount_tokens
        slots = max(n, 3)
        region_ids = list(c.regions)
        if options.regions:
            self.regions = list(options.regions[:slots])
        else:
            self.rng.shuffle(region_ids)
            self.regions = region_ids[:slots]
        self.tickets = [0] * n
        self.show = 0
        self.turn = 1
        self.start = options.first_player % n if options.first_player >= 0 else self.rng.below(n)
        self.next_start: int | None = None
        self.organizer_block: int | None = None
        self.markers: list[tuple[int, str]] = []
        self.place_i = 0
        self.queue: list[tuple[str, int]] = []
        self.prompts: list[tuple[str, int, Any]] = []
        self.skips = [0] * n
        self.skipped: list[list[str]] = [[] for _ in range(n)]
        self.levels: list[dict[str, int]] = [{} for _ in range(n)]
        self.show_i = 0
        self.votes: dict[int, bool] = {}
        self.double: list[int] = []
        self.vote_log: list[dict[str, Any]] = []
        self.over = False
        self.details: dict[str, Any] = {}
        # sealed steps
        self.sealed: SealedChoices[Any] | None = None
        self.sealed_kind = ""
        self.draft: list[list[str]] = [[] for _ in range(n)]
        self.work: list[Any] = [None] * n
        self._refill()
        # set-up: two performers each from the deck, keep one and pass the other left
        for p in range(n):
            self.draft[p] = [self._draw("perf") for _ in range(2)]
        self.sealed, self.sealed_kind = SealedChoices(range(n)), "draft"
        self.step = "draft"

    # ------------------------------------------------------------------ decks and cards
    def _deck(self, ids: list[str], first: tuple[str, ...]) -> list[str]:
        """A shuffled deck with `first` dealt first (the end of the list is dealt next)."""
        for cid in first:
            if cid not in ids:
                raise ValueError(f"deck order: unknown card {cid!r}")
        rest = [i for i in ids if i not in first]
        self.rng.shuffle(rest)
        return rest + list(reversed(first))

    def _draw(self, kind: str) -> str | None:
        deck, discard = {
            "perf": (self.perf_deck, self.perf_discard),
            "pers": (self.pers_deck, self.pers_discard),
            "inv": (self.inv_deck, self.inv_discard),
        }[kind]
        if not deck:
            if not discard:
                return None
            deck.extend(discard)
            if kind == "inv":
                for card in discard:
                    self.inv_known.pop(card, None)
            discard.clear()
            self.rng.shuffle(deck)
            self.emit("reshuffled", deck=kind)
        return deck.pop()

    def hand_limit(self, p: int) -> int:
        return self.nums.hand_limit + sum(self.content.performers[x].type == "magician" for x in self.circus[p])

    def cost(self, card: str) -> int:
        c = self.content
        base = c.performers[card].cost if card in c.performers else c.personnel[card].cost
        return max(0, base - self.discount.get(card, 0))

    def n_bizarre(self, p: int) -> int:
        return sum(self.content.performers[x].type == "bizarre" for x in self.circus[p])

    def salary(self, p: int, card: str) -> int:
        """What `card` costs `p` at this show's salary payment."""
        c = self.content
        if card in c.personnel:
            return c.personnel[card].salary
        perf = c.performers[card]
        flipped = self.flipped.get(card)
        base = perf.secondary_salary if flipped is not None and flipped < self.show else perf.salary
        if perf.per_bizarre:
            base += self.n_bizarre(p) - 1
        return max(0, base - (card in self.trailers))

    def flip_value(self, p: int, card: str) -> int:
        perf = self.content.performers[card]
        return perf.flip_prestige + (self.n_bizarre(p) - 1 if perf.per_bizarre else 0)

    def level(self, card: str) -> int:
        """0 no performance, 1 poor, 2 good, 3 outstanding: each level needs every lower one's cube."""
        lvl = 0
        for slot in self.filled[card]:
            if slot is None:
                break
            lvl += 1
        return lvl

    def player_order(self, first: int) -> list[int]:
        return [(first + i) % self.players for i in range(self.players)]

    def region_of(self, p: int) -> str:
        return self.regions[p]

    def _gain_cube(self, p: int, color: str, count: int = 1) -> int:
        got = min(count, self.stock[CI[color]])
        self.stock[CI[color]] -= got
        self.storage[p][CI[color]] += got
        work = self.work[p]
        if isinstance(work, dict):  # gained while p distributes: usable at once
            work["storage"][CI[color]] += got
        return got

    def _spend_cube(self, p: int, color: str) -> None:
        self.storage[p][CI[color]] -= 1
        self.stock[CI[color]] += 1

    def _score(self, p: int, category: str, amount: int) -> None:
        """p gains `amount` prestige (a loss if negative), counted under `category` (SCORE_CATEGORIES)."""
        if amount:
            self.prestige[p] += amount
            self.earned[p][category] = self.earned[p].get(category, 0) + amount

    def _pay(self, p: int, amount: int) -> int:
        """Pay what one can; returns the unpaid part."""
        paid = min(amount, self.coins[p])
        self.coins[p] -= paid
        return amount - paid

    def _remove_performer(self, p: int, card: str) -> None:
        """A performer leaves the circus: cubes and trailer back to stock, card to the discard."""
        self.circus[p].remove(card)
        for col in self.filled.pop(card):
            if col is not None:
                self.stock[CI[col]] += 1
        if card in self.trailers:
            self.trailers.discard(card)
            self.trailer_stock += 1
        self.flipped.pop(card, None)
        self.perf_discard.append(card)

    def _fire(self, p: int, card: str, compensation: bool) -> None:
        if compensation:
            unpaid = self._pay(p, self.content.performers[card].cost)
            self._score(p, "no_performance", -(self.nums.no_performance_penalty + unpaid))
        self._remove_performer(p, card)
        self.emit("fired", seat=p, card=card, compensation=compensation)

    def _add_performer(self, p: int, card: str) -> None:
        self.circus[p].append(card)
        self.filled[card] = [None, None, None]

    def _open_trailer_targets(self, p: int) -> list[str]:
        return [x for x in self.circus[p] if x not in self.trailers]

    # ------------------------------------------------------------------ the kernel's hooks
    def to_move(self) -> tuple[int, ...]:
        if self.over:
            return ()
        if self.prompts:
            return (self.prompts[-1][1],)
        if self.sealed is not None:
            return self.sealed.waiting()
        return ()

    def is_over(self) -> bool:
        return self.over

    def scores(self) -> tuple[float, ...]:
        return tuple(float(x) for x in self.prestige)

    def tiebreaks(self) -> list[tuple[float, ...]]:
        return [(float(c),) for c in self.coins]

    def result_details(self) -> dict[str, Any]:
        return dict(self.details)

    def score_breakdown(self) -> dict[str, tuple[float, ...]]:
        """Each seat's prestige by where it came from (SCORE_CATEGORIES), losses as negative points;
        only the categories someone scored in."""
        from .scoring import SCORE_CATEGORIES

        return {key: tuple(float(e.get(key, 0)) for e in self.earned)
                for key in SCORE_CATEGORIES if any(key in e for e in self.earned)}

    def _copy_into(self, other: State) -> None:
        assert isinstance(other, DrumRollState)
        other.coins = list(self.coins)
        other.prestige = list(self.prestige)
        other.earned = [dict(x) for x in self.earned]
        other.stock = list(self.stock)
        other.storage = [list(s) for s in self.storage]
        other.circus = [list(x) for x in self.circus]
        other.filled = {k: list(v) for k, v in self.filled.items()}
        other.flipped = dict(self.flipped)
        other.trailers = set(self.trailers)
        other.staff = [list(x) for x in self.staff]
        other.hands = [list(x) for x in self.hands]
        other.looking = [list(x) for x in self.looking]
        other.bank = list(self.bank)
        other.perf_deck = list(self.perf_deck)
        other.pers_deck = list(self.pers_deck)
        other.inv_deck = list(self.inv_deck)
        other.perf_discard = list(self.perf_discard)
        other.pers_discard = list(self.pers_discard)
        other.inv_discard = list(self.inv_discard)
        other.inv_known = dict(self.inv_known)
        other.perf_row = list(self.perf_row)
        other.pers_row = list(self.pers_row)
        other.discount = dict(self.discount)
        other.regions = list(self.regions)
        other.tickets = list(self.tickets)
        other.markers = list(self.markers)
        other.queue = list(self.queue)
        other.prompts = list(self.prompts)
        other.skips = list(self.skips)
        other.skipped = [list(x) for x in self.skipped]
        other.levels = [dict(x) for x in self.levels]
        other.votes = dict(self.votes)
        other.double = list(self.double)
        other.vote_log = list(self.vote_log)
        other.details = dict(self.details)
        other.sealed = self.sealed.copy() if self.sealed is not None else None
        other.draft = [list(x) for x in self.draft]
        other.work = [_copy_work(w) for w in self.work]

    # ------------------------------------------------------------------ legal actions
    def _legal_actions(self, player: int) -> list[Action]:
        if self.prompts:
            kind, p, data = self.prompts[-1]
            out = getattr(self, "_legal_" + kind)(p, data)
            if kind in CARD_WINDOWS:
                cards = self._playable(p, kind)
                if self.sealed is not None:
                    # a choice asked by a card played during a sealed step: the step's own limits hold
                    cards = self._cards_in_sealed_step(cards)
                out.extend(_play(x) for x in cards)
            return out
        assert self.sealed is not None
        return getattr(self, "_sealed_" + self.sealed_kind)(player)

    def _playable(self, p: int, kind: str) -> list[str]:
        """The investment cards `p` may play at a prompt of this kind."""
        if not self.hands[p]:
            return []
        c = self.content.investments
        out = []
        in_show = self.step.startswith("show")
        for card in dict.fromkeys(self.hands[p]):
            k = c[card].kind
            ok = False
            if k == "income":
                ok = True
            elif k == "trailer":
                ok = self.trailer_stock > 0 and bool(self._open_trailer_targets(p))
            elif k == "fire":
                ok = not in_show and bool(self.circus[p])
            elif k == "cube_income":
                ok = any(self.storage[p])
            elif k == "extra_resources":
                ok = any(self.stock)
            elif k == "applause":
                ok = kind == "perform" and self.step == "show_player"
            if ok:
                out.append(card)
        return out

    def _sealed_draft(self, p: int) -> list[Action]:
        return [Keep(x) for x in dict.fromkeys(self.draft[p])]

    def _sealed_cubes(self, p: int) -> list[Action]:
        taken = self.work[p]
        return [_TAKE[c, 1] for c in COLORS if self.stock[CI[c]] - sum(x == c for x in taken) > 0]

    def _sealed_carry_out(self, p: int) -> list[Action]:
        """The next of p's cube and ticket markers: carry it out (`TakeCube` of its colour, `Done` for
        tickets) or `Decline` it (the marker comes back and gives nothing)."""
        slot = self.markers[self._carry_out_markers(p)[len(self.work[p])]][1]
        return [_TAKE[slot, 1] if slot in CI else DONE, DECLINE]

    def _cards_in_sealed_step(self, cards: list[str]) -> list[str]:
        """Those of `cards` that may be played during the sealed step in progress."""
        allowed = SEALED_STEP_CARDS[self.sealed_kind]
        return [x for x in cards if self.content.investments[x].kind in allowed]

    def _sealed_vote(self, p: int) -> list[Action]:
        return [_VOTE[False], _VOTE[True]] + [_play(x) for x in self._cards_in_sealed_step(self._playable(p, "vote"))]

    def _sealed_double_vote(self, p: int) -> list[Action]:
        """`Done` (the vote counts once) or play a Double Vote card (sealed: revealed with the others'
        answers); any card playable at any moment is played at once, in the open."""
        out: list[Action] = [DONE]
        double = next((x for x in self.hands[p] if self.content.investments[x].kind == "double_vote"), None)
        if double is not None:
            out.append(_play(double))
        out.extend(_play(x) for x in self._cards_in_sealed_step(self._playable(p, "double_vote")))
        return out

    def _sealed_before_show(self, p: int) -> list[Action]:
        """`Done` (ready for the show) or play a card playable at any moment, at once, in the open."""
        return [DONE] + [_play(x) for x in self._cards_in_sealed_step(self._playable(p, "before_show"))]

    def _sealed_distribution(self, p: int) -> list[Action]:
        w = self.work[p]
        out: list[Action] = [DONE]
        out.extend(_play(x) for x in self._cards_in_sealed_step(self._playable(p, "distribution")))
        storage, filled, moves, agent, assistant = w["storage"], w["filled"], w["moves"], w["agent"], w["assistant"]
        if moves > 0 and any(storage):
            performers = self.content.performers
            for card in self.circus[p]:
                if card in self.flipped:
                    continue
                slots = filled[card]
                seen = []
                for i, col in enumerate(performers[card].requires):
                    if slots[i] is None and storage[CI[col]] > 0 and col not in seen:
                        seen.append(col)
                        out.append(_move(card, col))
        pers = self.content.personnel
        for card in self.staff[p] if not (agent and assistant) else ():
            info = pers[card]
            if info.kind == "agent" and not agent:
                for src in COLORS:
                    if storage[CI[src]] > 0:
                        out.extend(Convert(card, src, dst) for dst in info.colors
                                   if dst != src and self.stock[CI[dst]] > w["taken"][CI[dst]])
            elif info.kind == "assistant" and not assistant:
                src = info.source
                assert src is not None
                a, b = info.colors
                need = [0] * 5
                need[CI[a]] += 1
                need[CI[b]] += 1
                if storage[CI[src]] > 0 and all(self.stock[i] - w["taken"][i] >= need[i] for i in range(5)):
                    out.append(Convert(card, src, ""))
        return out

    def _legal_bank(self, p: int, data: Any) -> list[Action]:
        return [Done(), Deposit()] if self.coins[p] > 0 else [Done()]

    def _legal_place(self, p: int, data: Any) -> list[Action]:
        out: list[Action] = [_PLACE["pass", False]]
        taken = set()
        mine = {"tickets": 0, "invest": 0, "performer": 0, "personnel": 0}
        for q, slot in self.markers:
            if slot in CI:
                taken.add(slot)
            elif q == p and slot in mine:
                mine[slot] += 1
        full = len(taken) >= self.players
        if not full:
            out.extend(_PLACE[col, False] for col in CUBE_SLOTS if col not in taken)
        if any(self.content.investments[x].kind == "unblock" for x in self.hands[p]):
            out.extend(_PLACE[col, True] for col in CUBE_SLOTS if col in taken or full)
        if mine["tickets"] < 2 and self.tickets[p] + mine["tickets"] < len(self.content.tickets):
            out.append(_PLACE["tickets", False])
        for slot in ("invest", "performer", "personnel"):
            if mine[slot] < SLOT_LIMITS[slot]:
                out.append(_PLACE[slot, False])
        return out

    def _legal_invest(self, p: int, data: Any) -> list[Action]:
        out: list[Action] = [DECLINE]
        if self.coins[p] >= self.nums.invest_cost and (self.inv_deck or self.inv_discard):
            out.append(Invest())
        return out

    def _legal_hire_performer(self, p: int, data: Any) -> list[Action]:
        out: list[Action] = [DECLINE]
        out.extend(_hire(x) for x in self.perf_row if self.cost(x) <= self.coins[p])
        return out

    def _legal_hire_personnel(self, p: int, data: Any) -> list[Action]:
        out: list[Action] = [DECLINE]
        for x in self.pers_row:
            if self.cost(x) <= self.coins[p] and not (self.content.personnel[x].kind == "organizer" and self.organizer_block == p):
                out.append(_hire(x))
        return out

    def _legal_organizer(self, p: int, data: Any) -> list[Action]:
        return [ReturnOrganizer(False), ReturnOrganizer(True)]

    def _legal_perform(self, p: int, data: Any) -> list[Action]:
        left = [x for x in self.circus[p] if x not in self.levels[p] and x not in self.flipped]
        return [_perform(x) for x in left] if left else [DONE]

    def _legal_outstanding(self, p: int, data: Any) -> list[Action]:
        return [Outstanding(False), Outstanding(True)]

    def _legal_effect(self, p: int, data: Any) -> list[Action]:
        return self._effect_choices(p, data) or [Decline()]

    def _effect_choices(self, p: int, data: Any) -> list[Action]:
        kind, amount, colors = data
        if kind == "cube":
            return [_TAKE[c, 1] for c in (colors or COLORS) if self.stock[CI[c]] > 0]
        if kind in ("cube_to_coins", "cube_to_skip", "card_cube_income"):
            out: list[Action] = [] if kind == "card_cube_income" else [Decline()]
            return out + [_SPEND[c] for c in COLORS if self.storage[p][CI[c]] > 0]
        if kind in ("coins_to_trailer", "trailer"):
            out = [Decline()] if kind == "coins_to_trailer" else []
            return out + [Trailer(x) for x in self._open_trailer_targets(p)]
        if kind == "look_invest":
            return [Keep(x) for x in self.looking[p]]
        if kind == "extra_resources":
            out = [TakeCube(c) for c in COLORS if self.stock[CI[c]] > 0]
            if self.stock[CI[colors[0]]] >= 2:
                out.append(TakeCube(colors[0], 2))
            return out
        if kind == "fire":
            return [Fire(x) for x in self.circus[p]]
        raise AssertionError(kind)

    def _legal_skip(self, p: int, data: Any) -> list[Action]:
        out: list[Action] = [Done()]
        for card in self.circus[p] + self.staff[p]:
            if card not in self.skipped[p] and self.salary(p, card) > 0:
                out.append(SkipSalary(card))
        return out

    def _legal_hand_limit(self, p: int, data: Any) -> list[Action]:
        return [Discard(x) for x in dict.fromkeys(self.hands[p])]

    # ------------------------------------------------------------------ applying
    def _apply(self, player: int, action: Action) -> None:
        if self.prompts:
            kind, p, data = self.prompts[-1]
            if isinstance(action, Play):
                self._play_card(p, action.card)
            else:
                self.prompts.pop()
                getattr(self, "_do_" + kind)(p, data, action)
        elif isinstance(action, Play) and not (self.sealed_kind == "double_vote" and self._is_double_vote(action.card)):
            self._play_card(player, action.card)
        else:
            assert self.sealed is not None
            getattr(self, "_seal_" + self.sealed_kind)(player, action)
        self._advance()

    def _is_double_vote(self, card: str) -> bool:
        return self.content.investments[card].kind == "double_vote"

    # sealed steps
    def _seal_draft(self, p: int, action: Action) -> None:
        assert isinstance(action, Keep) and self.sealed is not None
        kept = self.sealed.seal(p, action.card)
        if kept is None:
            return
        self.reveal()
        n = self.players
        for q in range(n):
            given = [x for x in self.draft[q] if x != kept[q]] or [kept[q]]
            self._add_performer(q, kept[q])
            self._add_performer((q + 1) % n, given[0])
        self.draft = [[] for _ in range(n)]
        self.emit("draft_revealed", circus=[list(x) for x in self.circus])
        self.sealed, self.sealed_kind = SealedChoices(range(n)), "cubes"
        self.work = [[] for _ in range(n)]

    def _seal_cubes(self, p: int, action: Action) -> None:
        assert isinstance(action, TakeCube) and self.sealed is not None
        self.work[p].append(action.color)
        if len(self.work[p]) < 2:
            return
        picks = self.sealed.seal(p, tuple(self.work[p]))
        if picks is None:
            return
        self.reveal()
        for q in self.player_order(self.start):
            for col in picks[q]:
                self._gain_cube(q, col)
            cost = sum(self.content.performers[x].cost for x in self.circus[q])
            self.coins[q] = max(0, self.nums.starting_coins - cost)
        self.emit("starting_cubes", picks=[list(picks[q]) for q in range(self.players)])
        self.work = [None] * self.players
        self.sealed, self.sealed_kind = None, ""
        self.step = "turn_start"

    def _seal_carry_out(self, p: int, action: Action) -> None:
        assert isinstance(action, (TakeCube, Done, Decline)) and self.sealed is not None
        self.work[p].append(not isinstance(action, Decline))
        if len(self.work[p]) < len(self._carry_out_markers(p)):
            return
        picks = self.sealed.seal(p, tuple(self.work[p]))
        if picks is None:
            return
        self.reveal()
        self.work = [None] * self.players
        self.sealed, self.sealed_kind = None, ""
        self._resolve_markers(picks)

    def _seal_vote(self, p: int, action: Action) -> None:
        assert isinstance(action, Vote) and self.sealed is not None
        votes = self.sealed.seal(p, action.delay)
        if votes is None:
            return
        self.votes = votes
        self.reveal()
        self.emit("votes_revealed", votes=[self.votes[q] for q in range(self.players)])
        for q in range(self.players):
            if self.votes[q]:
                self.emit("voted_delay", seat=q)
            else:
                self.emit("voted_start", seat=q)
        self.sealed, self.sealed_kind = None, ""
        self.double = []
        self.step = "vote_count"
        # "After seeing the result of a vote, you may use this card": asked of every seat holding any card
        # (hand sizes are public), while a Double Vote card may be in a hand, so that nobody learns who has one
        asked = [q for q in self.player_order(self.start) if self.hands[q]]
        doubles = [x for x, info in self.content.investments.items() if info.kind == "double_vote"]
        if asked and not set(doubles) <= set(self.inv_discard):
            self.sealed, self.sealed_kind = SealedChoices(asked), "double_vote"
            self.step = "double_vote"

    def _seal_double_vote(self, p: int, action: Action) -> None:
        assert isinstance(action, (Done, Play)) and self.sealed is not None
        answers = self.sealed.seal(p, action.card if isinstance(action, Play) else None)
        if answers is None:
            return
        self.reveal()
        for q in self.player_order(self.start):
            card = answers.get(q)
            if card is not None:
                self._discard_played(q, card)
                self.double.append(q)
        self.sealed, self.sealed_kind = None, ""
        self.step = "vote_count"

    def _seal_before_show(self, p: int, action: Action) -> None:
        assert isinstance(action, Done) and self.sealed is not None
        if self.sealed.seal(p, True) is not None:
            self.sealed, self.sealed_kind = None, ""
            self.step = "show_start"

    def _seal_distribution(self, p: int, action: Action) -> None:
        assert self.sealed is not None
        if isinstance(action, Done):
            if self.sealed.seal(p, True) is not None:
                self.reveal()
                self._finish_distribution()
            return
        self._distribute(p, action)

    def _distribute(self, p: int, action: Action) -> None:
        """Carry out one sealed distribution choice on p's working copy (revealed at the end)."""
        w = self.work[p]
        w["ops"].append(action)
        storage = w["storage"]
        if isinstance(action, Move):
            storage[CI[action.color]] -= 1
            slots = w["filled"][action.card]
            req = self.content.performers[action.card].requires
            i = next(i for i, col in enumerate(req) if col == action.color and slots[i] is None)
            slots[i] = action.color
            w["moves"] -= 1
        elif isinstance(action, Convert):
            info = self.content.personnel[action.card]
            storage[CI[action.src]] -= 1
            gains = info.colors if info.kind == "assistant" else (action.dst,)
            for col in gains:
                storage[CI[col]] += 1
                w["taken"][CI[col]] += 1
            w["agent" if info.kind == "agent" else "assistant"] = True

    def _finish_distribution(self) -> None:
        """Reveal every player's distribution and carry it out, seat by seat in turn order."""
        for p in self.player_order(self.start):
            done = []
            for op in self.work[p]["ops"]:
                if isinstance(op, Move):
                    if self.storage[p][CI[op.color]] <= 0:
                        continue
                    req = self.content.performers[op.card].requires
                    slots = self.filled[op.card]
                    i = next((i for i, col in enumerate(req) if col == op.color and slots[i] is None), None)
                    if i is None:
                        continue
                    self.storage[p][CI[op.color]] -= 1
                    slots[i] = op.color
                elif isinstance(op, Convert):
                    info = self.content.personnel[op.card]
                    gains = info.colors if info.kind == "assistant" else (op.dst,)
                    if self.storage[p][CI[op.src]] <= 0 or any(self.stock[CI[g]] < sum(x == g for x in gains) for g in gains):
                        continue  # another player's conversion emptied the stock first
                    self._spend_cube(p, op.src)
                    for col in gains:
                        self._gain_cube(p, col)
                done.append(op)
            self.emit("distributed", seat=p, moves=[[o.card, o.color] for o in done if isinstance(o, Move)],
                      conversions=[[o.card, o.src, o.dst] for o in done if isinstance(o, Convert)])
        self.work = [None] * self.players
        self.sealed, self.sealed_kind = None, ""
        self.step = "turn_end"

    # prompts
    def _do_bank(self, p: int, data: Any, action: Action) -> None:
        if isinstance(action, Deposit):
            self.coins[p] -= 1
            self.bank[p] += 1
            self.prompts.append(("bank", p, None))

    def _do_place(self, p: int, data: Any, action: Action) -> None:
        assert isinstance(action, Place)
        if action.unblock:
            self._discard_played(p, next(x for x in self.hands[p] if self.content.investments[x].kind == "unblock"))
        self.markers.append((p, action.slot))
        self.place_i += 1
        self.emit("placed", seat=p, slot=action.slot, unblock=action.unblock)

    def _do_invest(self, p: int, data: Any, action: Action) -> None:
        if isinstance(action, Invest):
            self.coins[p] -= self.nums.invest_cost
            card = self._draw("inv")
            assert card is not None
            self.hands[p].append(card)
            self.reveal()
            self.emit("invested", seat=p)
            self.emit("drew_investment", audience=[p], card=card)
            self._check_hand(p)

    def _do_hire_performer(self, p: int, data: Any, action: Action) -> None:
        if isinstance(action, Hire):
            self.coins[p] -= self.cost(action.card)
            self.perf_row.remove(action.card)
            self.discount_stock += self.discount.pop(action.card, 0)
            self._add_performer(p, action.card)
            self.emit("hired", seat=p, card=action.card)

    def _do_hire_personnel(self, p: int, data: Any, action: Action) -> None:
        if isinstance(action, Hire):
            self.coins[p] -= self.cost(action.card)
            self.pers_row.remove(action.card)
            self.discount_stock += self.discount.pop(action.card, 0)
            self.staff[p].append(action.card)
            self.emit("hired", seat=p, card=action.card)

    def _do_organizer(self, p: int, data: Any, action: Action) -> None:
        assert isinstance(action, ReturnOrganizer)
        if action.back:
            card = next(x for x in self.staff[p] if self.content.personnel[x].kind == "organizer")
            self.staff[p].remove(card)
            self.pers_row.append(card)
            self.next_start = p
            self.organizer_block = p
            self.emit("organizer_returned", seat=p)

    def _do_perform(self, p: int, data: Any, action: Action) -> None:
        if isinstance(action, Done):
            self._close_show(p)
            return
        assert isinstance(action, Perform)
        self.prompts.append(("perform", p, None))
        card = action.card
        lvl = self.level(card)
        self.levels[p][card] = lvl
        self.emit("performed", seat=p, card=card, level=lvl)
        if lvl == 0:
            self._fire(p, card, compensation=True)
        elif lvl == 3:
            self.prompts.append(("outstanding", p, card))
        else:
            self._benefit(p, self.content.performers[card].benefit(lvl))

    def _do_outstanding(self, p: int, data: Any, action: Action) -> None:
        assert isinstance(action, Outstanding)
        card = data
        if action.flip:
            gain = self.flip_value(p, card)
            self._score(p, "flips", gain)
            self.flipped[card] = self.show
            slots = self.filled[card]
            for i, col in enumerate(slots):
                if col is not None:
                    self.stock[CI[col]] += 1
                    slots[i] = None
            self.emit("flipped", seat=p, card=card, prestige=gain)
        else:
            self._benefit(p, self.content.performers[card].outstanding)

    def _benefit(self, p: int, effects: tuple[Effect, ...]) -> None:
        """Carry out a benefit: plain gains at once, choices as prompts (in printed order)."""
        choices = []
        for e in effects:
            if e.kind == "coins":
                self.coins[p] += e.amount
            elif e.kind == "prestige":
                self._score(p, "benefits", e.amount)
            elif e.kind == "skip_salary":
                self.skips[p] += e.amount
            else:
                choices.append(("effect", p, (e.kind, e.amount, e.colors)))
        for prompt in reversed(choices):
            self._push_effect(prompt)

    def _push_effect(self, prompt: tuple[str, int, Any]) -> None:
        """Ask an effect's choice, unless nothing can be chosen (then it does nothing)."""
        _, p, (kind, amount, colors) = prompt
        if kind == "look_invest":
            # drawn when its turn comes (see _advance); mark it pending
            self.prompts.append(("look", p, amount))
            return
        if kind == "coins_to_trailer" and self.coins[p] < amount:
            return
        if kind in ("coins_to_trailer", "trailer") and self.trailer_stock <= 0:
            return
        if self._effect_choices(p, (kind, amount, colors)) in ([], [Decline()]):
            return
        self.prompts.append(prompt)

    def _do_effect(self, p: int, data: Any, action: Action) -> None:
        kind, amount, colors = data
        if isinstance(action, Decline):
            return
        if isinstance(action, TakeCube):
            self._gain_cube(p, action.color, action.count)
        elif isinstance(action, Spend):
            self._spend_cube(p, action.color)
            if kind == "cube_to_skip":
                self.skips[p] += 1
            else:
                self.coins[p] += amount
        elif isinstance(action, Trailer):
            if kind == "coins_to_trailer":
                self.coins[p] -= amount
            self.trailer_stock -= 1
            self.trailers.add(action.card)
        elif isinstance(action, Keep):
            self.looking[p].remove(action.card)
            self.hands[p].append(action.card)
            # the rest to the bottom of the deck: p knows them there; whoever knew what p was looking at
            # no longer knows which card p kept
            self.inv_known.pop(action.card, None)
            for card in self.looking[p]:
                self.inv_known[card] = (p,)
            self.inv_deck[:0] = self.looking[p]
            self.looking[p] = []
            self._check_hand(p)
        elif isinstance(action, Fire):
            self._fire(p, action.card, compensation=False)

    def _do_skip(self, p: int, data: Any, action: Action) -> None:
        if isinstance(action, SkipSalary):
            self.skipped[p].append(action.card)
            self.skips[p] -= 1
            if self.skips[p] > 0 and len(self._legal_skip(p, None)) > 1:
                self.prompts.append(("skip", p, None))

    def _do_hand_limit(self, p: int, data: Any, action: Action) -> None:
        assert isinstance(action, Discard)
        self.hands[p].remove(action.card)
        self.inv_discard.append(action.card)
        self.inv_known.pop(action.card, None)
        self.emit("discarded", seat=p, card=action.card)
        self._check_hand(p)

    def _check_hand(self, p: int) -> None:
        if len(self.hands[p]) > self.hand_limit(p) and not any(k == "hand_limit" and q == p for k, q, _ in self.prompts):
            self.prompts.append(("hand_limit", p, None))

    def _discard_played(self, p: int, card: str) -> None:
        """`card` leaves p's hand for the face-up discard pile, played."""
        self.hands[p].remove(card)
        self.inv_discard.append(card)
        self.inv_known.pop(card, None)
        self.emit("played", seat=p, card=card)

    def _play_card(self, p: int, card: str) -> None:
        info = self.content.investments[card]
        self._discard_played(p, card)
        k = info.kind
        if k == "income":
            self.coins[p] += info.amount
        elif k == "trailer":
            self.prompts.append(("effect", p, ("trailer", 1, ())))
        elif k == "fire":
            self.prompts.append(("effect", p, ("fire", 1, ())))
        elif k == "cube_income":
            self.prompts.append(("effect", p, ("card_cube_income", info.amount, ())))
        elif k == "extra_resources":
            self.prompts.append(("effect", p, ("extra_resources", 1, (info.color,))))
        elif k == "applause":
            gain = sum(1 for x, lv in self.levels[p].items() if lv == 3 and self.content.performers[x].type == info.type)
            loss = sum(1 for x, lv in self.levels[p].items() if lv == 1 and self.content.performers[x].type == info.type)
            self._score(p, "applause", gain - loss)
            self.emit("applause", seat=p, type=info.type, prestige=gain - loss)
        # a hand-limit prompt ends once the hand is small enough
        if self.prompts and self.prompts[-1][0] == "hand_limit" and self.prompts[-1][1] == p \
                and len(self.hands[p]) <= self.hand_limit(p):
            self.prompts.pop()

    # ------------------------------------------------------------------ the flow of the game
    def _advance(self) -> None:
        """Run the automatic steps until someone has a decision (or the game ends)."""
        while not self.over and self.sealed is None:
            if self.prompts:
                kind, p, data = self.prompts[-1]
                if kind == "hand_limit" and len(self.hands[p]) <= self.hand_limit(p):
                    self.prompts.pop()
                    continue
                if kind != "look":
                    return
                self.prompts.pop()
                self._start_look(p, data)
                continue
            getattr(self, "_step_" + self.step)()

    def _start_look(self, p: int, amount: int) -> None:
        for _ in range(amount):
            card = self._draw("inv")
            if card is None:
                break
            self.looking[p].append(card)
        if self.looking[p]:
            self.reveal()
            self.emit("looking", audience=[p], cards=list(self.looking[p]))
            self.prompts.append(("effect", p, ("look_invest", amount, ())))

    def _step_turn_start(self) -> None:
        self.markers = []
        self.place_i = 0
        for p in reversed(self.player_order(self.start)):
            if any(self.content.personnel[x].kind == "bank" for x in self.staff[p]):
                self.prompts.append(("bank", p, None))
        self.step = "place"

    def _step_place(self) -> None:
        if self.place_i < 3 * self.players:
            self.prompts.append(("place", (self.start + self.place_i) % self.players, None))
            return
        self.step = "resolve"

    def _step_resolve(self) -> None:
        """Cube and ticket markers: every player who has one chooses, sealed, to carry each out or not."""
        asked = [p for p in self.player_order(self.start) if self._carry_out_markers(p)]
        if asked:
            self.work = [[] for _ in range(self.players)]
            self.sealed, self.sealed_kind = SealedChoices(asked), "carry_out"
            self.step = "carry_out"
            return
        self._resolve_markers({})

    def _carry_out_markers(self, p: int) -> list[int]:
        """The indices (in `self.markers`) of p's cube and ticket markers that would do something: a
        cube marker whose colour is left in the stock, a ticket marker before the end of the track."""
        out = []
        for i, (q, slot) in enumerate(self.markers):
            if q != p:
                continue
            if slot in CI and self.stock[CI[slot]] > 0 or slot == "tickets" and self.tickets[p] < len(self.content.tickets):
                out.append(i)
        return out

    def _resolve_markers(self, picks: dict[int, tuple[bool, ...]]) -> None:
        """Cubes and tickets at once (except the declined markers), passes paid; then invest, performers,
        personnel in stack order. `picks[p]`: carry out or not, for each of p's `_carry_out_markers`."""
        declined = set()
        for p, keep in picks.items():
            for i, yes in zip(self._carry_out_markers(p), keep, strict=True):
                if not yes:
                    declined.add(i)
        for i in sorted(declined):
            p, slot = self.markers[i]
            self.emit("declined", seat=p, slot=slot)
        for slot in CUBE_SLOTS:
            for i, (p, s) in enumerate(self.markers):
                if s == slot and i not in declined:
                    self._gain_cube(p, slot)
        values = self.content.tickets
        for i, (p, s) in enumerate(self.markers):
            if s == "tickets" and i not in declined and self.tickets[p] < len(values):
                self.tickets[p] += 1
                self.coins[p] += values[self.tickets[p] - 1]
            elif s == "pass":
                self.coins[p] += self.nums.pass_coins
        self.queue = [(s, p) for kind in ("invest", "performer", "personnel") for p, s in self.markers if s == kind]
        self.step = "queue"

    def _step_queue(self) -> None:
        if self.queue:
            slot, p = self.queue.pop(0)
            kind = {"invest": "invest", "performer": "hire_performer", "personnel": "hire_personnel"}[slot]
            self.prompts.append((kind, p, None))
            return
        for row in (self.perf_row, self.pers_row):
            for card in list(row):
                if self.cost(card) == 0:
                    row.remove(card)
                    self.discount_stock += self.discount.pop(card, 0)
                    (self.perf_discard if card in self.content.performers else self.pers_discard).append(card)
                elif self.discount_stock > 0:
                    self.discount[card] = self.discount.get(card, 0) + 1
                    self.discount_stock -= 1
        self.organizer_block = None
        self.work = [self._new_work(p) for p in range(self.players)]
        self.sealed, self.sealed_kind = SealedChoices(range(self.players)), "distribution"
        self.step = "distribution"

    def _new_work(self, p: int) -> dict[str, Any]:
        supplier = any(self.content.personnel[x].kind == "supplier" for x in self.staff[p])
        return {
            "storage": list(self.storage[p]),
            "filled": {x: list(self.filled[x]) for x in self.circus[p]},
            "moves": self.nums.supplier_moves if supplier else self.nums.moves_per_distribution,
            "agent": False,
            "assistant": False,
            "taken": [0] * 5,
            "ops": [],
        }

    def _step_turn_end(self) -> None:
        for p in reversed(self.player_order(self.start)):
            if any(self.content.personnel[x].kind == "organizer" for x in self.staff[p]):
                self.prompts.append(("organizer", p, None))
        self.step = "refill"

    def _step_refill(self) -> None:
        self._refill()
        if self.turn >= self.nums.last_turn:
            self.step = "before_show"
        elif self.turn >= self.nums.first_vote_after:
            self.sealed, self.sealed_kind = SealedChoices(range(self.players)), "vote"
            self.step = "vote"
        else:
            self._next_turn()

    def _next_turn(self) -> None:
        self.turn += 1
        self.start = self.next_start if self.next_start is not None else (self.start + 1) % self.players
        self.next_start = None
        self.step = "turn_start"

    def _refill(self) -> None:
        want = 3 if self.players == 2 else self.players
        while len(self.pers_row) < want:
            card = self._draw("pers")
            if card is None:
                break
            self.pers_row.append(card)
        most = 1 if self.players == 2 else 2
        tries = len(self.content.performers)
        while len(self.perf_row) < self.players + 1 and tries > 0:
            card = self._draw("perf")
            if card is None:
                break
            kind = self.content.performers[card].type
            if sum(self.content.performers[x].type == kind for x in self.perf_row) >= most:
                self.perf_discard.append(card)
                tries -= 1
                continue
            self.perf_row.append(card)
        self.reveal()

    def _step_vote_count(self) -> None:
        delay = sum(self.votes[p] * (2 if p in self.double else 1) for p in range(self.players))
        ready = sum((not self.votes[p]) * (2 if p in self.double else 1) for p in range(self.players))
        first_vote = self.turn == self.nums.first_vote_after
        if self.players == 2 and first_vote:
            delay += 1
        delayed = delay > ready if delay != ready else self.votes[self.start]
        if not first_vote:
            for p in range(self.players):
                if self.votes[p]:
                    self._score(p, "late_votes", -self.nums.late_delay_penalty)
        self.vote_log.append({"show": self.show, "turn": self.turn, "votes": [self.votes[p] for p in range(self.players)],
                              "double": list(self.double), "delayed": delayed})
        self.emit("vote_result", delayed=delayed, delay=delay, ready=ready)
        self.votes, self.double = {}, []
        if delayed:
            self._next_turn()
        else:
            self.step = "before_show"

    def _step_before_show(self) -> None:
        """The last moment before the show, when a card playable "at any moment" (Fire a Performer
        too: "You may not fire a performer during a show") may still be played: asked of every seat
        holding any card (hand sizes are public), all at once."""
        asked = [p for p in self.player_order(self.start) if self.hands[p]]
        if asked:
            self.sealed, self.sealed_kind = SealedChoices(asked), "before_show"
        else:
            self.step = "show_start"

    def _step_show_start(self) -> None:
        self.show_i = 0
        self.levels = [{} for _ in range(self.players)]
        self.skips = [0] * self.players
        self.skipped = [[] for _ in range(self.players)]
        self.step = "show_player"
        self.emit("show", number=self.show + 1)

    def _step_show_player(self) -> None:
        if self.show_i >= self.players:
            self._end_show()
            return
        p = (self.start + self.show_i) % self.players
        self.prompts.append(("perform", p, None))

    def _close_show(self, p: int) -> None:
        """After p's performers: region, Orchestra, Popcorn Vendor; then salaries (with skips)."""
        region = self.content.regions[self.region_of(p)]
        types = [self.content.performers[x].type for x in self.circus[p]]
        gain = sum(region.prestige * (types.count(t) // region.per) for t in region.types)
        self._score(p, "regions", gain)
        for x in self.staff[p]:
            info = self.content.personnel[x]
            if info.kind == "orchestra":
                self._score(p, "orchestra", info.amount)
            elif info.kind == "popcorn":
                self.coins[p] += info.amount
        self.emit("region_bonus", seat=p, region=region.id, prestige=gain)
        self.step = "show_salary"
        if self.skips[p] > 0 and len(self._legal_skip(p, None)) > 1:
            self.prompts.append(("skip", p, None))

    def _step_show_salary(self) -> None:
        """The current player pays every salary not skipped; 1 prestige lost per coin short."""
        p = (self.start + self.show_i) % self.players
        total = sum(self.salary(p, x) for x in self.circus[p] + self.staff[p] if x not in self.skipped[p])
        unpaid = self._pay(p, total)
        self._score(p, "salaries", -unpaid)
        self.emit("salaries", seat=p, due=total, unpaid=unpaid)
        self.show_i += 1
        self.step = "show_player"

    def _end_show(self) -> None:
        for row, discard in ((self.perf_row, self.perf_discard), (self.pers_row, self.pers_discard)):
            for card in row:
                self.discount_stock += self.discount.pop(card, 0)
                discard.append(card)
            row.clear()
        self.show += 1
        if self.show >= self.nums.shows:
            self._final_scoring()
            return
        self.regions = [self.regions[-1]] + self.regions[:-1]
        self.tickets = [0] * self.players
        self.turn = 1
        self.start = self.next_start if self.next_start is not None else (self.start + 1) % self.players
        self.next_start = None
        self._refill()
        self.step = "turn_start"

    def _final_scoring(self) -> None:
        from .scoring import final_bonuses

        self.details = final_bonuses(self)
        for p, row in enumerate(self.details["bonuses"]):
            for bonus, prestige in row.items():
                self._score(p, bonus, prestige)
                self.emit("bonus", seat=p, bonus=bonus, prestige=prestige)
        self.over = True
        self.emit("game_over", scores=list(self.prestige))

    # ------------------------------------------------------------------ views and hidden information
    def view(self, player: int | None) -> dict[str, Any]:
        from .view import build_view

        return build_view(self, player)

    def _determinize(self, player: int | None, rng: Rng) -> DrumRollState:
        """A copy in which everything `player` cannot know is drawn anew from `rng`, consistently.

        Resampled: the order of the three decks; the investment cards in other seats' hands and
        among the cards they are looking at (except cards whose place `player` knows: those it put
        back at the bottom of the deck, wherever they went since); other seats' draft hands; other
        seats' sealed choices (draft pick, starting cubes, carrying out cube and ticket markers, vote,
        Double Vote, distribution), each redrawn among the legal ones (the kernel then reseeds the copy's chance
        stream). Everything `player` sees stays as it is.
        """
        other = self.clone()
        n = self.players
        others = [q for q in range(n) if q != player]
        # each kind of card, place by place: one pool of every card whose place `player` cannot know
        # (the deck's order, other seats' hands, looks and draft hands), shuffled and dealt back in order
        _deal_anew([other.inv_deck, *(other.hands[q] for q in others), *(other.looking[q] for q in others)],
                   other.inv_known, player, rng)
        _deal_anew([other.perf_deck, *(other.draft[q] for q in others)], {}, player, rng)
        _deal_anew([other.pers_deck], {}, player, rng)
        # others' sealed choices, redrawn among the legal ones
        sealed = other.sealed
        if sealed is None:
            return other
        kind = other.sealed_kind
        for q in others:
            if kind == "draft" and q in sealed.choices:
                sealed.choices[q] = rng.choice(other.draft[q])
            elif kind == "vote" and q in sealed.choices:
                sealed.choices[q] = bool(rng.below(2))
            elif kind == "double_vote" and q in sealed.choices:
                # whether q played a Double Vote card: only if q holds one in the copy
                double = next((x for x in other.hands[q] if other._is_double_vote(x)), None)
                sealed.choices[q] = double if double is not None and rng.below(2) else None
            elif kind == "cubes" and other.work[q]:
                picks = len(other.work[q])
                other.work[q] = []
                for _ in range(picks):
                    other.work[q].append(rng.choice(other._sealed_cubes(q)).color)
                if q in sealed.choices:
                    sealed.choices[q] = tuple(other.work[q])
            elif kind == "carry_out" and other.work[q]:
                other.work[q] = [bool(rng.below(2)) for _ in other.work[q]]
                if q in sealed.choices:
                    sealed.choices[q] = tuple(other.work[q])
            elif kind == "distribution":
                # a seat still choosing starts over; a seat done has done something legal
                other.work[q] = other._new_work(q)
                if q in sealed.choices:
                    while True:
                        choices = [a for a in other._sealed_distribution(q) if not isinstance(a, Play)]
                        choice = rng.choice(choices)
                        if isinstance(choice, Done):
                            break
                        other._distribute(q, choice)
        return other

    def check_invariants(self) -> None:
        from .scoring import check_invariants

        check_invariants(self)


def _deal_anew(piles: list[list[str]], known: dict[str, tuple[int, ...]], player: int | None, rng: Rng) -> None:
    """Shuffle the cards of `piles` whose place `player` does not know (`known`: card -> the seats who
    know where it is) and deal them back to those places, in order. What other seats know of a place
    stays with the place."""
    places: list[tuple[list[str], int]] = []
    pool: list[str] = []
    marks: list[tuple[int, ...] | None] = []
    for cards in piles:
        for i, card in enumerate(cards):
            if player is not None and player in known.get(card, ()):
                continue
            places.append((cards, i))
            pool.append(card)
            marks.append(known.pop(card, None))
    rng.shuffle(pool)
    for (cards, i), card, mark in zip(places, pool, marks, strict=True):
        cards[i] = card
        if mark:
            known[card] = mark


def _copy_work(w: Any) -> Any:
    if w is None:
        return None
    if isinstance(w, list):
        return list(w)
    return {
        "storage": list(w["storage"]),
        "filled": {k: list(v) for k, v in w["filled"].items()},
        "moves": w["moves"],
        "agent": w["agent"],
        "assistant": w["assistant"],
        "taken": list(w["taken"]),
        "ops": list(w["ops"]),
    }


__all__ = ["DrumRollOptions", "DrumRollState", "TYPES"]
