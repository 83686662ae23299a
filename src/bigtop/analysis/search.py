"""What a search sees from one seat's information set: each seat's win chance and expected score,
and the value of each of the deciding seat's actions, with their uncertainty.

The search is the ISMCTS bot's (`bigtop.bots.ismcts`), with the game's hooks, run on the true
state but reading it only through `state.determinize(seat, rng)`: every iteration draws a new
determinization from the deciding seat's point of view. Its reward is the win share (margin 0), or
the game's `evaluate` where a playout is cut; each playout's reward vector is normalised to sum 1
(a chance to win, shared wins as shares) and kept per first choice of the deciding seat. The
estimate of a choice is the mean over the iterations that began with it; its 95 % interval is
1.96 standard errors of that mean. Expected scores are the final scores where a playout reached the
end, else the game's `worth` hook (estimated final score per seat; without it, the scores so far).
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bigtop.analysis import calibration
from bigtop.bots.ismcts import IsmctsBot, Move, Node
from bigtop.core.actions import Action
from bigtop.core.api import State
from bigtop.core.errors import BigtopError

DEFAULT_ITERATIONS = 300
Z95 = 1.96
PLAYED_SHARE = 0.1  # the move played gets at least this share of the budget in visits of its own
PLAYED_MIN_VISITS = 8


@dataclass(frozen=True)
class Budget:
    """How long to search each decision: `iterations`, or `seconds` of wall clock when given."""

    iterations: int = DEFAULT_ITERATIONS
    seconds: float | None = None

    def __post_init__(self) -> None:
        if self.iterations < 1:
            raise BigtopError("the budget must be at least 1 iteration")
        if self.seconds is not None and not 0 < self.seconds <= 3600:
            raise BigtopError("the time per decision must be between 0 and 3600 seconds")

    def describe(self) -> str:
        return f"{self.seconds:g} s per decision" if self.seconds is not None else f"{self.iterations} iterations per decision"

    def to_json(self) -> dict[str, Any]:
        return {"iterations": None if self.seconds is not None else self.iterations, "seconds": self.seconds}


DEFAULT_BUDGET = Budget()


@dataclass(frozen=True)
class ActionValue:
    """One of the deciding seat's actions: how often the search tried it first, every seat's
    calibrated win chance after it and the half-widths of their 95 % intervals, every seat's
    expected score, and the search's raw (uncalibrated) win values."""

    action: Action
    visits: int
    wins: tuple[float, ...]
    margins: tuple[float, ...]
    expected_score: tuple[float, ...]
    raw: tuple[float, ...]


@dataclass(frozen=True)
class Estimate:
    """A search from `seat`'s information set: the deciding seat's actions, most visited first
    (the first is the search's preferred one, `best`, whose values are the position's)."""

    seat: int
    iterations: int
    actions: tuple[ActionValue, ...]

    @property
    def best(self) -> ActionValue:
        return self.actions[0]

    @property
    def win_chance(self) -> tuple[float, ...]:
        return self.best.wins

    @property
    def win_margin(self) -> tuple[float, ...]:
        return self.best.margins

    @property
    def expected_score(self) -> tuple[float, ...]:
        return self.best.expected_score

    def value_of(self, action: Action) -> ActionValue | None:
        return next((a for a in self.actions if a.action == action), None)


class _Tally:
    """Running sums of the normalised reward vectors and score estimates of one first choice."""

    __slots__ = ("n", "win", "win_sq", "score")

    def __init__(self, players: int) -> None:
        self.n = 0
        self.win = [0.0] * players
        self.win_sq = [0.0] * players
        self.score = [0.0] * players

    def add(self, win: Sequence[float], score: Sequence[float]) -> None:
        self.n += 1
        for p, w in enumerate(win):
            self.win[p] += w
            self.win_sq[p] += w * w
            self.score[p] += score[p]

    def means(self) -> tuple[tuple[float, ...], tuple[float, ...], tuple[float, ...]]:
        """Per seat: mean win chance, half-width of its 95 % interval, mean expected score."""
        n = self.n
        mean = tuple(w / n for w in self.win)
        # squared deviations plus a quarter (half a win's spread, once): never an interval of width 0
        margin = tuple(
            Z95 * math.sqrt((max(0.0, sq - n * m * m) + 0.25) / (n * (n - 1))) if n > 1 else 1.0
            for sq, m in zip(self.win_sq, mean, strict=True)
        )
        return mean, margin, tuple(s / n for s in self.score)


class ReviewSearch(IsmctsBot):
    """The ISMCTS bot with margin 0 that tallies, per first choice of the deciding seat, each
    playout's reward vector and score estimate; `forced` pins that first choice."""

    def __init__(self, game: Any, seed: int, seat: int) -> None:
        super().__init__(game, seed, margin=0.0)
        self.seat = seat
        self.worth = getattr(game, "worth", None)
        self.root = Node()
        self.forced: Action | None = None
        self.first: Action | None = None
        self.tallies: dict[Action, _Tally] = {}

    def _select(self, node: Node, det: State) -> list[Move]:
        if node is not self.root:
            return super()._select(node, det)
        seat, forced, space = self.seat, self.forced, det.action_space
        moves = []
        for mover in det.to_move():
            legal = det.legal_actions(mover)
            if mover == seat and forced is not None and forced in legal:
                legal = [forced]
            moves.append(self._pick(node.stats, mover, legal, space))
        self.first = next((a for s, _, a in moves if s == seat), None)
        return moves

    def _playout(self, det: State) -> list[float]:
        reward = super()._playout(det)
        if self.first is not None:
            if det.is_over():
                score: Sequence[float] = det.scores()
            else:
                score = self.worth(det) if self.worth is not None else det.scores()
            total = sum(reward)
            win = [r / total for r in reward] if total > 0 else [1.0 / len(reward)] * len(reward)
            tally = self.tallies.get(self.first)
            if tally is None:
                tally = self.tallies[self.first] = _Tally(len(reward))
            tally.add(win, score)
        return reward

    def run(self, state: State, iterations: int, seconds: float | None) -> int:
        """Iterate from `state` (through determinizations for `self.seat` only) for the budget;
        how many iterations were done."""
        deadline = None if seconds is None else time.perf_counter() + seconds
        done = 0
        while done < iterations if deadline is None else time.perf_counter() < deadline or done == 0:
            self.first = None
            self.iterate(self.root, state, self.seat)
            done += 1
        return done


def estimate(
    state: State, seat: int, budget: Budget = DEFAULT_BUDGET, seed: int = 0, played: Action | None = None,
    calibrated: calibration.Calibration | None = None,
) -> Estimate:
    """Search `seat`'s decision in `state` from its information set only (`state` is read through
    `determinize(seat, ...)`, never directly). With `played`, that action is also searched until it
    has a tenth of the budget in visits of its own, so that its value is known as well. Win values
    are calibrated with `calibrated` (default: the game's fitted calibration)."""
    legal = state.legal_actions(seat)
    if not legal:
        raise BigtopError(f"seat {seat} has no decision to make now")
    if played is not None and played not in legal:
        raise BigtopError(f"{played} is not one of seat {seat}'s legal actions here")
    search = ReviewSearch(state.game, seed, seat)
    done = search.run(state, budget.iterations, budget.seconds)
    preferred = {a: t.n for a, t in search.tallies.items()}
    if played is not None:
        tally = search.tallies.get(played)
        wanted = max(PLAYED_MIN_VISITS, math.ceil(PLAYED_SHARE * done))
        have = tally.n if tally is not None else 0
        if have < wanted:
            search.forced = played
            done += search.run(state, wanted - have, None)
            search.forced = None
    if calibrated is None:
        calibrated = calibration.for_game(state.game.name)
    values = []
    for action, tally in search.tallies.items():
        mean, margin, score = tally.means()
        wins, margins = calibrated.apply(mean, margin, seat)
        values.append(ActionValue(action, tally.n, wins, margins, score, mean))
    values.sort(key=lambda v: (-preferred.get(v.action, 0), -v.visits))
    return Estimate(seat, done, tuple(values))
