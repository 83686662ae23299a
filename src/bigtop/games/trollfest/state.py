"""The state of a Troll Fest game: what is on the table, and whose question it is.

The rules live in the modules named after them: `phases/` (draft, band reveal, names, tour,
Festival), `band.py` (who plays in a band), `cards.py` (each action card), `stack.py` (played cards
and Thor's Hammer), `scoring.py` (the Festival); `view.py` says who sees what; `position.py`
starts a game on the tour. The state asks the prompt of the current step (`flow.PROMPTS`) for the
legal actions and hands it the chosen one.

Decks are lists with the top at index 0; "to the bottom" appends.
"""

from __future__ import annotations

from typing import Any

from bigtop.core import Action, IllegalAction, Rng, SealedChoices, State
from bigtop.core.actions import copies_as_one
from bigtop.games.trollfest import phases  # noqa: F401 - registers every prompt
from bigtop.games.trollfest.actions import OwnName
from bigtop.games.trollfest.data import BASIC_INSTRUMENTS, COLOURS, Content, content
from bigtop.games.trollfest.flow import PROMPTS, Prompt
from bigtop.games.trollfest.options import TrollFestOptions, check_options
from bigtop.games.trollfest.phases import tour
from bigtop.games.trollfest.phases.names import own_name_refusal
from bigtop.games.trollfest.pieces import (
    DRAFT_ACTIONS,
    DRAFT_ARTISTS,
    DRAGONS_PER_PASS,
    TOUR_TOKENS,
    Drop,
    DuoPair,
    DuoPlay,
    Played,
)
from bigtop.games.trollfest.position import build
from bigtop.games.trollfest.scoring import CATEGORIES
from bigtop.games.trollfest.view import ZONES, determinize, view

DEFAULT_OPTIONS = TrollFestOptions()


class TrollFestState(State):
    """One game of Troll Fest."""

    # the containers, which `_copy_into` copies, and four fields it shares as they are: kept out of
    # the instance dict (see `State`)
    __slots__ = (
        "score", "start_decks", "seasoned", "actions", "city_deck", "city_discard", "box", "start_hand", "packet",
        "picks", "sealed", "pile", "kept", "todo", "duo_used", "formed", "duo_queue", "names", "votes", "candidates",
        "hand", "band", "duos", "springboard", "stack", "answer", "tokens", "city_tokens", "pos", "home", "pass_tokens",
        "dragons", "market", "played", "bonus", "breakdown",
        "c", "roads", "fixed_groundhog", "drop", "band_names", "set_aside", "quiet",
    )

    c: Content

    def __init__(self, game: Any, players: int, seed: int, options: TrollFestOptions) -> None:
        super().__init__(game, players, seed, options)
        c = self.c = content(options.cards)
        if options != DEFAULT_OPTIONS:
            check_options(c, options)
        n = players
        rng = self.rng
        self.phase = "draft"
        self.score = [0] * n
        # decks (top first)
        self.start_decks = []
        instrument = {a.id: a.instrument for a in c.artists} if options.starting_top else {}
        for inst, starting in zip(BASIC_INSTRUMENTS, c.starting_decks, strict=True):
            deck = list(starting)
            rng.shuffle(deck)
            top = tuple(i for i in options.starting_top if instrument[i] == inst)
            self.start_decks.append(self._stack_top(deck, top, lambda i: c.artists[i].id))
        seasoned = list(c.seasoned_deck)
        rng.shuffle(seasoned)
        self.seasoned = self._stack_top(seasoned, options.seasoned_top, lambda i: c.artists[i].id)
        actions = list(range(c.action_base, c.card_count))
        rng.shuffle(actions)
        self.actions = self._stack_top(actions, options.action_top, lambda i: c.action(i).id)
        cities = list(range(len(c.city_cards)))
        rng.shuffle(cities)
        self.city_deck = self._stack_top(cities, options.city_top, lambda i: c.city_card_ids[i])
        self.city_discard: list[int] = []
        self.fixed_groundhog = -1
        if options.groundhog_city:
            self.fixed_groundhog = [city.id for city in c.cities].index(options.groundhog_city)
        self.box: list[int] = []
        self.unsettled: dict[str, int] = {}  # per deck, its top cards in no order yet (decks.draw)
        # band formation
        self.start_hand = [[d.pop(0) for d in self.start_decks] for _ in range(n)]
        self.packet = [
            [self.seasoned.pop(0) for _ in range(DRAFT_ARTISTS)] + [self.actions.pop(0) for _ in range(DRAFT_ACTIONS)]
            for _ in range(n)
        ]
        self.picks: list[list[int]] = [[] for _ in range(n)]
        self.sealed: SealedChoices[int | str] | None = SealedChoices(range(n))
        self.pile: list[list[int]] = [[] for _ in range(n)]
        self.kept: list[list[int]] = [[] for _ in range(n)]
        self.todo: list[list[str]] = [[] for _ in range(n)]
        self.duo_used: list[list[DuoPair]] = [[] for _ in range(n)]
        self.formed = [False] * n
        self.duo_queue: list[DuoPlay] = []
        self.drop: Drop | None = None
        self.names = [-1] * n  # per seat, the index of its name in the list (-1: none, or its own)
        self.band_names: tuple[str, ...] = ("",) * n  # per seat, its name once shown
        self.set_aside: tuple[str, ...] = ()  # names two bands wrote (`names.name_key`)
        self.votes: list[int] = []
        self.candidates = list(range(n))
        self.runoffs = 0
        self.best_name = -1
        # the table
        self.hand: list[list[int]] = [[] for _ in range(n)]
        self.band: list[list[int]] = [[] for _ in range(n)]
        self.duos: list[list[int]] = [[] for _ in range(n)]
        self.springboard: list[int] = []
        self.stack: list[Played] = []
        self.answer: SealedChoices[bool] | None = None
        # tour
        self.first = 0
        self.turn = -1
        self.step = ""
        self.bus = False
        self.placed = False
        self.tokens = [TOUR_TOKENS[n]] * n
        self.city_tokens: list[list[int]] = [[] for _ in c.cities]
        self.pos = [-1] * n
        self.roads = tour.road_moves(options.cards)  # per city, the Move along each road
        self.home = [-1] * n
        self.pass_tokens = [DRAGONS_PER_PASS[n]] * len(COLOURS)
        self.dragons: list[list[int]] = [[] for _ in range(n)]
        self.groundhog = -1
        self.holder = -1
        self.market: list[int] = []
        self.blind = -1
        self.trigger = -1
        self.turns_left = 0
        self.quiet = 0  # tour turns in a row without a concert (counted at a table of bots only)
        # festival
        self.played: list[list[int]] = [[] for _ in range(n)]
        self.bonus = [[0, 0, 0] for _ in range(n)]
        self.breakdown: list[dict[str, int]] = [{} for _ in range(n)]  # points per category (CATEGORIES)
        if options.position is not None:
            build(self, options.position)
        self.movers, self.asking = self._question()

    @staticmethod
    def _stack_top(deck: list[int], ids: tuple[str, ...], name: Any) -> list[int]:
        """`deck` with the cards named `ids` on top, in order: a name given twice takes two copies
        (checked options: the deck has them)."""
        top = [deck.pop(next(i for i, card in enumerate(deck) if name(card) == wanted)) for wanted in ids]
        return top + deck

    # ------------------------------------------------------------------------------ whose question
    # `movers` and `asking` are what `_question()` answers for the state as it is: set once the
    # table is laid out and after every action (nothing else changes whose question it is), they
    # are read, not worked out, each time a seat or the kernel asks.
    movers: tuple[int, ...]
    asking: Prompt

    def to_move(self) -> tuple[int, ...]:
        return self.movers

    def secret_step(self) -> SealedChoices[bool] | None:
        answer = self.answer  # the Thor's Hammer question keeps who has answered secret (`stack.py`)
        return answer if answer is not None and answer.secret else None

    def choice_key(self, action: Action) -> Action:
        return copies_as_one(action, self.c.first_copies.__getitem__)

    def prompt(self) -> Prompt:
        """The question being asked: an answer to a played card, a band's drop, or the step's own."""
        return self.asking

    def _question(self) -> tuple[tuple[int, ...], Prompt]:
        """Who must answer now, and the prompt asking."""
        if self.phase == "over":
            return (), PROMPTS["over"]
        if self.answer is not None:
            return self.answer.waiting(), PROMPTS["answer"]
        if self.drop is not None:
            return (self.drop.seat,), PROMPTS["drop"]
        phase = self.phase
        if phase == "tour":
            return (self.turn,), PROMPTS[self.step]
        if phase == "draft" or phase == "name" or phase == "vote":
            assert self.sealed is not None
            return self.sealed.waiting(), PROMPTS[phase]
        if phase == "form":
            return tuple(p for p in range(self.players) if not self.formed[p]), PROMPTS[phase]
        return (self.turn,), PROMPTS[phase]

    def _legal_actions(self, p: int) -> list[Action]:
        return self.asking.legal(self, p)

    # a band name of one's own is never listed (its text is free): it is checked here
    def is_legal(self, player: int, action: Action) -> bool:
        if type(action) is OwnName:
            return own_name_refusal(self, player, action.text) is None
        return super().is_legal(player, action)

    def _check(self, player: int, action: Action) -> None:
        if type(action) is OwnName:
            refusal = own_name_refusal(self, player, action.text)
            if refusal is not None:
                raise IllegalAction(refusal)
            return
        super()._check(player, action)

    def _apply(self, p: int, action: Action) -> None:
        self.asking.apply(self, p, action)
        self.movers, self.asking = self._question()

    def is_over(self) -> bool:
        return self.phase == "over"

    # ------------------------------------------------------------------------------ points
    def gain(self, p: int, category: str, points: int) -> None:
        """Seat p scores `points` in `category` (a key of `scoring.CATEGORIES`)."""
        self.score[p] += points
        self.breakdown[p][category] = self.breakdown[p].get(category, 0) + points

    def scores(self) -> tuple[float, ...]:
        return tuple(float(s) for s in self.score)

    def score_breakdown(self) -> dict[str, tuple[float, ...]]:
        return {key: tuple(float(b.get(key, 0)) for b in self.breakdown) for key in CATEGORIES}

    def result_details(self) -> dict[str, Any]:
        return {"breakdown": [dict(b) for b in self.breakdown], "best_name": self.best_name}

    # ------------------------------------------------------------------------------ copies and views
    def _copy_into(self, other: State) -> None:
        assert isinstance(other, TrollFestState)
        o = other
        o.score = list(self.score)
        o.start_decks = [list(d) for d in self.start_decks]
        o.seasoned = list(self.seasoned)
        o.actions = list(self.actions)
        o.city_deck = list(self.city_deck)
        o.city_discard = list(self.city_discard)
        o.box = list(self.box)
        o.start_hand = [list(x) for x in self.start_hand]
        o.packet = [list(x) for x in self.packet]
        o.picks = [list(x) for x in self.picks]
        o.sealed = None if self.sealed is None else self.sealed.copy()
        o.pile = [list(x) for x in self.pile]
        o.kept = [list(x) for x in self.kept]
        o.todo = [list(x) for x in self.todo]
        o.duo_used = [list(x) for x in self.duo_used]
        o.formed = list(self.formed)
        o.duo_queue = list(self.duo_queue)
        o.names = list(self.names)
        o.votes = list(self.votes)
        o.candidates = list(self.candidates)
        o.hand = [list(x) for x in self.hand]
        o.band = [list(x) for x in self.band]
        o.duos = [list(x) for x in self.duos]
        o.springboard = list(self.springboard)
        o.stack = list(self.stack)
        o.answer = None if self.answer is None else self.answer.copy()
        o.tokens = list(self.tokens)
        o.city_tokens = [list(x) for x in self.city_tokens]
        o.pos = list(self.pos)
        o.home = list(self.home)
        o.pass_tokens = list(self.pass_tokens)
        o.dragons = [list(x) for x in self.dragons]
        o.market = list(self.market)
        o.played = [list(x) for x in self.played]
        o.bonus = [list(x) for x in self.bonus]
        o.breakdown = [dict(x) for x in self.breakdown]
        o.c, o.roads, o.fixed_groundhog, o.drop = self.c, self.roads, self.fixed_groundhog, self.drop  # never changed in place
        o.band_names, o.set_aside, o.quiet = self.band_names, self.set_aside, self.quiet

    def view(self, player: int | None) -> dict[str, Any]:
        return view(self, player)

    def _determinize(self, player: int | None, rng: Rng) -> TrollFestState:
        return determinize(self, player, rng)

    # ------------------------------------------------------------------------------ invariants
    def check_invariants(self) -> None:
        c = self.c
        assert (self.movers, self.asking) == self._question(), "whose question, as kept, is out of date"
        assert all(0 <= n <= len(getattr(self, deck)) for deck, n in self.unsettled.items()), "unsettled cards"
        cards = [self.blind] if self.blind >= 0 else []
        city_cards: list[int] = []
        for zone in ZONES.zones:
            if zone.single:
                continue
            for place in zone.places(self):
                (cards if zone.pool is None else city_cards).extend(place)
        cards += [duo.card for duo in self.duo_queue] + [played.card for played in self.stack]
        assert sorted(cards) == list(range(c.card_count)), "cards lost or duplicated"
        assert sorted(city_cards) == list(range(len(c.city_cards))), "city cards"
        n = self.players
        placed = [sum(1 for t in self.city_tokens if p in t) for p in range(n)]
        for p in range(n):
            assert self.tokens[p] >= 0 and self.tokens[p] + placed[p] == TOUR_TOKENS[n], "tour tokens"
            assert len(set(self.dragons[p])) == len(self.dragons[p]), "two dragons of one colour"
            assert self.score[p] >= 0 and self.score[p] == sum(self.breakdown[p].values()), "score breakdown"
        for colour in range(len(COLOURS)):
            held = sum(1 for d in self.dragons if colour in d)
            assert self.pass_tokens[colour] >= 0 and self.pass_tokens[colour] + held == DRAGONS_PER_PASS[n], "dragons"
        for tokens in self.city_tokens:
            assert len(tokens) <= n - 1 and len(set(tokens)) == len(tokens), "city over its limit"
        assert not (self.groundhog >= 0 and self.holder >= 0), "groundhog in two places"
        if self.phase in ("tour", "festival", "over") and self.drop is None:
            for band in self.band:
                insts = [c.artists[a].instrument for a in band]
                assert set(BASIC_INSTRUMENTS) <= set(insts), "band without a basic instrument"
