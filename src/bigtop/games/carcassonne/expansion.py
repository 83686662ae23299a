"""How an expansion plugs into the base game: what it declares, and the hooks of its capabilities.

An `Expansion` is what the `expansions` option names. It is made of capabilities (one mechanism
each, as JCloisterZone's `game/capability/`), and declares what the base game loops over: the
options it owns, its view block (the merged views of its capabilities, under the expansion's name)
and its observation block. Each `Capability` declares its figures, score categories, tile spaces,
actions and words (a catalog merged into the game's), and implements the hooks the base calls at fixed points of a turn: after the tile is
placed (`tile_placed`), for the figure decision (`figure_actions`, `apply_figure`), for each
feature scored (`feature_scored`), once the features are scored (`after_scoring`), and at game end
(`before_final_scoring`, `final_scoring`). A capability keeps its own state in
`state.ext[capability.name]`, an object with a `copy()` method.

Hooks run in the order of the expansions played, and within one in the order of its capabilities;
figures and actions are numbered in the order the registry (`expansions.py`) lists them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from bigtop.core.actions import Action
from bigtop.core.rng import Rng
from bigtop.core.text import Catalog
from bigtop.games.carcassonne.glyphs import Picture

if TYPE_CHECKING:
    from bigtop.games.carcassonne.names import Words
    from bigtop.games.carcassonne.state import CarcassonneState


class Figure(NamedTuple):
    """A figure standing on a feature: its owner, its kind (index into a supply), the position of
    its tile and the local feature it stands on."""

    player: int
    kind: int
    pos: int
    local: int


class FigureKind(NamedTuple):
    """A kind of figure: its name, how many each player has, and the action class (one field,
    `feature`) that puts it on a feature of the tile just placed (None: it never stands on one)."""

    name: str
    per_player: int
    action: type[Action] | None


class ActionBlock:
    """A capability's own actions, numbered from 0 to `size - 1` within the game's action space."""

    size: int = 0

    def encode(self, action: Action) -> int:
        """The action's number within the block (`IllegalAction` if it is not one of them)."""
        raise NotImplementedError

    def decode(self, index: int) -> Action:
        """The action numbered `index` within the block."""
        raise NotImplementedError


class Capability:
    """One mechanism of an expansion: every hook does nothing by default."""

    name: str = ""  # its key in `state.ext` and in the log
    figures: tuple[FigureKind, ...] = ()
    categories: tuple[str, ...] = ()  # score categories, in display order (labelled `score.<category>` in `text`)
    spaces: tuple[str, ...] = ()  # tile spaces (a tile's `space` in the tiles file) it gives meaning to
    action_types: tuple[type[Action], ...] = ()

    def bind(self, figure_index: dict[str, int]) -> None:
        """Learn the supply index of every figure kind (called once by the registry)."""

    def action_block(self, bound: int) -> ActionBlock | None:
        """The numbering of this capability's actions on a board of coordinate bound `bound`."""
        return None

    def setup(self, state: CarcassonneState) -> None:
        """Create this capability's part of a new game's state."""

    def tile_placed(self, state: CarcassonneState, pos: int) -> None:
        """The drawn tile has just been laid at `pos` (before the figure decision)."""

    def figure_actions(self, state: CarcassonneState, player: int, free: list[int], out: list[Action]) -> None:
        """Append the figure actions this capability offers after a tile is placed (`free`: the
        unoccupied local features of that tile)."""

    def apply_figure(self, state: CarcassonneState, player: int, action: Action) -> bool:
        """Carry out one of this capability's figure actions; False if the action is not its own."""
        return False

    def feature_scored(self, state: CarcassonneState, root: int, figures: tuple[Figure, ...]) -> None:
        """A feature holding `figures` has just been scored (during the game or at the end)."""

    def after_scoring(self, state: CarcassonneState, pos: int) -> None:
        """The features completed by the tile at `pos` are scored; the turn is about to end."""

    def before_final_scoring(self, state: CarcassonneState) -> None:
        """The last tile has been played; final scoring comes next."""

    def final_scoring(self, state: CarcassonneState) -> None:
        """Score this capability's own pieces at the end of the game."""

    def figures_on_board(self, state: CarcassonneState, player: int) -> int:
        """How many of `player`'s meeples this capability holds on the board (not on features)."""
        return 0

    def figures_near(self, state: CarcassonneState, positions: set[int], counts: list[int]) -> None:
        """Add to `counts[player]` this capability's figures standing on tiles at `positions`."""

    def worth(self, state: CarcassonneState, out: list[float]) -> None:
        """Add to `out[player]` what this capability's pieces would score if the game ended now
        (the bots' position value)."""

    def view(self, state: CarcassonneState, player: int | None) -> dict[str, Any]:
        """This capability's part of its expansion's view block."""
        return {}

    def determinize(self, state: CarcassonneState, rng: Rng) -> None:
        """Resample this capability's hidden pieces in `state` (a clone) with `rng`."""

    def check_invariants(self, state: CarcassonneState) -> None:
        """Assert this capability's conservation laws."""

    # ------------------------------------------------------------------ words, terminal and log
    text: Catalog | None = None
    """This capability's words in every language (`log.<kind>` of its events, its figures, tile
    spaces and score categories), merged into the game's catalog (`expansions.TEXT`)."""

    def describe(self, state: CarcassonneState, action: Action, words: Words) -> str | None:
        """One of this capability's actions in `words`' language (None: not its own)."""
        return None

    def log_values(self, kind: str, data: dict[str, Any], words: Words) -> dict[str, Any] | None:
        """The values the template of this capability's event `kind` names beyond the base game's
        (tile names, figures, points), in `words`' language; None if `kind` is not its own."""
        return None

    legend = ""  # what its glyphs on the terminal board mean
    space_glyphs: dict[str, tuple[str, str]] = {}  # tile space -> (glyph, Rich style) at the tile's centre

    def draw(self, block: dict[str, Any], cells: dict[tuple[int, int], Picture]) -> None:
        """Draw this capability's pieces from its expansion's view block onto the board's tile pictures."""

    def status(self, block: dict[str, Any], words: Words) -> str | None:
        """A line about this capability's pieces under the board, in `words`' language (None:
        nothing to say)."""
        return None

    def cards(self) -> Any:
        """This capability's content for `bigtop cards` (a Rich renderable), or None."""
        return None

    def content(self) -> dict[str, Any]:
        """Public content of this capability for the boards (merged into `Game.content`)."""
        return {}


class Expansion:
    """An expansion as the `expansions` option names it: its capabilities and what it declares."""

    def __init__(
        self, name: str, title: str, capabilities: Sequence[Capability], options: dict[str, str] | None = None,
        encoder: Any = None,
    ) -> None:
        self.name = name
        self.title = title
        self.capabilities = tuple(capabilities)
        self.options = options or {}  # option it owns -> what it holds, in words ("animal tokens")
        self.encoder = encoder  # its observation block's class (observation.py), or None

    def view(self, state: CarcassonneState, player: int | None) -> dict[str, Any]:
        """The expansion's view block: its capabilities' views merged, in their order."""
        out: dict[str, Any] = {}
        for c in self.capabilities:
            out.update(c.view(state, player))
        return out
