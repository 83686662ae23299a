"""What a search sees from one seat's information set: each seat's win chance, expected score and
expected lead, and the value of each of the deciding seat's actions, with their uncertainty.

The search is the ISMCTS bot's (`bigtop.bots.ismcts`), with the game's hooks, run on the true
state but reading it only through `state.determinize(seat, rng)`: every iteration draws a new
determinization from the deciding seat's point of view (a spectator's, for `seat` None). Each
playout gives a win vector (the win shares of a finished game, or the game's `evaluate` where a
playout is cut, normalised to sum 1), each seat's score (the final scores, else the game's `worth`
hook: its estimated final score; without it, the scores so far) and each seat's lead (its score
minus the best other seat's). These are kept per first choice of the deciding seat: the estimate
of a choice is the mean over the iterations that began with it, with a 95 % interval of 1.96
standard errors of that mean.

The tree itself is grown on a blend of the win share and the lead (`Scale.blend` of a logistic of
the lead), so that in a position already won or lost the search still prefers the move that loses
fewer points, as a player would.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bigtop.analysis import calibration
from bigtop.analysis.grading import Scale, scale_of
from bigtop.bots.ismcts import IsmctsBot, Move, Node, play
from bigtop.core.actions import Action
from bigtop.core.api import State
from bigtop.core.errors import BigtopError
from bigtop.core.rng import Rng

DEFAULT_ITERATIONS = 100
DEFAULT_PAIRS = 64
Z95 = 1.96
PLAYED_SHARE = 0.1  # the move played gets at least this share of the budget in visits of its own
PLAYED_MIN_VISITS = 8
ROUND_SALT = 0x70D0  # sets a round's successor apart from its playouts' draws


@dataclass(frozen=True)
class Budget:
    """How long to search each decision: `iterations`, or `seconds` of wall clock when given; a
    review then compares a move played that the search did not prefer with the preferred ones in
    up to `pairs` pairs of deeper playouts (`bigtop.analysis.judge`); 0 pairs: no comparison, only
    the first search's win chances (no loss measured, no grade), for a game's drama."""

    iterations: int = DEFAULT_ITERATIONS
    seconds: float | None = None
    pairs: int = DEFAULT_PAIRS

    def __post_init__(self) -> None:
        if self.iterations < 1:
            raise BigtopError("the budget must be at least 1 iteration")
        if self.seconds is not None and not 0 < self.seconds <= 3600:
            raise BigtopError("the time per decision must be between 0 and 3600 seconds")
        if not 0 <= self.pairs <= 100_000:
            raise BigtopError("the paired comparisons must be between 0 and 100000")

    def describe(self) -> str:
        return f"{self.seconds:g} s per decision" if self.seconds is not None else f"{self.iterations} iterations per decision"

    def to_json(self) -> dict[str, Any]:
        return {"iterations": None if self.seconds is not None else self.iterations, "seconds": self.seconds, "pairs": self.pairs}


DEFAULT_BUDGET = Budget()


@dataclass(frozen=True)
class ActionValue:
    """One of the deciding seat's actions: how often the search tried it first, every seat's
    calibrated win chance after it and the half-widths of their 95 % intervals, every seat's
    expected score and expected lead (score minus the best other seat's) with its 95 % half-width,
    and the search's raw (uncalibrated) win values."""

    action: Action
    visits: int
    wins: tuple[float, ...]
    margins: tuple[float, ...]
    expected_score: tuple[float, ...]
    raw: tuple[float, ...]
    lead: tuple[float, ...] = ()
    lead_margin: tuple[float, ...] = ()


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

    @property
    def expected_lead(self) -> tuple[float, ...]:
        return self.best.lead

    def value_of(self, action: Action) -> ActionValue | None:
        return next((a for a in self.actions if a.action == action), None)


def half_width(n: int, total: float, squares: float, floor: float) -> float:
    """The 95 % half-width of a mean of `n` values with this sum and sum of squares; `floor` is
    added to the squared deviations once, so that an interval is never 0 wide (1.0 times the
    floor's square root for fewer than 2 values)."""
    if n < 2:
        return Z95 * math.sqrt(floor) if floor else math.inf
    mean = total / n
    return Z95 * math.sqrt((max(0.0, squares - n * mean * mean) + floor) / (n * (n - 1)))


@dataclass(frozen=True)
class Playout:
    """What one playout gave: each seat's win share (adding up to 1), score and lead."""

    win: tuple[float, ...]
    score: tuple[float, ...]
    lead: tuple[float, ...]


class _Tally:
    """Running sums of the playouts of one first choice."""

    __slots__ = ("n", "win", "win_sq", "score", "lead", "lead_sq")

    def __init__(self, players: int) -> None:
        self.n = 0
        self.win = [0.0] * players
        self.win_sq = [0.0] * players
        self.score = [0.0] * players
        self.lead = [0.0] * players
        self.lead_sq = [0.0] * players

    def add(self, playout: Playout) -> None:
        self.n += 1
        for p, w in enumerate(playout.win):
            self.win[p] += w
            self.win_sq[p] += w * w
            self.score[p] += playout.score[p]
            x = playout.lead[p]
            self.lead[p] += x
            self.lead_sq[p] += x * x

    def means(self) -> tuple[tuple[float, ...], tuple[float, ...], tuple[float, ...]]:
        """Per seat: mean win chance, half-width of its 95 % interval, mean expected score."""
        n = self.n
        mean = tuple(w / n for w in self.win)
        # squared deviations plus a quarter (half a win's spread, once): never an interval of width 0
        margin = tuple(half_width(n, w, sq, 0.25) if n > 1 else 1.0 for w, sq in zip(self.win, self.win_sq, strict=True))
        return mean, margin, tuple(s / n for s in self.score)

    def leads(self) -> tuple[tuple[float, ...], tuple[float, ...]]:
        """Per seat: mean lead and the half-width of its 95 % interval (a point's spread added once)."""
        n = self.n
        return (tuple(x / n for x in self.lead),
                tuple(half_width(n, x, sq, 1.0) for x, sq in zip(self.lead, self.lead_sq, strict=True)))


def leads(score: Sequence[float]) -> tuple[float, ...]:
    """Each seat's score minus the best other seat's (its own score, alone)."""
    if len(score) == 1:
        return (float(score[0]),)
    top = sorted(score, reverse=True)
    return tuple(s - (top[1] if s == top[0] else top[0]) for s in score)


class ReviewSearch(IsmctsBot):
    """The ISMCTS bot with margin 0 that tallies, per first choice of the deciding seat, each
    playout's win vector, scores and leads, and grows its tree on the blend of win and lead of
    the game's `Scale`; `forced` pins that first choice. For `seat` None (a spectator) every
    iteration is tallied under the key None. `root` continues a tree grown before (see
    `subtree`): its statistics guide the search from the start; the tallies count only the
    iterations run here."""

    def __init__(
        self, game: Any, seed: int, seat: int | None, scale: Scale | None = None, depth: int | None = None, root: Node | None = None,
    ) -> None:
        scale = scale if scale is not None else scale_of(game.name)
        super().__init__(game, seed, margin=0.0, depth=depth if depth is not None else scale.depth)
        self.seat = seat
        self.worth = getattr(game, "worth", None)
        self.scale = scale
        self.root = root if root is not None else Node()
        self.forced: Action | None = None
        self.first: Action | None = None
        self.tallies: dict[Action | None, _Tally] = {}
        self.last: Playout | None = None
        self.space: Any = None  # the action space of the position searched (`run`)

    def _select(self, node: Node, det: State) -> list[Move]:
        if node is not self.root:
            return super()._select(node, det)
        seat, forced, space = self.seat, self.forced, det.action_space
        moves = []
        for mover in det.to_move():
            legal, ids = det.legal_with_ids(mover)
            if mover == seat and forced is not None and forced in legal:
                legal, ids = [forced], [space.encode(forced)]
            moves.append(self._pick(node.stats, mover, legal, ids, mover * space.size))
        if seat is not None:
            self.first = next((a for s, _, a in moves if s == seat), None)
        return moves

    def _playout(self, det: State) -> list[float]:
        reward = super()._playout(det)
        if det.is_over():
            score: Sequence[float] = det.scores()
        else:
            score = self.worth(det) if self.worth is not None else det.scores()
        total = sum(reward)
        win = tuple(r / total for r in reward) if total > 0 else (1.0 / len(reward),) * len(reward)
        lead = leads(score)
        self.last = playout = Playout(win, tuple(score), lead)
        if self.first is not None or self.seat is None:
            tally = self.tallies.get(self.first)
            if tally is None:
                tally = self.tallies[self.first] = _Tally(len(reward))
            tally.add(playout)
        return self.scale.reward(win, lead)

    def run(self, state: State, iterations: int, seconds: float | None) -> int:
        """Iterate from `state` (through determinizations for `self.seat` only) for the budget;
        how many iterations were done."""
        deadline = None if seconds is None else time.perf_counter() + seconds
        self.space = state.action_space
        done = 0
        while done < iterations if deadline is None else time.perf_counter() < deadline or done == 0:
            self.first = None
            self.iterate(self.root, state, self.seat)
            done += 1
        return done

    def first_visits(self, action: Action) -> float:
        """How many iterations began with `action` at the root, those of a tree continued included."""
        entry = self.root.stats.get(self._key(action)) if self.seat is not None else None
        return entry[0] if entry is not None else 0.0

    def _key(self, action: Action) -> int:
        """The deciding seat's move key of `action` in the tree (`IsmctsBot._pick`)."""
        assert self.seat is not None and self.space is not None
        return self.seat * self.space.size + self.space.encode(action)

    def subtree(self, action: Action) -> Node | None:
        """The tree grown under the deciding seat's `action` when it alone was to move: the root of
        its next decision's search, if it decides again before anything is drawn or revealed."""
        return self.root.children.get(self._key(action)) if self.seat is not None else None

    def compare(self, state: State, actions: Sequence[Action]) -> list[Playout]:
        """A playout after each of `actions`, all from one determinization (the same hidden cards
        and the same future draws) and with the same random draws for the playout policy: the
        moves are played out alike, so that their differences are far less noisy than those of
        separate searches. No tree: every seat plays the game's playout policy."""
        det = state.determinize(self.seat, self.rng)
        det.silence()
        playout_seed = self.rng.next64()
        out = []
        for action in actions:
            copy = det.clone()
            play(copy, self.seat, action)  # type: ignore[arg-type]  # moves are compared for a seat, never for a spectator
            self.rng = Rng(playout_seed)
            self.first = None
            self._playout(copy)
            assert self.last is not None
            out.append(self.last)
        self.rng = Rng(playout_seed ^ ROUND_SALT)  # the next round: another determinization
        return out


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
    values = action_values(search, calibrated, seat)
    values.sort(key=lambda v: (-preferred.get(v.action, 0), -v.visits))
    return Estimate(seat, done, tuple(values))


def action_values(search: ReviewSearch, calibrated: calibration.Calibration, seat: int | None) -> list[ActionValue]:
    """The value of each first choice a search has tallied (seat None: a spectator's, one value
    under the action None), calibrated for `seat`."""
    values = []
    for action, tally in search.tallies.items():
        mean, margin, score = tally.means()
        wins, margins = calibrated.apply(mean, margin, seat)
        lead, lead_margin = tally.leads()
        values.append(ActionValue(action, tally.n, wins, margins, score, mean, lead, lead_margin))  # type: ignore[arg-type]  # a seat's tallies are keyed by actions (None is a spectator's key)
    return values
