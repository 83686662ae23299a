"""A tournament: the schedule of seeded games with seats rotated fairly, and playing one game.

Bots are seeded by seat (the bot in seat `s` gets the seed `game_seed * 100 + s`), so two entrants
with the same spec that swap seats play exactly the same game. A deal (seed) is therefore played
once from each *distinct* seating of the specs: all permutations when the specs differ (a duplicate
format: every entrant meets the same cards from every seat), one seating when every seat has the
same spec (every game a new deal). Entrants sharing a spec take turns in their seats from one deal
to the next, so each entrant still sits in each seat equally often. Game `i` uses seed
`seed + i // seatings`. A game is fully determined by its `Task` (given iteration budgets, not time
budgets), so the same tournament gives the same results wherever it runs.
"""

from __future__ import annotations

import hashlib
import itertools
import os
import tempfile
import time
import traceback
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bigtop import bots as bot_registry
from bigtop import games
from bigtop.arena import loader
from bigtop.arena.measures import Watcher
from bigtop.bots.match import play_game
from bigtop.core.errors import BigtopError

SCHEDULE = 2  # version of the schedule: a resumed tournament must have been scheduled the same way


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
    content: tuple[str, str] | None = None  # (option, text): a content file the worker writes and loads


def content_file(text: str) -> Path:
    """A local file holding `text` (one per text, in the temporary folder), so a content file
    travels inside a task to any worker process or Ray node."""
    folder = Path(tempfile.gettempdir()) / "bigtop-content"
    path = folder / f"{hashlib.sha256(text.encode()).hexdigest()[:24]}.toml"
    if not path.exists():
        folder.mkdir(exist_ok=True)
        partial = path.with_suffix(f".{os.getpid()}.part")
        partial.write_text(text, encoding="utf-8")
        os.replace(partial, path)
    return path


def seatings(specs: Sequence[str]) -> list[tuple[str, ...]]:
    """The seatings of the specs that give different games, in a fixed order: every permutation,
    less those that only swap entrants with the same spec."""
    return list(dict.fromkeys(itertools.permutations(specs)))


def _entrants(arrangement: tuple[str, ...], specs: Sequence[str], deal: int) -> tuple[int, ...]:
    """Which entrant sits in each seat: the entrants sharing a spec fill that spec's seats in
    turn, shifted by one from each deal to the next."""
    seating: list[int] = []
    for seat, spec in enumerate(arrangement):
        group = [e for e, s in enumerate(specs) if s == spec]
        order = arrangement[:seat].count(spec)
        seating.append(group[(order + deal) % len(group)])
    return tuple(seating)


def schedule(game: str, specs: list[str], count: int, seed: int, options: dict[str, Any], imports: tuple[str, ...] = ()) -> list[Task]:
    """The tasks of a tournament of `count` games between `specs` (one entrant per seat)."""
    if count < 1:
        raise BigtopError("--games must be at least 1")
    orders = seatings(specs)
    return [
        Task(i, game, seed + i // len(orders), _entrants(orders[i % len(orders)], specs, i // len(orders)), tuple(specs), dict(options), imports)
        for i in range(count)
    ]


def _where(exc: BaseException) -> str:
    """An exception in one line: type, message, and the innermost frame."""
    frame = traceback.extract_tb(exc.__traceback__)[-1] if exc.__traceback__ else None
    place = f" at {frame.filename}:{frame.lineno} in {frame.name}" if frame else ""
    return f"{type(exc).__name__}: {exc}{place}"


def play_task(task: Task) -> dict[str, Any]:
    """Play one game; a JSON-ready row: seating, bots, scores, ranks, winners, length, what decided
    the game (see `bigtop.arena.measures`), content features per seat (if the game has a `features`
    hook), the record, and the time taken."""
    loader.load_all(task.imports)
    game = games.get(task.game)
    seat_specs = [task.specs[e] for e in task.seating]
    watcher = Watcher([bot_registry.make(spec, game, seed=task.seed * 100 + s) for s, spec in enumerate(seat_specs)], game)
    options = dict(task.options)
    if task.content is not None:
        options[task.content[0]] = str(content_file(task.content[1]))
    started = time.perf_counter()
    try:
        state = play_game(game, watcher.bots, seed=task.seed, options=options or None, on_move=watcher.moved)
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
        **watcher.measures(game, state),
        "features": None if features is None else [sorted(f) for f in features(state)],
        "record": state.record().to_json(),
        "seconds": seconds,
    }


def play_chunk(tasks: Sequence[Task]) -> list[dict[str, Any]]:
    """Play several tasks one after the other (one unit of work for a worker process or Ray)."""
    return [play_task(task) for task in tasks]
