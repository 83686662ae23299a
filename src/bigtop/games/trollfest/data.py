"""Troll Fest content: the map, city cards, artists, action cards and Festival points, from TOML.

Every file is validated with pydantic at load (`DataError` names file, entry and field), then the
cross-file checks run (roads join known cities, one city card per city, seven pass colours...).
`Content` holds everything as tuples indexed by small integers, which the rules use directly.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field, model_validator

from bigtop.core.data import Entry
from bigtop.core.errors import DataError
from bigtop.core.schema import ContentSchema, Table, entry_line, suggest

if TYPE_CHECKING:
    from bigtop.games.trollfest.scoring import BandProfile

DATA = Path(__file__).parent / "data"

COMMON_SPECIES = ("troll", "orc", "elf", "dwarf")
BASIC_INSTRUMENTS = ("guitar", "bass", "singer", "drums")
CLASSIC_INSTRUMENTS = (*BASIC_INSTRUMENTS, "keyboard")
COLOURS = ("red", "blue", "green", "yellow", "purple", "black", "white")

Species = Literal["troll", "orc", "elf", "dwarf", "minotaur", "giant", "goblin", "siren", "centaur"]


class CityEntry(Entry):
    id: str
    name: str
    species: Literal["troll", "orc", "elf", "dwarf"]
    symbol: Literal["none", "market", "culture"]
    x: int = Field(ge=0, le=100)
    y: int = Field(ge=0, le=40)


class RoadEntry(Entry):
    a: str
    b: str
    pass_: Literal["", "red", "blue", "green", "yellow", "purple", "black", "white"] = Field(alias="pass")


class CityCardEntry(Entry):
    id: str
    city: str


class ArtistEntry(Entry):
    id: str
    name: str
    deck: Literal["starting", "seasoned"]
    instrument: str = Field(min_length=1)
    species: Species
    gender: Literal["male", "female"]
    energy: int = Field(ge=0, le=5)
    charisma: int = Field(ge=0, le=5)
    skill: int = Field(ge=0, le=5)


class ActionEntry(Entry):
    id: str
    name: str
    kind: Literal["band", "answer", "tour", "festival"]
    copies: int = Field(ge=1, le=10)
    effect: Literal[
        "duo", "cancel", "double_move", "take_dragon", "move_groundhog", "encore", "scout",
        "energy", "charisma", "skill", "points", "light",
    ]
    colour: Literal["", "red", "blue", "green", "yellow", "purple", "black", "white"]
    value: int = Field(default=0, ge=0, le=10)  # points (Encore, Rave Review) or strength bonus
    text: str

    @model_validator(mode="after")
    def _kind(self) -> ActionEntry:
        if self.kind != EFFECT_KIND[self.effect]:
            raise ValueError(f"kind {self.kind} does not fit effect {self.effect}: write kind = \"{EFFECT_KIND[self.effect]}\"")
        return self


EFFECT_KIND = {
    "duo": "band", "cancel": "answer",
    **dict.fromkeys(("double_move", "take_dragon", "move_groundhog", "encore", "scout"), "tour"),
    **dict.fromkeys(("energy", "charisma", "skill", "points", "light"), "festival"),
}
"""The kind of card each effect is: when the rules offer it (`cards.py`), whatever the file says."""


class AwardEntry(Entry):
    id: Literal["energy", "charisma", "skill", "light_show", "diversity"]
    first: int = Field(ge=0)
    second: int = Field(ge=0)


class AuthenticityEntry(Entry):
    id: Literal["classic_rock", "male_only", "female_only", "one_species"]
    points: int = Field(ge=0)


class FixedEntry(Entry):
    id: Literal["band_name", "hometown", "all_tokens"]
    points: int = Field(ge=0)


class NameEntry(Entry):
    id: str = Field(min_length=1)


@dataclass(frozen=True)
class Content:
    """All the game's content, with integer indexes for the rules.

    Card ids: artists are 0..len(artists)-1, action card copies follow (`action_base` + i).
    """

    cities: tuple[CityEntry, ...]
    roads: tuple[RoadEntry, ...]
    neighbours: tuple[tuple[tuple[int, int], ...], ...]  # per city: (neighbour city, pass colour or -1)
    city_cards: tuple[int, ...]  # the city of each city card
    city_card_ids: tuple[str, ...]
    artists: tuple[ArtistEntry, ...]
    starting_decks: tuple[tuple[int, ...], ...]  # per basic instrument (BASIC_INSTRUMENTS), its starting artists
    seasoned_deck: tuple[int, ...]  # the seasoned artists
    action_types: tuple[ActionEntry, ...]
    action_copies: tuple[int, ...]  # per action card copy: its index in action_types
    copy_types: tuple[ActionEntry, ...]  # per action card copy: its type (`action`)
    awards: dict[str, tuple[int, int]]
    authenticity: dict[str, int]
    fixed: dict[str, int]
    band_names: tuple[str, ...]
    instruments: tuple[str, ...]  # the basic four first, then the others alphabetically

    @property
    def action_base(self) -> int:
        return len(self.artists)

    @property
    def card_count(self) -> int:
        return len(self.artists) + len(self.action_copies)

    def action(self, card: int) -> ActionEntry:
        """The action type of an action card id."""
        return self.copy_types[card - len(self.artists)]

    def is_artist(self, card: int) -> bool:
        return card < len(self.artists)

    @cached_property
    def first_copies(self) -> tuple[int, ...]:
        """Per card id, the first id of its action type's copies (an artist is its own): two
        copies of one action card do the same thing (`State.choice_key`)."""
        base, first = len(self.artists), dict[int, int]()
        for i, kind in enumerate(self.action_copies):
            first.setdefault(kind, base + i)
        return tuple(range(base)) + tuple(first[kind] for kind in self.action_copies)

    @cached_property
    def band_profiles(self) -> dict[tuple[int, ...], BandProfile]:
        """The memo of `scoring.band_profile`: a band's Festival reading by its artists."""
        return {}

    @cached_property
    def deck_of_card(self) -> tuple[str, ...]:
        """Per card id, the deck it comes from: 'A' action, 'S' seasoned artist, or a starting
        artist's instrument (the pools a determinization deals hidden cards from)."""
        artists = tuple("S" if a.deck == "seasoned" else a.instrument for a in self.artists)
        return artists + ("A",) * len(self.action_copies)


FILES = {
    "city": "map.toml", "road": "map.toml", "city_card": "city_cards.toml", "artist": "artists.toml",
    "action": "actions.toml", "award": "festival.toml", "authenticity": "festival.toml", "fixed": "festival.toml",
    "band_name": "band_names.toml",
}
"""The shipped file of each table."""

OPEN_FIELDS = {"artist": ("instrument",)}
"""A seasoned artist may play a new instrument: one no shipped artist plays is warned about."""


def text_numbers(action: ActionEntry) -> Iterator[tuple[str, str]]:
    """A card whose text names numbers but not its value: the game plays the value, the players
    read the text (`Table.warn`)."""
    numbers = re.findall(r"\d+", action.text)
    if action.value and numbers and str(action.value) not in numbers:
        yield "value", (f"the game plays {action.value}, but the card's text says {', '.join(numbers)} "
                        f"({action.text!r}): change the text too")


CONTENT_FILE = ContentSchema(
    {table: Table(model, DATA / FILES[table], required=False, open_fields=OPEN_FIELDS.get(table, ()),
                  warn=text_numbers if table == "action" else None) for table, model in (
        ("city", CityEntry), ("road", RoadEntry), ("city_card", CityCardEntry), ("artist", ArtistEntry),
        ("action", ActionEntry), ("award", AwardEntry), ("authenticity", AuthenticityEntry), ("fixed", FixedEntry),
        ("band_name", NameEntry),
    )},
    "Troll Fest content file",
    playable=lambda path: load_content(cards=path),
)
"""What a content file may hold: any of the shipped tables, each replacing the shipped table of
that name. The shipped files are read with the same checks."""


def _unique(path: Path, table: str, ids: list[str]) -> None:
    """`DataError` at the first id seen twice."""
    seen: dict[str, int] = {}
    for n, i in enumerate(ids):
        if i in seen:
            raise DataError(f"{path}: {table} {n} ({i}){entry_line(path, table, n)}: field id: duplicate id (as {table} {seen[i]})")
        seen[i] = n


def _listed(what: str, names: list[str]) -> str:
    return f"{what} {', '.join(names)}" if names else ""


def load_content(directory: Path = DATA, cards: Path | None = None) -> Content:
    """Load and cross-check every content file in `directory`. A user's content file `cards` may
    hold any of the tables (`[[award]]`, `[[artist]]`...): each replaces the shipped table of the
    same name."""
    own = CONTENT_FILE.load(cards) if cards is not None else {}
    shipped = {name: CONTENT_FILE.load(directory / name) for name in dict.fromkeys(FILES.values())}

    def source(name: str) -> Path:
        return cards if cards is not None and name in own else directory / FILES[name]

    def entries(name: str) -> list[Any]:
        if name in own:
            return own[name]
        if name not in shipped[FILES[name]]:
            raise DataError(f"{directory / FILES[name]}: no [[{name}]] entries")
        return shipped[FILES[name]][name]

    map_file = source("city")
    cities: list[CityEntry] = entries("city")
    roads: list[RoadEntry] = entries("road")
    index = {c.id: i for i, c in enumerate(cities)}
    neighbours: list[list[tuple[int, int]]] = [[] for _ in cities]
    colours_seen: list[str] = []
    pairs: set[frozenset[int]] = set()
    for n, road in enumerate(roads):
        for end, name in ((road.a, "a"), (road.b, "b")):
            if end not in index:
                raise DataError(f"{map_file}: road {n} ({road.a}-{road.b}): field {name}{entry_line(map_file, 'road', n, name)}: "
                                f"unknown city {end!r}{suggest(end, index)}")
        a, b = index[road.a], index[road.b]
        if a == b or frozenset((a, b)) in pairs:
            raise DataError(f"{map_file}: road {n} ({road.a}-{road.b}){entry_line(map_file, 'road', n)}: field a/b: loop or duplicate road")
        pairs.add(frozenset((a, b)))
        colour = COLOURS.index(road.pass_) if road.pass_ else -1
        if road.pass_:
            colours_seen.append(road.pass_)
        neighbours[a].append((b, colour))
        neighbours[b].append((a, colour))
    if sorted(colours_seen) != sorted(COLOURS):
        missing = [c for c in COLOURS if c not in colours_seen]
        twice = sorted({c for c in colours_seen if colours_seen.count(c) > 1})
        raise DataError(f"{map_file}: [[road]]{entry_line(map_file, 'road')}: field pass: need exactly one pass of each "
                        f"colour ({', '.join(COLOURS)}); {_listed('no pass of', missing)}{'; ' if missing and twice else ''}"
                        f"{_listed('more than one of', twice)}")

    cards_file = source("city_card")
    city_cards: list[CityCardEntry] = entries("city_card")
    for n, card in enumerate(city_cards):
        if card.city not in index:
            raise DataError(f"{cards_file}: city_card {n} ({card.id}): field city{entry_line(cards_file, 'city_card', n, 'city')}: "
                            f"unknown city {card.city!r}{suggest(card.city, index)}")
    held = [c.city for c in city_cards]
    for n, card in enumerate(city_cards):
        if held.index(card.city) != n:
            raise DataError(f"{cards_file}: city_card {n} ({card.id}): field city{entry_line(cards_file, 'city_card', n, 'city')}: "
                            f"a second card for the city {card.city} (city_card {held.index(card.city)} is one): one card per city")
    cardless = [city for city in index if city not in held]
    if cardless:
        raise DataError(f"{cards_file}: [[city_card]]{entry_line(cards_file, 'city_card')}: no card for the "
                        f"cit{'y' if len(cardless) == 1 else 'ies'} {', '.join(cardless)}: each city needs exactly one card")

    artists_file = source("artist")
    artists: list[ArtistEntry] = entries("artist")
    for n, artist in enumerate(artists):
        if artist.deck == "starting" and artist.instrument not in BASIC_INSTRUMENTS:
            raise DataError(f"{artists_file}: artist {n} ({artist.id}): field instrument{entry_line(artists_file, 'artist', n, 'instrument')}: "
                            f"starting artists play {', '.join(BASIC_INSTRUMENTS)}")

    actions_file = source("action")
    actions: list[ActionEntry] = entries("action")
    for n, entry in enumerate(actions):
        if (entry.effect == "light") != bool(entry.colour):
            raise DataError(f"{actions_file}: action {n} ({entry.id}): field colour{entry_line(actions_file, 'action', n, 'colour')}: "
                            "only Light Show cards have a colour")
        if (entry.effect in ("encore", "points", "energy", "charisma", "skill")) != (entry.value > 0):
            raise DataError(f"{actions_file}: action {n} ({entry.id}): field value{entry_line(actions_file, 'action', n, 'value')}: "
                            "needed by point and strength cards only")
    for needed in ("duo", "cancel", "light"):
        if not any(a.effect == needed for a in actions):
            raise DataError(f"{actions_file}: [[action]]{entry_line(actions_file, 'action')}: field effect: no card with effect {needed!r}")

    awards: dict[str, tuple[int, int]] = {a.id: (a.first, a.second) for a in entries("award")}
    authenticity: dict[str, int] = {a.id: a.points for a in entries("authenticity")}
    fixed: dict[str, int] = {a.id: a.points for a in entries("fixed")}
    for table, got, need in (
        ("award", awards, AwardEntry.model_fields["id"].annotation),
        ("authenticity", authenticity, AuthenticityEntry.model_fields["id"].annotation),
        ("fixed", fixed, FixedEntry.model_fields["id"].annotation),
    ):
        missing = [i for i in need.__args__ if i not in got]  # type: ignore[union-attr]  # each id field is annotated with a Literal: its __args__ are the ids
        if missing:
            raise DataError(f"{source(table)}: [[{table}]]{entry_line(source(table), table)}: field id: "
                            f"no entry with the id {', '.join(missing)}: the game needs one of each")

    names_file = source("band_name")
    names: list[NameEntry] = entries("band_name")
    _unique(names_file, "band_name", [" ".join(n.id.split()).casefold() for n in names])  # unique whatever the case
    if len(names) < 12:  # the list is dealt round the table: two names for each of six bands
        raise DataError(f"{names_file}: [[band_name]]{entry_line(names_file, 'band_name')}: {len(names)} names; "
                        "give at least 12 (two for each of six bands)")

    copies = tuple(i for i, a in enumerate(actions) for _ in range(a.copies))
    return Content(
        cities=tuple(cities),
        roads=tuple(roads),
        neighbours=tuple(tuple(n) for n in neighbours),
        city_cards=tuple(index[c.city] for c in city_cards),
        city_card_ids=tuple(c.id for c in city_cards),
        artists=tuple(artists),
        starting_decks=tuple(
            tuple(i for i, a in enumerate(artists) if a.deck == "starting" and a.instrument == inst)
            for inst in BASIC_INSTRUMENTS
        ),
        seasoned_deck=tuple(i for i, a in enumerate(artists) if a.deck == "seasoned"),
        action_types=tuple(actions),
        action_copies=copies,
        copy_types=tuple(actions[i] for i in copies),
        awards=awards,
        authenticity=authenticity,
        fixed=fixed,
        band_names=tuple(n.id for n in names),
        instruments=(*BASIC_INSTRUMENTS, *sorted({a.instrument for a in artists} - set(BASIC_INSTRUMENTS))),
    )


@cache
def content(cards: str | None = None) -> Content:
    """The game's content (loaded once per file): the built-in one, or with the tables of the
    user's content file `cards` in place of the shipped ones."""
    return load_content(cards=Path(cards) if cards else None)
