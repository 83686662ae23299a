"""Troll Fest rules: band formation (draft, reveal, name vote), the tour and the Festival.

Cards are small integers: artists first, then every action card copy (see `data.Content`).
Decks are lists with the top at index 0; "to the bottom" appends.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bigtop.core import Action, OptionError, Rng, SealedChoices, State
from bigtop.games.trollfest.actions import (
    Answer,
    DropArtist,
    EndTurn,
    Keep,
    KeepBlind,
    KeepMarket,
    Move,
    Name,
    Pick,
    PlayCard,
    Recruit,
    ShowBand,
    StartCity,
    Vote,
)
from bigtop.games.trollfest.data import BASIC_INSTRUMENTS, COLOURS, Content, content
from bigtop.games.trollfest.scoring import ATTRIBUTES, festival_scores

TOUR_TOKENS = {3: 14, 4: 12, 5: 10, 6: 10}
DRAGONS_PER_PASS = {3: 2, 4: 2, 5: 3, 6: 3}
DRAFT_ARTISTS = 4
DRAFT_ACTIONS = 4
SPRINGBOARD = 7
MARKET_DRAW = 4
BLIND = 7  # Recruit source meaning "the top of the deck"
BEFORE_MOVE = ("double_move", "move_groundhog")
ANY_TIME = ("take_dragon", "scout")


@dataclass(frozen=True)
class TrollFestOptions:
    """Options. The `*_top` fields fix deck orders (card ids put on top, in order) for tutorials,
    puzzles and tests; `groundhog_city` fixes the Groundhog's first city (a city id)."""

    seasoned_top: tuple[str, ...] = ()
    action_top: tuple[str, ...] = ()
    starting_top: tuple[str, ...] = ()
    city_top: tuple[str, ...] = ()
    groundhog_city: str = ""
    runoff_limit: int = 3  # run-offs before the seed settles a tie (0: vote until one band wins)
    cards: str | None = None  # a content file whose tables replace the shipped ones (e.g. [[award]])


def _kind(c: Content, card: int) -> str:
    """The deck a card belongs to: 'A' action, 'S' seasoned artist, or the starting instrument."""
    if card >= c.action_base:
        return "A"
    artist = c.artists[card]
    return "S" if artist.deck == "seasoned" else artist.instrument


class TrollFestState(State):
    """One game of Troll Fest."""

    c: Content

    def __init__(self, game: Any, players: int, seed: int, options: TrollFestOptions) -> None:
        super().__init__(game, players, seed, options)
        c = self.c = content(options.cards)
        n = players
        rng = self.rng
        self.phase = "draft"
        self.score = [0] * n
        # decks (top first)
        self.start_decks = []
        for inst in BASIC_INSTRUMENTS:
            deck = [i for i, a in enumerate(c.artists) if a.deck == "starting" and a.instrument == inst]
            rng.shuffle(deck)
            self.start_decks.append(self._stack_top(deck, options.starting_top, lambda i: c.artists[i].id))
        seasoned = [i for i, a in enumerate(c.artists) if a.deck == "seasoned"]
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
            ids = [city.id for city in c.cities]
            if options.groundhog_city not in ids:
                raise OptionError(f"groundhog_city: unknown city {options.groundhog_city!r}; cities: {', '.join(ids)}")
            self.fixed_groundhog = ids.index(options.groundhog_city)
        self.box: list[int] = []
        # band formation
        self.start_hand = [[d.pop(0) for d in self.start_decks] for _ in range(n)]
        self.packet = [
            [self.seasoned.pop(0) for _ in range(DRAFT_ARTISTS)] + [self.actions.pop(0) for _ in range(DRAFT_ACTIONS)]
            for _ in range(n)
        ]
        self.picks: list[list[int]] = [[] for _ in range(n)]
        self.sealed: SealedChoices[int] | None = SealedChoices(range(n))
        self.pile: list[list[int]] = [[] for _ in range(n)]
        self.kept: list[list[int]] = [[] for _ in range(n)]
        self.todo: list[list[str]] = [[] for _ in range(n)]
        self.duo_used: list[list[tuple[int, str]]] = [[] for _ in range(n)]
        self.formed = [False] * n
        self.duo_queue: list[tuple[int, int, str]] = []
        self.drop: tuple[int, str, int] | None = None  # (seat, instrument, newcomer who stays)
        self.names = [-1] * n
        self.votes: list[int] = []
        self.candidates = list(range(n))
        self.runoffs = 0
        self.best_name = -1
        # the table
        self.hand: list[list[int]] = [[] for _ in range(n)]
        self.band: list[list[int]] = [[] for _ in range(n)]
        self.duos: list[list[int]] = [[] for _ in range(n)]
        self.springboard: list[int] = []
        self.stack: list[tuple[int, int, int]] = []  # (seat, card, arg): played cards awaiting answers
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
        self.home = [-1] * n
        self.pass_tokens = [DRAGONS_PER_PASS[n]] * len(COLOURS)
        self.dragons: list[list[int]] = [[] for _ in range(n)]
        self.groundhog = -1
        self.holder = -1
        self.market: list[int] = []
        self.blind = -1
        self.trigger = -1
        self.turns_left = 0
        # festival
        self.played: list[list[int]] = [[] for _ in range(n)]
        self.bonus = [[0, 0, 0] for _ in range(n)]
        self.breakdown: list[dict[str, int]] = [{} for _ in range(n)]

    @staticmethod
    def _stack_top(deck: list[int], ids: tuple[str, ...], name: Any) -> list[int]:
        for wanted in reversed(ids):
            for i, card in enumerate(deck):
                if name(card) == wanted:
                    deck.insert(0, deck.pop(i))
                    break
            else:
                raise OptionError(f"no card {wanted!r} left to put on top of its deck")
        return deck

    # ------------------------------------------------------------------------------ turn order
    def to_move(self) -> tuple[int, ...]:
        if self.phase == "over":
            return ()
        if self.answer is not None:
            return self.answer.waiting()
        if self.drop is not None:
            return (self.drop[0],)
        if self.phase == "draft" or self.phase == "name" or self.phase == "vote":
            assert self.sealed is not None
            return self.sealed.waiting()
        if self.phase == "form":
            return tuple(p for p in range(self.players) if not self.formed[p])
        return (self.turn,)

    def is_over(self) -> bool:
        return self.phase == "over"

    def scores(self) -> tuple[float, ...]:
        return tuple(float(s) for s in self.score)

    # ------------------------------------------------------------------------------ legal actions
    def _legal_actions(self, p: int) -> list[Action]:
        c = self.c
        if self.answer is not None:
            has = any(c.action(h).effect == "cancel" for h in self.hand[p])
            return [Answer(False), Answer(True)] if has else [Answer(False)]
        if self.drop is not None:
            _, inst, newcomer = self.drop
            return [DropArtist(a) for a in self.band[p] if c.artists[a].instrument == inst and a != newcomer]
        phase = self.phase
        if phase == "draft":
            return [Pick(card) for card in self.packet[p]]
        if phase == "form":
            return self._form_actions(p)
        if phase == "name":
            return [Name(i) for i in range(len(c.band_names))]
        if phase == "vote":
            return [Vote(s) for s in self.candidates if s != p]
        if phase == "tour":
            return self._tour_actions(p)
        # festival
        out: list[Action] = [PlayCard(card) for card in self.hand[p] if c.action(card).kind == "festival"]
        out.append(EndTurn())
        return out

    def _form_actions(self, p: int) -> list[Action]:
        if not self.todo[p]:
            return [ShowBand()]
        inst = self.todo[p][0]
        cands = sorted(a for a in self.pile[p] if self.c.artists[a].instrument == inst)
        out: list[Action] = [Keep((a,)) for a in cands]
        if inst not in BASIC_INSTRUMENTS:
            out.insert(0, Keep(()))
        if len(cands) >= 2 and self._free_duo(p) >= 0:
            out.extend(Keep((a, b)) for i, a in enumerate(cands) for b in cands[i + 1:])
        return out

    def _free_duo(self, p: int) -> int:
        """A Duo card in p's hand not yet used for a pair (-1 if none)."""
        used = [d for d, _ in self.duo_used[p]]
        for card in self.hand[p]:
            if self.c.action(card).effect == "duo" and card not in used:
                return card
        return -1

    def _tour_actions(self, p: int) -> list[Action]:
        c = self.c
        step = self.step
        if step == "start":
            return [StartCity(i) for i in range(len(c.cities))]
        if step == "move" or step == "move2":
            out: list[Action] = [Move(b) for b, _ in c.neighbours[self.pos[p]]]
            if step == "move":
                out.extend(self._card_plays(p, before=True))
            return out
        if step == "market":
            return [KeepMarket(card) for card in self.market]
        if step == "culture":
            out = [Recruit(-1)]
            out.extend(Recruit(i) for i in range(len(self.springboard)))
            if self.seasoned:
                out.append(Recruit(BLIND))
            return out
        if step == "blind":
            return [KeepBlind(True), KeepBlind(False)]
        # after the concert
        out = self._card_plays(p, before=False)
        out.append(EndTurn())
        return out

    def _card_plays(self, p: int, before: bool) -> list[Action]:
        c = self.c
        out: list[Action] = []
        seen: set[str] = set()
        for card in sorted(self.hand[p]):
            kind = c.action(card)
            if kind.kind != "tour" or kind.id in seen:
                continue
            seen.add(kind.id)  # copies of one card play alike: offer the lowest id
            effect = kind.effect
            if effect == "double_move":
                if before and not self.bus:
                    out.append(PlayCard(card))
            elif effect == "move_groundhog":
                if before and self.groundhog >= 0:
                    limit = self.players - 1
                    out.extend(
                        PlayCard(card, city)
                        for city in range(len(c.cities))
                        if city != self.groundhog and len(self.city_tokens[city]) < limit
                    )
            elif effect == "encore":
                if not before and self.placed:
                    out.append(PlayCard(card))
            elif effect == "take_dragon":
                out.extend(
                    PlayCard(card, col)
                    for col in range(len(COLOURS))
                    if self.pass_tokens[col] > 0 and col not in self.dragons[p]
                )
            elif effect == "scout":
                out.extend(PlayCard(card, slot) for slot in range(len(self.springboard)))
        return out

    # ------------------------------------------------------------------------------ applying
    def _apply(self, p: int, action: Action) -> None:
        if isinstance(action, Answer):
            self._on_answer(p, action.hammer)
        elif isinstance(action, DropArtist):
            self._on_drop(p, action.card)
        elif isinstance(action, Pick):
            self._on_pick(p, action.card)
        elif isinstance(action, Keep):
            self._on_keep(p, action.cards)
        elif isinstance(action, ShowBand):
            self._on_show(p)
        elif isinstance(action, Name):
            self._on_name(p, action.index)
        elif isinstance(action, Vote):
            self._on_vote(p, action.seat)
        elif isinstance(action, StartCity):
            self.pos[p] = self.home[p] = action.city
            self.emit("start_city", seat=p, city=action.city)
            self._end_turn()
        elif isinstance(action, Move):
            self._on_move(p, action.city)
        elif isinstance(action, PlayCard):
            self.hand[p].remove(action.card)
            self.emit("play_card", seat=p, card=action.card, arg=action.arg)
            self._push(p, action.card, action.arg)
        elif isinstance(action, KeepMarket):
            self.hand[p].append(action.card)
            self.market.remove(action.card)
            self.actions.extend(self.market)
            self.market = []
            self.emit("market", seat=p)
            self.step = "after"
        elif isinstance(action, Recruit):
            self._on_recruit(p, action.source)
        elif isinstance(action, KeepBlind):
            card, self.blind = self.blind, -1
            self.step = "after"
            if action.keep:
                self.reveal()
                self._add_artist(p, card, self.c.cities[self.pos[p]].species)
            else:
                self.seasoned.append(card)
                self.emit("blind_discard", seat=p)
        elif isinstance(action, EndTurn):
            if self.phase == "festival":
                self._next_festival_player()
            else:
                self._end_turn()

    # draft ---------------------------------------------------------------------------------
    def _on_pick(self, p: int, card: int) -> None:
        assert self.sealed is not None
        chosen_by = self.sealed.seal(p, card)
        if chosen_by is None:
            return
        c = self.c
        for q, chosen in chosen_by.items():
            self.packet[q].remove(chosen)
            self.picks[q].append(chosen)
            if len(self.packet[q]) == 1:
                last = self.packet[q].pop()
                (self.actions if last >= c.action_base else self.seasoned).append(last)
        n = self.players
        self.packet = [self.packet[(q - 1) % n] for q in range(n)]  # pass to the left
        self.emit("draft_pick", round=len(self.picks[0]))
        if any(self.packet):
            self.sealed = SealedChoices(range(n))
            return
        self.sealed = None
        self.phase = "form"
        for q in range(n):
            self.pile[q] = self.start_hand[q] + [x for x in self.picks[q] if x < c.action_base]
            self.hand[q] = [x for x in self.picks[q] if x >= c.action_base]
            self.start_hand[q] = []
            self.picks[q] = []
            self._plan_form(q)

    # band reveal ---------------------------------------------------------------------------
    def _plan_form(self, p: int) -> None:
        """List the instruments `p` must decide; decide at once those with a single possibility."""
        c = self.c
        insts = sorted({c.artists[a].instrument for a in self.pile[p]}, key=c.instruments.index)
        self.todo[p] = []
        for inst in insts:
            cands = [a for a in self.pile[p] if c.artists[a].instrument == inst]
            if len(cands) == 1 and inst in BASIC_INSTRUMENTS:
                self.pile[p].remove(cands[0])
                self.kept[p].append(cands[0])
            else:
                self.todo[p].append(inst)

    def _on_keep(self, p: int, cards: tuple[int, ...]) -> None:
        """Keep `cards` for the instrument being decided; the rest stay in the pile, discarded at
        the reveal (so nothing public changes before everyone shows their band)."""
        inst = self.todo[p].pop(0)
        if len(cards) == 2:
            self.duo_used[p].append((self._free_duo(p), inst))
        for a in cards:
            self.pile[p].remove(a)
            self.kept[p].append(a)

    def _on_show(self, p: int) -> None:
        self.formed[p] = True
        if not all(self.formed):
            return
        self.reveal()
        for q in range(self.players):
            self.band[q] = self.kept[q]
            self.kept[q] = []
            for a in self.pile[q]:
                self._discard_artist(a)
            self.pile[q] = []
            for duo, inst in self.duo_used[q]:
                self.hand[q].remove(duo)
                self.duo_queue.append((q, duo, inst))
            self.duo_used[q] = []
        for deck in self.start_decks:
            self.box.extend(deck)
            deck.clear()
        self.springboard = [self.seasoned.pop(0) for _ in range(min(SPRINGBOARD, len(self.seasoned)))]
        self.emit("bands", bands=[list(b) for b in self.band])
        self.phase = "duo"
        self._next_duo()

    def _next_duo(self) -> None:
        if self.duo_queue:
            p, duo, inst = self.duo_queue.pop(0)
            arg = self.c.instruments.index(inst)
            self.emit("play_card", seat=p, card=duo, arg=arg)
            self._push(p, duo, arg)
            return
        self.phase = "name"
        self.sealed = SealedChoices(range(self.players))

    # names ---------------------------------------------------------------------------------
    def _on_name(self, p: int, index: int) -> None:
        assert self.sealed is not None
        names = self.sealed.seal(p, index)
        if names is not None:
            self.reveal()
            for q, i in names.items():
                self.names[q] = i
            self.emit("names", names=list(self.names))
            self.phase = "vote"
            self.sealed = SealedChoices(range(self.players))

    def _on_vote(self, p: int, seat: int) -> None:
        assert self.sealed is not None
        votes = self.sealed.seal(p, seat)
        if votes is None:
            return
        self.reveal()
        self.votes = [votes[q] for q in range(self.players)]
        tally = [self.votes.count(s) for s in range(self.players)]
        best = max(tally[s] for s in self.candidates)
        tied = [s for s in self.candidates if tally[s] == best]
        self.emit("vote", votes=list(self.votes), tied=tied)
        if len(tied) > 1:
            limit = self.options.runoff_limit
            if limit == 0 or self.runoffs < limit:
                self.runoffs += 1
                self.candidates = tied
                self.sealed = SealedChoices(range(self.players))
                return
            tied = [self.rng.choice(tied)]
            self.emit("vote_settled", seat=tied[0])
        self.best_name = winner = tied[0]
        self.sealed = None
        self.score[winner] += self.c.fixed["band_name"]
        self._start_tour(winner)

    # tour ----------------------------------------------------------------------------------
    def _start_tour(self, winner: int) -> None:
        c = self.c
        self.phase = "tour"
        if self.fixed_groundhog >= 0:
            self.groundhog = self.fixed_groundhog
        else:
            card = self.city_deck.pop(0)
            self.city_discard.append(card)
            self.groundhog = c.city_cards[card]
        self.first = (winner + 1) % self.players
        self._begin_turn(self.first)

    def _begin_turn(self, p: int) -> None:
        self.turn = p
        self.bus = False
        self.placed = False
        if self.holder == p:
            self._place_groundhog()
        self.step = "start" if self.pos[p] < 0 else "move"

    def _place_groundhog(self) -> None:
        """Draw City cards until one whose city has not reached its limit; the Groundhog goes there."""
        c = self.c
        self.holder = -1
        self.groundhog = -1
        limit = self.players - 1
        for _ in range(2 * len(c.city_cards)):
            if not self.city_deck:
                self.city_deck, self.city_discard = self.city_discard, []
                self.rng.shuffle(self.city_deck)
            card = self.city_deck.pop(0)
            self.city_discard.append(card)
            city = c.city_cards[card]
            if len(self.city_tokens[city]) < limit:
                self.groundhog = city
                break
        self.emit("groundhog", city=self.groundhog)

    def _on_move(self, p: int, city: int) -> None:
        for b, colour in self.c.neighbours[self.pos[p]]:
            if b == city:
                if colour >= 0 and self.pass_tokens[colour] > 0 and colour not in self.dragons[p]:
                    self.pass_tokens[colour] -= 1
                    self.dragons[p].append(colour)
                break
        self.pos[p] = city
        self.emit("move", seat=p, city=city)
        if self.bus and self.step == "move":
            self.step = "move2"  # the Tour Bus rolls on: no stop here
            return
        self._arrive(p, city)

    def _arrive(self, p: int, city: int) -> None:
        c = self.c
        here = self.city_tokens[city]
        if self.tokens[p] > 0 and p not in here and len(here) < self.players - 1:
            species = c.cities[city].species
            points = sum(1 for a in self.band[p] if c.artists[a].species == species)
            if not here:
                points += 2
            if self.groundhog == city:
                points += 5
                self.groundhog = -1
                self.holder = p
            here.append(p)
            self.tokens[p] -= 1
            self.placed = True
            self.score[p] += points
            self.emit("concert", seat=p, city=city, points=points)
            if self.tokens[p] == 0 and self.trigger < 0:
                self.trigger = p
                self.turns_left = self.players - 1
        symbol = c.cities[city].symbol
        self.step = "after"
        if symbol == "market" and self.actions:
            self.market = self.actions[:MARKET_DRAW]
            del self.actions[:MARKET_DRAW]
            self.step = "market"
        elif symbol == "culture" and (self.springboard or self.seasoned):
            self.step = "culture"

    def _on_recruit(self, p: int, source: int) -> None:
        self.step = "after"
        if source < 0:
            return
        if source == BLIND:
            self.blind = self.seasoned.pop(0)
            self.step = "blind"
            return
        self._take_springboard(p, source, self.c.cities[self.pos[p]].species)

    def _take_springboard(self, p: int, slot: int, species: str) -> None:
        card = self.springboard[slot]
        if self.seasoned:
            self.springboard[slot] = self.seasoned.pop(0)
        else:
            del self.springboard[slot]
        self._add_artist(p, card, species)

    def _add_artist(self, p: int, card: int, species: str) -> None:
        """Add an artist to p's band, scoring 1 if it is of `species`; replace its instrument."""
        c = self.c
        artist = c.artists[card]
        same = [a for a in self.band[p] if c.artists[a].instrument == artist.instrument]
        self.band[p].append(card)
        if artist.species == species:
            self.score[p] += 1
        self.emit("recruit", seat=p, card=card)
        if len(same) == 1:
            self.band[p].remove(same[0])
            self._discard_artist(same[0])
        elif len(same) > 1:
            self.drop = (p, artist.instrument, card)  # a Duo pair: the player chooses who leaves

    def _on_drop(self, p: int, card: int) -> None:
        self.drop = None
        self.band[p].remove(card)
        self._discard_artist(card)
        self.emit("drop", seat=p, card=card)
        if self.phase == "duo":
            self._next_duo()

    def _discard_artist(self, card: int) -> None:
        (self.seasoned if self.c.artists[card].deck == "seasoned" else self.box).append(card)

    def _end_turn(self) -> None:
        p = self.turn
        if self.trigger >= 0 and p != self.trigger:
            self.turns_left -= 1
            if self.turns_left <= 0:
                self._end_tour()
                return
        self._begin_turn((p + 1) % self.players)

    def _end_tour(self) -> None:
        bonus = self.c.fixed
        for p in range(self.players):
            if self.pos[p] == self.home[p]:
                self.score[p] += bonus["hometown"]
                self.breakdown[p]["hometown"] = bonus["hometown"]
            if p == self.trigger or self.tokens[p] == 0:
                self.score[p] += bonus["all_tokens"]
                self.breakdown[p]["all_tokens"] = bonus["all_tokens"]
        self.emit("tour_end", trigger=self.trigger)
        self.reveal()
        self.phase = "festival"
        self.step = "festival"
        self.turn = self.first

    # action cards and Thor's Hammer ----------------------------------------------------------
    def _push(self, p: int, card: int, arg: int) -> None:
        self.stack.append((p, card, arg))
        self._open_window()

    def _open_window(self) -> None:
        top = self.stack[-1][0]
        self.answer = SealedChoices(q for q in range(self.players) if q != top)

    def _on_answer(self, p: int, hammer: bool) -> None:
        assert self.answer is not None
        answers = self.answer.seal(p, hammer)
        if answers is None:
            return
        self.answer = None
        top = self.stack[-1][0]
        n = self.players
        for i in range(1, n):
            q = (top + i) % n
            if answers.get(q):
                hammer_card = next(h for h in self.hand[q] if self.c.action(h).effect == "cancel")
                self.hand[q].remove(hammer_card)
                self.emit("play_card", seat=q, card=hammer_card, arg=-1)
                self._push(q, hammer_card, -1)
                return
        self._resolve()

    def _resolve(self) -> None:
        c = self.c
        p, card, arg = self.stack.pop()
        effect = c.action(card).effect
        if effect == "cancel":
            q, cancelled, cancelled_arg = self.stack.pop()
            self.actions.append(cancelled)
            self.actions.append(card)
            self.emit("cancelled", seat=q, card=cancelled)
            if c.action(cancelled).effect == "duo":
                self.drop = (q, c.instruments[cancelled_arg], -1)
            if self.stack:
                self._open_window()
            elif self.drop is None and self.phase == "duo":
                self._next_duo()
            return
        self._effect(p, card, arg)
        if self.phase == "duo" and self.drop is None:
            self._next_duo()

    def _effect(self, p: int, card: int, arg: int) -> None:
        c = self.c
        effect = c.action(card).effect
        if effect == "duo":
            self.duos[p].append(card)
            return
        if c.action(card).kind == "festival":
            self.played[p].append(card)
            value = c.action(card).value
            if effect in ATTRIBUTES:
                self.bonus[p][ATTRIBUTES.index(effect)] += value
            elif effect == "points":
                self.score[p] += value
                self.breakdown[p]["rave_review"] = self.breakdown[p].get("rave_review", 0) + value
            return
        self.actions.append(card)
        if effect == "double_move":
            self.bus = True
        elif effect == "move_groundhog":
            self.groundhog = arg
        elif effect == "encore":
            self.score[p] += c.action(card).value
        elif effect == "take_dragon":
            self.pass_tokens[arg] -= 1
            self.dragons[p].append(arg)
        elif effect == "scout":
            self._take_springboard(p, arg, "")

    # festival --------------------------------------------------------------------------------
    def _next_festival_player(self) -> None:
        nxt = (self.turn + 1) % self.players
        if nxt == self.first:
            self._final_scoring()
        else:
            self.turn = nxt

    def _final_scoring(self) -> None:
        c = self.c
        lights = [[COLOURS.index(c.action(x).colour) for x in self.played[p] if c.action(x).effect == "light"]
                  for p in range(self.players)]
        fest = festival_scores(c, self.band, self.bonus, self.dragons, lights)
        for p in range(self.players):
            for key, pts in fest[p].items():
                self.breakdown[p][key] = pts
                self.score[p] += pts
        self.phase = "over"
        self.turn = -1
        self.emit("festival", points=fest)

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

    def view(self, player: int | None) -> dict[str, Any]:
        festival = self.phase in ("festival", "over")
        v = self.common_view(player)
        v.update(
            phase=self.phase,
            scores=list(self.score),
            draft_round=len(self.picks[0]) if self.phase == "draft" else None,
            packet_sizes=[len(x) for x in self.packet],
            pick_counts=[len(x) for x in self.picks],
            formed=list(self.formed),
            bands=[list(b) for b in self.band],
            duos=[list(d) for d in self.duos],
            sealed=None if self.sealed is None else self.sealed.public(),
            names=list(self.names),
            votes=list(self.votes),
            candidates=list(self.candidates),
            runoffs=self.runoffs,
            best_name=self.best_name,
            hand_sizes=[len(h) for h in self.hand],
            hands=[list(h) for h in self.hand] if festival else None,
            decks={"seasoned": len(self.seasoned), "actions": len(self.actions), "cities": len(self.city_deck),
                   "box": len(self.box)},
            city_discard=list(self.city_discard),
            springboard=list(self.springboard),
            stack=[list(s) for s in self.stack],
            answer=None if self.answer is None else self.answer.public(),
            drop=None if self.drop is None else list(self.drop),
            first=self.first,
            turn=self.turn,
            step=self.step,
            bus=self.bus,
            placed=self.placed,
            tokens=list(self.tokens),
            city_tokens=[list(x) for x in self.city_tokens],
            pos=list(self.pos),
            home=list(self.home),
            pass_tokens=list(self.pass_tokens),
            dragons=[list(d) for d in self.dragons],
            groundhog=self.groundhog,
            holder=self.holder,
            market_size=len(self.market),
            blind_drawn=self.blind >= 0,
            trigger=self.trigger,
            turns_left=self.turns_left,
            played=[list(x) for x in self.played],
            bonus=[list(x) for x in self.bonus],
            breakdown=[dict(b) for b in self.breakdown],
        )
        if player is not None:
            p = player
            v.update(
                hand=list(self.hand[p]),
                start_hand=list(self.start_hand[p]),
                packet=list(self.packet[p]),
                picks=list(self.picks[p]),
                pile=list(self.pile[p]),
                kept=list(self.kept[p]),
                todo=list(self.todo[p]),
                duo_used=[list(d) for d in self.duo_used[p]],
                my_choice=None if self.sealed is None else self.sealed.own(p),
                my_answer=None if self.answer is None else self.answer.own(p),
                market=list(self.market) if self.turn == p else [],
                blind=self.blind if self.turn == p else -1,
            )
        return v

    # ------------------------------------------------------------------------------ determinize
    def _determinize(self, player: int | None, rng: Rng) -> TrollFestState:
        """Resample, kind by kind, every card `player` cannot see, and others' sealed choices."""
        o = self.clone()
        c = self.c
        n = self.players
        others = [q for q in range(n) if q != player]
        if o.phase == "form":
            for q in others:  # undo their secret progress; it is replayed at random below
                o.pile[q] = o.pile[q] + o.kept[q]
                o.kept[q] = []
                o.duo_used[q] = []
        hidden: list[list[int]] = [o.seasoned, o.actions, o.box, *o.start_decks]
        festival = o.phase in ("festival", "over")
        for q in others:
            hidden += [o.start_hand[q], o.packet[q], o.picks[q], o.pile[q]]
            if not festival:
                hidden.append(o.hand[q])
            if o.turn == q:
                hidden.append(o.market)
        if o.blind >= 0 and o.turn != player:
            hidden.append(blind := [o.blind])
        else:
            blind = None
        pools: dict[str, list[int]] = {}
        for loc in hidden:
            for card in loc:
                pools.setdefault(_kind(c, card), []).append(card)
        for pool in pools.values():
            rng.shuffle(pool)
        for loc in hidden:
            for i, card in enumerate(loc):
                loc[i] = pools[_kind(c, card)].pop()
        if blind is not None:
            o.blind = blind[0]
        rng.shuffle(o.city_deck)
        if o.sealed is not None:
            for q in others:
                if q in o.sealed.choices:
                    o.sealed.choices[q] = rng.choice(o.legal_for_sealed(q))
        if o.answer is not None:
            for q in others:
                if q in o.answer.choices:
                    has = any(c.action(h).effect == "cancel" for h in o.hand[q])
                    o.answer.choices[q] = has and rng.below(2) == 1
        if o.phase == "form":
            for q in others:
                o._plan_form(q)
                if o.formed[q]:
                    while o.todo[q]:
                        o._on_keep(q, rng.choice(o._form_actions(q)).cards)  # type: ignore[attr-defined]
        o.forget_legal_actions()
        return o

    def legal_for_sealed(self, q: int) -> list[int]:
        """The values seat q could have sealed in the current sealed step."""
        if self.phase == "draft":
            return list(self.packet[q])
        if self.phase == "name":
            return list(range(len(self.c.band_names)))
        return [s for s in self.candidates if s != q]

    # ------------------------------------------------------------------------------ invariants
    def check_invariants(self) -> None:
        c = self.c
        locations: list[list[int]] = [self.seasoned, self.actions, self.box, self.springboard, self.market,
                                      *self.start_decks]
        for group in (self.start_hand, self.packet, self.picks, self.pile, self.kept, self.hand, self.band,
                      self.duos, self.played):
            locations.extend(group)
        seen = [card for loc in locations for card in loc]
        seen += [d for _, d, _ in self.duo_queue]
        seen += [card for _, card, _ in self.stack]
        if self.blind >= 0:
            seen.append(self.blind)
        assert sorted(seen) == list(range(c.card_count)), "cards lost or duplicated"
        assert sorted(self.city_deck + self.city_discard) == list(range(len(c.city_cards))), "city cards"
        n = self.players
        placed = [sum(1 for t in self.city_tokens if p in t) for p in range(n)]
        for p in range(n):
            assert self.tokens[p] >= 0 and self.tokens[p] + placed[p] == TOUR_TOKENS[n], "tour tokens"
            assert len(set(self.dragons[p])) == len(self.dragons[p]), "two dragons of one colour"
            assert self.score[p] >= 0
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

