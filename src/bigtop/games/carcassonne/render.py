"""Terminal drawing: every tile as a 5x5 picture, the board from a player's view, actions in words.

Glyphs: ▒ city (◆ pennant), road lines, · field, † monastery, and the tile spaces the expansions
declare (Under the Big Top: ◎ circus, ▲ acrobat). Figures are drawn on their feature in their
seat's colour: the seat number for a meeple, a letter (A = seat 0, B = seat 1, ...) for an
expansion's figure (the ringmaster); each capability draws its own pieces (`Capability.draw`: the
Big Top Ω, acrobats ^) and adds its lines under the board and its tables to `bigtop cards`.

The board's words come from the game's catalog (`board.*`, `colour.*`, and each capability's
`legend.<capability>` and `board.figures.<figure>`) in the language asked for; the drawing is the
same in every language.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.cells import cell_len
from rich.columns import Columns
from rich.console import Console, ConsoleOptions, Group, RenderResult
from rich.table import Table
from rich.text import Text

from bigtop.core.actions import Action
from bigtop.core.text import DEFAULT_LANGUAGE, by_seat
from bigtop.games.carcassonne.actions import Pass, Place
from bigtop.games.carcassonne.data import CITY, FIELD, ROAD, TileKind
from bigtop.games.carcassonne.expansions import CAPABILITIES, FIGURE_NAMES, FIGURE_OF_ACTION, expansions_of
from bigtop.games.carcassonne.glyphs import SEAT_NAMES, SEAT_STYLES, Picture
from bigtop.games.carcassonne.names import ENGLISH, Words, feature_counts, rotated_halves
from bigtop.games.carcassonne.state import tiles_of
from bigtop.terminal.hanging import HangingLines, hanging_group
from bigtop.terminal.text import seat_name

CITY_CELLS = (((0, 1), (0, 2), (0, 3), (1, 1), (1, 2), (1, 3)), ((1, 4), (2, 4), (3, 4), (1, 3), (2, 3), (3, 3)),
              ((4, 1), (4, 2), (4, 3), (3, 1), (3, 2), (3, 3)), ((1, 0), (2, 0), (3, 0), (1, 1), (2, 1), (3, 1)))
ROAD_CELLS = (((0, 2), (1, 2)), ((2, 4), (2, 3)), ((4, 2), (3, 2)), ((2, 0), (2, 1)))
HALF_CELLS = {(0, "L"): (0, 1), (0, "R"): (0, 3), (1, "L"): (1, 4), (1, "R"): (3, 4),
              (2, "L"): (4, 3), (2, "R"): (4, 1), (3, "L"): (3, 0), (3, "R"): (1, 0)}
ROAD_GLYPH = {frozenset(s): g for s, g in [((0, 2), "│"), ((1, 3), "─"), ((0, 1), "└"), ((1, 2), "┌"), ((2, 3), "┐"),
              ((0, 3), "┘"), ((1, 2, 3), "┬"), ((0, 1, 2), "├"), ((0, 2, 3), "┤"), ((0, 1, 3), "┴"),
              ((0, 1, 2, 3), "┼"), ((0,), "│"), ((2,), "│"), ((1,), "─"), ((3,), "─")]}
FIGURE_LETTERS = "ABCDEF"  # an expansion's figure (the ringmaster) on the board: A for seat 0, B for seat 1, ...
STYLE = {"city": "yellow", "road": "bold white", "field": "green", "monastery": "bold magenta"}
SPACE_GLYPHS = {space: glyph for c in CAPABILITIES for space, glyph in c.space_glyphs.items()}


def feature_cell(kind: TileKind, turns: int, feature: int) -> tuple[int, int]:
    """Where in the 5x5 picture a figure on local feature `feature` is drawn."""
    f = kind.features[feature]
    rot = kind.rotations[kind.turn_index[turns]]
    sides = rot.features_at[feature]
    if f.type == CITY:
        return CITY_CELLS[sides[0]][4 if sides[0] in (0, 2) else 1]
    if f.type == ROAD:
        return ROAD_CELLS[sides[0]][1]
    if f.type == FIELD:
        return HALF_CELLS[rotated_halves(kind, turns, feature)[0]]
    return (2, 2)


def tile_picture(kind: TileKind, turns: int) -> Picture:
    """The 5x5 picture of a tile kind turned `turns` quarter turns: rows of (glyph, style)."""
    grid = [[("·", STYLE["field"]) for _ in range(5)] for _ in range(5)]
    rot = kind.rotations[kind.turn_index[turns]]
    road_ends: set[int] = set()
    centre_city = False
    for i, f in enumerate(kind.features):
        sides = rot.features_at[i]
        if f.type == CITY:
            for s in sides:
                for r, c in CITY_CELLS[s]:
                    grid[r][c] = ("▒", STYLE["city"])
            if len(sides) > 1:
                centre_city = True
                grid[2][2] = ("▒", STYLE["city"])
            if f.pennants:
                r, c = CITY_CELLS[sides[0]][3 if sides[0] in (0, 2) else 4]
                grid[r][c] = ("◆", "bold blue")
        elif f.type == ROAD:
            for s in sides:
                for r, c in ROAD_CELLS[s]:
                    grid[r][c] = ("│" if s in (0, 2) else "─", STYLE["road"])
            if len(sides) == 2:
                grid[2][2] = (ROAD_GLYPH[frozenset(sides)], STYLE["road"])
            else:
                road_ends.add(sides[0])
    for s in range(4):  # a corner between two city edges of one piece is city
        a, b = s, (s + 1) % 4
        if rot.centre[a] >= 0 and rot.centre[a] == rot.centre[b] and kind.features[rot.centre[a]].type == CITY:
            r, c = {(0, 1): (0, 4), (1, 2): (4, 4), (2, 3): (4, 0), (3, 0): (0, 0)}[(a, b)]
            grid[r][c] = ("▒", STYLE["city"])
    if kind.monastery:
        grid[2][2] = ("†", STYLE["monastery"])
    elif kind.space in SPACE_GLYPHS:
        grid[2][2] = SPACE_GLYPHS[kind.space]
    elif road_ends and not centre_city:
        grid[2][2] = (ROAD_GLYPH[frozenset(road_ends)] if len(road_ends) > 1 else "■", STYLE["road"])
    return grid


def picture_text(grid: Picture) -> Text:
    """A tile's picture as Rich text, one line a row."""
    out = Text()
    for i, row in enumerate(grid):
        for glyph, style in row:
            out.append(glyph, style)
        if i < len(grid) - 1:
            out.append("\n")
    return out


def describe(state: Any, action: Action, lang: str = DEFAULT_LANGUAGE) -> str:
    """An action in words in language `lang` (uses only what the acting seat can see)."""
    words = Words(lang)
    if isinstance(action, Place):
        return words("do.place", x=action.x, y=action.y, turned=words.turned(action.turns))
    if isinstance(action, Pass):
        return words("do.pass")
    kind = FIGURE_OF_ACTION.get(type(action))
    if kind is not None and state.last in state.board:
        tiles = state.tiles
        tile, rot, _ = state.board[state.last]
        laid = tiles.kinds[tile]
        feature = action.feature  # type: ignore[attr-defined]  # the keys of FIGURE_OF_ACTION are the figure actions: each has `feature`
        if feature in range(len(laid.features)):
            where = words.feature(laid, laid.rotations[rot].turns, feature)
            return words("do.figure", figure_name=words.figure(FIGURE_NAMES[kind], menu=True), feature_name=where)
    for c in state.capabilities:
        said: str | None = c.describe(state, action, words)
        if said is not None:
            return said
    return str(action)


def turns_offered(kind: TileKind, turns: set[int], words: Words = ENGLISH) -> Table:
    """The drawn tile once in each quarter turn offered somewhere, side by side, each under the
    words the menu uses for that turn (in `words`' language), wrapped in columns of 16 or, for
    a word wider than that ("順時針轉四分之一圈" is one word of 18 columns), as wide as the word,
    2 columns apart rather than 3 (four turns still fit in 80 columns), the word folded rather than
    cut short when the terminal is narrower."""
    shown = sorted(turns)
    captions = [Text(words.turned(t), "dim") for t in shown]
    width = max(16, *(cell_len(word) for caption in captions for word in caption.plain.split()))
    if width > 16:
        for caption in captions:
            caption.overflow = "fold"
    grid = Table.grid(padding=(0, 3 if width == 16 else 2))
    for _ in shown:
        grid.add_column(width=width)
    grid.add_row(*captions)
    grid.add_row(*(picture_text(tile_picture(kind, t)) for t in shown))
    return grid


def _cells(state: Any, view: dict[str, Any]) -> dict[tuple[int, int], Picture]:
    """Every laid tile's picture with the figures on it and the expansions' pieces."""
    tiles = tiles_of(state.options)
    laid = {(x, y): (tiles.kinds[tiles.by_id[tid]], turns) for x, y, tid, turns in view["board"]}
    cells = {xy: tile_picture(kind, turns) for xy, (kind, turns) in laid.items()}
    for seat, figure, x, y, local in view["figures"]:
        kind, turns = laid[(x, y)]
        r, c = feature_cell(kind, turns, local)
        cells[(x, y)][r][c] = (str(seat) if figure == "meeple" else FIGURE_LETTERS[seat], SEAT_STYLES[seat])
    for e in state.expansions:
        for c in e.capabilities:
            c.draw(view[e.name], cells)
    return cells


def _board(cells: dict[tuple[int, int], Picture], fits: set[tuple[int, int]], last: tuple[int, int] | None,
           xs: range, ys: range) -> Text:
    """The squares `xs` × `ys` of the board with their coordinates: tiles, `+` where the drawn
    tile fits, the bottom row of the tile just laid underlined."""
    board = Text()
    board.append("     " + "".join(f"{x:^6}" for x in xs) + "\n", "dim")
    for y in ys:
        for r in range(5):
            board.append(f"{y:>4} " if r == 2 else "     ", "dim")
            for x in xs:
                grid = cells.get((x, y))
                for c in range(5):
                    if grid is None:
                        board.append("+" if (x, y) in fits and r == 2 and c == 2 else " ", "bold cyan")
                    else:
                        glyph, style = grid[r][c]
                        board.append(glyph, style + (" underline" if (x, y) == last and r == 4 else ""))
                board.append(" ")
            board.append("\n")
    return board


class WideBoard:
    """The board cut into strips of whole columns as wide as the terminal allows, one under the
    other, each under its own coordinates: a board wider than the terminal, wrapped line by line,
    cannot be read."""

    def __init__(self, cells: dict[tuple[int, int], Picture], fits: set[tuple[int, int]], last: tuple[int, int] | None,
                 xs: range, ys: range) -> None:
        self.board = cells, fits, last
        self.xs, self.ys = xs, ys

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        per_strip = max(1, (options.max_width - 5) // 6)  # the row labels, then 6 characters a column
        for start in range(0, len(self.xs), per_strip):
            yield _board(*self.board, self.xs[start : start + per_strip], self.ys)


def figures_word(words: Words, name: str) -> str:
    """A figure kind as the header of its column in the scores table and in the legend ("meeples",
    "partisans"): `board.figures.<name>` in the catalog, else its name with an "s"."""
    key = f"board.figures.{name}"
    return words(key) if words.has(key) else name + "s"


def legend(state: Any, words: Words, names: Sequence[str] | None = None) -> str:
    """What the board's glyphs mean: the base game's, the letters of the expansions' figures, then
    each capability's (`legend.<capability>` in the catalog, else its own English `legend`). With
    the seats' `names`, the digits and letters are keyed to them ("0 Ada, 1 Bruno")."""
    if names:
        def keyed(glyphs: str) -> str:
            return words("join.sep").join(words("board.glyph_seat", glyph=g, seat=n) for g, n in zip(glyphs, names, strict=False))
        parts = [words("board.legend_named", seats=keyed("0123456789"))] + [
            words("board.letters_named", figures=figures_word(words, name), seats=keyed(FIGURE_LETTERS)) for name in FIGURE_NAMES[1:]]
    else:
        parts = [words("board.legend")] + [words("board.letters", figures=figures_word(words, name)) for name in FIGURE_NAMES[1:]]
    for c in state.capabilities:
        if c.legend:
            key = f"legend.{c.name}"
            parts.append(words(key) if words.has(key) else c.legend)
    return words("board.sep").join(parts)


def render(state: Any, player: int | None, lang: str = DEFAULT_LANGUAGE, names: Sequence[str] | None = None) -> Any:
    """The board and the scores as seat `player` sees them, in language `lang`, each seat by its
    colour and its number ("1 blue") or its name in `names` ("Bruno blue"). Every text is a `Text`,
    so nothing from a tiles file or a catalog is read as Rich markup; a line longer than the
    terminal wraps under its own words."""
    words = Words(lang)
    view = state.view(player)
    tiles = tiles_of(state.options)
    cells = _cells(state, view)
    fits = {(x, y) for x, y in view["fits"]}
    xs = [x for x, _ in cells] + [x for x, _ in fits]
    ys = [y for _, y in cells] + [y for _, y in fits]
    last = (view["last"][0], view["last"][1]) if view["last"] else None
    board = WideBoard(cells, fits, last, range(min(xs), max(xs) + 1), range(min(ys), max(ys) + 1))
    header = Table.grid(padding=(0, 2))
    header.add_row(*map(Text, (words("board.seat"), words("board.points"), *(figures_word(words, name) for name in FIGURE_NAMES))))
    for p in range(view["players"]):
        mark = "▶ " if p in view["to_move"] else "  "
        colour = words(f"colour.{SEAT_NAMES[p]}")
        if names:
            seat = words("board.player", seat=seat_name(names, p, player, lang), colour=colour)
        else:
            seat = words("board.player_you" if p == player else "board.player", seat=p, colour=colour)
        header.add_row(Text(mark + seat, SEAT_STYLES[p]), Text(str(view["points"][p])),
                       *(Text(str(n)) for n in view["supply"][p]))
    parts: list[Any] = [header]
    if view["tile"]:
        kind = tiles.kinds[tiles.by_id[view["tile"]]]
        parts.append(Text(words("board.drawn", tile_name=words.tile(kind), n=view["stack_size"])))
        parts.append(turns_offered(kind, {a.turns for a in state.placements}, words))
    if view["phase"] == "figure" and last:
        parts.append(Text(words("board.just_laid", x=last[0], y=last[1])))
    for e in state.expansions:
        for c in e.capabilities:
            line = c.status(view[e.name], words)
            if line:
                parts.append(Text(line))
    parts.append(board)
    parts.append(Text(legend(state, words, names), "dim"))
    if view["over"]:
        scores = by_seat(view["points"], names, lang) if names else words("join.sep").join(map(str, view["points"]))
        parts.append(Text(words("board.over", scores=scores), "bold"))
    return hanging_group(parts, lang)


def render_question(state: Any, player: int, lang: str = DEFAULT_LANGUAGE) -> Any:
    """At the figure question, the tile just laid in the middle of the tiles around it (the board
    printed when the turn began does not show it yet), in language `lang`; None at other questions."""
    view = state.view(player)
    if view["phase"] != "figure" or not view["last"]:
        return None
    x, y = view["last"]
    cells = _cells(state, view)
    near = [(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (x + dx, y + dy) in cells]
    xs = range(min(a for a, _ in near), max(a for a, _ in near) + 1)
    ys = range(min(b for _, b in near), max(b for _, b in near) + 1)
    said = Text(Words(lang)("board.question", x=x, y=y))
    # wrapped where the language breaks lines (English: by Rich, as it always was)
    return Group(said if lang == DEFAULT_LANGUAGE else HangingLines([said], lang), _board(cells, set(), (x, y), xs, ys))


def cards(options: Any) -> Any:
    """Every tile kind as a block (picture; id and count; name; features) two to a row at 80
    columns, and what the expansions' capabilities add (the animal tokens)."""
    tiles = tiles_of(options)
    blocks = []
    for kind in tiles.kinds:
        block = Table.grid(padding=(0, 1))
        block.add_column(width=5)
        block.add_column(width=29)
        title = Text(f"{kind.id} ×{kind.count}", "bold") + Text("  start tile" if kind.index == tiles.start else "", "dim")
        words = Text("\n").join([title, Text(ENGLISH.tile(kind).capitalize()), Text(feature_counts(kind), "dim")])
        block.add_row(picture_text(tile_picture(kind, 0)), words)
        blocks.append(block)
    parts: list[Any] = [Text(f"{tiles.total} land tiles; the start tile is {tiles.kinds[tiles.start].id}.", "bold"),
                        Columns(blocks, width=35, padding=(1, 2))]
    for e in expansions_of(options.expansions):
        parts += [shown for c in e.capabilities if (shown := c.cards()) is not None]
    return Group(*parts)
