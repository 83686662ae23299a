"""Tile and animal-token data: TOML validated with pydantic, compiled into fast lookup tables.

A tile kind is compiled once into its four rotations. For each rotation and each side (0 N, 1 E,
2 S, 3 W, rotation clockwise) it gives the edge type and which local feature owns the edge centre
and its two half-edges, so placing a tile never has to rotate anything.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from bigtop.core.data import Entry
from bigtop.core.errors import DataError
from bigtop.core.schema import ContentSchema, Table, entry_line
from bigtop.games.carcassonne.rules import DELTA, MAX_TILES

DATA = Path(__file__).parent / "data"
SIDES = "NESW"
EDGE_CODE = {"C": 1, "R": 2, "F": 3}  # 0 means "no constraint" in a frontier key
CITY, ROAD, FIELD, MONASTERY = 0, 1, 2, 3
FEATURE_NAMES = ("city", "road", "field", "monastery")


class FieldEntry(BaseModel):
    """One field of a tile: its half-edges and the city pieces it touches."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    halves: str
    cities: list[str] = []


class TileEntry(Entry):
    """One kind of land tile as written in tiles.toml."""

    id: str
    expansion: str
    count: int
    edges: str
    cities: list[str] = []
    roads: list[str] = []
    fields: list[FieldEntry] = []
    monastery: bool = False
    pennant: bool = False
    space: Literal["circus", "acrobat"] | None = None
    start: bool = False

    @field_validator("count")
    @classmethod
    def _positive(cls, v: int) -> int:
        if v < 1:
            raise ValueError("count must be at least 1")
        return v

    @field_validator("edges")
    @classmethod
    def _edges(cls, v: str) -> str:
        parts = v.split()
        if len(parts) != 4 or any(p not in EDGE_CODE for p in parts):
            raise ValueError("edges must be four of C, R, F (N E S W)")
        return v

    @model_validator(mode="after")
    def _consistent(self) -> TileEntry:
        edges = self.edges.split()
        city_sides = [s for c in self.cities for s in c.split("+")]
        if sorted(city_sides) != sorted(s for s, e in zip(SIDES, edges, strict=True) if e == "C"):
            raise ValueError("cities must cover exactly the C edges, once each")
        road_sides = [s for r in self.roads for s in r.rstrip("*").split("-")]
        if sorted(road_sides) != sorted(s for s, e in zip(SIDES, edges, strict=True) if e == "R"):
            raise ValueError("roads must cover exactly the R edges, once each")
        want = sorted(h for s, e in zip(SIDES, edges, strict=True) if e != "C" for h in (s + "L", s + "R"))
        halves = [h for f in self.fields for h in f.halves.split()]
        if sorted(halves) != want:
            raise ValueError("fields must cover exactly the half-edges of the R and F edges, once each")
        for f in self.fields:
            for c in f.cities:
                if c not in city_sides:
                    raise ValueError(f"field touches city {c!r}, which is not a city edge")
        if len(self.cities) + len(self.roads) + len(self.fields) + self.monastery > 12:
            raise ValueError("a tile has at most 12 features")
        if self.pennant and len(self.cities) != 1:
            raise ValueError("a pennant tile must have exactly one city")
        if self.monastery and self.space:
            raise ValueError("a tile cannot hold both a monastery and a circus or acrobat space")
        return self


class TokenEntry(Entry):
    """One kind of animal token: points per meeple when the circus is scored."""

    id: str
    value: int = Field(ge=0)
    count: int = Field(ge=1)


@dataclass(frozen=True)
class Feature:
    """A feature printed on a tile kind (index = its position in `TileKind.features`)."""

    type: int
    sides: tuple[int, ...]  # unrotated sides a city or road reaches
    pennants: int = 0
    cities: tuple[int, ...] = ()  # for a field: local indices of the cities it touches


@dataclass(frozen=True)
class Rotation:
    """A tile kind turned clockwise by `turns` quarter turns."""

    turns: int
    edges: tuple[int, ...]  # edge code per side N E S W
    centre: tuple[int, ...]  # local feature at each side's centre (city or road), -1 if a field edge
    left: tuple[int, ...]  # field at each side's left half (seen from the centre), -1 on a city edge
    right: tuple[int, ...]
    features_at: tuple[tuple[int, ...], ...]  # per feature: the rotated sides it reaches (for drawing)
    # Precomputed for laying the tile, per side: `sides`, (the offset of the square beyond it, the
    # frontier key bits it asks of that square if empty, its ports: the local features on the edge
    # in the order (centre, left, right), -1s left out, the opposite side); and `mirrored`, the
    # ports in the order a neighbour joins them, (centre, right, left) (two matching edges have
    # the same ones).
    mirrored: tuple[tuple[int, ...], ...] = field(init=False)
    sides: tuple[tuple[int, int, tuple[int, ...], int], ...] = field(init=False)

    def __post_init__(self) -> None:
        c, left, right = self.centre, self.left, self.right
        ports = tuple(tuple(f for f in (c[s], left[s], right[s]) if f >= 0) for s in range(4))
        object.__setattr__(self, "mirrored", tuple(tuple(f for f in (c[s], right[s], left[s]) if f >= 0) for s in range(4)))
        sides = tuple((DELTA[s], self.edges[s] << (2 * ((s + 2) & 3)), ports[s], (s + 2) & 3) for s in range(4))
        object.__setattr__(self, "sides", sides)


@dataclass(frozen=True)
class TileKind:
    """A compiled tile kind."""

    index: int
    id: str
    expansion: str
    count: int
    features: tuple[Feature, ...]
    rotations: tuple[Rotation, ...]  # the distinct rotations only (symmetric turns are dropped)
    turn_index: tuple[int, ...]  # per quarter turn 0..3: its index in `rotations`, -1 if dropped
    monastery: bool
    space: str | None
    start: bool
    entry: TileEntry
    # Precomputed per local feature, the values its new node starts with (see `CarcassonneState`):
    types: tuple[int, ...] = field(init=False)
    opens: tuple[int, ...] = field(init=False)  # open edges of a city or road, 0 otherwise
    pennants: tuple[int, ...] = field(init=False)
    spanned: tuple[bool, ...] = field(init=False)  # a city or road (it spans tiles)
    closable: tuple[int, ...] = field(init=False)  # the local cities and roads (scored when closed)
    touches: tuple[tuple[int, ...], ...] = field(init=False)  # a field's local cities, () otherwise
    touching: bool = field(init=False)  # some field touches a city
    no_figures: tuple[tuple[()], ...] = field(init=False)  # () per local feature
    monastery_at: int = field(init=False)  # the local monastery, -1 if none

    def __post_init__(self) -> None:
        features = self.features
        spanned = tuple(f.type == CITY or f.type == ROAD for f in features)
        object.__setattr__(self, "types", tuple(f.type for f in features))
        object.__setattr__(self, "opens", tuple(len(f.sides) if s else 0 for f, s in zip(features, spanned, strict=True)))
        object.__setattr__(self, "pennants", tuple(f.pennants if s else 0 for f, s in zip(features, spanned, strict=True)))
        object.__setattr__(self, "spanned", spanned)
        object.__setattr__(self, "closable", tuple(i for i, s in enumerate(spanned) if s))
        object.__setattr__(self, "touches", tuple(f.cities if f.type == FIELD else () for f in features))
        object.__setattr__(self, "touching", any(self.touches))
        object.__setattr__(self, "no_figures", ((),) * len(features))
        object.__setattr__(self, "monastery_at", next((i for i, f in enumerate(features) if f.type == MONASTERY), -1))


def _compile(index: int, e: TileEntry) -> TileKind:
    edges = [EDGE_CODE[x] for x in e.edges.split()]
    features: list[Feature] = []
    city_of_side: dict[str, int] = {}
    centre = [-1] * 4
    for c in e.cities:
        sides = tuple(SIDES.index(s) for s in c.split("+"))
        for name in c.split("+"):
            city_of_side[name] = len(features)
        for s in sides:
            centre[s] = len(features)
        features.append(Feature(CITY, sides, 1 if e.pennant else 0))
    for r in e.roads:
        sides = tuple(SIDES.index(s) for s in r.rstrip("*").split("-"))
        for s in sides:
            centre[s] = len(features)
        features.append(Feature(ROAD, sides))
    left, right = [-1] * 4, [-1] * 4
    for f in e.fields:
        for h in f.halves.split():
            (left if h[1] == "L" else right)[SIDES.index(h[0])] = len(features)
        features.append(Feature(FIELD, (), 0, tuple(city_of_side[c] for c in f.cities)))
    if e.monastery:
        features.append(Feature(MONASTERY, ()))
    rotations: list[Rotation] = []
    seen: set[Shape] = set()
    for t in range(4):
        rot = Rotation(
            t,
            tuple(edges[(s - t) % 4] for s in range(4)),
            tuple(centre[(s - t) % 4] for s in range(4)),
            tuple(left[(s - t) % 4] for s in range(4)),
            tuple(right[(s - t) % 4] for s in range(4)),
            tuple(tuple((s + t) % 4 for s in f.sides) for f in features),
        )
        key = _shape(rot, features)
        if key not in seen:
            seen.add(key)
            rotations.append(rot)
    turn_index = tuple(next((i for i, r in enumerate(rotations) if r.turns == t), -1) for t in range(4))
    return TileKind(
        index, e.id, e.expansion, e.count, tuple(features), tuple(rotations), turn_index, e.monastery, e.space, e.start, e
    )


Shape = tuple[tuple[int, ...], tuple[int, ...], tuple[tuple[int, tuple[int, ...]], ...]]  # edges, ports, touches


def _shape(rot: Rotation, features: list[Feature]) -> Shape:
    """What a rotation looks like with features renamed by first appearance round the tile, so two
    turns that look the same on the table (e.g. a straight road turned by 180) compare equal."""
    order: dict[int, int] = {}
    for s in range(4):
        for f in (rot.centre[s], rot.left[s], rot.right[s]):
            if f >= 0 and f not in order:
                order[f] = len(order)
    ports = tuple(order.get(f, -1) for s in range(4) for f in (rot.centre[s], rot.left[s], rot.right[s]))
    touches = tuple(sorted((order[i], tuple(sorted(order[c] for c in f.cities))) for i, f in enumerate(features) if i in order))
    return rot.edges, ports, touches


@dataclass(frozen=True)
class TileSet:
    """Every tile kind of the chosen expansions, compiled, with the fit table.

    `fits[kind][key]` lists the quarter turns (among the kind's distinct rotations) that match a
    frontier key (2 bits per side: 0 free, else the required edge code); `turn_masks[kind][key]`
    is the same as a bit mask (bit t: quarter turn t fits); `mirrored[kind][rotation index]` is
    that rotation's `Rotation.mirrored`.
    """

    kinds: tuple[TileKind, ...]
    by_id: dict[str, int]
    fits: tuple[tuple[tuple[int, ...], ...], ...]
    start: int
    total: int
    turn_masks: tuple[tuple[int, ...], ...] = field(init=False)
    mirrored: tuple[tuple[tuple[tuple[int, ...], ...], ...], ...] = field(init=False)

    def __post_init__(self) -> None:
        masks = tuple(tuple(sum(1 << t for t in turns) for turns in table) for table in self.fits)
        object.__setattr__(self, "turn_masks", masks)
        object.__setattr__(self, "mirrored", tuple(tuple(r.mirrored for r in k.rotations) for k in self.kinds))


def _fits(kind: TileKind) -> tuple[tuple[int, ...], ...]:
    out: list[tuple[int, ...]] = [()] * 256
    for r in kind.rotations:  # a rotation fits the 16 keys that ask, of each side, its edge or nothing
        for sides in range(16):
            key = sum(r.edges[s] << (2 * s) for s in range(4) if sides >> s & 1)
            out[key] = (*out[key], r.turns)
    return tuple(out)


TILES_FILE = ContentSchema(
    {"tile": Table(TileEntry, DATA / "tiles.toml")}, "Carcassonne tiles file",
    fixed={"token": "the Big Top's animal tokens are fixed in the game's data (tokens.toml)"},
)
"""What a tiles file (the `cards` option) holds: `[[tile]]` entries with unique ids (the game adds
its own checks across them, which need its expansions: `Carcassonne.content_schema`)."""

TOKENS_FILE = ContentSchema({"token": Table(TokenEntry)}, "Carcassonne animal tokens file")
"""The shipped animal tokens, read with the same checks as a tiles file."""


def load_tile_entries(path: Path | str = DATA / "tiles.toml") -> list[TileEntry]:
    """The validated tile entries of a tiles file (`DataError` on a bad file)."""
    return TILES_FILE.load(path)["tile"]


def load_token_entries(path: Path | str = DATA / "tokens.toml") -> list[TokenEntry]:
    """The validated animal tokens."""
    return TOKENS_FILE.load(path)["token"]


@cache
def tile_set(expansions: tuple[str, ...], path: str | None, known: tuple[str, ...]) -> TileSet:
    """The compiled tiles of the base game plus the named expansions, from the built-in tiles file
    or from the tiles file at `path` (same format); a tile of an expansion not `known` (a misspelt
    name) is an error, not a tile left out."""
    file = path or DATA / "tiles.toml"
    read = load_tile_entries(file)
    unknown = sorted({e.expansion for e in read} - {"base", *known})
    if unknown:
        named = ", ".join(f"{e.id} ({e.expansion!r}){entry_line(file, 'tile', n, 'expansion')}" for n, e in enumerate(read)
                          if e.expansion in unknown)
        raise DataError(f"{file} has tiles of unknown expansion {', '.join(map(repr, unknown))}; "
                        f"known: base, {', '.join(known)} (tiles {named})")
    entries = [(n, e) for n, e in enumerate(read) if e.expansion == "base" or e.expansion in expansions]
    kinds = tuple(_compile(i, e) for i, (_, e) in enumerate(entries))
    starts = [k.index for k in kinds if k.start]
    if len(starts) != 1:
        found = ", ".join(f"{kinds[i].id}{entry_line(file, 'tile', entries[i][0], 'start')}" for i in starts) or "none"
        raise DataError(f"{file}: exactly one tile kind must be the start tile (start = true), found {found}")
    total = sum(k.count for k in kinds)
    if total > MAX_TILES:
        raise DataError(f"{file}: {total} tiles; a game holds at most {MAX_TILES}")
    return TileSet(kinds, {k.id: k.index for k in kinds}, tuple(_fits(k) for k in kinds), starts[0], total)


@cache
def tokens() -> tuple[TokenEntry, ...]:
    """The animal tokens, one entry per kind."""
    return tuple(load_token_entries())
