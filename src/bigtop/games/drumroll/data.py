"""Drum Roll content: performer, personnel and investment cards, region tiles, the board's numbers.

Everything is read from TOML and validated with pydantic (`bigtop.core.data`), so a bad file raises
`DataError` naming the file, the entry and the field. `load_content(cards)` reads the shipped files,
or a user's own card file instead of `data/cards.toml`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from pydantic import Field, model_validator

from bigtop.core.data import Entry, read_toml, validate_entries
from bigtop.core.errors import DataError
from bigtop.core.schema import ContentSchema, Table

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

    @model_validator(mode="after")
    def _needs(self) -> Investment:
        if self.kind == "applause" and self.type is None:
            raise ValueError("Extended Applause needs a performer type")
        if self.kind == "extra_resources" and self.color is None:
            raise ValueError("Extra Resources needs a colour")
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


class Numbers(Entry):
    id: str
    starting_coins: int
    hand_limit: int
    invest_cost: int
    pass_coins: int
    late_delay_penalty: int
    no_performance_penalty: int
    moves_per_distribution: int
    supplier_moves: int
    cubes_per_colour: int
    discount_tokens: int
    trailers: int
    shows: int
    first_vote_after: int
    last_turn: int
    bank_cap_coins: int
    bank_coins_per_prestige: int
    largest_show: int
    full_variety: int
    perfect_show: int
    large_troupe: int
    large_troupe_size: int


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


CARDS_FILE = ContentSchema(
    {table: Table(model, DATA / "cards.toml") for table, model in
     (("performer", Performer), ("personnel", Personnel), ("investment", Investment))},
    "Drum Roll card file",
)
"""What a card file (the `cards` option) holds: every table is required."""


def _by_id(path: Path | str, table: str, entries: list[Any], minimum: int) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for e in entries:
        if e.id in out:
            raise DataError(f"{path}: {table} {e.id}: field id: duplicate id")
        out[e.id] = e
    if len(out) < minimum:
        raise DataError(f"{path}: [[{table}]]: at least {minimum} entries are needed, found {len(out)}")
    return out


def _table(path: Path | str, data: dict[str, Any], table: str) -> list[Any]:
    if table not in data:
        raise DataError(f"{path}: no [[{table}]] entries")
    entries: list[Any] = data[table]
    return entries


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
            raise DataError(f"{cards_path}: [[performer]]: at least 3 performers of type {t} are needed")
    regions_path = DATA / "regions.toml"
    regions = _by_id(regions_path, "region", validate_entries(regions_path, "region", _table(regions_path, read_toml(regions_path), "region"), Region), 3)
    board_path = DATA / "board.toml"
    board = read_toml(board_path)
    tickets = validate_entries(board_path, "tickets", _table(board_path, board, "tickets"), Tickets)[0]
    numbers = validate_entries(board_path, "rules", _table(board_path, board, "rules"), Numbers)[0]
    costs = {x.id: x.cost for x in (*personnel.values(), *performers.values())}
    return Content(performers, personnel, investments, regions, tickets.values, numbers, str(cards_path), costs)
