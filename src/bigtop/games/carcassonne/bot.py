"""A greedy heuristic bot: it tries every placement with every figure choice on a copy of its
determinized state and keeps the one whose position is worth most.

A position is worth the points scored so far plus what every occupied feature would give its
majority if the game ended now (open cities and roads weighted up a little, since they may still
close), plus the expansions' pieces (acrobats), minus nothing for figures on the board but plus a value for each meeple still
in the supply that fades as the stack runs out. Seat value = own worth - best opponent's worth.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bigtop.core.actions import Action
from bigtop.core.rng import Rng
from bigtop.games.carcassonne.search import worth as position_worth
from bigtop.games.carcassonne.state import FIGURE, CarcassonneState


def turn_ends(state: CarcassonneState, player: int, action: Action) -> list[CarcassonneState]:
    """Each position `player`'s turn can end in from `state` after `action`, on copies: one per
    figure choice if the player then chooses a figure, else the position after `action`."""
    after = state.clone()
    after.apply(player, action)
    if after.phase != FIGURE or after.to_move() != (player,):
        return [after]
    ends = []
    for figure in after.legal_actions(player):
        last = after.clone()
        last.apply(player, figure)
        ends.append(last)
    return ends


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
            value = max([self.evaluate(end, player) for end in turn_ends(state, player, action)])
            if value > best_value + 1e-9:
                best, best_value = [action], value
            elif abs(value - best_value) <= 1e-9:
                best.append(action)
        return best[self.rng.below(len(best))]

    def evaluate(self, state: CarcassonneState, player: int) -> float:
        """How good `state` is for `player`: own worth minus the best opponent's."""
        worth = position_worth(state, self.open_bonus, self.meeple_value)
        others = max(w for p, w in enumerate(worth) if p != player)
        return worth[player] - others
