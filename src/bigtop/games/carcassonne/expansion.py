"""How an expansion plugs into the turn.

The base game calls these hooks at fixed points of a turn: after the tile is placed it tells every
expansion (`tile_placed`), asks it for extra figure actions, lets it carry out its own, tells it
about each feature scored, then lets it act once the features are scored (the Big Top moves there). At game end it calls
`before_final_scoring` and `final_scoring`. An expansion keeps its own state in
`state.ext[name]`, an object with a `copy()` method.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bigtop.core.actions import Action
from bigtop.core.rng import Rng

if TYPE_CHECKING:
    from bigtop.games.carcassonne.state import CarcassonneState


class Expansion:
    """An expansion module: every hook does nothing by default."""

    name: str = ""
    figures: tuple[int, ...] = (0, 0)  # extra figures per player: (meeples, ringmasters)

    def setup(self, state: CarcassonneState) -> None:
        """Create this expansion's part of a new game's state."""

    def tile_placed(self, state: CarcassonneState, pos: int) -> None:
        """The drawn tile has just been laid at `pos` (before the figure decision)."""

    def figure_actions(self, state: CarcassonneState, player: int, free: list[int], out: list[Action]) -> None:
        """Append the figure actions this expansion offers after a tile is placed (`free`: the
        unoccupied local features of that tile)."""

    def apply_figure(self, state: CarcassonneState, player: int, action: Action) -> bool:
        """Carry out one of this expansion's figure actions; False if the action is not its own."""
        return False

    def feature_scored(self, state: CarcassonneState, root: int, figures: tuple[Any, ...]) -> None:
        """A feature holding `figures` has just been scored (during the game or at the end)."""

    def after_scoring(self, state: CarcassonneState, pos: int) -> None:
        """The features completed by the tile at `pos` are scored; the turn is about to end."""

    def before_final_scoring(self, state: CarcassonneState) -> None:
        """The last tile has been played; final scoring comes next."""

    def final_scoring(self, state: CarcassonneState) -> None:
        """Score this expansion's own pieces at the end of the game."""

    def figures_on_board(self, state: CarcassonneState, player: int) -> int:
        """How many of `player`'s meeples this expansion holds on the board (not on features)."""
        return 0

    def figures_near(self, state: CarcassonneState, positions: set[int], counts: list[int]) -> None:
        """Add to `counts[player]` this expansion's figures standing on tiles at `positions`."""

    def view(self, state: CarcassonneState, player: int | None) -> dict[str, Any]:
        """This expansion's public part of a view."""
        return {}

    def determinize(self, state: CarcassonneState, rng: Rng) -> None:
        """Resample this expansion's hidden pieces in `state` (a clone) with `rng`."""

    def check_invariants(self, state: CarcassonneState) -> None:
        """Assert this expansion's conservation laws."""
