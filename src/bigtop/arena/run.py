"""`bigtop arena`: schedule, play (locally or on Ray) with a progress bar, summarise, write, print."""

from __future__ import annotations

import hashlib
import shlex
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeRemainingColumn
from rich.table import Table

from bigtop import bots as bot_registry
from bigtop import games
from bigtop.arena import loader, output, runner
from bigtop.arena.summary import identical_bot_warnings, summarize
from bigtop.arena.tournament import SCHEDULE, schedule, seatings
from bigtop.terminal.progress import progress_bar
from bigtop.terminal.sim import bot_specs, split_specs


def run_arena(
    name: str, spec: str, players: int | None, count: int, seed: int, workers: int, ray: str | None,
    out: Path, options: dict[str, Any], imports: list[str], console: Console, resume: bool = False,
    chunk: int | None = None,
) -> dict[str, Any]:
    """Play the tournament, saving each game in `out` as it ends (see `bigtop.arena.output`), then
    write the tables and print them; the summary. With `resume`, the games `out` already holds of
    this tournament are kept and only the others are played. Worker processes and Ray get `chunk`
    games per unit of work (default: `runner.chunk_size`)."""
    imported = loader.resolve(imports)
    registered = loader.load_all(imported)
    game = games.get(name)
    if workers > 1 or ray is not None:
        loader.check_reachable(name, registered)
    specs = bot_specs(spec, players or len([s for s in split_specs(spec) if s.strip()]))
    parsed = game.check_options(len(specs), options)  # fail early on a bad player count or option,
    for bot in specs:  # a bad bot spec,
        bot_registry.make(bot, game, seed=0)
    tasks = schedule(name, specs, count, seed, game.options_json(parsed), imported)
    tournament = {
        "game": name, "players": len(specs), "bots": specs, "games": count, "seed": seed,
        "options": game.options_json(parsed), "imports": list(imported), "seatings": len(seatings(specs)),
        "schedule": SCHEDULE, "content": content_digest(options.get("cards")),
        "runner": f"ray {ray}" if ray is not None else f"local, {workers} worker(s)",
        "command": reproduce_command(name, specs, count, seed, options, imports),
    }
    done = {row["index"]: row for row in output.start(out, tournament, resume) if row["index"] < count}
    if done:
        console.print(f"resuming: {len(done)} of {count} games already played in {out}")
    todo = [task for task in tasks if task.index not in done]
    columns = (TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with progress_bar(*columns, console=console, transient=True) as progress:
        bar = progress.add_task(f"{game.title} arena", total=len(tasks), completed=len(done))

        def save(row: dict[str, Any]) -> None:
            output.save_game(out, tournament, row)
            progress.advance(bar)

        if not todo:
            rows = []
        elif ray is None:
            rows = runner.run_local(todo, workers, save, chunk)
        else:
            rows = runner.run_ray(todo, ray, save, cpus=workers, chunk=chunk)
    rows = sorted([*done.values(), *rows], key=lambda row: row["index"])
    summary = summarize(rows, specs)
    output.write(out, tournament, rows, summary)
    print_summary(game.title, tournament, summary, console)
    console.print(f"wrote {out}/games.json, games.csv, summary.json and {len(rows)} records in {out}/records")
    return summary


def content_digest(path: str | None) -> str | None:
    """A short digest of the content file the games are played with (None: the shipped content),
    so that a resumed tournament never mixes two versions of the file."""
    if path is None:
        return None
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()[:16]


def reproduce_command(name: str, specs: list[str], count: int, seed: int, options: dict[str, Any], imports: list[str]) -> str:
    """The `bigtop arena` command line that plays these games again."""
    words = ["bigtop", "arena", name, "--bots", ",".join(specs), "--games", str(count), "--seed", str(seed)]
    words += [w for key, value in options.items() for w in (("--cards", str(value)) if key == "cards" else ("-o", f"{key}={value}"))]
    words += [w for module in imports for w in ("--import", module)]
    return shlex.join(words)


def print_summary(title: str, tournament: dict[str, Any], summary: dict[str, Any], console: Console) -> None:
    """The results table (win rate with its 95 % interval, ratings), wins by seat, what decided the
    games, and which interval was used."""
    per_deal = tournament["seatings"]
    table = Table(title=(
        f"{title}: {summary['games']} games, {tournament['players']} seats, seeds from {tournament['seed']}, "
        + (f"each deal from {per_deal} seatings" if per_deal > 1 else "every game a new deal")
    ))
    for col in ("bot", "win %", "95 % interval", "score", "rank", "rating"):
        table.add_column(col, justify="left" if col == "bot" else "right", no_wrap=True)
    for e in summary["entrants"]:
        table.add_row(
            e["label"], f"{100 * e['win_rate']:.1f}", f"{100 * e['low']:.1f}-{100 * e['high']:.1f}",
            f"{e['mean_score']:.1f}", f"{e['mean_rank']:.2f}", f"{e['mu']:.1f}±{e['sigma']:.1f}",
        )
    console.print(table)
    _rates_row(console, "wins by seat", [(f"seat {s['seat']}", s) for s in summary["seats"]])
    decided = summary.get("decided")
    if decided:
        _rates_row(console, "wins by place in the turn order", [(f"{p['place'] + 1}.", p) for p in decided["turn_order"]])
        first = decided["first_player_advantage"]
        console.print(f"first-player advantage: {100 * first['value']:+.1f} points ({100 * first['low']:+.1f} to {100 * first['high']:+.1f})")
        for key, label in (("margin", "score margin"), ("lead_changes", "lead changes"),
                           ("decisions_per_turn", "decisions per turn"), ("branching", "branching factor")):
            if decided[key] is not None:
                m = decided[key]
                console.print(f"{label}: {m['value']:.2f} ({m['low']:.2f} to {m['high']:.2f})")
    for warning in identical_bot_warnings(summary["identical_bots"]):
        console.print(f"[bold red]warning:[/] {warning}", soft_wrap=True)
    length = summary["length"]
    console.print(f"game length: mean {length['mean']:.1f} decisions (min {length['min']}, max {length['max']})")
    console.print(f"95 % intervals: {summary['interval']}")


def _rates_row(console: Console, title: str, rates: list[tuple[str, dict[str, Any]]]) -> None:
    table = Table(title=title)
    for label, _ in rates:
        table.add_column(label, justify="right")
    table.add_row(*(f"{100 * r['win_rate']:.1f} % ({100 * r['low']:.0f}-{100 * r['high']:.0f})" for _, r in rates))
    console.print(table)
