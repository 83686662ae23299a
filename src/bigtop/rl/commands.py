"""`bigtop rl ...`: commands of the research interfaces (registered by `bigtop.cli`)."""

from __future__ import annotations

from typing import Annotated

import typer


def register(app: typer.Typer) -> None:
    """Add the `rl` command group to the `bigtop` command."""
    rl = typer.Typer(name="rl", help="Research interfaces: PettingZoo and OpenSpiel.", no_args_is_help=True)

    @rl.command("bench")
    def bench_command(
        game: Annotated[str, typer.Argument(help="Game name, or `all`.")],
        players: Annotated[int | None, typer.Option("--players", "-p", help="Players (default: 3 where allowed).")] = None,
        seconds: Annotated[float, typer.Option("--seconds", help="Length of one run.")] = 2.0,
        runs: Annotated[int, typer.Option("--runs", help="Runs per interface; the median is reported.")] = 3,
        option: Annotated[list[str] | None, typer.Option("--option", "-o", help="A game option as key=value (repeatable).")] = None,
    ) -> None:
        """Decisions/s of random play through the raw engine, PettingZoo and OpenSpiel, side by side."""
        from bigtop import games
        from bigtop.cli import console, game_options
        from bigtop.terminal.bench import run_interface_bench

        names = games.names() if game == "all" else [games.get(game).name]
        run_interface_bench(names, players, seconds, runs, game_options(option), console)

    app.add_typer(rl)
