"""The Big Top: circus tiles and the animal tokens. The first circus tile receives the Big Top on a
face-down token; each later one, once the features it completed are scored, has the circus scored
(token value per figure on and around the Big Top's tile, figures stay), the token leaves the game
and the Big Top moves onto a fresh token on the new tile. At game end the circus is scored once
more, before final scoring."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.console import JustifyMethod
from rich.table import Table
from rich.text import Text

from bigtop.core.options import OptionError
from bigtop.core.rng import Rng
from bigtop.core.text import Catalog
from bigtop.games.carcassonne.data import TileSet, tokens
from bigtop.games.carcassonne.expansion import Capability
from bigtop.games.carcassonne.glyphs import Picture
from bigtop.games.carcassonne.rules import AROUND, xy

if TYPE_CHECKING:
    from bigtop.games.carcassonne.names import Words
    from bigtop.games.carcassonne.state import CarcassonneState


class BigTopPart:
    """The Big Top's part of a game state."""

    __slots__ = ("tokens", "under", "top", "revealed")

    def __init__(self) -> None:
        self.tokens: list[int] = []  # face-down animal tokens (token kinds), drawn from the end
        self.under = -1  # the face-down token under the Big Top (-1: none)
        self.top = -1  # position of the Big Top (-1: not on the board yet)
        self.revealed: list[int] = []  # scored tokens, out of the game

    def copy(self) -> BigTopPart:
        other = BigTopPart()
        other.tokens = list(self.tokens)
        other.under = self.under
        other.top = self.top
        other.revealed = list(self.revealed)
        return other


def big_top(state: CarcassonneState) -> BigTopPart:
    """The Big Top's part of `state`."""
    part: BigTopPart = state.ext["big_top"]
    return part


def token_sets(tiles: TileSet) -> int:
    """How many sets of animal tokens a game with `tiles` plays with: enough for every circus tile
    to get its own token (one set for the 12 circus tiles of the box; JCloisterZone does the same)."""
    circus = sum(k.count for k in tiles.kinds if k.space == "circus")
    per_set = sum(t.count for t in tokens())
    return max(1, -(-circus // per_set))


class BigTopCapability(Capability):
    """Circus tiles, the Big Top and the animal tokens."""

    name = "big_top"
    categories = ("circus",)
    spaces = ("circus",)
    text = Catalog.load(Path(__file__).with_name("big_top.toml"))

    def setup(self, state: CarcassonneState) -> None:
        bt = BigTopPart()
        kinds = tokens()
        ids = [t.id for t in kinds]
        sets = token_sets(state.tiles)
        pool = [i for i, t in enumerate(kinds) for _ in range(t.count * sets)]
        top: list[int] = []
        for name in state.options.tokens:
            if name not in ids:
                raise OptionError(f"option tokens: unknown animal token {name!r}; tokens: {', '.join(ids)}")
            if ids.index(name) not in pool:
                raise OptionError(f"option tokens: no {name!r} token left (the game has {pool.count(ids.index(name)) + top.count(ids.index(name))})")
            pool.remove(ids.index(name))
            top.append(ids.index(name))
        state.rng.shuffle(pool)
        bt.tokens = pool + top[::-1]
        state.ext["big_top"] = bt

    def _score_circus(self, state: CarcassonneState) -> None:
        bt = big_top(state)
        kind = tokens()[bt.under]
        state.reveal()
        area = {bt.top, *(bt.top + d for d in AROUND)}
        counts = [0] * state.players
        state.figures_near(area, counts)
        for c in state.capabilities:
            c.figures_near(state, area, counts)
        state.emit("circus", animal=kind.id, value=kind.value, meeples=counts)
        for p, n in enumerate(counts):
            if n:
                state.add_points(p, "circus", kind.value * n)
                state.emit("circus_points", seat=p, points=kind.value * n, figures=n)
        bt.revealed.append(bt.under)
        bt.under = -1

    def after_scoring(self, state: CarcassonneState, pos: int) -> None:
        if state.tiles.kinds[state.board[pos][0]].space != "circus":
            return
        bt = big_top(state)
        if bt.top >= 0:
            self._score_circus(state)
        if bt.tokens:
            bt.under = bt.tokens.pop()
            bt.top = pos

    def before_final_scoring(self, state: CarcassonneState) -> None:
        if big_top(state).under >= 0:
            self._score_circus(state)

    def view(self, state: CarcassonneState, player: int | None) -> dict[str, Any]:
        bt = big_top(state)
        ids = [t.id for t in tokens()]
        return {
            "big_top": list(xy(bt.top)) if bt.top >= 0 else None,
            "token_face_down": bt.under >= 0,
            "tokens_left": len(bt.tokens),
            "revealed": [ids[t] for t in bt.revealed],
        }

    def determinize(self, state: CarcassonneState, rng: Rng) -> None:
        bt = big_top(state)
        pool = bt.tokens + ([bt.under] if bt.under >= 0 else [])
        rng.sample_shuffle(pool)
        if bt.under >= 0:
            bt.under = pool.pop()
        bt.tokens = pool

    def check_invariants(self, state: CarcassonneState) -> None:
        bt = big_top(state)
        total = sum(t.count for t in tokens()) * token_sets(state.tiles)
        held = len(bt.tokens) + len(bt.revealed) + (1 if bt.under >= 0 else 0)
        assert held == total, f"animal tokens not conserved: {held} != {total}"

    def log_values(self, kind: str, data: dict[str, Any], words: Words) -> dict[str, Any] | None:
        if kind == "circus":
            out: dict[str, Any] = {"animal_name": words(f"animal.{data.get('animal')}"), "gain": words.points(data["value"])}
            out["nobody"] = "" if any(data.get("meeples") or ()) else words("circus.nobody")
            return out
        if kind == "circus_points":
            return {"figures": words("figures", n=data.get("figures"))}
        return None

    legend = "◎ circus  Ω Big Top"
    space_glyphs = {"circus": ("◎", "bold red")}

    def draw(self, block: dict[str, Any], cells: dict[tuple[int, int], Picture]) -> None:
        if block["big_top"]:
            x, y = block["big_top"]
            cells[(x, y)][2][2] = ("Ω", "bold white on red")

    def status(self, block: dict[str, Any], words: Words) -> str:
        if block["big_top"]:
            x, y = block["big_top"]
            where = words("big_top.at_token" if block["token_face_down"] else "big_top.at", x=x, y=y)
        else:
            where = words("big_top.nowhere")
        animals = [words(f"token.{a}") if words.has(f"token.{a}") else a for a in block["revealed"]]
        return words("big_top.status", where=where, animals=words("join.sep").join(animals) or words("big_top.no_animals"))

    def cards(self) -> Table:
        table = Table(title=Text("Animal tokens (points per meeple around the Big Top)"))
        columns: tuple[tuple[str, JustifyMethod], ...] = (("animal", "left"), ("value", "right"), ("count", "right"))
        for name, justify in columns:
            table.add_column(Text(name), justify=justify)
        for t in tokens():
            table.add_row(Text(t.id), Text(str(t.value)), Text(str(t.count)))
        return table

    def content(self) -> dict[str, Any]:
        return {"tokens": [{"id": t.id, "value": t.value, "count": t.count} for t in tokens()]}
