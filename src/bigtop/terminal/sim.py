"""`bigtop sim`: many seeded games between bots, with a progress bar and a summary table.

Game `i` uses seed `seed + i`; its bots are seeded as in the arena, so one process or several
(`workers`, games sent in chunks) play the same games."""

from __future__ import annotations

import statistics
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from bigtop import bots as bot_registry
from bigtop import games
from bigtop.arena import loader, runner
from bigtop.arena.tournament import Task
from bigtop.core.errors import BigtopError
from bigtop.core.record import Record
from bigtop.terminal.saving import check_record_folder
from bigtop.terminal.text import plural


def bot_specs(spec: str, players: int) -> list[str]:
    """One bot spec per seat from `"a,b,c"` (or a single name for every seat)."""
    specs = [s.strip() for s in split_specs(spec) if s.strip()]
    if len(specs) == 1:
        specs = specs * players
    if len(specs) != players:
        raise BigtopError(f"--bots names {plural(len(specs), 'bot')} for {plural(players, 'player')}")
    return specs


def split_specs(spec: str) -> list[str]:
    """Split on commas that separate bots, not those between a bot's parameters (`ismcts:a=1,b=2`)."""
    parts: list[str] = []
    for piece in spec.split(","):
        if parts and "=" in piece and ":" not in piece:
            parts[-1] += "," + piece
        else:
            parts.append(piece)
    return parts


def record_name(game: str, seed: int) -> str:
    """The file name of a simulated game's record."""
    return f"{game}-{seed}.json"


@dataclass
class Tally:
    """What one entrant (a bot in the list) did across the games."""

    spec: str
    wins: float = 0.0
    scores: list[float] = field(default_factory=list)
    ranks: list[int] = field(default_factory=list)


def seating(entrants: int, game_index: int, rotate: bool) -> list[int]:
    """Which entrant sits at each seat in game `game_index`."""
    shift = game_index % entrants if rotate else 0
    return [(seat + shift) % entrants for seat in range(entrants)]


def run_simulation(
    name: str, players: int, count: int, seed: int, spec: str, rotate: bool, save: Path | None,
    options: dict[str, Any], console: Console, force: bool = False, workers: int = 1, chunk: int | None = None,
) -> list[Tally]:
    """Play `count` games (in `workers` processes, `chunk` games per unit of work) and print the
    summary; returns the per-entrant tallies. The records go to the folder `save`, which must not
    hold records of the same names unless `force`."""
    game = games.get(name)
    parsed = game.check_options(players, options)
    specs = bot_specs(spec, players)
    for bot in set(specs):  # a bad bot spec fails before the progress bar
        bot_registry.make(bot, game, seed=0)
    tallies = [Tally(s) for s in specs]
    seat_wins = [0.0] * players
    lengths: list[int] = []
    if count < 1:
        raise BigtopError("--games must be at least 1")
    if workers > 1:
        loader.check_reachable(name, [])
    tasks = [
        Task(i, name, seed + i, tuple(seating(players, i, rotate)), tuple(specs), game.options_json(parsed))
        for i in range(count)
    ]
    if save is not None:
        check_record_folder(save, (record_name(name, seed + i) for i in range(count)), force)
        save.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    columns = (TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=console, transient=True) as progress:
        bar = progress.add_task(f"{game.title}", total=count)

        def done(row: dict[str, Any]) -> None:
            if save is not None:
                Record.from_json(row["record"]).save(save / record_name(name, row["seed"]))
            progress.advance(bar)

        rows = runner.run_local(tasks, workers, done, chunk)
    for row in rows:  # in game order, whichever worker finished first
        share = 1.0 / len(row["winners"])
        for s, e in enumerate(row["seating"]):
            tallies[e].scores.append(row["scores"][s])
            tallies[e].ranks.append(row["ranks"][s])
            if s in row["winners"]:
                tallies[e].wins += share
                seat_wins[s] += share
        lengths.append(row["moves"])
    elapsed = time.perf_counter() - started
    table = Table(title=f"{game.title}: {plural(count, 'game')}, {players} players, seeds {seed}..{seed + count - 1}")
    for col in ("bot", "wins", "win %", "mean score", "mean rank"):
        table.add_column(col, justify="left" if col == "bot" else "right")
    for e, t in enumerate(tallies):
        table.add_row(f"{e}: {t.spec}", f"{t.wins:g}", f"{100 * t.wins / count:.1f}", f"{statistics.fmean(t.scores):.1f}", f"{statistics.fmean(t.ranks):.2f}")
    console.print(table)
    seats_table = Table(title="wins by seat" + (" (bots rotated)" if rotate else ""))
    for s in range(players):
        seats_table.add_column(f"seat {s}", justify="right")
    seats_table.add_row(*(f"{100 * w / count:.1f} %" for w in seat_wins))
    console.print(seats_table)
    console.print(
        f"game length: mean {statistics.fmean(lengths):.1f} decisions (min {min(lengths)}, max {max(lengths)}); "
        f"{count / elapsed:.2f} games/s"
    )
    return tallies
