"""A game of Drum Roll in progress: what is on the table, and the small operations every rule uses.

The rules themselves live with their phase (`phases/`: set-up, action markers, distribution, end of
turn, vote, show); investment cards in `cards.py`, benefits in `effects.py`; `flow.py` moves the game
on. Which fields a seat may see is declared once in `visibility.py`, read by the view and by
`determinize`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bigtop.core import Action, Game, Rng, SealedChoices, State
from bigtop.core.actions import copies_as_one
from bigtop.core.deck import settle_top

from . import flow, phases, visibility
from .data import CI, load_content
from .decisions import SEALED
from .records import Distribution, Marker, Prompt, Queued, VoteRecord


@dataclass(frozen=True)
class DrumRollOptions:
    """Table options. The `*_order` fields put these card ids first, in order, in their deck
    (performers are dealt in this order, starting with the draft); `regions` fixes the region tiles
    seat by seat; `first_player` -1 draws the starting player; `cards` is a user's card file;
    `position` (JSON) starts the game from a position instead of the set-up (`position.py`)."""

    cards: str | None = None
    performer_order: tuple[str, ...] = ()
    personnel_order: tuple[str, ...] = ()
    investment_order: tuple[str, ...] = ()
    regions: tuple[str, ...] = ()
    first_player: int = -1
    position: str | None = None


class DrumRollState(State):
    """A game of Drum Roll."""

    # the containers, which `_copy_into` copies: kept out of the instance dict (see `State`)
    __slots__ = (
        "coins", "prestige", "earned", "stock", "storage", "circus", "filled", "flipped", "trailers", "staff", "hands",
        "looking", "bank", "perf_deck", "pers_deck", "inv_deck", "perf_discard", "pers_discard", "inv_discard",
        "inv_known", "unsettled", "perf_row", "pers_row", "discount", "regions", "tickets", "markers", "queue", "prompts",
        "skips", "skipped", "levels", "votes", "double", "vote_log", "details", "sealed", "draft", "work",
    )

    def __init__(self, game: Game[Any], players: int, seed: int, options: DrumRollOptions) -> None:
        super().__init__(game, players, seed, options)
        c = self.content = load_content(options.cards)
        nums = self.nums = c.numbers
        n = players
        # the seats' boards
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
        # the decks (the end of a list is dealt next), discard piles, hiring rows
        self.perf_deck: list[str] = []
        self.pers_deck: list[str] = []
        self.inv_deck: list[str] = []
        # per deck, how many cards at its top are in no settled order: none in a game, where every
        # deck is shuffled; a determinized copy draws each of them when it is dealt (`draw`)
        self.unsettled = {"perf": 0, "pers": 0, "inv": 0}
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
        self.regions: list[str] = []
        self.tickets = [0] * n
        # where the game stands
        self.show = 0
        self.turn = 1
        self.start = 0
        self.next_start: int | None = None
        self.organizer_block: int | None = None
        self.markers: list[Marker] = []
        self.place_i = 0
        # each seat's cube and ticket markers that would do something (indices in `markers`), which it
        # carries out or declines: worked out by the step `resolve`, and true until the markers
        # resolve, since nothing takes cubes or tickets meanwhile (the carry-out step plays no card)
        self.deciding: tuple[tuple[int, ...], ...] = ()
        self.queue: list[Queued] = []
        self.prompts: list[Prompt] = []
        self.skips = [0] * n
        self.skipped: list[list[str]] = [[] for _ in range(n)]
        self.levels: list[dict[str, int]] = [{} for _ in range(n)]
        self.show_i = 0
        self.votes: dict[int, bool] = {}
        self.double: list[int] = []
        self.vote_log: list[VoteRecord] = []
        self.over = False
        self.details: dict[str, Any] = {}
        self.step = "draft"
        self.movers: tuple[int, ...] = ()  # what `to_move` answers, kept by `flow.advance`
        # sealed steps: the choices, and each seat's work in progress (starting cubes or carry-out
        # choices so far, or its `Distribution`)
        self.sealed: SealedChoices[Any] | None = None
        self.sealed_kind = ""
        self.draft: list[list[str]] = [[] for _ in range(n)]
        self.work: list[Any] = [None] * n
        if options.position is not None:
            from .position import build

            build(self, options.position)
        else:
            phases.setup.deal(self)
        flow.advance(self)

    # ------------------------------------------------------------------ decks and cards
    def new_deck(self, ids: list[str], first: tuple[str, ...]) -> list[str]:
        """A shuffled deck of `ids` with `first` dealt first (the end of the list is dealt next)."""
        for cid in first:
            if cid not in ids:
                raise ValueError(f"deck order: unknown card {cid!r}")
        rest = [i for i in ids if i not in first]
        self.rng.shuffle(rest)
        return rest + list(reversed(first))

    def draw(self, kind: str) -> str | None:
        """The next card of deck `kind` ("perf", "pers", "inv"), the discards shuffled in if it is empty;
        None if there is none left."""
        deck, discard = self._decks(kind)
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
        loose = self.unsettled[kind]
        if loose:  # a determinized copy: the next card is any of the top `loose`, drawn now
            settle_top(deck, loose, self.rng)
            self.unsettled[kind] = loose - 1
        return deck.pop()

    def _decks(self, kind: str) -> tuple[list[str], list[str]]:
        """Deck `kind` and its discard pile."""
        if kind == "perf":
            return self.perf_deck, self.perf_discard
        if kind == "pers":
            return self.pers_deck, self.pers_discard
        return self.inv_deck, self.inv_discard

    def hand_limit(self, p: int) -> int:
        return self.nums.hand_limit + sum(self.content.performers[x].type == "magician" for x in self.circus[p])

    def cost(self, card: str) -> int:
        """What hiring `card` costs now: its cost less its discount tokens."""
        return max(0, self.content.costs[card] - self.discount.get(card, 0))

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

    def holders(self, kind: str) -> list[int]:
        """The seats with a personnel member of `kind`, in turn order from the starting player."""
        personnel = self.content.personnel
        return [p for p in self.player_order(self.start) if kind in [personnel[x].kind for x in self.staff[p]]]

    def region_of(self, p: int) -> str:
        return self.regions[p]

    # ------------------------------------------------------------------ what changes hands
    def gain_cube(self, p: int, color: str, count: int = 1) -> int:
        """p takes up to `count` cubes of `color` from the stock; how many there were."""
        got = min(count, self.stock[CI[color]])
        self.stock[CI[color]] -= got
        self.storage[p][CI[color]] += got
        work = self.work[p]
        if isinstance(work, Distribution):  # gained while p distributes: usable at once
            work.storage[CI[color]] += got
        return got

    def spend_cube(self, p: int, color: str) -> None:
        self.storage[p][CI[color]] -= 1
        self.stock[CI[color]] += 1

    def pay(self, p: int, amount: int) -> int:
        """Pay what one can; returns the unpaid part."""
        paid = min(amount, self.coins[p])
        self.coins[p] -= paid
        return amount - paid

    def score(self, p: int, category: str, amount: int) -> None:
        """p gains `amount` prestige (a loss if negative), counted under `category` (SCORE_CATEGORIES)."""
        if amount:
            self.prestige[p] += amount
            self.earned[p][category] = self.earned[p].get(category, 0) + amount

    def add_performer(self, p: int, card: str) -> None:
        self.circus[p].append(card)
        self.filled[card] = [None, None, None]

    def remove_performer(self, p: int, card: str) -> None:
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

    def fire(self, p: int, card: str, compensation: bool) -> None:
        """p fires `card`: with compensation (no performance) its hiring cost and prestige, unpaid coins
        costing 1 prestige each."""
        paid = lost = 0
        if compensation:
            cost = self.content.performers[card].cost
            unpaid = self.pay(p, cost)
            paid, lost = cost - unpaid, self.nums.no_performance_penalty + unpaid
            self.score(p, "no_performance", -lost)
        self.remove_performer(p, card)
        self.emit("fired", seat=p, card=card, compensation=compensation, paid=paid, lost=lost)

    def open_trailer_targets(self, p: int) -> list[str]:
        return [x for x in self.circus[p] if x not in self.trailers]

    def open_sealed(self, kind: str, seats: Any, secret: bool = False) -> None:
        """Start sealed step `kind` for `seats` (`secret`: nobody sees who has chosen until all have)."""
        self.sealed, self.sealed_kind = SealedChoices(seats, secret), kind

    def close_sealed(self) -> None:
        self.sealed, self.sealed_kind = None, ""

    # ------------------------------------------------------------------ the kernel's hooks
    def to_move(self) -> tuple[int, ...]:
        return self.movers

    def choice_key(self, action: Action) -> Action:
        return copies_as_one(action, self.content.first_copy)

    def secret_step(self) -> SealedChoices[Any] | None:
        sealed = self.sealed  # the Double Vote question keeps who has answered secret (`phases/vote.py`)
        return sealed if sealed is not None and sealed.secret and not self.prompts else None

    # the kernel's hooks for moves are `flow`'s functions themselves (one call less per decision)
    _legal_actions = flow.legal_actions
    _apply = flow.apply

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
        other.unsettled = dict(self.unsettled)
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
        other.work = [w.copy() if w is not None else None for w in self.work]

    def view(self, player: int | None) -> dict[str, Any]:
        from .view import build_view

        return build_view(self, player)

    def _determinize(self, player: int | None, rng: Rng) -> DrumRollState:
        """A copy in which everything `player` cannot know is drawn anew from `rng`, consistently:
        the cards in the places `visibility.ZONES` hides from it, then the other seats' sealed choices
        so far, each redrawn by its sealed step among the legal ones (the kernel then reseeds the copy's
        chance stream). Everything `player` sees stays as it is."""
        other = self.clone()
        visibility.resample(other, player, rng)
        if other.sealed is not None:
            redraw = SEALED[other.sealed_kind].redraw
            for q in range(self.players):
                if q != player:
                    redraw(other, q, rng)
        return other

    def check_invariants(self) -> None:
        from .scoring import check_invariants

        check_invariants(self)
        assert self.movers == flow.movers(self), "whose turn it is, as kept, is out of date"


__all__ = ["DrumRollOptions", "DrumRollState"]
