"""The ringmaster: one more figure per player, placed like a meeple on the tile just placed; when
its feature is scored it brings 2 points per circus or acrobat tile on and around its tile."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from bigtop.core.text import Catalog
from bigtop.games.carcassonne.bigtop.actions import Ringmaster
from bigtop.games.carcassonne.expansion import Capability, Figure, FigureKind
from bigtop.games.carcassonne.rules import AROUND

if TYPE_CHECKING:
    from bigtop.games.carcassonne.names import Words
    from bigtop.games.carcassonne.state import CarcassonneState

RINGMASTER_POINTS = 2  # per circus or acrobat tile on or around the ringmaster's tile


class RingmasterCapability(Capability):
    """The ringmaster figure and its bonus."""

    name = "ringmaster"
    figures = (FigureKind("ringmaster", 1, Ringmaster),)
    categories = ("ringmaster",)
    text = Catalog.load(Path(__file__).with_name("ringmaster.toml"))
    kind = -1  # the ringmaster's supply index, set by `bind`

    def bind(self, figure_index: dict[str, int]) -> None:
        self.kind = figure_index["ringmaster"]

    def feature_scored(self, state: CarcassonneState, root: int, figures: tuple[Figure, ...]) -> None:
        for player, kind, pos, _ in figures:
            if kind == self.kind:
                shows = shows_around(state, pos)
                if shows:
                    state.add_points(player, "ringmaster", RINGMASTER_POINTS * shows)
                    state.emit("ringmaster", seat=player, points=RINGMASTER_POINTS * shows, shows=shows)

    def log_values(self, kind: str, data: dict[str, Any], words: Words) -> dict[str, Any] | None:
        if kind == "ringmaster":
            return {"shows": words("shows", n=data.get("shows"))}
        return None


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
