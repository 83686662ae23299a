"""Drum Roll content: performer, personnel and investment cards, region tiles, the board's numbers.

Everything is read from TOML and validated with pydantic (`bigtop.core.data`), so a bad file raises
`DataError` naming the file, the entry and the field. `load_content(cards)` reads the shipped files,
or a user's own card file instead of `data/cards.toml`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import Field, model_validator

from bigtop.core.data import Entry, first_copies
from bigtop.core.errors import DataError
from bigtop.core.schema import ContentSchema, Table, entry_line, read_by

DATA = Path(__file__).parent / "data"
COLORS: tuple[Color, ...] = ("white", "yellow", "green", "blue", "red")
TYPES: tuple[str, ...] = ("magician", "acrobat", "juggler", "tamer", "bizarre")
LEVELS: tuple[str, ...] = ("poor", "good", "outstanding")
CI: dict[str, int] = {c: i for i, c in enumerate(COLORS)}
"""A colour's index in `COLORS` (and in every list of counts by colour)."""

Color = Literal["white", "yellow", "green", "blue", "red"]
PerformerType = Literal["magician", "acrobat", "juggler", "tamer", "bizarre"]
EffectKind = Literal[
    "coins", "prestige", "cube", "cube_to_coins", "coins_to_trailer", "look_invest", "skip_salary",
    "cube_to_skip", "trailer",
]


class Effect(Entry):
    """One part of a performer's benefit. `colors` of a `cube` effect: the choice (empty: any)."""

    provenance: Literal["rulebook", "reconstructed"] = "reconstructed"
    kind: EffectKind
    amount: int = Field(1, ge=0)
    colors: tuple[Color, ...] = ()

    _read = read_by({
        "amount": ("coins", "prestige", "skip_salary", "cube_to_coins", "coins_to_trailer", "look_invest"),
        "colors": ("cube",),
    })


class Performer(Entry):
    id: str
    name: str
    type: PerformerType
    cost: int = Field(ge=0)
    salary: int = Field(ge=0)
    secondary_salary: int = Field(ge=0)
    flip_prestige: int = Field(ge=0)
    per_bizarre: bool = False
    requires: tuple[Color, Color, Color]
    poor: tuple[Effect, ...]
    good: tuple[Effect, ...]
    outstanding: tuple[Effect, ...]

    def benefit(self, level: int) -> tuple[Effect, ...]:
        """The effects of level 1 (poor), 2 (good) or 3 (outstanding)."""
        return (self.poor, self.good, self.outstanding)[level - 1]


class Personnel(Entry):
    id: str
    name: str
    kind: Literal["organizer", "supplier", "orchestra", "popcorn", "bank", "agent", "assistant"]
    cost: int = Field(ge=0)
    salary: int = Field(ge=0)
    amount: int = Field(0, ge=0)
    source: Color | None = None
    colors: tuple[Color, ...] = ()

    _read = read_by({"amount": ("orchestra", "popcorn"), "source": ("assistant",), "colors": ("agent", "assistant")})

    @model_validator(mode="after")
    def _conversion(self) -> Personnel:
        if self.kind in ("agent", "assistant") and len(self.colors) != 2:
            raise ValueError("an agent or personal assistant shows exactly two colours")
        if self.kind == "assistant" and self.source is None:
            raise ValueError("a personal assistant needs a source colour")
        return self


class Investment(Entry):
    id: str
    name: str
    kind: Literal[
        "unblock", "trailer", "fire", "resource_bonus", "double_vote", "income", "trailer_bonus",
        "applause", "personnel_bonus", "extra_resources", "cube_income",
    ]
    amount: int = Field(0, ge=0)
    color: Color | None = None
    type: PerformerType | None = None
    unused_prestige: int = Field(0, ge=0)

    _read = read_by({
        "amount": ("income", "cube_income", "resource_bonus"), "color": ("extra_resources",), "type": ("applause",),
    })

    @model_validator(mode="after")
    def _needs(self) -> Investment:
        if self.kind == "applause" and self.type is None:
            raise ValueError("Extended Applause needs a performer type")
        if self.kind == "extra_resources" and self.color is None:
            raise ValueError("Extra Resources needs a colour")
        if self.kind == "resource_bonus" and self.amount < 1:
            raise ValueError("Resource Bonus needs an amount of at least 1 (the cubes worth a point)")
        return self


class Region(Entry):
    id: str
    name: str
    types: tuple[PerformerType, PerformerType]
    per: int = Field(ge=1)
    prestige: int = Field(ge=0)


class Tickets(Entry):
    id: str
    values: tuple[int, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _rising(self) -> Tickets:
        if any(b < a for a, b in zip(self.values, self.values[1:], strict=False)):
            raise ValueError("ticket values must rise along the track")
        return self


Count = Annotated[int, Field(ge=0)]
Positive = Annotated[int, Field(ge=1)]


class Numbers(Entry):
    id: str
    starting_coins: Count
    hand_limit: Count
    invest_cost: Count
    pass_coins: Count
    late_delay_penalty: Count
    no_performance_penalty: Count
    moves_per_distribution: Positive
    supplier_moves: Positive
    cubes_per_colour: Count
    discount_tokens: Count
    trailers: Count
    shows: Positive
    first_vote_after: Count
    last_turn: Positive
    bank_cap_coins: Count
    bank_coins_per_prestige: Positive
    largest_show: Count
    full_variety: Count
    perfect_show: Count
    large_troupe: Count
    large_troupe_size: Positive


@dataclass(frozen=True)
class Content:
    """Everything a game of Drum Roll is played with."""

    performers: dict[str, Performer]
    personnel: dict[str, Personnel]
    investments: dict[str, Investment]
    regions: dict[str, Region]
    tickets: tuple[int, ...]
    numbers: Numbers
    cards_path: str
    costs: dict[str, int]
    """The hiring cost of every performer and personnel card, by id (read at each hiring decision)."""

    @cached_property
    def first_copies(self) -> dict[str, str]:
        """Per investment card id, the first of its copies (`core.data.first_copies`)."""
        return first_copies(self.investments.values())

    def first_copy(self, card: str) -> str:
        """The first copy of `card` (a performer or personnel card is its own)."""
        return self.first_copies.get(card, card)


def _playable(path: Path) -> Content:
    """The content played with the card file at `path` (the game's own checks)."""
    return load_content(str(path))


CARDS_FILE = ContentSchema(
    {table: Table(model, DATA / "cards.toml") for table, model in
     (("performer", Performer), ("personnel", Personnel), ("investment", Investment))},
    "Drum Roll card file",
    fixed={
        "region": "the region tiles are fixed in the game's data (regions.toml)",
        "tickets": "the ticket track is fixed in the game's data (board.toml)",
        "rules": "the board's numbers are fixed in the game's data (board.toml)",
    },
    playable=_playable,
)
"""What a card file (the `cards` option) holds: every table is required."""

REGIONS_FILE = ContentSchema({"region": Table(Region)}, "Drum Roll regions file")
BOARD_FILE = ContentSchema({"tickets": Table(Tickets), "rules": Table(Numbers)}, "Drum Roll board file")
"""The shipped region tiles and board, read with the same checks as a card file."""


def _by_id(path: Path | str, table: str, entries: list[Any], minimum: int) -> dict[str, Any]:
    """The entries (ids already checked unique) by id; `DataError` if there are too few."""
    if len(entries) < minimum:
        raise DataError(f"{path}: [[{table}]]{entry_line(path, table)}: at least {minimum} entries are needed, found {len(entries)}")
    return {e.id: e for e in entries}


def _single(path: Path | str, tables: dict[str, list[Any]], table: str) -> Any:
    """The one entry of `table` (a second one would be ignored: refused)."""
    if len(tables[table]) != 1:
        raise DataError(f"{path}: [[{table}]]: exactly one entry is needed, found {len(tables[table])}")
    return tables[table][0]


@lru_cache(maxsize=16)
def load_content(cards: str | None = None) -> Content:
    """The validated content; `cards` is the path of a card file to use instead of the shipped one."""
    cards_path = Path(cards) if cards else DATA / "cards.toml"
    raw = CARDS_FILE.load(cards_path)
    performers = _by_id(cards_path, "performer", raw["performer"], 12)
    personnel = _by_id(cards_path, "personnel", raw["personnel"], 3)
    investments = _by_id(cards_path, "investment", raw["investment"], 1)
    for t in TYPES:
        if sum(p.type == t for p in performers.values()) < 3:
            raise DataError(f"{cards_path}: [[performer]]{entry_line(cards_path, 'performer')}: at least 3 performers of type {t} are needed")
    regions_path = DATA / "regions.toml"
    regions = _by_id(regions_path, "region", REGIONS_FILE.load(regions_path)["region"], 3)
    board_path = DATA / "board.toml"
    board = BOARD_FILE.load(board_path)
    tickets, numbers = _single(board_path, board, "tickets"), _single(board_path, board, "rules")
    costs = {x.id: x.cost for x in (*personnel.values(), *performers.values())}
    return Content(performers, personnel, investments, regions, tickets.values, numbers, str(cards_path), costs)
