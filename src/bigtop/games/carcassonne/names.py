"""Tiles, turns and features in words, in any language of the game's catalog, for the log, the
menus and the terminal.

A tile kind is named by what is printed on it ("a monastery with a road", "a tile with a city edge
and a straight road", "a circus tile with two roads"), never by its id in the tiles file; a
feature of a laid tile by its type and the sides it reaches once turned ("the city (N, W)").
`Words(lang)` reads every such word from the catalog (`TEXT`: the base game's words and those the
expansions' capabilities bring).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bigtop.core.text import DEFAULT_LANGUAGE
from bigtop.games.carcassonne.data import CITY, FEATURE_NAMES, FIELD, ROAD, SIDES, TileKind
from bigtop.games.carcassonne.expansions import TEXT

# the direction (0 N, 1 E, 2 S, 3 W) of each half of a side from the tile's middle ("L" and "R"
# seen from the centre looking out, as in the tiles file: the left half of N is its west half)
HALF_DIRECTION = {(0, "L"): 3, (0, "R"): 1, (1, "L"): 0, (1, "R"): 2, (2, "L"): 1, (2, "R"): 3, (3, "L"): 2, (3, "R"): 0}


_TILE_NAMES: dict[tuple[str, int], tuple[TileKind, str]] = {}


class Words:
    """The game's words in one language."""

    def __init__(self, lang: str = DEFAULT_LANGUAGE) -> None:
        self.lang = lang

    def __call__(self, key: str, **values: Any) -> str:
        """The catalog's `key` in this language with `values` filled in (`n` picks the plural form)."""
        return TEXT.text(key, self.lang, **values)

    def has(self, key: str) -> bool:
        """Whether the catalog knows `key` (in English at least)."""
        return TEXT.has(key)

    def number(self, n: int) -> str:
        """A small count in words ("two"), larger ones in digits."""
        key = f"number.{n}"
        return self(key) if TEXT.has(key) else str(n)

    def listing(self, items: Sequence[str]) -> str:
        """ "A", "A and B", "A, B and C" in this language."""
        if len(items) <= 1:
            return "".join(items)
        return self("join.last", rest=self("join.sep").join(items[:-1]), last=items[-1])

    def points(self, n: int) -> str:
        """ "1 point", "3 points"."""
        return self("points", n=n)

    def turned(self, turns: int) -> str:
        """A quarter turn in words ("turned a quarter clockwise")."""
        return self(f"turned.{turns}")

    def figure(self, kind_name: str, menu: bool = False) -> str:
        """A figure as the log names it ("a meeple", "their ringmaster") or as the menu offers it
        to its owner ("your ringmaster")."""
        return self(f"figure.{kind_name}.{'menu' if menu else 'log'}")

    def tile(self, kind: TileKind) -> str:
        """What is printed on a tile kind, with its article: "a monastery with a road" (worked out
        once per kind and language: every log line naming a tile reads it)."""
        key = (self.lang, id(kind))
        known = _TILE_NAMES.get(key)
        if known is None or known[0] is not kind:  # the kind is kept with its name, so its id stays its own
            known = _TILE_NAMES[key] = (kind, self._tile(kind))
        return known[1]

    def _tile(self, kind: TileKind) -> str:
        if kind.monastery:
            head = self("tile.monastery")
        elif kind.space:
            head = self(f"tile.space.{kind.space}")
        else:
            head = self("tile.plain")
        parts = self._cities(kind) + self._roads(kind)
        if not parts:
            return head if kind.monastery or kind.space else self("tile.fields")
        return self("tile.with", head=head, parts=self.listing(parts))

    def _cities(self, kind: TileKind) -> list[str]:
        pieces = [f for f in kind.features if f.type == CITY]
        edges = [f for f in pieces if len(f.sides) == 1]
        out = []
        if len(edges) == 2:
            a, b = edges[0].sides[0], edges[1].sides[0]
            out.append(self("city.opposite" if (a - b) % 2 == 0 else "city.adjacent"))
        elif edges:
            out.append(self("city.edges", n=len(edges), count=self.number(len(edges))))
        for f in pieces:
            if len(f.sides) == 2:
                out.append(self("city.across" if (f.sides[0] - f.sides[1]) % 2 == 0 else "city.corner"))
            elif len(f.sides) > 2:
                out.append(self("city.sides3" if len(f.sides) == 3 else "city.sides4"))
        if any(f.pennants for f in pieces):
            out[-1] = self("city.pennant", city=out[-1])
        return out

    def _roads(self, kind: TileKind) -> list[str]:
        roads = [f for f in kind.features if f.type == ROAD]
        through = [f for f in roads if len(f.sides) == 2]
        ends = len(roads) - len(through)
        out = [self("road.straight" if (f.sides[0] - f.sides[1]) % 2 == 0 else "road.curved") for f in through]
        if ends >= 3 and not kind.space and not kind.monastery:
            out.append(self("road.crossroads" if ends == 4 else "road.junction"))
        elif ends:
            out.append(self("road.ends", n=ends, count=self.number(ends)))
        return out

    def feature(self, kind: TileKind, turns: int, feature: int) -> str:
        """A local feature of a laid tile, e.g. "the city (N, W)" or "the field (N, E)"; a field
        whose sides another field reaches too (all of them, or all of its own) is named by the
        halves it holds ("the field (west half of S)", "the field (east half of S)", either side
        of a road), so that no two fields read alike."""
        f = kind.features[feature]
        name = self(f"the.{FEATURE_NAMES[f.type]}")
        if f.type == FIELD:
            halves = rotated_halves(kind, turns, feature)
            sides = {s for s, _ in halves}
            if any(i != feature and (sides <= (theirs := {s for s, _ in rotated_halves(kind, turns, i)}) or theirs <= sides)
                   for i, other in enumerate(kind.features) if other.type == FIELD):
                words = [self(f"side.{SIDES[s]}") if len([h for h in halves if h[0] == s]) == 2
                         else self("half_side", half=self(f"direction.{HALF_DIRECTION[next(h for h in halves if h[0] == s)]}"),
                                   side=self(f"side.{SIDES[s]}"))
                         for s in sorted(sides)]
                return self("feature_at", feature=name, sides=self("join.sep").join(words))
        else:
            sides = set(kind.rotations[kind.turn_index[turns]].features_at[feature])
        if not sides:
            return name
        return self("feature_at", feature=name, sides=self("join.sep").join(self(f"side.{SIDES[s]}") for s in sorted(sides)))


ENGLISH = Words()


def feature_counts(kind: TileKind) -> str:
    """How many features of each type a tile kind has: "1 city, 1 road, 2 fields" (English, for
    `bigtop cards`)."""
    plurals = ("cities", "roads", "fields", "monasteries")
    counts = [sum(1 for f in kind.features if f.type == t) for t in range(len(FEATURE_NAMES))]
    out = ", ".join(f"{n} {FEATURE_NAMES[t] if n == 1 else plurals[t]}" for t, n in enumerate(counts) if n)
    return out + (f", {kind.space} space" if kind.space else "")


def rotated_halves(kind: TileKind, turns: int, feature: int) -> list[tuple[int, str]]:
    """The half-edges (side, "L" or "R") a field of `kind` reaches once turned `turns` quarter turns."""
    rot = kind.rotations[kind.turn_index[turns]]
    return [(s, h) for s in range(4) for h, row in (("L", rot.left), ("R", rot.right)) if row[s] == feature]
