"""Tiles, turns and features in English words, for the log, the menus and the terminal.

A tile kind is named by what is printed on it ("a monastery with a road", "a tile with a city edge
and a straight road", "a circus tile with two roads"), never by its id in the tiles file; a
feature of a laid tile by its type and the sides it reaches once turned ("the city (N, W)").
"""

from __future__ import annotations

from bigtop.games.carcassonne.data import CITY, FEATURE_NAMES, FIELD, ROAD, SIDES, TileKind

TURN_WORDS = ("not turned", "turned a quarter clockwise", "turned half round", "turned a quarter anticlockwise")
NUMBERS = ("no", "a", "two", "three", "four", "five", "six", "seven", "eight")


def counted(n: int, singular: str, plural: str | None = None) -> str:
    """`n` things in words: "a road", "two roads"."""
    word = NUMBERS[n] if n < len(NUMBERS) else str(n)
    return f"{word} {singular if n == 1 else plural or singular + 's'}"


def _cities(kind: TileKind) -> list[str]:
    pieces = [f for f in kind.features if f.type == CITY]
    edges = [f for f in pieces if len(f.sides) == 1]
    out = []
    if len(edges) == 2:
        a, b = edges[0].sides[0], edges[1].sides[0]
        out.append(f"two {'opposite' if (a - b) % 2 == 0 else 'adjacent'} city edges")
    elif edges:
        out.append(counted(len(edges), "city edge"))
    for f in pieces:
        if len(f.sides) == 2:
            out.append("a city running across" if (f.sides[0] - f.sides[1]) % 2 == 0 else "a city in a corner")
        elif len(f.sides) > 2:
            out.append("a city on three sides" if len(f.sides) == 3 else "a city on all four sides")
    if any(f.pennants for f in pieces):
        out[-1] += " with a pennant"
    return out


def _roads(kind: TileKind) -> list[str]:
    roads = [f for f in kind.features if f.type == ROAD]
    through = [f for f in roads if len(f.sides) == 2]
    ends = len(roads) - len(through)
    out = [f"a {'straight' if (f.sides[0] - f.sides[1]) % 2 == 0 else 'curved'} road" for f in through]
    if ends >= 3 and not kind.space and not kind.monastery:
        out.append("a crossroads" if ends == 4 else "a junction of three roads")
    elif ends:
        out.append(counted(ends, "road"))
    return out


def tile_name(kind: TileKind) -> str:
    """What is printed on a tile kind, with its article: "a monastery with a road"."""
    if kind.monastery:
        head = "a monastery"
    elif kind.space:
        head = f"{'an' if kind.space[0] in 'aeiou' else 'a'} {kind.space} tile"
    else:
        head = "a tile"
    parts = _cities(kind) + _roads(kind)
    if not parts:
        return head if head != "a tile" else "a tile of fields"
    listed = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
    return f"{head} with {listed}"


def feature_counts(kind: TileKind) -> str:
    """How many features of each type a tile kind has: "1 city, 1 road, 2 fields"."""
    plurals = ("cities", "roads", "fields", "monasteries")
    counts = [sum(1 for f in kind.features if f.type == t) for t in range(len(FEATURE_NAMES))]
    out = ", ".join(f"{n} {FEATURE_NAMES[t] if n == 1 else plurals[t]}" for t, n in enumerate(counts) if n)
    return out + (f", {kind.space} space" if kind.space else "")


def rotated_halves(kind: TileKind, turns: int, feature: int) -> list[tuple[int, str]]:
    """The half-edges (side, "L" or "R") a field of `kind` reaches once turned `turns` quarter turns."""
    rot = kind.rotations[kind.turn_index[turns]]
    return [(s, h) for s in range(4) for h, row in (("L", rot.left), ("R", rot.right)) if row[s] == feature]


def feature_name(kind: TileKind, turns: int, feature: int) -> str:
    """A local feature of a laid tile in words, e.g. "the city (N, W)" or "the field (N, E)"."""
    f = kind.features[feature]
    if f.type == FIELD:
        sides = sorted({s for s, _ in rotated_halves(kind, turns, feature)})
    else:
        sides = sorted(kind.rotations[kind.turn_index[turns]].features_at[feature])
    where = f" ({', '.join(SIDES[s] for s in sides)})" if sides else ""
    return f"the {FEATURE_NAMES[f.type]}{where}"
