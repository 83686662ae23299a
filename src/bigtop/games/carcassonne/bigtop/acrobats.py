"""Acrobats: meeples stacked into pyramids of three on acrobat tiles; a complete pyramid may be
scored instead of placing a figure (5 points per acrobat), and every acrobat scores 5 at the end."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bigtop.core.actions import Action
from bigtop.games.carcassonne.bigtop.actions import Acrobat, AcrobatActions, ScorePyramid
from bigtop.games.carcassonne.expansion import ActionBlock, Capability
from bigtop.games.carcassonne.glyphs import CORNERS, SEAT_STYLES, Picture
from bigtop.games.carcassonne.rules import MEEPLE, STRIDE, pos_of, xy

if TYPE_CHECKING:
    from bigtop.games.carcassonne.state import CarcassonneState

PYRAMID = 3  # acrobats in a complete pyramid
ACROBAT_POINTS = 5
ACROBAT_ACTIONS = {dx * STRIDE + dy: Acrobat(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
ACROBAT_ORDER = {action: i for i, action in enumerate(ACROBAT_ACTIONS.values())}  # the order they are offered in


class Pyramids:
    """The acrobats' part of a game state: acrobat tile position -> the acrobats' owners, bottom first."""

    __slots__ = ("on",)

    def __init__(self, on: dict[int, tuple[int, ...]] | None = None) -> None:
        self.on: dict[int, tuple[int, ...]] = on or {}

    def copy(self) -> Pyramids:
        return Pyramids(dict(self.on))


def pyramids(state: CarcassonneState) -> dict[int, tuple[int, ...]]:
    """The pyramids of `state`: acrobat tile position -> the acrobats' owners."""
    return state.ext["acrobats"].on


class AcrobatsCapability(Capability):
    """Acrobat spaces, pyramids and their scoring."""

    name = "acrobats"
    categories = {"acrobat": "Acrobats"}
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
            state.emit("acrobat", seat=player, x=xy(pos)[0], y=xy(pos)[1])
        elif isinstance(action, ScorePyramid):
            pos = pos_of(action.x, action.y)
            for p in on[pos]:
                state.add_points(p, "acrobat", ACROBAT_POINTS)
                state.supply[p][MEEPLE] += 1
            state.emit("pyramid_scored", x=action.x, y=action.y, seats=list(on[pos]))
            on[pos] = ()
        else:
            return False
        return True

    def final_scoring(self, state: CarcassonneState) -> None:
        for acrobats in pyramids(state).values():
            for p in acrobats:
                state.add_points(p, "acrobat", ACROBAT_POINTS)

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

    log_templates = {
        "acrobat": "{seat} adds an acrobat to the pyramid at ({x}, {y}).",
        "pyramid_scored": "The pyramid at ({x}, {y}) is scored: 5 points per acrobat ({seats}).",
    }
    legend = "▲ acrobat space  ^ acrobats"
    space_glyphs = {"acrobat": ("▲", "bold cyan")}

    def draw(self, block: dict[str, Any], cells: dict[tuple[int, int], Picture]) -> None:
        for x, y, acrobats in block["pyramids"]:
            for (r, c), seat in zip(CORNERS, acrobats, strict=False):
                cells[(x, y)][r][c] = ("^", SEAT_STYLES[seat])

    def describe(self, state: CarcassonneState, action: Action) -> str | None:
        if isinstance(action, Acrobat):
            x, y = xy(state.last)
            return f"Put an acrobat on the acrobat tile at ({x + action.dx}, {y + action.dy})"
        if isinstance(action, ScorePyramid):
            return f"Score the complete pyramid at ({action.x}, {action.y}) instead of placing a figure"
        return None
