"""`bigtop bench`: random-playout speed on one core, median of several runs."""

from __future__ import annotations

import statistics
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

from rich import box
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn
from rich.table import Table

from bigtop import games
from bigtop.bots.match import random_playout
from bigtop.core.api import State
from bigtop.core.errors import BigtopError
from bigtop.core.rng import Rng
from bigtop.rl.speed import cpu_clock, playouts
from bigtop.terminal.text import plural

T = TypeVar("T")


@contextmanager
def progress_steps(console: Console, total: int) -> Iterator[Callable[..., Any]]:
    """A progress bar over `total` measurements, redrawn only between them: Rich's spinners and
    auto-refreshed bars redraw from a thread, which competes with the code being timed (it cost
    the observation loops about 13 %). Yields `run(label, measure, *args, **kwargs)`, which shows
    `label` and returns `measure(*args, **kwargs)`."""
    progress = Progress(
        TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
        console=console, auto_refresh=False, transient=True,
    )
    with progress:
        task = progress.add_task("", total=total)

        def run(label: str, measure: Callable[..., T], *args: Any, **kwargs: Any) -> T:
            progress.update(task, description=label)
            progress.refresh()
            result = measure(*args, **kwargs)
            progress.advance(task)
            return result

        yield run


def bench_setups(names: list[str], players: int | None, seconds: float, runs: int, options: dict[str, Any]) -> list[tuple[str, int, Any]]:
    """Each game's name, player count (`players`, else the game's default) and checked options,
    before anything is timed; a `BigtopError` for a bad --runs, --seconds, player count or option."""
    if runs < 1:
        raise BigtopError(f"--runs must be at least 1, not {runs}")
    if not seconds > 0:
        raise BigtopError(f"--seconds must be more than 0, not {seconds:g}")
    setups = []
    for name in names:
        game = games.get(name)
        n = players or game.default_players()
        setups.append((name, n, game.check_options(n, options)))
    return setups


def median_of(runs: int, seconds: float, cpu: bool) -> str:
    """ "median of 3 runs of 0.5 s of CPU time" (or "of wall clock"), for table titles."""
    return f"median of {plural(runs, 'run')} of {seconds:g} s of {'CPU time' if cpu else 'wall clock'}"


def run_bench(
    names: list[str], players: int | None, seconds: float, runs: int, options: dict[str, Any], console: Console, cpu: bool = True
) -> list[dict[str, Any]]:
    """Benchmark each game and print a table; returns the rows. `cpu`: count the process's CPU time
    (else the wall clock)."""
    setups = bench_setups(names, players, seconds, runs, options)
    rows = []
    table = Table(title=f"random playouts, one core, {median_of(runs, seconds, cpu)}")
    for col in ("game", "players", "games/s", "decisions/s"):
        table.add_column(col, justify="left" if col == "game" else "right")
    with cpu_clock(cpu), progress_steps(console, len(names) * runs) as run:
        for name, n, parsed in setups:
            samples = [run(f"{name}: random playouts", playouts, name, n, seconds, parsed) for _ in range(runs)]
            gps = statistics.median(s[0] for s in samples)
            dps = statistics.median(s[1] for s in samples)
            rows.append({"game": name, "players": n, "games_per_s": gps, "decisions_per_s": dps})
            table.add_row(name, str(n), f"{gps:,.1f}", f"{dps:,.0f}")
    console.print(table)
    return rows


def measure_ismcts(
    name: str, players: int, seconds: float, options: Any = None, positions: int = 3, params: dict[str, str] | None = None,
    cpu: bool = True,
) -> float:
    """ISMCTS iterations per second on one core: a search of `seconds / positions` from each of
    `positions` points of a random game (its start, then evenly spread), iterations summed.
    `params` are the bot's (as in `ismcts:depth=20`), its time budget excepted. `cpu`: the budget
    and the rate count the searching thread's CPU time (`cpu_time=`), else the wall clock (`time=`)."""
    from bigtop.bots.ismcts import make_ismcts

    game = games.get(name)
    rng = Rng(2024)
    states: list[State] = []
    state = game.new(players, seed=7, options=options)
    every = max(1, random_playout(state.clone(), rng.fork()) // positions)
    step = 0
    while not state.is_over():
        if step % every == 0 and len(states) < positions:
            states.append(state.clone())
        step += 1
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.below(len(legal))])
    budget = {k: v for k, v in (params or {}).items() if k not in ("time", "cpu_time")}
    budget["cpu_time" if cpu else "time"] = str(seconds / len(states))
    bot = make_ismcts(game, 1, **budget)
    iterations = 0
    start = bot.clock()
    for position in states:
        seat = position.to_move()[0]
        bot.search(position.determinize(seat, rng.fork()), seat)
        iterations += bot.last_iterations
    return iterations / (bot.clock() - start)


def run_ismcts_bench(
    names: list[str], players: int | None, seconds: float, runs: int, options: dict[str, Any], bot: str, console: Console,
    cpu: bool = True,
) -> list[dict[str, Any]]:
    """ISMCTS iterations/s per game (median of `runs` runs), for the bot spec `bot`; returns the
    rows. `cpu`: per second of the searching thread's CPU time (else of the wall clock)."""
    from bigtop.bots import parse_spec

    kind, params = parse_spec(bot)
    if kind != "ismcts":
        raise BigtopError(f"--bot must be an ismcts spec, not {kind!r}")
    setups = bench_setups(names, players, seconds, runs, options)
    rows = []
    table = Table(title=f"{bot}, one core, {median_of(runs, seconds, cpu)}")
    for col in ("game", "players", "iterations/s"):
        table.add_column(col, justify="left" if col == "game" else "right")
    with progress_steps(console, len(names) * runs) as run:
        for name, n, parsed in setups:
            rate = statistics.median(
                run(f"{name}: ISMCTS", measure_ismcts, name, n, seconds, parsed, params=params, cpu=cpu) for _ in range(runs)
            )
            rows.append({"game": name, "players": n, "iterations_per_s": rate})
            table.add_row(name, str(n), f"{rate:,.0f}")
    console.print(table)
    return rows


def run_interface_bench(
    names: list[str], players: int | None, seconds: float, runs: int, options: dict[str, Any], console: Console,
    cpu: bool = True,
) -> list[dict[str, Any]]:
    """Decisions/s of random play through the raw engine, PettingZoo and OpenSpiel, side by side
    (median of `runs` runs each), with each interface's share of the raw speed; and the engine
    encoding an observation at every decision ("+ obs"). PettingZoo is timed twice: with a random
    agent reading only the action mask, and reading the observation too. `cpu`: per second of the
    process's CPU time (else of the wall clock). Returns the rows."""
    from bigtop.rl.speed import INTERFACES

    setups = bench_setups(names, players, seconds, runs, options)
    rows = []
    table = Table(
        title=f"decisions/s through each interface, one core, {median_of(runs, seconds, cpu)}",
        caption="+ obs: the engine encoding an observation at every decision; pettingzoo: a random agent "
        "reading the mask; + read: reading the observation too; %: share of engine",
        box=box.SIMPLE, pad_edge=False, collapse_padding=True,
    )
    columns = ("game", "seats", "engine", "+ obs", "pettingzoo", "%", "+ read", "%", "openspiel", "%")
    for col in columns:
        table.add_column(col, justify="left" if col == "game" else "right")
    with cpu_clock(cpu), progress_steps(console, len(names) * runs * len(INTERFACES)) as run:
        for name, n, _ in setups:
            samples: dict[str, list[float]] = {interface: [] for interface in INTERFACES}
            for _ in range(runs):  # interfaces take turns, so a change in the machine's load hits all
                for interface, measure in INTERFACES.items():
                    samples[interface].append(run(f"{name}: {interface}", measure, name, n, seconds, options))
            row: dict[str, Any] = {"game": name, "players": n, **{k: statistics.median(v) for k, v in samples.items()}}
            rows.append(row)
            engine, observed = row["engine"], row["observed"]
            table.add_row(
                name, str(n), f"{engine:,.0f}", f"{observed:,.0f}",
                f"{row['pettingzoo']:,.0f}", f"{row['pettingzoo'] / engine:.0%}",
                f"{row['pettingzoo_read']:,.0f}", f"{row['pettingzoo_read'] / engine:.0%}",
                f"{row['openspiel']:,.0f}", f"{row['openspiel'] / engine:.0%}",
            )
    console.print(table)
    return rows
