"""A greedy heuristic bot: it tries every placement with every figure choice on a copy of its
determinized state and keeps the one whose position is worth most.

A position is worth the points scored so far plus what every occupied feature would give its
majority if the game ended now (open cities and roads weighted up a little, since they may still
close), plus acrobats, minus nothing for figures on the board but plus a value for each meeple still
in the supply that fades as the stack runs out. Seat value = own worth - best opponent's worth.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bigtop.core.actions import Action
from bigtop.core.rng import Rng
from bigtop.games.carcassonne.data import CITY, FIELD, MONASTERY, ROAD
from bigtop.games.carcassonne.rules import MEEPLE
from bigtop.games.carcassonne.state import FIGURE, CarcassonneState


class HeuristicBot:
    """Greedy one-turn look-ahead; ties broken at random with its own RNG."""

    name = "heuristic"
    needs_state = True

    def __init__(self, seed: int = 0, meeple_value: float = 2.0, open_bonus: float = 0.5) -> None:
        self.rng = Rng(seed)
        self.meeple_value = float(meeple_value)
        self.open_bonus = float(open_bonus)

    def choose(self, state: Any, player: int, legal: Sequence[Action]) -> Action:
        best: list[Action] = []
        best_value = float("-inf")
        for action in legal:
            value = self._value_after(state, player, action)
            if value > best_value + 1e-9:
                best, best_value = [action], value
            elif abs(value - best_value) <= 1e-9:
                best.append(action)
        return best[self.rng.below(len(best))]

    def _value_after(self, state: CarcassonneState, player: int, action: Action) -> float:
        after = state.clone()
        after.apply(player, action)
        if after.phase == FIGURE and after.to_move() == (player,):
            return max(self._value_after(after, player, figure) for figure in after.legal_actions(player))
        return self.evaluate(after, player)

    def evaluate(self, state: CarcassonneState, player: int) -> float:
        """How good `state` is for `player`: own worth minus the best opponent's."""
        worth = [float(p) for p in state.points]
        find, open_, spans = state.find, state.open, state.spans
        for node, figures in enumerate(state.figs):
            if not figures:
                continue
            kind = state.ntype[node]
            if kind == CITY:
                value = (1 + self.open_bonus) * (len(spans[node]) + state.pennants[node])  # type: ignore[arg-type]
            elif kind == ROAD:
                value = (1 + self.open_bonus / 2) * len(spans[node])  # type: ignore[arg-type]
            elif kind == FIELD:
                value = 3.0 * len({c for c in (find(t) for t in state.touch[node]) if open_[c] == 0})
            elif kind == MONASTERY:
                pos = next(p for p, n in state.monasteries.items() if n == node)
                value = 1.0 + state.neighbours(pos) * (1 + self.open_bonus / 2)
            else:
                continue
            for p in state.majority(figures):
                worth[p] += value
        bigtop = state.ext.get("bigtop")
        if bigtop is not None:
            for acrobats in bigtop.pyramids.values():
                for p in acrobats:
                    worth[p] += 5.0
        left = len(state.stack) / max(1, state.tiles.total)
        for p in range(state.players):
            worth[p] += self.meeple_value * left * state.supply[p][MEEPLE]
        others = max(w for p, w in enumerate(worth) if p != player)
        return worth[player] - others
