"""What decided a game, measured while it is played (the figures TAG reports per game).

- `turn_order`: each seat's place in the turn order as the game defines it (0 plays first), from
  the game's optional `turn_order(state) -> list[int]` hook; without it, the seat number.
- `margin`: the winner's score minus the best other score.
- `lead_changes`: how often the sole leader on score became another seat during the game.
- `decisions`: moves where the seat had more than one legal action (forced moves are not asked);
  `turns`: runs of consecutive moves by the same seat; `branching`: the mean number of legal
  actions at a decision, overall and for each tenth of the game (`branching_by_tenth`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bigtop.bots.base import Bot
from bigtop.core.actions import Action

TENTHS = 10


class _Counted:
    """A bot that tells the watcher how many legal actions it chose from."""

    def __init__(self, bot: Bot, watcher: Watcher) -> None:
        self.bot, self.watcher = bot, watcher
        self.name = bot.name
        self.needs_state = bot.needs_state

    def choose(self, state: Any | None, player: int, legal: Sequence[Action]) -> Action:
        self.watcher.choosing = len(legal)
        return self.bot.choose(state, player, legal)


class Watcher:
    """Wraps a game's bots and follows its moves (`play_game(..., on_move=watcher.moved)`)."""

    def __init__(self, bots: Sequence[Bot]) -> None:
        self.bots = [_Counted(bot, self) for bot in bots]
        self.choosing: int | None = None
        self.choices: list[tuple[int, int]] = []  # (move number, legal actions) per decision
        self.turns = 0
        self.lead_changes = 0
        self._mover: int | None = None
        self._leader: int | None = None

    def moved(self, state: Any, seat: int, action: Action) -> None:
        if self.choosing is not None:
            self.choices.append((state.move_count, self.choosing))
            self.choosing = None
        if seat != self._mover:
            self.turns += 1
            self._mover = seat
        scores = state.scores()
        top = max(scores)
        leaders = [s for s, x in enumerate(scores) if x == top]
        if len(leaders) == 1 and leaders[0] != self._leader:
            self.lead_changes += self._leader is not None
            self._leader = leaders[0]

    def measures(self, game: Any, state: Any) -> dict[str, Any]:
        """The figures of the finished game, JSON-ready."""
        hook = getattr(game, "turn_order", None)
        order = list(hook(state)) if hook is not None else list(range(state.players))
        ranked = sorted(state.scores(), reverse=True)
        tenths: list[list[int]] = [[] for _ in range(TENTHS)]
        for move, legal in self.choices:
            tenths[min(TENTHS - 1, (move - 1) * TENTHS // max(1, state.move_count))].append(legal)
        return {
            "turn_order": order,
            "margin": ranked[0] - ranked[1] if len(ranked) > 1 else 0.0,
            "lead_changes": self.lead_changes,
            "decisions": len(self.choices),
            "turns": self.turns,
            "branching": sum(n for _, n in self.choices) / len(self.choices) if self.choices else None,
            "branching_by_tenth": [sum(t) / len(t) if t else None for t in tenths],
        }
