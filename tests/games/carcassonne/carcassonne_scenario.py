"""Helpers for Carcassonne scenario tests: a game with a fixed tile order, played turn by turn."""

from __future__ import annotations

from bigtop.core.actions import Action
from bigtop.games import get
from bigtop.games.carcassonne.actions import Pass, Place
from bigtop.games.carcassonne.state import FIGURE, CarcassonneState

GAME = get("carcassonne")


def new(tiles: list[str], players: int = 2, base: bool = False, tokens: tuple[str, ...] = ()) -> CarcassonneState:
    """A game whose stack is exactly `tiles` (drawn in this order) after the start tile D at (0, 0)."""
    options = {"tiles": tuple(tiles), "tiles_only": True, "expansions": () if base else ("bigtop",), "tokens": tokens}
    return GAME.new(players, seed=1, options=options)


def turn(state: CarcassonneState, x: int, y: int, turns: int, figure: Action | None = None) -> None:
    """The player to move lays the drawn tile at (x, y), then takes `figure` (None: no figure)."""
    player = state.to_move()[0]
    state.apply(player, Place(x, y, turns))
    if state.phase == FIGURE and state.to_move() == (player,):
        state.apply(player, figure or Pass())
    else:
        assert figure is None, "no figure choice was offered"
