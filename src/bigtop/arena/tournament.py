"""A tournament: the schedule of seeded games with seats rotated fairly, and playing one game.

Every deal (seed) is played once with each seating of the entrants (all permutations), so each
entrant sits in each seat equally often and meets the same cards from every seat. Game `i` uses
seed `seed + i // seatings` and seating `i % seatings`; the bot in seat `s` gets the seed
`game_seed * 100 + s`. A game is fully determined by its `Task` (given iteration budgets, not time
budgets), so the same tournament gives the same results wherever it runs.
"""

from __future__ import annotations

import itertools
import time
import traceback
from dataclasses import dataclass, field
from typing import Any

from bigtop import bots as bot_registry
from bigtop import games
from bigtop.arena import loader
from bigtop.bots.match import play_game
from bigtop.core.errors import BigtopError


@dataclass(frozen=True)
class Task:
    """One game of the tournament, self-contained so that a worker process can play it."""

    index: int
    game: str
    seed: int
    seating: tuple[int, ...]  # seating[seat] = entrant index
    specs: tuple[str, ...]  # bot spec per entrant
    options: dict[str, Any] = field(default_factory=dict)
    imports: tuple[str, ...] = ()


def seatings(entrants: int) -> list[tuple[int, ...]]:
    """Every seating of `entrants` bots in as many seats, in a fixed order."""
    return list(itertools.permutations(range(entrants)))


def schedule(game: str, specs: list[str], count: int, seed: int, options: dict[str, Any], imports: tuple[str, ...] = ()) -> list[Task]:
    """The tasks of a tournament of `count` games between `specs` (one entrant per seat)."""
    if count < 1:
        raise BigtopError("--games must be at least 1")
    orders = seatings(len(specs))
    return [
        Task(i, game, seed + i // len(orders), orders[i % len(orders)], tuple(specs), dict(options), imports)
        for i in range(count)
    ]


def _where(exc: BaseException) -> str:
    """An exception in one line: type, message, and the innermost frame."""
    frame = traceback.extract_tb(exc.__traceback__)[-1] if exc.__traceback__ else None
    place = f" at {frame.filename}:{frame.lineno} in {frame.name}" if frame else ""
    return f"{type(exc).__name__}: {exc}{place}"


def play_task(task: Task) -> dict[str, Any]:
    """Play one game; a JSON-ready row: seating, bots, scores, ranks, winners, length, content
    features per seat (if the game has a `features` hook), the record, and the time taken."""
    loader.load_all(task.imports)
    game = games.get(task.game)
    seat_specs = [task.specs[e] for e in task.seating]
    bots = [bot_registry.make(spec, game, seed=task.seed * 100 + s) for s, spec in enumerate(seat_specs)]
    started = time.perf_counter()
    try:
        state = play_game(game, bots, seed=task.seed, options=task.options or None)
    except Exception as exc:
        raise BigtopError(f"game {task.index} (seed {task.seed}, seats {', '.join(seat_specs)}) failed: {_where(exc)}") from exc
    seconds = time.perf_counter() - started
    result = state.result()
    features = getattr(game, "features", None)
    return {
        "index": task.index,
        "seed": task.seed,
        "seating": list(task.seating),
        "bots": seat_specs,
        "scores": list(result.scores),
        "ranks": list(result.ranks),
        "winners": list(result.winners),
        "moves": state.move_count,
        "features": None if features is None else [sorted(f) for f in features(state)],
        "record": state.record().to_json(),
        "seconds": seconds,
    }
