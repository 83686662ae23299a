"""A hand-written Troll Fest bot: greedy concerts, a band built for its strongest species, and
action cards played when they pay."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from bigtop.core import Action, Rng
from bigtop.games.trollfest.actions import (
    Answer,
    DropArtist,
    EndTurn,
    Keep,
    KeepBlind,
    KeepMarket,
    Move,
    Name,
    OwnName,
    Pick,
    PlayCard,
    Recruit,
    ShowBand,
    StartCity,
    VisitMarket,
    Vote,
)
from bigtop.games.trollfest.data import COMMON_SPECIES
from bigtop.games.trollfest.phases.tour import gives_concert, roads_to_a_concert
from bigtop.games.trollfest.pieces import BLIND
from bigtop.games.trollfest.state import TrollFestState

CARD_VALUE = {
    "energy": 5.0, "charisma": 5.0, "skill": 5.0, "points": 4.0, "light": 2.5, "encore": 3.5,
    "cancel": 3.0, "duo": 2.5, "take_dragon": 2.0, "move_groundhog": 2.5, "scout": 2.0, "double_move": 1.0,
}
STRANDED = 0.1  # per road to the nearest concert, for a destination with none there nor a road on


class HeuristicBot:
    """Greedy Troll Fest player. `weights` may be tuned: species (how much a matching species is
    worth in an artist), groundhog, first (first token), market, culture, dragon."""

    name = "trollfest-heuristic"
    needs_state = True

    def __init__(self, seed: int = 0, **weights: float) -> None:
        self.rng = Rng(seed)
        self.w = {"species": 2.0, "groundhog": 5.0, "first": 2.0, "market": 2.0, "culture": 1.5, "dragon": 1.5}
        self.w.update(weights)
        self._species: str | None = None  # the deciding seat's main species, while `choose` works
        self._cities: dict[int, float] = {}  # what stopping in each city is worth, while `choose` works

    def choose(self, state: Any | None, player: int, legal: Sequence[Action]) -> Action:
        """The best valued action, the first listed among equals."""
        assert isinstance(state, TrollFestState)
        value = self._value
        try:
            best, top = legal[0], value(state, player, legal[0])
            for action in legal[1:]:  # a plain loop: the ISMCTS playouts call this at every decision
                v = value(state, player, action)
                if v > top:
                    best, top = action, v
            return best
        finally:
            self._species = None
            self._cities = {}

    # ------------------------------------------------------------------------------ valuations
    def _main_species(self, s: TrollFestState, p: int) -> str:
        """The species p's band is mostly made of (worked out once per decision while `choose` works)."""
        if self._species is None:
            self._species = self._count_species(s, p)
        return self._species

    def _count_species(self, s: TrollFestState, p: int) -> str:
        c = s.c
        arts = s.band[p] or (s.kept[p] + s.pile[p] + s.start_hand[p] + [x for x in s.picks[p] if c.is_artist(x)])
        counts: dict[str, int] = {}
        artists = c.artists
        for a in arts:
            species = artists[a].species
            if species in COMMON_SPECIES:
                counts[species] = counts.get(species, 0) + 1
        return max(counts, key=counts.__getitem__) if counts else "troll"  # the first counted of the most common

    def _artist(self, s: TrollFestState, p: int, a: int) -> float:
        art = s.c.artists[a]
        value = float(art.energy + art.charisma + art.skill)
        if art.species == self._main_species(s, p):
            value += self.w["species"]
        elif art.species not in COMMON_SPECIES:
            value += 1.0
        return value

    def _card(self, s: TrollFestState, p: int, card: int) -> float:
        if s.c.is_artist(card):
            return self._artist(s, p, card)
        return CARD_VALUE[s.c.action(card).effect]

    def _city(self, s: TrollFestState, p: int, city: int) -> float:
        """What stopping in `city` is worth to p now (worked out once per city and decision)."""
        value = self._cities.get(city)
        if value is None:
            value = self._cities[city] = self._city_value(s, p, city)
        return value

    def _city_value(self, s: TrollFestState, p: int, city: int) -> float:
        c = s.c
        here = s.city_tokens[city]
        value = 0.0
        if gives_concert(s, p, city):
            species = c.cities[city].species
            value += 3.0 + sum(1 for a in s.band[p] if c.artists[a].species == species)
            if not here:
                value += self.w["first"]
            if s.groundhog == city:
                value += self.w["groundhog"]
            if s.tokens[p] == 1:
                value += 5.0
            symbol = c.cities[city].symbol  # the city's action comes only with a concert
            if symbol == "market" and s.actions:
                value += self.w["market"]
            elif symbol == "culture":
                value += self.w["culture"]
        return value

    def _destination(self, s: TrollFestState, p: int, city: int) -> float:
        c = s.c
        value = self._city(s, p, city)
        onward = max((self._city(s, p, b) for b, _ in c.neighbours[city] if b != city), default=0.0)
        if not value and not onward:  # no concert there nor a road on: head for the nearest one
            roads = roads_to_a_concert(s, p, city)
            if roads is not None:
                value -= STRANDED * roads
        value += 0.4 * onward
        colour = next((col for b, col in c.neighbours[s.pos[p]] if b == city), -1)
        if colour >= 0 and s.pass_tokens[colour] > 0 and colour not in s.dragons[p]:
            value += self.w["dragon"]
        if s.trigger >= 0 and s.trigger != p and city == s.home[p]:
            value += 5.0  # last turn: end at home
        return value

    def _value(self, s: TrollFestState, p: int, a: Action) -> float:
        """What action `a` is worth to p: each action type has its valuation (`VALUES`)."""
        return VALUES[type(a)](self, s, p, a)

    def _pick(self, s: TrollFestState, p: int, a: Pick) -> float:
        return self._card(s, p, a.card)

    def _keep(self, s: TrollFestState, p: int, a: Keep) -> float:
        return sum(self._artist(s, p, x) for x in a.cards) + (1.0 if a.cards else 0.0)

    def _random(self, s: TrollFestState, p: int, a: Action) -> float:
        return self.rng.random()

    def _start_city(self, s: TrollFestState, p: int, a: StartCity) -> float:
        c = s.c
        species = self._main_species(s, p)
        city = c.cities[a.city]
        near = sum(1 for b, _ in c.neighbours[a.city] if c.cities[b].species == species)
        return (2.0 if city.species == species else 0.0) + near + self.rng.random() * 0.5

    def _move(self, s: TrollFestState, p: int, a: Move) -> float:
        return self._destination(s, p, a.city)

    def _answer(self, s: TrollFestState, p: int, a: Answer) -> float:
        if not a.hammer:
            return 0.0
        owner, card, _ = s.stack[-1]
        effect = s.c.action(card).effect
        if effect == "cancel":
            return 1.0 if s.stack[-2][0] == p else -1.0
        leader = max(s.score)
        return CARD_VALUE[effect] - 3.5 + (1.0 if s.score[owner] >= leader - 3 else -1.0)

    def _visit_market(self, s: TrollFestState, p: int, a: VisitMarket) -> float:
        return 1.0 if a.visit else 0.0

    def _keep_market(self, s: TrollFestState, p: int, a: KeepMarket) -> float:
        return self._card(s, p, a.card)

    def _recruit_value(self, s: TrollFestState, p: int, a: Recruit) -> float:
        return self._recruit(s, p, a.source)

    def _keep_blind(self, s: TrollFestState, p: int, a: KeepBlind) -> float:
        return self._gain(s, p, s.blind) if a.keep else 0.0

    def _drop_artist(self, s: TrollFestState, p: int, a: DropArtist) -> float:
        return -self._artist(s, p, a.card)

    def _nothing(self, s: TrollFestState, p: int, a: Action) -> float:
        return 0.0

    def _gain(self, s: TrollFestState, p: int, card: int) -> float:
        """How much adding artist `card` improves p's band (replacing its instrument)."""
        c = s.c
        inst = c.artists[card].instrument
        same = [x for x in s.band[p] if c.artists[x].instrument == inst]
        old = min((self._artist(s, p, x) for x in same), default=0.0)
        return self._artist(s, p, card) - old + (2.0 if not same else 0.0)

    def _recruit(self, s: TrollFestState, p: int, source: int) -> float:
        if source < 0:
            return 0.0
        if source == BLIND:
            return 0.5
        card = s.springboard[source]
        bonus = 1.0 if s.c.artists[card].species == s.c.cities[s.pos[p]].species else 0.0
        return self._gain(s, p, card) + bonus

    def _play(self, s: TrollFestState, p: int, a: PlayCard) -> float:
        c = s.c
        effect = c.action(a.card).effect
        if c.action(a.card).kind == "festival":
            return 10.0
        if effect == "encore" or effect == "take_dragon":
            return 10.0
        if effect == "scout":
            return self._gain(s, p, s.springboard[a.arg]) - 1.0
        if effect == "move_groundhog":
            near = {b for b, _ in c.neighbours[s.pos[p]]}
            free = p not in s.city_tokens[a.arg] and len(s.city_tokens[a.arg]) < s.players - 1
            return 20.0 if a.arg in near and free else -1.0
        if effect == "double_move":
            cities = [b for b, _ in c.neighbours[s.pos[p]]]
            return 1.0 if max(self._city(s, p, b) for b in cities) < 3.0 else -1.0
        return -1.0


VALUES: dict[type, Callable[[HeuristicBot, TrollFestState, int, Any], float]] = {
    Pick: HeuristicBot._pick, Keep: HeuristicBot._keep, Name: HeuristicBot._random, Vote: HeuristicBot._random,
    StartCity: HeuristicBot._start_city, Move: HeuristicBot._move, PlayCard: HeuristicBot._play,
    Answer: HeuristicBot._answer, VisitMarket: HeuristicBot._visit_market, KeepMarket: HeuristicBot._keep_market,
    Recruit: HeuristicBot._recruit_value, KeepBlind: HeuristicBot._keep_blind, DropArtist: HeuristicBot._drop_artist,
    EndTurn: HeuristicBot._nothing, ShowBand: HeuristicBot._nothing, OwnName: HeuristicBot._nothing,
}
"""Each action type's valuation (a look-up by type: the ISMCTS playouts value every legal action at
every decision)."""
