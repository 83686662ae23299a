"""The Carcassonne observation: a seat's view as board planes around the start tile plus a vector.

The board is a window of 25 x 25 cells centred on the start tile (x and y from -12 to 12; row y,
column x, north up). Each cell has planes for the tile lying there (edges, connections, printed
features), the tile just placed, where the drawn tile fits, the Big Top, the figure standing there
(whose, which kind, on which feature) and the acrobats of each seat. The planes a tile sets (per
kind and rotation) and a figure sets (per kind, rotation, feature and figure kind) are precomputed,
so the tiles are written with one array assignment and everything else that is 1 with another. The
vector holds the phase, whose turn, the drawn and the last tile, the remaining and discarded tiles,
what lies outside the window, scores, supplies and the Big Top's state. Seats are seat-relative:
the observing seat first, then the others in turn order. The layout is described in
docs/carcassonne.md ("Observation encoding").
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from itertools import chain
from typing import Any

import numpy as np

from bigtop.games.carcassonne.actions import MAX_FEATURES
from bigtop.games.carcassonne.data import FIELD, Rotation, TileKind
from bigtop.games.carcassonne.expansions import FIGURE_NAMES, FIGURES, expansions_of
from bigtop.games.carcassonne.options import CarcassonneOptions
from bigtop.games.carcassonne.rules import MEEPLE, MEEPLES, STRIDE, pos_of
from bigtop.games.carcassonne.state import CarcassonneState, tiles_of

RADIUS = 12  # cells from the start tile to the window's edge
WIDTH = 2 * RADIUS + 1
CELLS = WIDTH * WIDTH
PHASES = ("place", "figure", "over")
PAIRS = ((0, 1), (1, 2), (2, 3), (3, 0), (0, 2), (1, 3))  # N-E, E-S, S-W, W-N, N-S, E-W
BASE_TILE_PLANES = 21  # present, 4 x 3 edge kinds, 6 joined side pairs, monastery, pennant
FEATURE_TYPES = 4  # city, road, field, monastery
FIGURE_KINDS = len(FIGURE_NAMES)
SCORE_SCALE = 100.0
FLOAT32_MAX = float(np.finfo(np.float32).max)
# Board position -> cell (row y + 12, column x + 12) of the window, as a dict of the cells inside
# and as an array over every position (CELLS: outside the window).
CELL = {pos_of(x, y): (y + RADIUS) * WIDTH + x + RADIUS for x in range(-RADIUS, RADIUS + 1) for y in range(-RADIUS, RADIUS + 1)}
CELL_OF = np.full(STRIDE * STRIDE, CELLS, np.int32)
CELL_OF[list(CELL)] = list(CELL.values())


def _tile_planes(kind: TileKind, rot: Rotation, spaces: tuple[str, ...]) -> list[int]:
    """The tile planes that are 1 for a kind in one rotation. Planes: 0 present, 1 + 3 * side +
    (0 city, 1 road, 2 field) for the edges N, E, S, W, 13-18 the side pairs joined by one city or
    road (N-E, E-S, S-W, W-N, N-S, E-W), 19 monastery, 20 pennant, then one per tile space the
    expansions played declare (Under the Big Top: 21 circus space, 22 acrobat space)."""
    planes = [0] + [1 + 3 * side + code - 1 for side, code in enumerate(rot.edges)]
    planes += [13 + i for i, (a, b) in enumerate(PAIRS) if rot.centre[a] >= 0 and rot.centre[a] == rot.centre[b]]
    flags = [kind.monastery, any(f.pennants for f in kind.features)] + [kind.space == space for space in spaces]
    return planes + [19 + i for i, flag in enumerate(flags) if flag]


def _figure_planes(kind: TileKind, rot: Rotation, local: int, figure: int, extra: list[int]) -> list[int]:
    """The figure planes that are 1 for a figure of kind `figure` on local feature `local` of a
    tile. Planes: 0-3 the feature's type (city, road, field, monastery), 4-7 the sides it reaches
    (N, E, S, W; a field by its half-edges), then one per figure kind of the expansions played
    (`extra`: Under the Big Top's 8 the ringmaster)."""
    if local >= len(kind.features):
        return []
    ftype = kind.features[local].type
    if ftype == FIELD:
        sides = [s for s in range(4) if local in (rot.left[s], rot.right[s])]
    else:
        sides = list(rot.features_at[local])
    return [ftype] + [FEATURE_TYPES + s for s in sides] + ([FEATURE_TYPES + 4 + extra.index(figure)] if figure in extra else [])


class CarcassonneEncoder:
    """Board planes (channels first, `planes` x 25 x 25, flattened) followed by the vector block.
    Every value lies in [0, 1] except the scores (points / 100, not bounded above)."""

    def __init__(self, players: int, options: CarcassonneOptions) -> None:
        self.players = players
        self.tileset = tiles = tiles_of(options)
        self.kinds = kinds = len(tiles.kinds)
        expansions = expansions_of(options.expansions)
        capabilities = [c for e in expansions for c in e.capabilities]
        self.spaces = spaces = tuple(space for c in capabilities for space in c.spaces)
        played = {f.name for c in capabilities for f in c.figures}
        self.extra = extra = [k for k, f in enumerate(FIGURES) if k != MEEPLE and f.name in played]
        self.figure_scale = [float(f.per_player) for f in FIGURES]
        self.blocks = [(e.name, e.encoder(players, tiles)) for e in expansions if e.encoder is not None]
        blocks = [block for _, block in self.blocks]
        # Board planes: tile, last placed, fits, the expansions' markers, figure owner per seat,
        # figure, the expansions' per-seat planes.
        self.tile_planes = BASE_TILE_PLANES + len(spaces)
        self.last_plane = self.tile_planes
        self.fits_plane = self.last_plane + 1
        self.owner_plane = self.fits_plane + 1 + sum(b.marker_planes for b in blocks)
        self.figure_plane = self.owner_plane + players
        self.planes = self.figure_plane + FEATURE_TYPES + 4 + len(extra)
        marker = self.fits_plane + 1
        for block in blocks:
            block.place(marker, self.planes, CELLS)
            marker += block.marker_planes
            self.planes += block.seat_planes
        self.board_size = at = self.planes * CELLS
        # Vector: one-hots, then numbers.
        self.phase_at = at
        self.turn_at = self.phase_at + len(PHASES)
        self.drawn_at = self.turn_at + players
        self.last_kind_at = self.drawn_at + kinds
        self.last_turns_at = self.last_kind_at + kinds
        self.remaining_at = self.last_turns_at + 4
        self.discarded_at = self.remaining_at + kinds
        self.numbers_at = self.discarded_at + kinds  # stack, 3 outside counts, points, meeples ...
        self.points_at = self.numbers_at + 4
        at = self.points_at + 2 * players + players * len(extra)  # ... the expansions' figures ...
        at += sum(b.vector_size for b in blocks)  # ... and the expansions' numbers
        self.shape = (at,)
        self.low = 0.0
        high = np.ones(self.shape, np.float32)
        high[self.points_at:self.points_at + players] = FLOAT32_MAX
        self.high = high
        # Precomputed patterns: the flat offsets of the tile planes that are 1 per tile code (kind *
        # 4 + rotation index), and of the figure planes per (tile code * 12 + local feature) * 2 +
        # figure kind.
        tile_ones = [[0] for _ in range(kinds * 4)]
        self.figure_ones: list[tuple[int, ...]] = [() for _ in range(kinds * 4 * MAX_FEATURES * FIGURE_KINDS)]
        for kind in tiles.kinds:
            for r, rot in enumerate(kind.rotations):
                code = kind.index * 4 + r
                tile_ones[code] = [plane * CELLS for plane in _tile_planes(kind, rot, spaces)]
                for local in range(MAX_FEATURES):
                    for figure in range(FIGURE_KINDS):
                        planes = _figure_planes(kind, rot, local, figure, extra)
                        self.figure_ones[(code * MAX_FEATURES + local) * FIGURE_KINDS + figure] = tuple(
                            (self.figure_plane + plane) * CELLS for plane in planes
                        )
        # Padded with offset 0 (the "present" plane, 1 on every tile) to one length.
        width = max(len(ones) for ones in tile_ones)
        self.tile_ones = np.array([ones + [0] * (width - len(ones)) for ones in tile_ones], np.intp)
        self.fits_index = {pos: self.fits_plane * CELLS + c for pos, c in CELL.items()}  # pos -> flat index
        self.turns_of = [[rot.turns for rot in kind.rotations] for kind in tiles.kinds]
        self.ids = tiles.by_id
        self.counts = np.array([k.count for k in tiles.kinds], np.float64)
        self.owner_at = [[(self.owner_plane + (p - me) % players) * CELLS for p in range(players)] for me in range(players)]
        self.seat_order = [[(me + i) % players for i in range(players)] for me in range(players)]
        self.scale = (
            max(1, tiles.total - 1), tiles.total, 2 * tiles.total + 2, players * sum(f.per_player for f in FIGURES)
        )  # full stack, tiles, frontier, figures (every kind the game knows)

    # ------------------------------------------------------------------ the two paths
    def encode(self, view: dict[str, Any]) -> np.ndarray:
        """The observation of a seat's view (a spectator's view is seen from seat 0)."""
        kinds = self.tileset.kinds
        ids = self.ids
        board: dict[int, tuple[int, int]] = {}  # pos -> (kind, rotation index), as in the state
        for x, y, tile_id, turns in view["board"]:
            kind = ids[tile_id]
            board[pos_of(x, y)] = (kind, kinds[kind].turn_index[turns])
        figures = [(p, FIGURE_NAMES.index(name), pos_of(x, y), local) for p, name, x, y, local in view["figures"]]
        remaining = [0] * self.kinds
        for tile_id, n in view["remaining"].items():
            remaining[ids[tile_id]] = n
        last, tile = view["last"], view["tile"]
        blocks = [block.from_view(view[name]) for name, block in self.blocks]
        return self._fill(
            view["seat"] or 0, PHASES.index(view["phase"]), view["turn"], board, figures,
            [pos_of(x, y) for x, y in view["fits"]], -1 if last is None else pos_of(*last),
            -1 if tile is None else ids[tile], remaining, [ids[t] for t in view["discarded"]], view["stack_size"],
            view["points"], view["supply"], blocks,
        )

    def encode_state(self, state: CarcassonneState, seat: int) -> np.ndarray:
        """The fast path: `encode(state.view(seat))` read from the state's fields."""
        fits: list[int] = []
        if state.current >= 0:
            table = self.tileset.fits[state.current]
            fits = [pos for pos, (key, _) in state.frontier.items() if table[key]]
        blocks = [block.from_state(state) for _, block in self.blocks]
        stack = state.stack
        return self._fill(
            seat, state.phase, state.turn, state.board, chain.from_iterable(filter(None, state.figs)), fits,
            state.last, state.current, np.bincount(stack, minlength=self.kinds) if stack else [0] * self.kinds,
            state.discarded, len(stack), state.points, state.supply, blocks,
        )

    # ------------------------------------------------------------------ the array
    def _fill(
        self, me: int, phase: int, turn: int, board: Mapping[int, tuple[int, ...]], figures: Iterable[tuple[int, ...]],
        fits: list[int], last: int, drawn: int, remaining: Any, discarded: list[int], stack_size: int,
        points: list[int], supply: list[list[int]], blocks: list[Any],
    ) -> np.ndarray:
        """The observation from plain values: board maps position -> (kind, rotation index, ...),
        figures are (player, figure kind, position, local feature), fits and last are positions,
        drawn is a kind (-1: none), remaining counts per kind, supply per seat and figure kind,
        blocks the expansions' observation blocks' data (`from_view` or `from_state`)."""
        out = np.zeros(self.shape, np.float32)
        players = self.players
        cell = CELL.get
        # Tiles: the precomputed offsets of their planes, moved to their cells.
        count = len(board)
        cells = CELL_OF[np.fromiter(board, np.intp, count)]
        tiles = board.values()
        codes = np.fromiter([tile[0] * 4 + tile[1] for tile in tiles], np.intp, count)
        tiles_out = 0
        if cells.max() == CELLS:
            inside = cells < CELLS
            tiles_out = count - int(np.count_nonzero(inside))
            cells, codes = cells[inside], codes[inside]
        out[self.tile_ones.take(codes, axis=0) + cells[:, None]] = 1.0
        # Everything else that is 1: flat positions.
        ones: list[int] = []
        figures_out = 0
        owner = self.owner_at[me]
        placed = []  # (cell, figure pattern) of the figures inside the window
        for player, figure, pos, local in figures:
            c = cell(pos)
            if c is None:
                figures_out += 1
                continue
            tile = board[pos]
            ones.append(owner[player] + c)
            placed.append((c, ((tile[0] * 4 + tile[1]) * MAX_FEATURES + local) * FIGURE_KINDS + figure))
        figure_ones = self.figure_ones
        ones += [c + o for c, key in placed for o in figure_ones[key]]
        fits_inside = [i for i in map(self.fits_index.get, fits) if i is not None]
        ones += fits_inside
        c = cell(last)
        if c is not None:
            ones.append(self.last_plane * CELLS + c)
        ones.append(self.phase_at + phase)
        ones.append(self.turn_at + (turn - me) % players)
        if drawn >= 0:
            ones.append(self.drawn_at + drawn)
        if last >= 0:
            tile = board[last]
            ones.append(self.last_kind_at + tile[0])
            ones.append(self.last_turns_at + self.turns_of[tile[0]][tile[1]])
        block_numbers: list[float] = []
        for (_, block), data in zip(self.blocks, blocks, strict=True):
            figures_out += block.fill(out, ones, block_numbers, me, data, cell)
        out[np.fromiter(ones, np.intp, len(ones))] = 1.0
        # Numbers.
        kinds = self.kinds
        np.divide(remaining, self.counts, out=out[self.remaining_at:self.remaining_at + kinds])
        if discarded:
            out[self.discarded_at:self.discarded_at + kinds] = np.bincount(discarded, minlength=kinds) / self.counts
        order = self.seat_order[me]
        full_stack, total, frontier, most_figures = self.scale
        numbers = [stack_size / full_stack, tiles_out / total, (len(fits) - len(fits_inside)) / frontier, figures_out / most_figures]
        numbers += [points[p] / SCORE_SCALE for p in order]
        numbers += [supply[p][MEEPLE] / MEEPLES for p in order]
        for k in self.extra:
            numbers += [supply[p][k] / self.figure_scale[k] for p in order]
        numbers += block_numbers
        out[self.numbers_at:self.numbers_at + len(numbers)] = numbers
        return out
