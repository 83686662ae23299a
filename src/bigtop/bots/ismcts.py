"""Information-set Monte Carlo tree search (SO-ISMCTS) for any registered game.

One tree per decision, grown from the deciding seat's point of view. Every iteration draws one
determinization (`state.determinize(seat, rng)` with the bot's own RNG; the kernel reseeds the
copy's chance stream from it, so the future is not the true game's), walks the tree, adds one node,
plays the rest of the game out, and backs the reward vector up.

- Several seats in `to_move()` (a simultaneous step) are handled as one decoupled node: each seat
  picks from its own statistics, blind to what the others pick in the same step.
- Multi-player: every seat maximises its own entry of the reward vector (see `rewards`).
- Action lists that differ between determinizations: selection only considers the actions legal in
  the current determinization, with UCB over availability counts (how often an action was legal
  when its seat chose here), as in SO-ISMCTS.
- The tree keys a seat's action by an integer, its move key: `seat * size + id`, where `id` is the
  action's id in the game's action space (`state.action_space`, size `size`). The space remembers
  the id of every action object it encoded, so listing the ids of a legal list costs a dictionary
  look-up per action, where hashing a (seat, action) pair called the frozen dataclass's `__hash__`.
  The choices are the same as with the actions themselves as keys.

Optional hooks a game may provide (looked up with `getattr` on the `Game`):

- `rollout_action(state, player, legal, rng) -> Action`: the playout policy (default: uniform).
- `evaluate(state) -> Sequence[float]`: a value in [0, 1] per seat for an unfinished state; when
  present, playouts stop after `depth` decisions (30 by default) and use it instead of playing to
  the end.

Without `evaluate`, playouts run to the end unless `depth` is given; then the cut-off state is
scored like a finished one from its current scores (`rewards`), which suits games whose scores
grow during play.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from typing import Any

from bigtop.core.actions import Action
from bigtop.core.api import State
from bigtop.core.errors import BigtopError
from bigtop.core.rng import Rng

Key = int | tuple[int, ...]  # a child's key: one mover's move key, or the movers' keys of a simultaneous step
Move = tuple[int, int, Action]  # one mover's choice: (seat, move key, action)
DEFAULT_EVALUATE_DEPTH = 30


def margin_values(worth: Sequence[float], scale: float) -> list[float]:
    """Per seat, a logistic of its lead over the best other seat: `1 / (1 + exp(-lead / scale))`.

    A helper for a game's `evaluate` hook: `worth` is each seat's estimated final score."""
    n = len(worth)
    if n == 1:
        return [0.5]
    others = list(worth)
    top = max(others)
    first = others.index(top)  # every seat's best other seat is `first`, except `first`'s own
    del others[first]
    second = max(others)
    exp = math.exp
    out = []
    for p, w in enumerate(worth):
        x = (w - (second if p == first else top)) / scale
        out.append(1.0 / (1.0 + exp(-x)) if x > -60.0 else 0.0)
    return out


def play(state: State, player: int, action: Action) -> None:
    """Apply an action taken from `state.legal_actions(player)` without checking it again.

    The search only ever plays actions from the current legal list on its own throwaway copies, so
    the kernel's validation (a linear search of the legal list) and undo history are skipped; the
    legal-action cache and move count are kept right."""
    state._legal_cache = None  # `forget_legal_actions`, written out: this runs at every move of a search
    state._apply(player, action)
    state._legal_cache = None
    state._moves += 1


class Node:
    """A tree node: per move key (see `IsmctsBot`) `[visits, total reward, availability]`, and
    children by the joint move that leads to them (one mover's move key, or the tuple of the
    movers' keys in a simultaneous step)."""

    __slots__ = ("stats", "children")

    def __init__(self) -> None:
        self.stats: dict[int, list[float]] = {}
        self.children: dict[Key, Node] = {}


def rewards(state: State, margin: float = 0.0) -> list[float]:
    """Each seat's reward in [0, 1]: its share of the win (of the lead, if the game is not over),
    blended with weight `margin` with its score's place between the lowest and the highest score
    (0.5 if all are equal)."""
    result = state.result()
    share = 1.0 / len(result.winners)
    win = [share if p in result.winners else 0.0 for p in range(state.players)]
    if margin <= 0.0:
        return win
    scores = result.scores
    low, high = min(scores), max(scores)
    spread = high - low
    place = [(s - low) / spread if spread else 0.5 for s in scores]
    return [(1.0 - margin) * w + margin * q for w, q in zip(win, place, strict=True)]


def most_visited(root: Node, state: State, player: int, legal: Sequence[Action]) -> Action:
    """The action of `legal` that `player` chose most often at `root` of a search from `state`
    (the first one on a tie)."""
    visits = IsmctsBot.visits(root, state, player, legal)
    return legal[visits.index(max(visits))]


class IsmctsBot:
    """SO-ISMCTS with UCB1 over availability counts; per decision `iterations`, or a time budget:
    `seconds` of the wall clock, or `cpu_seconds` of the searching thread's CPU time (which other
    processes on a busy machine do not eat into)."""

    name = "ismcts"
    needs_state = True

    def __init__(
        self,
        game: Any,
        seed: int = 0,
        iterations: int = 1000,
        seconds: float | None = None,
        c: float = 0.7,
        margin: float = 0.1,
        depth: int | None = None,
        cpu_seconds: float | None = None,
    ) -> None:
        if iterations < 1:
            raise BigtopError("ismcts: iterations must be at least 1")
        if seconds is not None and seconds <= 0:
            raise BigtopError("ismcts: time must be positive")
        if cpu_seconds is not None and cpu_seconds <= 0:
            raise BigtopError("ismcts: cpu_time must be positive")
        if seconds is not None and cpu_seconds is not None:
            raise BigtopError("ismcts: give time (wall clock) or cpu_time (CPU time), not both")
        if not 0.0 <= margin <= 1.0:
            raise BigtopError("ismcts: margin must be between 0 and 1")
        if depth is not None and depth < 0:
            raise BigtopError("ismcts: depth must be 0 or more")
        self.game = game
        self.rng = Rng(seed)
        self.iterations = iterations
        self.seconds = seconds if cpu_seconds is None else cpu_seconds
        # the clock of the time budget: the wall clock, or the CPU time of the searching thread
        self.clock: Callable[[], float] = time.perf_counter if cpu_seconds is None else time.thread_time
        self.c = c
        self.margin = margin
        self.evaluate: Callable[[State], Sequence[float]] | None = getattr(game, "evaluate", None)
        if depth is None and self.evaluate is not None:
            depth = getattr(game, "search_depth", DEFAULT_EVALUATE_DEPTH)
        self.depth = depth
        self.rollout_action: Callable[..., Action] | None = getattr(game, "rollout_action", None)
        self.last_iterations = 0

    def choose(self, state: Any | None, player: int, legal: Sequence[Action]) -> Action:
        """The most visited of `player`'s actions after the search from `state` (a determinization)."""
        if state is None:
            raise BigtopError("ismcts needs a determinized state")
        if len(legal) == 1:
            return legal[0]
        return most_visited(self.search(state, player), state, player, legal)

    @staticmethod
    def visits(node: Node, state: State, seat: int, legal: Sequence[Action]) -> list[float]:
        """How often `seat` chose each action of `legal` at `node` (0 for one never tried)."""
        space = state.action_space
        base, stats = seat * space.size, node.stats
        return [stats.get(base + i, (0.0,))[0] for i in space.encode_all(legal)]

    def search(self, state: State, player: int) -> Node:
        """Grow a tree from `player`'s information set for the iteration or time budget; the root."""
        root = Node()
        clock = self.clock
        deadline = None if self.seconds is None else clock() + self.seconds
        done = 0
        while True:
            self.iterate(root, state, player)
            done += 1
            if done >= self.iterations if deadline is None else clock() >= deadline:
                break
        self.last_iterations = done
        return root

    def iterate(self, root: Node, state: State, player: int | None) -> None:
        """One iteration: determinize, select and expand, play out, back up."""
        rng = self.rng
        if player is not None:  # listed once (a cache hit after the first iteration): every copy keeps it
            state.legal_with_ids(player)
        det = state.determinize(player, rng)  # with its own chance stream, drawn from `rng`
        det.silence()  # a throwaway copy: its log is never read
        path: list[tuple[Node, list[Move]]] = []
        node = root
        key: Key
        while not det.is_over():
            moves = self._select(node, det)
            path.append((node, moves))
            if len(moves) == 1:
                seat, key, action = moves[0]
                play(det, seat, action)
            else:
                key = tuple([move[1] for move in moves])
                for seat, _, action in moves:
                    if seat in det.to_move():  # a simultaneous step may end the game half-way
                        play(det, seat, action)
            child = node.children.get(key)
            if child is None:
                node.children[key] = Node()
                break
            node = child
        reward = self._playout(det)
        for node, moves in path:
            stats = node.stats
            for seat, key, _ in moves:
                entry = stats[key]
                entry[0] += 1.0
                entry[1] += reward[seat]

    def _select(self, node: Node, det: State) -> list[Move]:
        """The joint move at `node`: each mover picks by `_pick` from its legal actions."""
        stats, size = node.stats, det.action_space.size
        return [self._pick(stats, seat, *det.legal_with_ids(seat), seat * size) for seat in det.to_move()]

    def _pick(self, stats: dict[int, list[float]], seat: int, legal: Sequence[Action], ids: list[int], base: int) -> Move:
        """`seat`'s choice among `legal` (whose ids are `ids`; its move keys `base + id`) at a node
        with these statistics: an untried action at random, else the best by UCB1 over availability
        counts (each tried one's count goes up)."""
        untried: list[int] = []
        tried: list[list[float] | None] = []
        for i in ids:
            entry = stats.get(base + i)
            if entry is None:
                untried.append(i)
            else:
                entry[2] += 1.0
            tried.append(entry)
        if untried:
            i = untried[self.rng.below(len(untried))] if len(untried) > 1 else untried[0]
            stats[base + i] = [0.0, 0.0, 1.0]
            return (seat, base + i, legal[ids.index(i)])
        c = self.c
        log, sqrt = math.log, math.sqrt
        best_value = -1.0
        best = 0
        for j, entry in enumerate(tried):
            visits, total, avail = entry  # type: ignore[misc]  # `tried` lists only actions with statistics
            value = total / visits + c * sqrt(log(avail) / visits)
            if value > best_value:
                best_value, best = value, j
        return (seat, base + ids[best], legal[best])

    def _playout(self, det: State) -> list[float]:
        """Play `det` on (mutating it) and return the reward vector."""
        rng = self.rng
        policy = self.rollout_action
        depth = self.depth
        moves = 0
        while not det.is_over():
            if depth is not None and moves >= depth:
                return list(self.evaluate(det)) if self.evaluate is not None else rewards(det, self.margin)
            seat = det.to_move()[0]
            legal = det.legal_actions(seat)
            if policy is not None:
                action = policy(det, seat, legal, rng)
            else:
                action = legal[rng.below(len(legal))] if len(legal) > 1 else legal[0]
            play(det, seat, action)
            moves += 1
        return rewards(det, self.margin)


def make_ismcts(game: Any, seed: int, **params: str) -> IsmctsBot:
    """The registry factory: `ismcts:iterations=2000`, `ismcts:time=1` (seconds of the wall clock),
    `ismcts:cpu_time=1` (seconds of the searching thread's CPU time), `c=`, `margin=`, `depth=`."""
    converters: dict[str, tuple[str, Callable[[str], Any]]] = {
        "iterations": ("iterations", int),
        "time": ("seconds", float),
        "cpu_time": ("cpu_seconds", float),
        "c": ("c", float),
        "margin": ("margin", float),
        "depth": ("depth", int),
    }
    kwargs: dict[str, Any] = {}
    for key, value in params.items():
        if key not in converters:
            raise BigtopError(f"ismcts: unknown parameter {key!r}; known: {', '.join(converters)}")
        name, convert = converters[key]
        try:
            kwargs[name] = convert(value)
        except ValueError:
            raise BigtopError(f"ismcts: {key}={value!r} is not a number") from None
    return IsmctsBot(game, seed, **kwargs)
