"""Troll Fest options and their checks against the content, each with a message naming the option."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from bigtop.core import OptionError
from bigtop.games.trollfest.data import Content


@dataclass(frozen=True)
class TrollFestOptions:
    """Options. The `*_top` fields fix deck orders (card ids put on top, in order) for tutorials,
    puzzles and tests; `groundhog_city` fixes the Groundhog's first city (a city id); `position`
    (JSON) starts the game on the tour instead of the set-up (`position.py`).

    `bots_only` says that no person sits at the table (`Game.bots_only_options` sets it for whatever
    seats only bots): band-name run-offs then end after `runoff_limit` ties, the seed settling the
    last one (0: never), and the tour after ten rounds without a concert, so that a table of bots
    always ends. With people at the table the run-offs go on until one band wins and the tour
    until a band places its last token, as the rulebook says."""

    seasoned_top: tuple[str, ...] = ()
    action_top: tuple[str, ...] = ()
    starting_top: tuple[str, ...] = ()
    city_top: tuple[str, ...] = ()
    groundhog_city: str = ""
    bots_only: bool = False
    runoff_limit: int = 3
    cards: str | None = None  # a content file whose tables replace the shipped ones (e.g. [[award]])
    position: str | None = None


def check_options(c: Content, options: TrollFestOptions) -> None:
    """Raise `OptionError` naming the option and the value that the content cannot honour."""
    artists = {a.id: a for a in c.artists}
    for name, given, deck in (("seasoned_top", options.seasoned_top, "seasoned"),
                              ("starting_top", options.starting_top, "starting")):
        ids = sorted(a.id for a in c.artists if a.deck == deck)
        for card in given:
            if card not in artists:
                raise OptionError(f"{name}: no artist {card!r}; the {deck} artists are {ids[0]} to {ids[-1]}")
            if artists[card].deck != deck:
                raise OptionError(f"{name}: {card!r} is a {artists[card].deck} artist, not a {deck} one")
        _once(name, given, Counter({card: 1 for card in ids}), "card")
    copies = Counter({kind.id: kind.copies for kind in c.action_types})
    for card in options.action_top:
        if card not in copies:
            raise OptionError(f"action_top: no action card {card!r}; the action cards are {', '.join(copies)}")
    _once("action_top", options.action_top, copies, "card")
    for card in options.city_top:
        if card not in c.city_card_ids:
            raise OptionError(f"city_top: no City card {card!r}; a City card is named card_ and its city, e.g. "
                              f"{c.city_card_ids[0]}")
    _once("city_top", options.city_top, Counter(c.city_card_ids), "City card")
    cities = [city.id for city in c.cities]
    if options.groundhog_city and options.groundhog_city not in cities:
        raise OptionError(f"groundhog_city: no city {options.groundhog_city!r}; the cities are {', '.join(cities)}")
    if options.runoff_limit < 0:
        raise OptionError(f"runoff_limit: {options.runoff_limit} run-offs; give 0 (never settle) or more")


def _once(name: str, given: tuple[str, ...], copies: Counter[str], what: str) -> None:
    """Each id in `given` at most as many times as the game has copies of it."""
    for card, times in Counter(given).items():
        if times > copies[card]:
            have = copies[card]
            raise OptionError(f"{name}: {card!r} is named {times} times; there {'is' if have == 1 else 'are'} "
                              f"{have} such {what}{'' if have == 1 else 's'}")
