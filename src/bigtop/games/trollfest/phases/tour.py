"""Phase 2, the tour. 'On your first turn ... choose your starting city'; then each turn: 1)
movement along a road (a Tour Bus: two), taking a dragon token on a pass; 2) stop in the city; 3)
the concert; 4) the city's action, if you wish and gave a concert (Market, vivid cultural life);
5) Groundhog Day.
Tour cards are played at the moments their text names. When a player places their last tour token,
every other player has one more turn; then the end-of-tour bonuses, and the Festival."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from bigtop.core import Action
from bigtop.games.trollfest import stack
from bigtop.games.trollfest.actions import (
    KEEP_BLIND,
    KEEP_MARKET,
    MOVE,
    RECRUIT,
    START_CITY,
    VISIT_MARKET,
    KeepBlind,
    KeepMarket,
    Move,
    PlayCard,
    Recruit,
    StartCity,
    VisitMarket,
)
from bigtop.games.trollfest.band import add_artist, take_springboard
from bigtop.games.trollfest.cards import AFTER_STOP, BEFORE_MOVE, tour_plays
from bigtop.games.trollfest.data import content
from bigtop.games.trollfest.decks import draw
from bigtop.games.trollfest.flow import Prompt, prompt
from bigtop.games.trollfest.phases import festival
from bigtop.games.trollfest.pieces import BLIND, FIRST_TOKEN, GROUNDHOG, MARKET_DRAW

if TYPE_CHECKING:
    from bigtop.games.trollfest.state import TrollFestState

QUIET_ROUNDS = 10  # at a table of bots only, rounds in a row without a concert that end the tour


@cache
def road_moves(cards: str | None) -> tuple[tuple[Move, ...], ...]:
    """Per city, the Move along each of its roads, for the content of `data.content(cards)`."""
    return tuple(tuple(MOVE[b] for b, _ in roads) for roads in content(cards).neighbours)


def begin(s: TrollFestState, best_name: int) -> None:
    """'Draw a random City card and place the Groundhog Meeple on that city. The player to the left
    of the one with the best band name takes the first turn'."""
    s.phase = "tour"
    if s.fixed_groundhog >= 0:
        s.groundhog = s.fixed_groundhog
    else:
        card = draw(s, "city_deck")
        s.city_discard.append(card)
        s.groundhog = s.c.city_cards[card]
    s.emit("groundhog", city=s.groundhog)
    s.first = (best_name + 1) % s.players
    begin_turn(s, s.first)


def begin_turn(s: TrollFestState, p: int) -> None:
    s.turn = p
    s.bus = False
    s.placed = False
    s.step = "start" if s.pos[p] < 0 else "move"


def end_turn(s: TrollFestState) -> None:
    """The next player's turn; once the last token is placed, each other player has one more turn.
    At a table of bots only (`bots_only`), `QUIET_ROUNDS` rounds in a row without a concert end
    the tour too: the tour ends only when a band places its last token, and bots that keep away
    from the cities where they could still play never would."""
    p = s.turn
    if s.trigger >= 0 and p != s.trigger:
        s.turns_left -= 1
        if s.turns_left <= 0:
            end_tour(s)
            return
    if s.options.bots_only:
        s.quiet = 0 if s.placed else s.quiet + 1
        if s.quiet >= QUIET_ROUNDS * s.players:
            s.emit("tour_quiet", rounds=QUIET_ROUNDS)
            end_tour(s)
            return
    begin_turn(s, (p + 1) % s.players)


def end_tour(s: TrollFestState) -> None:
    """'If you ended with your Band Meeple in your Hometown, score 5 points. The player who
    triggered the game end and each other player who played all their Tour Tokens score 5 points.'"""
    bonus = s.c.fixed
    for p in range(s.players):
        if s.pos[p] == s.home[p]:
            s.gain(p, "hometown", bonus["hometown"])
            s.emit("scored", seat=p, points=bonus["hometown"], award="hometown")
        if p == s.trigger or s.tokens[p] == 0:
            s.gain(p, "all_tokens", bonus["all_tokens"])
            s.emit("scored", seat=p, points=bonus["all_tokens"], award="all_tokens")
    s.emit("tour_end", seat=s.trigger)
    festival.begin(s)


def move(s: TrollFestState, p: int, city: int) -> None:
    """Along the road to `city`, taking a dragon token on its pass if one is left and p has none of
    that colour; the band stops there, unless a Tour Bus rolls on."""
    for b, colour in s.c.neighbours[s.pos[p]]:
        if b == city:
            if colour >= 0 and s.pass_tokens[colour] > 0 and colour not in s.dragons[p]:
                s.pass_tokens[colour] -= 1
                s.dragons[p].append(colour)
                s.emit("dragon", seat=p, colour=colour)
            break
    s.pos[p] = city
    s.emit("move", seat=p, city=city)
    if s.bus and s.step == "move":
        s.step = "move2"  # the Tour Bus rolls on: no stop here
        return
    stop(s, p, city)


def gives_concert(s: TrollFestState, p: int, city: int) -> bool:
    """Whether p's band stopping in `city` now gives a concert: 'you must place one of your Tour
    Tokens in it, unless' p has one there or the city holds players - 1 (and p has one left)."""
    here = s.city_tokens[city]
    return s.tokens[p] > 0 and p not in here and len(here) < s.players - 1


def roads_to_a_concert(s: TrollFestState, p: int, city: int) -> int | None:
    """The fewest roads from `city` to a city where p's band would give a concert (0: `city`
    itself), or None if there is none: where a bot's band heads when none is at hand."""
    neighbours = s.c.neighbours
    seen = {city}
    ring = [city]
    roads = 0
    while ring:
        if any(gives_concert(s, p, x) for x in ring):
            return roads
        onward = []
        for x in ring:
            for b, _ in neighbours[x]:
                if b not in seen:
                    seen.add(b)
                    onward.append(b)
        ring = onward
        roads += 1
    return None


def stop(s: TrollFestState, p: int, city: int) -> None:
    """The concert ('you must place one of your Tour Tokens', unless you have one there or the city
    holds players - 1), then the city's action, which only a concert opens ('You may do these
    actions in addition to a concert if the corresponding symbol is present on the city'), then
    Groundhog Day."""
    c = s.c
    here = s.city_tokens[city]
    if gives_concert(s, p, city):
        species = c.cities[city].species
        kin = [c.artists[a].species for a in s.band[p]].count(species)
        first = 0 if here else FIRST_TOKEN
        groundhog = GROUNDHOG if s.groundhog == city else 0
        here.append(p)
        s.tokens[p] -= 1
        s.placed = True
        s.gain(p, "concerts", kin + first + groundhog)
        s.emit("concert", seat=p, city=city, points=kin + first + groundhog, species=kin, first=first,
               groundhog=groundhog)
        if s.tokens[p] == 0 and s.trigger < 0:
            s.trigger = p
            s.turns_left = s.players - 1
            s.emit("last_round", seat=p)
    else:  # the log says why the band plays nothing here
        why = "no_tokens" if s.tokens[p] == 0 else "played_here" if p in here else "full"
        s.emit("no_concert", seat=p, city=city, why=why, n=len(here))

    symbol = c.cities[city].symbol if s.placed else "none"
    if symbol == "market" and s.actions:
        s.step = "visit"
    elif symbol == "culture" and (s.springboard or s.seasoned):
        s.step = "culture"
    else:
        groundhog_day(s, p)


def groundhog_day(s: TrollFestState, p: int) -> None:
    """Step 5, once the city's action is done: a Groundhog held since p's previous turn goes to the
    city of a City card; a Groundhog in the city where p just placed a tour token goes in front of
    p until its next turn."""
    s.step = "after"
    if s.holder == p:
        place_groundhog(s)
    elif s.placed and s.groundhog == s.pos[p]:
        s.groundhog = -1
        s.holder = p
        s.emit("groundhog_taken", seat=p)


def place_groundhog(s: TrollFestState) -> None:
    """'draw City cards until you draw one that has not yet reached its total tour limit, then place
    the Groundhog Meeple in the city indicated by that card' (the discard is reshuffled if need be)."""
    c = s.c
    s.reveal()  # City cards come from the top of a hidden deck
    s.holder = -1
    s.groundhog = -1
    limit = s.players - 1
    for _ in range(2 * len(c.city_cards)):
        if not s.city_deck:
            s.city_deck, s.city_discard = s.city_discard, []
            s.rng.shuffle(s.city_deck)
        card = draw(s, "city_deck")
        s.city_discard.append(card)
        city = c.city_cards[card]
        if len(s.city_tokens[city]) < limit:
            s.groundhog = city
            break
    s.emit("groundhog", city=s.groundhog)


def keep_market(s: TrollFestState, p: int, card: int) -> None:
    """Keep `card` of the Market's draw; the others go to the bottom of the action deck."""
    s.hand[p].append(card)
    s.market.remove(card)
    s.actions.extend(s.market)
    s.market = []
    s.emit("market", seat=p)
    s.emit("market_card", (p,), seat=p, card=card)  # only its seat sees which card it kept
    groundhog_day(s, p)


@prompt("start")
class StartingCity(Prompt):
    """'choose your starting city and place your Hometown Token and Band Meeple on it'"""

    def legal(self, s: TrollFestState, p: int) -> list[Action]:
        return [START_CITY[i] for i in range(len(s.c.cities))]

    def apply(self, s: TrollFestState, p: int, action: StartCity) -> None:
        s.pos[p] = s.home[p] = action.city
        s.emit("start_city", seat=p, city=action.city)
        end_turn(s)


@prompt("move")
class Movement(Prompt):
    """Move along a road, or first play a Tour card."""

    def legal(self, s: TrollFestState, p: int) -> list[Action]:
        out: list[Action] = list(s.roads[s.pos[p]])
        out.extend(tour_plays(s, p, BEFORE_MOVE))
        return out

    def apply(self, s: TrollFestState, p: int, action: Move | PlayCard) -> None:
        if isinstance(action, PlayCard):
            stack.play_from_hand(s, p, action.card, action.arg)
        else:
            move(s, p, action.city)


@prompt("move2")
class SecondRoad(Prompt):
    """The Tour Bus rolls on along a second road."""

    def legal(self, s: TrollFestState, p: int) -> list[Action]:
        return list(s.roads[s.pos[p]])

    def apply(self, s: TrollFestState, p: int, action: Move) -> None:
        move(s, p, action.city)


@prompt("visit")
class VisitTheMarket(Prompt):
    """'You may do these actions': draw four action cards to keep one, or leave the Market alone."""

    def legal(self, s: TrollFestState, p: int) -> list[Action]:
        return list(VISIT_MARKET)

    def apply(self, s: TrollFestState, p: int, action: VisitMarket) -> None:
        if not action.visit:
            s.emit("market_pass", seat=p)
            groundhog_day(s, p)
            return
        s.reveal()  # the mover sees the top of the action deck
        s.market = [draw(s, "actions") for _ in range(min(MARKET_DRAW, len(s.actions)))]
        s.step = "market"


@prompt("market")
class KeepOneOfFour(Prompt):
    """'keep one of these cards in your hand and discard the three other ones at the bottom'"""

    def legal(self, s: TrollFestState, p: int) -> list[Action]:
        return [KEEP_MARKET[card] for card in s.market]

    def apply(self, s: TrollFestState, p: int, action: KeepMarket) -> None:
        keep_market(s, p, action.card)


@prompt("culture")
class Recruiting(Prompt):
    """'You may take one artist either from the Rock Springboard or from the top of the deck'"""

    def legal(self, s: TrollFestState, p: int) -> list[Action]:
        out: list[Action] = [RECRUIT[-1]]
        out.extend(RECRUIT[i] for i in range(len(s.springboard)))
        if s.seasoned:
            out.append(RECRUIT[BLIND])
        return out

    def apply(self, s: TrollFestState, p: int, action: Recruit) -> None:
        if action.source == BLIND:
            s.reveal()  # the mover sees the top of the seasoned deck
            s.blind = draw(s, "seasoned")
            s.step = "blind"
            return
        if action.source >= 0:
            take_springboard(s, p, action.source, s.c.cities[s.pos[p]].species, "springboard")
        groundhog_day(s, p)


@prompt("blind")
class BlindAudition(Prompt):
    """'If you draw from the top of the deck, you can choose to discard the drawn artist'"""

    def legal(self, s: TrollFestState, p: int) -> list[Action]:
        return list(KEEP_BLIND)

    def apply(self, s: TrollFestState, p: int, action: KeepBlind) -> None:
        card, s.blind = s.blind, -1
        if action.keep:
            s.reveal()
            add_artist(s, p, card, s.c.cities[s.pos[p]].species, "blind")
        else:
            s.seasoned.append(card)
            s.emit("blind_discard", seat=p)
        groundhog_day(s, p)


@prompt("after")
class AfterTheStop(stack.PlayOrStop):
    """Play Tour cards, or end the turn."""

    def plays(self, s: TrollFestState, p: int) -> list[PlayCard]:
        return tour_plays(s, p, AFTER_STOP)

    def stop(self, s: TrollFestState) -> None:
        end_turn(s)
