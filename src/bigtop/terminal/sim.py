"""`bigtop sim`: many seeded games between bots, with a progress bar and a summary table.

Game `i` uses seed `seed + i`; its bots are seeded as in the arena, so one process or several
(`workers`, games sent in chunks) play the same games."""

from __future__ import annotations

import json
import shlex
import time
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeRemainingColumn
from rich.table import Table

from bigtop import bots as bot_registry
from bigtop import games
from bigtop.arena import loader, output, runner
from bigtop.arena.summary import identical_bot_warnings, summarize
from bigtop.arena.tournament import Task
from bigtop.core.errors import BigtopError
from bigtop.terminal.progress import progress_bar
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


def seating(entrants: int, game_index: int, rotate: bool) -> list[int]:
    """Which entrant sits at each seat in game `game_index`."""
    shift = game_index % entrants if rotate else 0
    return [(seat + shift) % entrants for seat in range(entrants)]


def run_simulation(
    name: str, players: int, count: int, seed: int, spec: str, rotate: bool, save: Path | None,
    options: dict[str, Any], console: Console, force: bool = False, workers: int = 1, chunk: int | None = None,
) -> dict[str, Any]:
    """Play `count` games (in `workers` processes, `chunk` games per unit of work) and print the
    summary: every rate with its 95 % interval, and a warning when entrants with the same spec
    differ beyond chance. With `save`, the folder gets every game's record (with its bots and
    result), which must not be there already unless `force`, and the tables `bigtop report` reads
    (`games.json`, `summary.json`). Returns the summary (`bigtop.arena.summary.summarize`)."""
    game = games.get(name)
    parsed = game.check_options(players, options)
    specs = bot_specs(spec, players)
    for bot in set(specs):  # a bad bot spec fails before the progress bar
        bot_registry.make(bot, game, seed=0)
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
    with progress_bar(*columns, console=console, transient=True) as progress:
        bar = progress.add_task(f"{game.title}", total=count)

        def done(row: dict[str, Any]) -> None:
            if save is not None:
                (save / record_name(name, row["seed"])).write_text(json.dumps(output.record_json(row)), encoding="utf-8")
            progress.advance(bar)

        rows = runner.run_local(tasks, workers, done, chunk)
    elapsed = time.perf_counter() - started
    summary = summarize(rows, specs)
    rotated = " (bots rotated)" if rotate else " (bots keep their seats)"
    table = Table(title=f"{game.title}: {plural(count, 'game')}, {players} players, seeds {seed}..{seed + count - 1}")
    for col in ("bot", "wins", "win %", "95 % interval", "mean score", "mean rank"):
        table.add_column(col, justify="left" if col == "bot" else "right")
    for e in summary["entrants"]:
        table.add_row(f"{e['entrant']}: {e['label']}", f"{e['wins']:g}", f"{100 * e['win_rate']:.1f}",
                      f"{100 * e['low']:.1f}-{100 * e['high']:.1f}", f"{e['mean_score']:.1f}", f"{e['mean_rank']:.2f}")
    console.print(table)
    seats_table = Table(title="wins by seat" + rotated)
    for s in range(players):
        seats_table.add_column(f"seat {s}", justify="right")
    seats_table.add_row(*(f"{100 * r['win_rate']:.1f} % ({100 * r['low']:.0f}-{100 * r['high']:.0f})" for r in summary["seats"]))
    console.print(seats_table)
    for warning in identical_bot_warnings(summary["identical_bots"]):
        console.print(f"[bold red]warning:[/] {warning}", soft_wrap=True)
    length = summary["length"]
    console.print(
        f"game length: mean {length['mean']:.1f} decisions (min {length['min']}, max {length['max']}); "
        f"{count / elapsed:.2f} games/s"
    )
    console.print(f"95 % intervals: {summary['interval']}")
    if save is not None:
        tournament = {
            "game": name, "title": game.title, "players": players, "bots": specs, "games": count, "seed": seed,
            "options": game.options_json(parsed), "imports": [], "seatings": 1, "runner": f"local, {workers} worker(s)",
            "format": "every game a new deal" + rotated,
            "command": sim_command_line(name, players, count, seed, specs, rotate, options),
        }
        output.write(save, tournament, rows, summary, record_path=lambda row: record_name(name, row["seed"]))
        console.print(f"wrote {plural(count, 'record')}, games.json and summary.json in {save}: see them with bigtop report {save}")
    return summary


def sim_command_line(name: str, players: int, count: int, seed: int, specs: list[str], rotate: bool, options: dict[str, Any]) -> str:
    """The `bigtop sim` command line that plays these games again."""
    words = ["bigtop", "sim", name, "-p", str(players), "-n", str(count), "--seed", str(seed), "--bots", ",".join(specs)]
    words += [] if rotate else ["--no-rotate"]
    words += [w for key, value in options.items() for w in (("--cards", str(value)) if key == "cards" else ("-o", f"{key}={value}"))]
    return shlex.join(words)
