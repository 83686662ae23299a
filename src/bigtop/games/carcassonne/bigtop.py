"""Under the Big Top: circus tiles and the Big Top, animal tokens, acrobat pyramids, ringmasters.

Plugs into the base turn through the `Expansion` hooks: the ringmaster and acrobat figure actions
(and scoring a pyramid instead of placing a figure), the ringmaster bonus whenever its feature is
scored, the circus scored after the features a circus tile completed, and at game end the circus
once more before final scoring and 5 points per acrobat.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bigtop.core.actions import Action
from bigtop.core.options import OptionError
from bigtop.core.rng import Rng
from bigtop.games.carcassonne.actions import Acrobat, Ringmaster, ScorePyramid
from bigtop.games.carcassonne.data import TileSet, tokens
from bigtop.games.carcassonne.expansion import Expansion
from bigtop.games.carcassonne.rules import AROUND, MEEPLE, RINGMASTER, STRIDE, pos_of, xy

if TYPE_CHECKING:
    from bigtop.games.carcassonne.state import CarcassonneState

PYRAMID = 3  # acrobats in a complete pyramid
ACROBAT_POINTS = 5
RINGMASTER_POINTS = 2  # per circus or acrobat tile on or around the ringmaster's tile
RINGMASTER_ACTIONS = tuple(Ringmaster(i) for i in range(12))
ACROBAT_ACTIONS = {dx * STRIDE + dy: Acrobat(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)}


class BigTopPart:
    """The expansion's part of a game state."""

    __slots__ = ("tokens", "under", "top", "revealed", "pyramids")

    def __init__(self) -> None:
        self.tokens: list[int] = []  # face-down animal tokens (token kinds), drawn from the end
        self.under = -1  # the face-down token under the Big Top (-1: none)
        self.top = -1  # position of the Big Top (-1: not on the board yet)
        self.revealed: list[int] = []  # scored tokens, out of the game
        self.pyramids: dict[int, tuple[int, ...]] = {}  # acrobat tile pos -> acrobats' owners

    def copy(self) -> BigTopPart:
        other = BigTopPart()
        other.tokens = list(self.tokens)
        other.under = self.under
        other.top = self.top
        other.revealed = list(self.revealed)
        other.pyramids = dict(self.pyramids)
        return other


def token_sets(tiles: TileSet) -> int:
    """How many sets of animal tokens a game with `tiles` plays with: enough for every circus tile
    to get its own token (one set for the 12 circus tiles of the box; JCloisterZone does the same)."""
    circus = sum(k.count for k in tiles.kinds if k.space == "circus")
    per_set = sum(t.count for t in tokens())
    return max(1, -(-circus // per_set))


def part(state: CarcassonneState) -> BigTopPart:
    """The expansion's part of `state`."""
    return state.ext["bigtop"]


class UnderTheBigTop(Expansion):
    """The Under the Big Top expansion module."""

    name = "bigtop"
    figures = (0, 1)  # one ringmaster per player

    def setup(self, state: CarcassonneState) -> None:
        bt = BigTopPart()
        kinds = tokens()
        ids = [t.id for t in kinds]
        sets = token_sets(state.tiles)
        pool = [i for i, t in enumerate(kinds) for _ in range(t.count * sets)]
        top = []
        for name in state.options.tokens:
            if name not in ids:
                raise OptionError(f"option tokens: unknown animal token {name!r}; tokens: {', '.join(ids)}")
            if ids.index(name) not in pool:
                raise OptionError(f"option tokens: no {name!r} token left (the game has {pool.count(ids.index(name)) + top.count(ids.index(name))})")
            pool.remove(ids.index(name))
            top.append(ids.index(name))
        state.rng.shuffle(pool)
        bt.tokens = pool + top[::-1]
        state.ext["bigtop"] = bt

    # ------------------------------------------------------------------ figures
    def figure_actions(self, state: CarcassonneState, player: int, free: list[int], out: list[Action]) -> None:
        bt = part(state)
        if state.supply[player][RINGMASTER] > 0:
            out.extend(RINGMASTER_ACTIONS[i] for i in free)
        if not bt.pyramids:
            return
        if state.supply[player][MEEPLE] > 0:
            last = state.last
            for delta, action in ACROBAT_ACTIONS.items():
                acrobats = bt.pyramids.get(last + delta)
                if acrobats is not None and len(acrobats) < PYRAMID:
                    out.append(action)
        for pos, acrobats in bt.pyramids.items():
            if len(acrobats) == PYRAMID:
                out.append(ScorePyramid(*xy(pos)))

    def apply_figure(self, state: CarcassonneState, player: int, action: Action) -> bool:
        bt = part(state)
        if isinstance(action, Ringmaster):
            state.stand(player, RINGMASTER, state.last, action.feature)
        elif isinstance(action, Acrobat):
            pos = state.last + action.dx * STRIDE + action.dy
            bt.pyramids[pos] = bt.pyramids[pos] + (player,)
            state.supply[player][MEEPLE] -= 1
            state.emit("acrobat", seat=player, x=xy(pos)[0], y=xy(pos)[1])
        elif isinstance(action, ScorePyramid):
            pos = pos_of(action.x, action.y)
            for p in bt.pyramids[pos]:
                state.add_points(p, "acrobat", ACROBAT_POINTS)
                state.supply[p][MEEPLE] += 1
            state.emit("pyramid_scored", x=action.x, y=action.y, seats=list(bt.pyramids[pos]))
            bt.pyramids[pos] = ()
        else:
            return False
        return True

    def feature_scored(self, state: CarcassonneState, root: int, figures: tuple[Any, ...]) -> None:
        for player, kind, pos, _ in figures:
            if kind == RINGMASTER:
                state.add_points(player, "ringmaster", RINGMASTER_POINTS * self.shows_around(state, pos))

    @staticmethod
    def shows_around(state: CarcassonneState, pos: int) -> int:
        """How many circus and acrobat tiles are at `pos` and the 8 positions around it."""
        kinds = state.tiles.kinds
        board = state.board
        count = 0
        for q in (pos, *(pos + d for d in AROUND)):
            tile = board.get(q)
            if tile is not None and kinds[tile[0]].space is not None:
                count += 1
        return count

    # ------------------------------------------------------------------ the Big Top
    def _score_circus(self, state: CarcassonneState) -> None:
        bt = part(state)
        kind = tokens()[bt.under]
        state.reveal()
        area = {bt.top, *(bt.top + d for d in AROUND)}
        counts = [0] * state.players
        for player, _, pos, _ in state.figures():
            if pos in area:
                counts[player] += 1
        for pos in area:
            for player in bt.pyramids.get(pos, ()):
                counts[player] += 1
        state.emit("circus", animal=kind.id, value=kind.value, meeples=counts)
        for p, n in enumerate(counts):
            if n:
                state.add_points(p, "circus", kind.value * n)
        bt.revealed.append(bt.under)
        bt.under = -1

    def tile_placed(self, state: CarcassonneState, pos: int) -> None:
        if state.tiles.kinds[state.board[pos][0]].space == "acrobat":
            part(state).pyramids[pos] = ()

    def after_scoring(self, state: CarcassonneState, pos: int) -> None:
        if state.tiles.kinds[state.board[pos][0]].space != "circus":
            return
        bt = part(state)
        if bt.top >= 0:
            self._score_circus(state)
        if bt.tokens:
            bt.under = bt.tokens.pop()
            bt.top = pos

    def before_final_scoring(self, state: CarcassonneState) -> None:
        if part(state).under >= 0:
            self._score_circus(state)

    def final_scoring(self, state: CarcassonneState) -> None:
        for acrobats in part(state).pyramids.values():
            for p in acrobats:
                state.add_points(p, "acrobat", ACROBAT_POINTS)

    # ------------------------------------------------------------------ bookkeeping
    def figures_on_board(self, state: CarcassonneState, player: int) -> int:
        return sum(a.count(player) for a in part(state).pyramids.values())

    def view(self, state: CarcassonneState, player: int | None) -> dict[str, Any]:
        bt = part(state)
        ids = [t.id for t in tokens()]
        return {
            "big_top": list(xy(bt.top)) if bt.top >= 0 else None,
            "token_face_down": bt.under >= 0,
            "tokens_left": len(bt.tokens),
            "revealed": [ids[t] for t in bt.revealed],
            "pyramids": [[*xy(p), list(a)] for p, a in bt.pyramids.items()],
        }

    def determinize(self, state: CarcassonneState, rng: Rng) -> None:
        bt = part(state)
        pool = bt.tokens + ([bt.under] if bt.under >= 0 else [])
        rng.shuffle(pool)
        if bt.under >= 0:
            bt.under = pool.pop()
        bt.tokens = pool

    def check_invariants(self, state: CarcassonneState) -> None:
        bt = part(state)
        total = sum(t.count for t in tokens()) * token_sets(state.tiles)
        held = len(bt.tokens) + len(bt.revealed) + (1 if bt.under >= 0 else 0)
        assert held == total, f"animal tokens not conserved: {held} != {total}"
        assert all(len(a) <= PYRAMID for a in bt.pyramids.values())


BIGTOP = UnderTheBigTop()
