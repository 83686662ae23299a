"""Rewards at the end of a game, the same for every interface.

- `win`: +1 for the only winner, 0 for each of several tied winners, -1 for everyone else.
- `margin`: the seat's final score minus the best score among the other seats.
"""

from __future__ import annotations

from typing import Any

from bigtop.core.api import Game, State
from bigtop.core.errors import BigtopError

REWARDS = ("win", "margin")
DEFAULT_SCORE_BOUNDS = (0.0, 1000.0)


def check_reward(mode: str) -> str:
    """`mode` if it is a known reward, else a `BigtopError` naming the known ones."""
    if mode not in REWARDS:
        raise BigtopError(f"unknown reward {mode!r}; known rewards: {', '.join(REWARDS)}")
    return mode


def final_rewards(state: State, mode: str) -> list[float]:
    """Each seat's reward for the finished game `state`."""
    if mode == "margin":
        scores = state.scores()
        return [
            float(scores[p]) - max(float(s) for q, s in enumerate(scores) if q != p) for p in range(state.players)
        ]
    winners = state.result().winners
    alone = len(winners) == 1
    return [(1.0 if alone else 0.0) if p in winners else -1.0 for p in range(state.players)]


def shaped_rewards(state: State, margin_weight: float, win_weight: float = 1.0) -> list[float]:
    """Each seat's training reward for the finished game `state`: `win_weight` times its `win`
    reward plus `margin_weight` times its `margin` (which keeps a signal once a learner wins most
    games; alone, with `win_weight` 0, it is the less noisy signal of the two)."""
    return [
        win_weight * win + margin_weight * margin
        for win, margin in zip(final_rewards(state, "win"), final_rewards(state, "margin"), strict=True)
    ]


def reward_bounds(game: Game[Any], players: int, options: Any, mode: str) -> tuple[float, float]:
    """Lowest and highest reward: [-1, 1] for "win"; for "margin", from the game's hook
    `score_bounds(players, options) -> (lowest, highest score)` or a default of (0, 1000)."""
    if mode == "win":
        return -1.0, 1.0
    hook = getattr(game, "score_bounds", None)
    low, high = hook(players, options) if hook is not None else DEFAULT_SCORE_BOUNDS
    return float(low) - float(high), float(high) - float(low)
