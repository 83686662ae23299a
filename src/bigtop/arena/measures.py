"""What decided a game, measured while it is played (the figures TAG reports per game).

- `turn_order`: each seat's place in the turn order as the game defines it (0 plays first), from
  the game's optional `turn_order(state) -> list[int]` hook; without it, the seat number.
- `margin`: the winner's score minus the best other score.
- `lead_changes`: how often the sole leader on score became another seat during the game.
- `decisions`: moves where the seat had more than one legal action (forced moves are not asked);
  `turns`: runs of consecutive moves by the same seat; `branching`: the mean number of legal
  actions at a decision, overall and for each tenth of the game (`branching_by_tenth`).
- `actions`: per seat, how many of its decisions took each type of action (`Hire`, `Place`...).
- `offers`: per seat, for each content feature an action would give (the game's optional
  `offered_feature(options, action) -> str | None` hook, e.g. `hired: Orchestra` for hiring it),
  in how many of its decisions it was offered and in how many taken; None without the hook.
- `score_trajectory`: every seat's score after 10 %, 20 %, ... 100 % of the game's moves.
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
        self.watcher.choosing = legal
        return self.bot.choose(state, player, legal)


class Watcher:
    """Wraps a game's bots and follows its moves (`play_game(..., on_move=watcher.moved)`)."""

    def __init__(self, bots: Sequence[Bot], game: Any = None) -> None:
        self.bots = [_Counted(bot, self) for bot in bots]
        self.choosing: Sequence[Action] | None = None
        self.choices: list[tuple[int, int]] = []  # (move number, legal actions) per decision
        self.turns = 0
        self.lead_changes = 0
        self.actions: list[dict[str, int]] = [{} for _ in bots]
        self._offered = getattr(game, "offered_feature", None)
        self.offers: list[dict[str, list[int]]] = [{} for _ in bots]
        self.scores: list[tuple[float, ...]] = []
        self._mover: int | None = None
        self._leader: int | None = None

    def _decided(self, state: Any, seat: int, action: Action, legal: Sequence[Action]) -> None:
        self.choices.append((state.move_count, len(legal)))
        kind = type(action).__name__
        self.actions[seat][kind] = self.actions[seat].get(kind, 0) + 1
        if self._offered is None:
            return
        taken = self._offered(state.options, action)
        for feature in {f for a in legal if (f := self._offered(state.options, a)) is not None}:
            cell = self.offers[seat].setdefault(feature, [0, 0])
            cell[0] += 1
            cell[1] += feature == taken

    def moved(self, state: Any, seat: int, action: Action) -> None:
        if self.choosing is not None:
            self._decided(state, seat, action, self.choosing)
            self.choosing = None
        if seat != self._mover:
            self.turns += 1
            self._mover = seat
        scores = state.scores()
        self.scores.append(tuple(scores))
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
            "actions": self.actions,
            "offers": self.offers if self._offered is not None else None,
            "score_trajectory": self._trajectory(state),
        }

    def _trajectory(self, state: Any) -> list[list[float]]:
        """Every seat's score after each tenth of the game's moves (the last: the final scores)."""
        if not self.scores:
            return [list(state.scores())] * TENTHS
        return [list(self.scores[max(1, round(t * len(self.scores) / TENTHS)) - 1]) for t in range(1, TENTHS + 1)]
