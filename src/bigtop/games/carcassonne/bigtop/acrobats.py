"""Acrobats: meeples stacked into pyramids of three on acrobat tiles; a complete pyramid may be
scored instead of placing a figure (5 points per acrobat), and every acrobat scores 5 at the end."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from bigtop.core.actions import Action
from bigtop.core.text import Catalog
from bigtop.games.carcassonne.bigtop.actions import Acrobat, AcrobatActions, ScorePyramid
from bigtop.games.carcassonne.expansion import ActionBlock, Capability
from bigtop.games.carcassonne.glyphs import CORNERS, SEAT_STYLES, Picture
from bigtop.games.carcassonne.rules import MEEPLE, STRIDE, pos_of, xy

if TYPE_CHECKING:
    from bigtop.games.carcassonne.names import Words
    from bigtop.games.carcassonne.state import CarcassonneState

PYRAMID = 3  # acrobats in a complete pyramid
ACROBAT_POINTS = 5
ACROBAT_ACTIONS = {dx * STRIDE + dy: Acrobat(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
ACROBAT_ORDER: dict[Action, int] = {action: i for i, action in enumerate(ACROBAT_ACTIONS.values())}  # the order they are offered in


class Pyramids:
    """The acrobats' part of a game state: acrobat tile position -> the acrobats' owners, bottom first."""

    __slots__ = ("on",)

    def __init__(self, on: dict[int, tuple[int, ...]] | None = None) -> None:
        self.on: dict[int, tuple[int, ...]] = on or {}

    def copy(self) -> Pyramids:
        return Pyramids(dict(self.on))


def pyramids(state: CarcassonneState) -> dict[int, tuple[int, ...]]:
    """The pyramids of `state`: acrobat tile position -> the acrobats' owners."""
    part: Pyramids = state.ext["acrobats"]
    return part.on


class AcrobatsCapability(Capability):
    """Acrobat spaces, pyramids and their scoring."""

    name = "acrobats"
    categories = ("acrobat",)
    text = Catalog.load(Path(__file__).with_name("acrobats.toml"))
    spaces = ("acrobat",)
    action_types = (Acrobat, ScorePyramid)

    def action_block(self, bound: int) -> ActionBlock:
        return AcrobatActions(bound)

    def setup(self, state: CarcassonneState) -> None:
        state.ext["acrobats"] = Pyramids()

    def tile_placed(self, state: CarcassonneState, pos: int) -> None:
        if state.tiles.kinds[state.board[pos][0]].space == "acrobat":
            pyramids(state)[pos] = ()

    def figure_actions(self, state: CarcassonneState, player: int, free: list[int], out: list[Action]) -> None:
        on = pyramids(state)
        if not on:
            return
        has_meeple = state.supply[player][MEEPLE] > 0
        last = state.last
        near: list[Action] = []  # an acrobat on each pyramid with room on or around the tile just laid
        complete: list[Action] = []
        for pos, acrobats in on.items():  # a few acrobat tiles: fewer than the 9 squares around
            if len(acrobats) == PYRAMID:
                complete.append(ScorePyramid(*xy(pos)))
            elif has_meeple:
                action = ACROBAT_ACTIONS.get(pos - last)
                if action is not None:
                    near.append(action)
        if len(near) > 1:
            near.sort(key=ACROBAT_ORDER.__getitem__)
        out += near
        out += complete

    def apply_figure(self, state: CarcassonneState, player: int, action: Action) -> bool:
        on = pyramids(state)
        if isinstance(action, Acrobat):
            pos = state.last + action.dx * STRIDE + action.dy
            on[pos] = on[pos] + (player,)
            state.supply[player][MEEPLE] -= 1
            x, y = xy(pos)
            state.emit("acrobat", seat=player, x=x, y=y, tile=state.tiles.kinds[state.board[pos][0]].id, height=len(on[pos]))
        elif isinstance(action, ScorePyramid):
            pos = pos_of(action.x, action.y)
            acrobats = on[pos]
            tile = state.tiles.kinds[state.board[pos][0]].id
            state.emit("pyramid_scored", seat=player, x=action.x, y=action.y, tile=tile, seats=list(acrobats))
            for p in sorted(set(acrobats)):
                count = acrobats.count(p)
                state.add_points(p, "acrobat", ACROBAT_POINTS * count)
                state.supply[p][MEEPLE] += count
                state.emit("acrobat_points", seat=p, points=ACROBAT_POINTS * count, acrobats=count)
            on[pos] = ()
        else:
            return False
        return True

    def final_scoring(self, state: CarcassonneState) -> None:
        counts = [0] * state.players
        for acrobats in pyramids(state).values():
            for p in acrobats:
                counts[p] += 1
        for p, count in enumerate(counts):
            if count:
                state.add_points(p, "acrobat", ACROBAT_POINTS * count)
                state.emit("acrobats_left", seat=p, points=ACROBAT_POINTS * count, acrobats=count)

    def figures_on_board(self, state: CarcassonneState, player: int) -> int:
        return sum(a.count(player) for a in pyramids(state).values())

    def figures_near(self, state: CarcassonneState, positions: set[int], counts: list[int]) -> None:
        on = pyramids(state)
        for pos in positions:
            for player in on.get(pos, ()):
                counts[player] += 1

    def worth(self, state: CarcassonneState, out: list[float]) -> None:
        for acrobats in pyramids(state).values():
            for p in acrobats:
                out[p] += float(ACROBAT_POINTS)

    def view(self, state: CarcassonneState, player: int | None) -> dict[str, Any]:
        return {"pyramids": [[*xy(p), list(a)] for p, a in pyramids(state).items()]}

    def check_invariants(self, state: CarcassonneState) -> None:
        assert all(len(a) <= PYRAMID for a in pyramids(state).values())

    legend = "▲ acrobat space  ^ acrobats"
    space_glyphs = {"acrobat": ("▲", "bold cyan")}

    def draw(self, block: dict[str, Any], cells: dict[tuple[int, int], Picture]) -> None:
        for x, y, acrobats in block["pyramids"]:
            for (r, c), seat in zip(CORNERS, acrobats, strict=False):
                cells[(x, y)][r][c] = ("^", SEAT_STYLES[seat])

    def describe(self, state: CarcassonneState, action: Action, words: Words) -> str | None:
        on = pyramids(state)
        if isinstance(action, Acrobat):
            pos = state.last + action.dx * STRIDE + action.dy
            laid = state.board.get(pos)
            if laid is None:
                return None
            x, y = xy(pos)
            tile = words.tile(state.tiles.kinds[laid[0]])
            return words("do.acrobat", tile_name=tile, x=x, y=y, height=len(on.get(pos, ())) + 1)
        if isinstance(action, ScorePyramid):
            mine = on.get(pos_of(action.x, action.y), ()).count(state.turn)
            return words("do.score_pyramid", x=action.x, y=action.y, mine=words("acrobats", n=mine))
        return None

    def log_values(self, kind: str, data: dict[str, Any], words: Words) -> dict[str, Any] | None:
        if kind in ("acrobat_points", "acrobats_left"):
            return {"acrobats": words("acrobats", n=data.get("acrobats"))}
        return None
