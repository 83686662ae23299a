"""The `bigtop arena` and `bigtop report` commands."""

from pathlib import Path
from typing import Annotated

import typer


def register(app: typer.Typer) -> None:
    """Add `arena` and `report` to the `bigtop` command."""
    from bigtop import games
    from bigtop.cli import OptionOpt, console, game_options
    from bigtop.terminal.clock import ClockOpt

    ImportsOpt = Annotated[
        list[str] | None,
        typer.Option("--import", help="Module or .py file defining a game registered at runtime (imported in every worker; repeatable)."),
    ]

    @app.command("arena")
    def arena_command(
        game: Annotated[str, typer.Argument(help="Game name (see `bigtop games`).")],
        bots: Annotated[str, typer.Option("--bots", help="Comma-separated bots, one per seat, e.g. ismcts:time=1,heuristic.")],
        games_: Annotated[int, typer.Option("--games", "-n", help="How many games (best a multiple of the number of seatings).")] = 100,
        players: Annotated[int | None, typer.Option("--players", "-p", help="Seats (default: one per bot; one bot fills every seat).")] = None,
        seed: Annotated[int, typer.Option("--seed", help="Seed of the first deal.")] = 0,
        workers: Annotated[int, typer.Option("--workers", "-w", help="Worker processes (with --ray local: CPUs).")] = 1,
        ray: Annotated[str | None, typer.Option("--ray", help="Run on Ray: a cluster address, or `local` (needs bigtop\\[cluster]).")] = None,
        out: Annotated[Path | None, typer.Option("--out", help="Output folder (default: arena-GAME).")] = None,
        resume: Annotated[bool, typer.Option("--resume", help="Keep the games the output folder already holds of this tournament; play only the rest (also to add games: a larger --games).")] = False,
        chunk: Annotated[int | None, typer.Option("--chunk", help="Games per unit of work sent to a worker or to Ray (default: about four units per worker, at most 25).")] = None,
        imports: ImportsOpt = None,
        option: OptionOpt = None,
    ) -> None:
        """A tournament between bots: win rates with 95 % intervals and OpenSkill ratings.

        Every deal is played from each seating of the bots that gives a different game (bots with the same spec are never swapped: one bot for every seat plays a new deal each game), and the intervals take the deal as the unit when a deal is replayed; every game is seeded and saved as a record the moment it ends, so an interrupted tournament can go on with --resume. Writes games.json, games.csv, summary.json and records/ to the output folder.
        """
        from bigtop.arena.run import run_arena

        run_arena(
            game, bots, players, games_, seed, workers, ray, out or Path(f"arena-{game}"), game_options(option),
            imports or [], console, resume, chunk,
        )

    @app.command("bench-ismcts")
    def bench_ismcts_command(
        game: Annotated[str, typer.Argument(help="Game name, or `all`.")],
        players: Annotated[int | None, typer.Option("--players", "-p", help="Players (default: 3 where allowed, else the minimum).")] = None,
        seconds: Annotated[float, typer.Option("--seconds", help="Length of one run.")] = 3.0,
        runs: Annotated[int, typer.Option("--runs", help="Runs; the median is reported.")] = 3,
        bot: Annotated[str, typer.Option("--bot", help="The bot's parameters, e.g. ismcts:depth=20,c=1 (its time is set by --seconds).")] = "ismcts",
        imports: ImportsOpt = None,
        option: OptionOpt = None,
        cpu: ClockOpt = True,
    ) -> None:
        """Benchmark ISMCTS on one core: search iterations per second (median of several runs)."""
        from bigtop.arena import loader
        from bigtop.terminal.bench import run_ismcts_bench

        loader.load_all(loader.resolve(imports or []))
        names = games.names() if game == "all" else [game]
        run_ismcts_bench(names, players, seconds, runs, game_options(option), bot, console, cpu)

    @app.command("report")
    def report_command(
        folder: Annotated[Path, typer.Argument(help="An arena output folder.")],
        html: Annotated[Path | None, typer.Option("--html", help="The page to write (default: FOLDER/report.html).")] = None,
        top: Annotated[int, typer.Option("--top", min=0, help="How many content features to show.")] = 15,
    ) -> None:
        """An HTML page with plots from an arena's output folder.

        Win rates with 95 % intervals by bot and by seat, score distributions, game length, and the content (cards, tiles) whose presence moves the win rate most.
        """
        from bigtop.arena.report import write_report

        target = html or folder / "report.html"
        write_report(folder, target, top)
        console.print(f"wrote {target}")
