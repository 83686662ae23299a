"""The pieces of a Troll Fest table: the numbers the rulebook fixes and the typed records a game
keeps (cards are small integers: artists first, then every action card copy, see `data.Content`)."""

from __future__ import annotations

from typing import NamedTuple

TOUR_TOKENS = {3: 14, 4: 12, 5: 10, 6: 10}
DRAGONS_PER_PASS = {3: 2, 4: 2, 5: 3, 6: 3}
DRAFT_ARTISTS = 4
DRAFT_ACTIONS = 4
SPRINGBOARD = 7
MARKET_DRAW = 4
FIRST_TOKEN = 2  # concert points for the first tour token in a city
GROUNDHOG = 5  # concert points where the Groundhog is
BLIND = 7  # Recruit source meaning "the top of the deck"


class Played(NamedTuple):
    """An action card on the stack, waiting for the others' answers."""

    seat: int
    card: int
    arg: int  # its target (dragon colour, city, Springboard slot, instrument index) or -1


class Drop(NamedTuple):
    """Two artists of one instrument in a band without a Duo for them: `seat` chooses who leaves."""

    seat: int
    instrument: str
    newcomer: int  # the artist just added, who stays (-1: none)


class DuoPair(NamedTuple):
    """A Duo card kept, before the reveal, for a pair of artists of `instrument`."""

    card: int
    instrument: str


class DuoPlay(NamedTuple):
    """A Duo to play beside `seat`'s band once the bands are shown."""

    seat: int
    card: int
    instrument: str
