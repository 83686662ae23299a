"""The `bigtop arena` and `bigtop report` commands."""

import json
from pathlib import Path
from typing import Annotated

import typer


def register(app: typer.Typer) -> None:
    """Add `arena` and `report` to the `bigtop` command."""
    from bigtop import games
    from bigtop.cli import CardsOpt, OptionOpt, check_content_file, console, game_options
    from bigtop.core.errors import BigtopError
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
        cards: CardsOpt = None,
    ) -> None:
        """A tournament between bots: win rates with 95 % intervals and OpenSkill ratings.

        Every deal is played from each seating of the bots that gives a different game (bots with the same spec are never swapped: one bot for every seat plays a new deal each game), and the intervals take the deal as the unit when a deal is replayed; every game is seeded and saved as a record the moment it ends, so an interrupted tournament can go on with --resume. Writes games.json, games.csv, summary.json and records/ to the output folder.
        """
        from bigtop.arena import loader
        from bigtop.arena.run import run_arena

        options = game_options(option, cards)
        loader.load_all(loader.resolve(imports or []))
        check_content_file(games.get(game), options)
        run_arena(
            game, bots, players, games_, seed, workers, ray, out or Path(f"arena-{game}"), options,
            imports or [], console, resume, chunk,
        )

    @app.command("compare")
    def compare_command(
        game: Annotated[str, typer.Argument(help="Game name (see `bigtop games`).")],
        a: Annotated[str, typer.Argument(help="Content file A (or `shipped`: the game's own content).")],
        b: Annotated[str, typer.Argument(help="Content file B (or `shipped`).")],
        bots: Annotated[str, typer.Option("--bots", help="Comma-separated bots, one per seat (one bot fills every seat with --players).")] = "heuristic",
        games_: Annotated[int, typer.Option("--games", "-n", help="Games on each side (best a multiple of the number of seatings).")] = 100,
        players: Annotated[int | None, typer.Option("--players", "-p", help="Seats (default: one per bot; one bot fills the game's usual number of seats).")] = None,
        seed: Annotated[int, typer.Option("--seed", help="Seed of the first deal.")] = 0,
        workers: Annotated[int, typer.Option("--workers", "-w", help="Worker processes (with --ray local: CPUs).")] = 1,
        ray: Annotated[str | None, typer.Option("--ray", help="Run on Ray: a cluster address, or `local` (needs bigtop\\[cluster]).")] = None,
        out: Annotated[Path | None, typer.Option("--out", help="Output folder (default: compare-GAME).")] = None,
        chunk: Annotated[int | None, typer.Option("--chunk", help="Games per unit of work sent to a worker or to Ray.")] = None,
        imports: ImportsOpt = None,
        option: OptionOpt = None,
    ) -> None:
        """Two content files on the same deals, by the same bots: every figure of "what decides games" for A and B, and B minus A paired deal by deal with its 95 % interval.

        Writes compare.html and compare.json, and each side's games as an arena folder (OUT/a, OUT/b) that bigtop report reads.
        """
        from bigtop.arena import loader
        from bigtop.arena.compare import run_compare, side_content

        options = game_options(option)
        loader.load_all(loader.resolve(imports or []))
        errors = []
        for side in (a, b):  # both files checked: every error of either at once
            try:
                check_content_file(games.get(game), side_content(options, side))
            except BigtopError as exc:
                errors.append(str(exc))
        if errors:
            raise BigtopError("\n".join(errors))
        run_compare(game, a, b, bots, players, games_, seed, workers, ray, out or Path(f"compare-{game}"), options,
                    imports or [], console, chunk)

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
        top: Annotated[int, typer.Option("--top", min=0, help="How many content features to show per kind.")] = 15,
        drama: Annotated[int | None, typer.Option("--drama", help="Review this many of the games (spread evenly) to add drama and decisiveness, state size and hidden information (kept in FOLDER/drama.json).")] = None,
        iterations: Annotated[int, typer.Option("--iterations", min=1, help="With --drama: search iterations per decision.")] = 50,
        workers: Annotated[int, typer.Option("--workers", "-w", min=1, help="With --drama: worker processes reviewing games.")] = 1,
    ) -> None:
        """An HTML page with plots from an arena's output folder (or a bigtop sim --save folder).

        Win rates with 95 % intervals by bot and by seat, scores over the game, game length, what decides games, the content (cards, tiles) that goes with winning, and what the bots choose; with --drama, how early games are decided and how much is hidden.
        """
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )

        from bigtop.arena import drama as drama_metrics
        from bigtop.arena import loader, output
        from bigtop.arena.report import write_report
        from bigtop.terminal.progress import progress_bar

        summary, rows = output.read(folder)
        imported = summary["tournament"].get("imports", [])
        loader.load_all(imported)
        saved = None
        if drama is not None:
            columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(), TimeRemainingColumn())
            with progress_bar(*columns, console=console, transient=True) as progress:
                bar = progress.add_task("reviewing games", total=None)
                saved = drama_metrics.compute(folder, rows, imported, drama, iterations, workers,
                                              lambda done, total: progress.update(bar, completed=done, total=total))
        elif (folder / drama_metrics.FILE).exists():
            saved = json.loads((folder / drama_metrics.FILE).read_text(encoding="utf-8"))
        target = html or folder / "report.html"
        write_report(folder, target, top, [drama_metrics.section(saved, summary["tournament"]["players"])])
        console.print(f"wrote {target}")
