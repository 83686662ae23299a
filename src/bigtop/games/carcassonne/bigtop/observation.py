"""Under the Big Top's block of the Carcassonne observation (see ../observation.py and
docs/carcassonne.md, "Observation encoding"): one marker plane (the Big Top), one plane per seat
(its acrobats on each tile / 3), and in the vector the Big Top on the board, its token face down,
the tokens left, the Big Top beyond the window and the revealed animal tokens per kind."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from bigtop.games.carcassonne.bigtop.acrobats import PYRAMID, pyramids
from bigtop.games.carcassonne.bigtop.big_top import big_top, token_sets
from bigtop.games.carcassonne.data import TileSet, tokens
from bigtop.games.carcassonne.rules import pos_of

if TYPE_CHECKING:
    from bigtop.games.carcassonne.state import CarcassonneState


class BigTopEncoding:
    """The expansion's planes and numbers; the base encoder places them (`place`) and calls
    `fill` with what `from_view` or `from_state` read."""

    marker_planes = 1

    def __init__(self, players: int, tiles: TileSet) -> None:
        self.players = players
        self.seat_planes = players
        self.animals = len(tokens())
        self.vector_size = 4 + self.animals
        self.animal_ids = {t.id: i for i, t in enumerate(tokens())}
        sets = token_sets(tiles)
        self.animal_counts = [t.count * sets for t in tokens()]
        self.all_tokens = sum(self.animal_counts)

    def place(self, marker_plane: int, seat_plane: int, cells: int) -> None:
        """Put the Big Top plane at `marker_plane` and the acrobat planes from `seat_plane` on."""
        self.top_at = marker_plane * cells
        self.acrobats_at = seat_plane * cells
        self.cells = cells

    def from_view(self, block: dict[str, Any]) -> tuple[Any, ...]:
        """What the block encodes, from the expansion's view block."""
        top = block["big_top"]
        return (
            -1 if top is None else pos_of(*top), block["token_face_down"], block["tokens_left"],
            [self.animal_ids[a] for a in block["revealed"]], [(pos_of(x, y), owners) for x, y, owners in block["pyramids"]],
        )

    def from_state(self, state: CarcassonneState) -> tuple[Any, ...]:
        """The same, read from the state's fields."""
        bt = big_top(state)
        return bt.top, bt.under >= 0, len(bt.tokens), bt.revealed, pyramids(state).items()

    def fill(
        self, out: Any, ones: list[int], numbers: list[float], me: int, data: tuple[Any, ...],
        cell: Callable[[int], int | None],
    ) -> int:
        """Write the planes (flat offsets that are 1 into `ones`, acrobat counts into `out`, a NumPy
        array), append the numbers; answer how many acrobats stand beyond the window."""
        top, face_down, tokens_left, revealed, on = data
        top_out = 0
        if top >= 0:
            c = cell(top)
            if c is None:
                top_out = 1
            else:
                ones.append(self.top_at + c)
        outside = self._acrobats(out, me, on, cell)
        shown = [0] * self.animals
        for animal in revealed:
            shown[animal] += 1
        numbers += [top >= 0, face_down, tokens_left / self.all_tokens, top_out]
        numbers += [n / most for n, most in zip(shown, self.animal_counts, strict=True)]
        return outside

    def _acrobats(self, out: Any, me: int, on: Iterable[tuple[int, Any]], cell: Callable[[int], int | None]) -> int:
        """Write each seat's acrobats per tile (count / 3); return how many stand outside the window."""
        players = self.players
        counts: dict[int, int] = {}
        outside = 0
        for pos, owners in on:
            c = cell(pos)
            if c is None:
                outside += len(owners)
                continue
            for player in owners:
                index = self.acrobats_at + (player - me) % players * self.cells + c
                counts[index] = counts.get(index, 0) + 1
        for index, n in counts.items():
            out[index] = n / PYRAMID
        return outside
