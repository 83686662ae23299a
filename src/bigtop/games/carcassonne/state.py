"""The state of a Carcassonne game and the base-game rules.

Features are nodes of a union-find forest: every tile placed adds one node per feature printed on
it and joins them to the matching features of its neighbours. Only roots carry data: open edges
left (a city or road is complete at 0), the tiles it spans, its pennants, the figures on it and, for
fields, the city nodes it touches. The open frontier maps every empty position next to the board
to a key of the edges it must match and the square's shared Place actions, so the legal placements
are table look-ups.
"""

from __future__ import annotations

from typing import Any

from bigtop.core.actions import Action
from bigtop.core.api import Game, State
from bigtop.core.deck import settle_top
from bigtop.core.options import OptionError
from bigtop.core.rng import Rng
from bigtop.games.carcassonne.actions import MAX_FEATURES, Pass, Place
from bigtop.games.carcassonne.data import CITY, FIELD, ROAD, TileSet, tile_set
from bigtop.games.carcassonne.expansion import Figure
from bigtop.games.carcassonne.expansions import (
    BASE_CATEGORIES,
    CAT,
    CATEGORIES,
    EXPANSION_NAMES,
    FIGURE_NAMES,
    FIGURE_OF_ACTION,
    FIGURES,
    expansions_of,
    hooks_of,
)
from bigtop.games.carcassonne.options import CarcassonneOptions
from bigtop.games.carcassonne.rules import AROUND, MEEPLE, ORIGIN, pos_of, xy

PLACE, FIGURE, OVER = 0, 1, 2
ON_AND_AROUND = (0, *AROUND)  # a position and its 8 neighbours, as offsets
ROUND_ORDER = {d: i for i, d in enumerate(ON_AND_AROUND)}  # offset -> its place in ON_AND_AROUND
PASS = Pass()
# per figure kind that stands on features: (its supply index, its action on each local feature)
FEATURE_FIGURES = tuple(
    (k, tuple(f.action(i) for i in range(MAX_FEATURES))) for k, f in enumerate(FIGURES) if f.action is not None  # type: ignore[call-arg]  # a figure's action class takes the feature
)


PlacesByMask = tuple[tuple[Place, ...], ...]  # per bit mask of quarter turns (bit t: turn t)

# position -> the (shared) Place actions there, per bit mask of quarter turns. A plain dict (its
# look-ups are the fastest), filled by `place_actions_at` when a square first joins a frontier.
PLACE_ACTIONS: dict[int, PlacesByMask] = {}


def place_actions_at(pos: int) -> PlacesByMask:
    """The shared Place actions at `pos`, per bit mask of quarter turns (made when first asked for)."""
    actions = PLACE_ACTIONS.get(pos)
    if actions is None:
        x, y = xy(pos)
        turns = [Place(x, y, t) for t in range(4)]
        actions = PLACE_ACTIONS[pos] = tuple(tuple(turns[t] for t in range(4) if mask >> t & 1) for mask in range(16))
    return actions


def tiles_of(options: CarcassonneOptions) -> TileSet:
    """The compiled tile set the options play with."""
    return tile_set(options.expansions, options.cards, EXPANSION_NAMES)


class CarcassonneState(State):
    """One game of Carcassonne (with any expansions)."""

    derived_fields = frozenset({"tiles"})  # the compiled tile set of the options' expansions
    # the containers, which `_copy_into` copies: kept out of the instance dict (see `State`)
    __slots__ = ("board", "frontier", "parent", "open", "spans", "pennants", "figs", "touch", "ntype", "monasteries",
                 "supply", "points", "tally", "held", "discarded", "stack")

    options: CarcassonneOptions

    def __init__(self, game: Game[Any], players: int, seed: int, options: CarcassonneOptions) -> None:
        super().__init__(game, players, seed, options)
        self.tiles = tiles = tiles_of(options)  # the compiled tile set of this game's expansions
        self.expansions = expansions_of(options.expansions)
        self.capabilities = tuple(c for e in self.expansions for c in e.capabilities)
        self.hooks = hooks_of(options.expansions)
        self.board: dict[int, tuple[int, int, int]] = {}  # pos -> (kind, rotation index, first node)
        # empty pos next to the board -> (edge key, its Place actions): listing the placements
        # then reads one dict
        self.frontier: dict[int, tuple[int, PlacesByMask]] = {}
        self.parent: list[int] = []
        self.open: list[int] = []
        self.spans: list[frozenset[int]] = []  # per city or road root: the tiles it spans
        self.pennants: list[int] = []
        self.figs: list[tuple[Figure, ...]] = []
        self.touch: list[tuple[int, ...]] = []
        self.ntype: list[int] = []
        self.monasteries: dict[int, int] = {}  # pos -> monastery node
        self.supply = [list(self.figure_counts()) for _ in range(players)]
        self.points = [0] * players
        self.tally = [0] * (players * len(CATEGORIES))
        self.turn = 0
        self.phase = PLACE
        self.movers: tuple[int, ...] = (0,)  # what `to_move` answers: (turn,) until the game is over, then ()
        self.last = -1  # position of the tile just placed
        self.current = -1  # kind of the drawn tile
        self.placements: list[Action] = []  # never changed once listed: clones share it
        self.figure_options: list[Action] = []
        self.discarded: list[int] = []
        self.held: set[int] = set()  # the feature nodes that hold figures (roots all)
        self.draw_at_random = False  # a determinized world: its stack's order is not settled
        self.ext: dict[str, Any] = {}
        self.stack, self.boxed = self._make_stack(tiles, options)
        self._put(ORIGIN, tiles.start, 0)
        for c in self.capabilities:
            c.setup(self)
        self._draw()

    # ------------------------------------------------------------------ set-up
    def figure_counts(self) -> tuple[int, ...]:
        """Each player's figures per kind at the start: the meeples and the figures of the
        expansions played (0 of a kind whose expansion is not played)."""
        played = {f.name for c in self.capabilities for f in c.figures}
        return tuple(f.per_player if k == MEEPLE or f.name in played else 0 for k, f in enumerate(FIGURES))

    def _make_stack(self, tiles: TileSet, options: CarcassonneOptions) -> tuple[list[int], int]:
        pool: list[int] = [k.index for k in tiles.kinds for _ in range(k.count)]
        pool.remove(tiles.start)
        top: list[int] = []
        for tid in options.tiles:
            if tid not in tiles.by_id:
                raise OptionError(f"option tiles: unknown tile {tid!r}; known: {', '.join(tiles.by_id)}")
            kind = tiles.by_id[tid]
            if kind not in pool:
                have = tiles.kinds[kind].count - (kind == tiles.start)
                raise OptionError(f"option tiles: asks for more {tid!r} tiles than the stack has ({have})")
            pool.remove(kind)
            top.append(kind)
        boxed = 0
        if options.tiles_only:
            boxed, pool = len(pool), []
        self.rng.shuffle(pool)
        pool.extend(reversed(top))  # the stack is drawn from its end
        return pool, boxed

    # ------------------------------------------------------------------ union-find
    def find(self, x: int) -> int:
        """The root node of feature node `x`."""
        parent = self.parent
        while parent[x] != x:
            parent[x] = x = parent[parent[x]]
        return x

    def _join(self, ra: int, rb: int) -> None:
        """Join two feature nodes across a tile edge."""
        parent = self.parent
        while parent[ra] != ra:  # `find`, written out: this runs a few times per tile laid
            parent[ra] = ra = parent[parent[ra]]
        while parent[rb] != rb:
            parent[rb] = rb = parent[parent[rb]]
        t = self.ntype[ra]
        if ra == rb:
            if t != FIELD:
                self.open[ra] -= 2
            return
        parent[rb] = ra
        figs = self.figs
        if figs[rb]:
            figs[ra] = figs[ra] + figs[rb]
            figs[rb] = ()
            self.held.discard(rb)
            self.held.add(ra)
        if t == FIELD:
            self.touch[ra] = self.touch[ra] + self.touch[rb]
        else:
            self.open[ra] += self.open[rb] - 2
            self.spans[ra] = self.spans[ra] | self.spans[rb]
            self.pennants[ra] += self.pennants[rb]

    def _put(self, pos: int, kind_index: int, rot_index: int) -> None:
        """Lay a tile and join its features to its neighbours'; update the frontier."""
        tiles = self.tiles
        kind = tiles.kinds[kind_index]
        rot = kind.rotations[rot_index]
        base = len(self.parent)
        count = len(kind.types)
        self.parent.extend(range(base, base + count))
        self.ntype.extend(kind.types)
        self.figs.extend(kind.no_figures)
        self.open.extend(kind.opens)
        self.spans.extend((frozenset((pos,)),) * count)  # read for cities and roads only
        self.pennants.extend(kind.pennants)
        if kind.touching:
            self.touch.extend([tuple(map(base.__add__, t)) if t else t for t in kind.touches])
        else:
            self.touch.extend(kind.touches)
        if kind.monastery_at >= 0:
            self.monasteries[pos] = base + kind.monastery_at
        board = self.board
        board[pos] = (kind_index, rot_index, base)
        frontier = self.frontier
        frontier.pop(pos, None)
        mirrored = tiles.mirrored
        join = self._join
        for delta, asks, ports, opposite in rot.sides:
            q = pos + delta
            other = board.get(q)
            if other is None:
                entry = frontier.get(q)
                if entry is None:
                    # the look-up written out: calling `place_actions_at` alone costs 1.4 % of a playout's instructions
                    frontier[q] = (asks, PLACE_ACTIONS.get(q) or place_actions_at(q))
                else:
                    frontier[q] = (entry[0] | asks, entry[1])
            else:
                obase = other[2]
                theirs = mirrored[other[0]][other[1]][opposite]
                for mine, their in zip(ports, theirs, strict=True):  # matching edges: the same ports
                    join(base + mine, obase + their)

    # ------------------------------------------------------------------ turn flow
    def _placements(self, kind_index: int) -> list[Action]:
        """Every placement of tile kind `kind_index`: per frontier square in frontier order, its
        fitting quarter turns in increasing order."""
        masks = self.tiles.turn_masks[kind_index]
        out: list[Action] = []
        for key, places in self.frontier.values():
            mask = masks[key]
            if mask:
                out += places[mask]
        return out

    def _draw_from_stack(self) -> int:
        stack = self.stack
        if self.draw_at_random:  # the order is not settled: any tile left is equally likely on top
            settle_top(stack, len(stack), self.rng)
        return stack.pop()

    def _draw(self) -> None:
        """Draw the next tile that fits somewhere (tiles that fit nowhere leave the game)."""
        self.reveal()
        while self.stack:
            kind = self._draw_from_stack()
            placements = self._placements(kind)
            if placements:
                self.current = kind
                self.placements = placements
                self.phase = PLACE
                self.emit("drew", seat=self.turn, tile=self.tiles.kinds[kind].id)
                return
            self.discarded.append(kind)
            self.emit("discarded", tile=self.tiles.kinds[kind].id)
        self.current = -1
        self.placements = []
        self._end_game()

    def free_features(self, pos: int) -> list[int]:
        """The local features of the tile at `pos` whose whole feature holds no figure."""
        kind_index, _, base = self.board[pos]
        count = len(self.tiles.kinds[kind_index].types)
        held = self.held
        if not held:
            return list(range(count))
        parent = self.parent
        out = []
        for i in range(count):
            node = base + i
            while parent[node] != node:  # `find` without compressing: a few nodes a turn
                node = parent[node]
            if node not in held:
                out.append(i)
        return out

    def _figure_actions(self, player: int) -> list[Action]:
        out: list[Action] = [PASS]
        free = self.free_features(self.last)
        supply = self.supply[player]
        for kind, actions in FEATURE_FIGURES:
            if supply[kind] > 0:
                out += [actions[i] for i in free]
        for hook in self.hooks.figure_actions:
            hook(self, player, free, out)
        return out

    def to_move(self) -> tuple[int, ...]:
        return self.movers

    def _legal_actions(self, player: int) -> list[Action]:
        return self.placements if self.phase == PLACE else self.figure_options

    def _apply(self, player: int, action: Action) -> None:
        if self.phase == PLACE:
            assert isinstance(action, Place)
            pos = pos_of(action.x, action.y)
            kind = self.tiles.kinds[self.current]
            self._put(pos, self.current, kind.turn_index[action.turns])
            self.last = pos
            self.current = -1
            self.placements = []
            self.emit("placed", seat=player, tile=kind.id, x=action.x, y=action.y, turns=action.turns)
            for hook in self.hooks.tile_placed:
                hook(self, pos)
            options = self._figure_actions(player)
            if len(options) > 1:
                self.phase = FIGURE
                self.figure_options = options
                return
        elif type(action) in FIGURE_OF_ACTION:
            self.stand(player, FIGURE_OF_ACTION[type(action)], self.last, action.feature)  # type: ignore[attr-defined]  # the keys of FIGURE_OF_ACTION are the figure actions: each has `feature`
        elif not isinstance(action, Pass):
            for hook in self.hooks.apply_figure:
                if hook(self, player, action):
                    break
        self.figure_options = []
        self._finish_turn()

    def stand(self, player: int, kind: int, pos: int, local: int) -> None:
        """Put `player`'s figure of `kind` from the supply on local feature `local` of tile `pos`."""
        tile, rot, base = self.board[pos]
        root = self.find(base + local)
        self.supply[player][kind] -= 1
        self.figs[root] = self.figs[root] + (Figure(player, kind, pos, local),)
        self.held.add(root)
        laid = self.tiles.kinds[tile]
        x, y = xy(pos)
        self.emit("figure", seat=player, figure=kind, x=x, y=y, feature=local, tile=laid.id, turns=laid.rotations[rot].turns)

    def _finish_turn(self) -> None:
        pos = self.last
        self._score_completed(pos)
        for hook in self.hooks.after_scoring:
            hook(self, pos)
        self.turn = (self.turn + 1) % self.players
        self.movers = (self.turn,)
        self._draw()

    # ------------------------------------------------------------------ scoring
    def add_points(self, player: int, category: str, points: int) -> None:
        """Give `player` points, remembered under `category` for the final breakdown."""
        self.points[player] += points
        self.tally[player * len(CATEGORIES) + CAT[category]] += points

    def majority(self, figures: tuple[Figure, ...]) -> list[int]:
        """The players with the most figures among `figures` (ties all win)."""
        if len(figures) == 1:
            return [figures[0][0]]
        counts = [0] * self.players
        for f in figures:
            counts[f[0]] += 1
        best = max(counts)
        return [p for p, c in enumerate(counts) if c == best]

    def _score_root(self, root: int, points: int, category: str, size: int, complete: bool) -> None:
        """Score a feature: the majority gets `points`, then every figure goes home. The log says
        what each scorer gained for what: `size` is the feature's tiles (a city or road), its
        completed cities (a field) or its neighbours (a monastery); `complete` whether it was
        completed during the game (else the game is over); `x`, `y` the square the first scoring
        figure stood on; 0 points write nothing."""
        figures = self.figs[root]
        if not figures:
            return
        winners = self.majority(figures)
        if points:
            pennants = self.pennants[root]
            x, y = xy(next(f[2] for f in figures if f[0] in winners))  # the square the first scoring figure stands on
            for p in winners:
                self.add_points(p, category, points)
                self.emit("scored", seat=p, points=points, feature=category, size=size, pennants=pennants,
                          complete=complete, n=len(winners), seats=winners, x=x, y=y)
        self.figs[root] = ()
        self.held.discard(root)
        for f in figures:
            self.supply[f[0]][f[1]] += 1
        for hook in self.hooks.feature_scored:
            hook(self, root, figures)

    def neighbours(self, pos: int) -> int:
        """How many of the 8 positions around `pos` hold a tile."""
        board = self.board
        return sum(1 for d in AROUND if pos + d in board)

    def _score_completed(self, pos: int) -> None:
        kind_index, _, base = self.board[pos]
        done: list[int] = []
        open_, parent = self.open, self.parent
        for i in self.tiles.kinds[kind_index].closable:
            root = base + i
            while parent[root] != root:  # `find` without compressing: a few nodes a turn
                root = parent[root]
            if open_[root] == 0 and root not in done:
                done.append(root)
                size = len(self.spans[root])
                if self.ntype[root] == CITY:
                    self._score_root(root, 2 * size + 2 * self.pennants[root], "city", size, True)
                else:
                    self._score_root(root, size, "road", size, True)
        figs = self.figs
        complete = []  # the monasteries with figures on and around the tile that it completes
        for q, node in self.monasteries.items():  # a few: fewer than the 9 squares to look at
            if figs[node] and q - pos in ROUND_ORDER and self.neighbours(q) == 8:
                complete.append((ROUND_ORDER[q - pos], node))
        if len(complete) > 1:
            complete.sort()  # scored in the order of ON_AND_AROUND
        for _, node in complete:
            self._score_root(node, 9, "monastery", 8, True)

    def _end_game(self) -> None:
        for c in self.capabilities:
            c.before_final_scoring(self)
        figs = self.figs
        for node in sorted(self.held):
            if not figs[node]:  # scored earlier in this loop (a capability's hook may score)
                continue
            t = self.ntype[node]
            if t == CITY:
                size = len(self.spans[node])
                self._score_root(node, size + self.pennants[node], "city", size, False)
            elif t == ROAD:
                size = len(self.spans[node])
                self._score_root(node, size, "road", size, False)
            elif t == FIELD:
                cities = {self.find(c) for c in self.touch[node]}
                completed = sum(1 for c in cities if self.open[c] == 0)
                self._score_root(node, 3 * completed, "field", completed, False)
        for pos, node in self.monasteries.items():
            if figs[node]:
                around = self.neighbours(pos)
                self._score_root(node, 1 + around, "monastery", around, False)
        for c in self.capabilities:
            c.final_scoring(self)
        self.phase = OVER
        self.movers = ()
        self.emit("game_over", by_seat=list(self.points))  # the log names each seat with its points

    # ------------------------------------------------------------------ kernel hooks
    def __getstate__(self) -> dict[str, Any]:
        """Pickled (and snapshotted) with the frontier's edge keys only: the shared Place actions
        are this process's, made again on unpickling."""
        fields = super().__getstate__()
        fields["frontier"] = {pos: key for pos, (key, _) in self.frontier.items()}
        return fields

    def __setstate__(self, fields: dict[str, Any]) -> None:
        fields["frontier"] = {pos: (key, place_actions_at(pos)) for pos, key in fields["frontier"].items()}
        super().__setstate__(fields)

    def _copy_into(self, other: State) -> None:
        assert isinstance(other, CarcassonneState)
        other.board = dict(self.board)
        other.frontier = dict(self.frontier)
        other.parent = list(self.parent)
        other.open = list(self.open)
        other.spans = list(self.spans)
        other.pennants = list(self.pennants)
        other.figs = list(self.figs)
        other.touch = list(self.touch)
        other.ntype = list(self.ntype)
        other.monasteries = dict(self.monasteries)
        other.supply = [list(s) for s in self.supply]
        other.points = list(self.points)
        other.tally = list(self.tally)
        other.held = set(self.held)
        other.discarded = list(self.discarded)
        other.stack = list(self.stack)
        other.ext = {k: v.copy() for k, v in self.ext.items()}

    def figures(self) -> list[Figure]:
        """Every figure standing on a feature (by feature node)."""
        figs = self.figs
        return [f for node in sorted(self.held) for f in figs[node]]

    def figures_near(self, positions: set[int], counts: list[int]) -> None:
        """Add to `counts[player]` the figures standing on features of tiles at `positions`."""
        figs = self.figs
        for node in self.held:
            for f in figs[node]:
                if f[2] in positions:
                    counts[f[0]] += 1

    def view(self, player: int | None) -> dict[str, Any]:
        kinds = self.tiles.kinds
        remaining = [0] * len(kinds)
        for k in self.stack:
            remaining[k] += 1
        view = self.common_view(player)
        view.update(
            turn=self.turn,
            phase=("place", "figure", "over")[self.phase],
            board=[[*xy(p), kinds[k].id, kinds[k].rotations[r].turns] for p, (k, r, _) in self.board.items()],
            figures=[[f[0], FIGURE_NAMES[f[1]], *xy(f[2]), f[3]] for f in self.figures()],
            tile=kinds[self.current].id if self.current >= 0 else None,
            fits=[list(c) for c in sorted({(a.x, a.y) for a in self.placements})],  # type: ignore[attr-defined]  # placements holds Place actions only
            last=list(xy(self.last)) if self.last >= 0 else None,
            stack_size=len(self.stack),
            remaining={kinds[k].id: n for k, n in enumerate(remaining) if n},
            discarded=[kinds[k].id for k in self.discarded],
            supply=[list(s) for s in self.supply],
            points=list(self.points),
        )
        for e in self.expansions:
            view[e.name] = e.view(self, player)
        return view

    def _determinize(self, player: int | None, rng: Rng) -> CarcassonneState:
        other = self.clone()
        other.draw_at_random = True  # the tiles left are drawn in an order settled by the copy's own RNG
        for c in self.capabilities:
            c.determinize(other, rng)
        return other

    def is_over(self) -> bool:
        return self.phase == OVER

    def scores(self) -> tuple[float, ...]:
        return tuple(self.points)

    def score_breakdown(self) -> dict[str, tuple[float, ...]]:
        """Each seat's points per category: the base game's, then the expansions' played."""
        n = len(CATEGORIES)
        played = {k for c in self.capabilities for k in c.categories}
        shown = [c for c in CATEGORIES if c in BASE_CATEGORIES or c in played]
        return {c: tuple(self.tally[p * n + CAT[c]] for p in range(self.players)) for c in shown}

    def result_details(self) -> dict[str, Any]:
        breakdown = self.score_breakdown()
        return {"points": [{c: points[p] for c, points in breakdown.items()} for p in range(self.players)]}

    def check_invariants(self) -> None:
        tiles = self.tiles
        held = len(self.board) + len(self.stack) + len(self.discarded) + self.boxed + (1 if self.current >= 0 else 0)
        assert held == tiles.total, f"tiles not conserved: {held} != {tiles.total}"
        kinds = len(FIGURES)
        counts = [[0] * kinds for _ in range(self.players)]
        for f in self.figures():
            counts[f.player][f.kind] += 1
        start = self.figure_counts()
        for p in range(self.players):
            assert all(n >= 0 for n in self.supply[p]), "negative supply"
            on_board = counts[p][MEEPLE] + sum(c.figures_on_board(self, p) for c in self.capabilities)
            assert self.supply[p][MEEPLE] + on_board == start[MEEPLE], f"seat {p}: meeples not conserved"
            for k in range(1, kinds):
                assert self.supply[p][k] + counts[p][k] == start[k], f"seat {p}: {FIGURE_NAMES[k]} not conserved"
        assert self.held == {node for node, figs in enumerate(self.figs) if figs}, "held figures out of date"
        assert all(self.parent[node] == node for node in self.held), "a figure on a non-root node"
        assert all(s >= 0 for s in self.points)
        assert sum(self.tally) == sum(self.points)
        for c in self.capabilities:
            c.check_invariants(self)
