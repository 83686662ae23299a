"""The `bigtop tune` command."""

from pathlib import Path
from typing import Annotated

import typer


def register(app: typer.Typer) -> None:
    """Add `tune` to the `bigtop` command."""
    from bigtop.cli import console

    @app.command("tune")
    def tune_command(
        spec: Annotated[str, typer.Argument(help="A game with a shipped spec (drumroll, trollfest), or a tuning spec file (TOML): game, bots, parameters and bounds, goals.")],
        out: Annotated[Path | None, typer.Option("--out", help="Output folder (default: tune-GAME in the current folder).")] = None,
        workers: Annotated[int, typer.Option("--workers", "-w", help="Worker processes (with --ray local: CPUs).")] = 1,
        ray: Annotated[str | None, typer.Option("--ray", help="Run on Ray: a cluster address, or `local` (needs bigtop\\[cluster]).")] = None,
        chunk: Annotated[int | None, typer.Option("--chunk", help="Games per unit of work sent to a worker or to Ray.")] = None,
        resume: Annotated[bool, typer.Option("--resume", help="Go on with the run the output folder holds (same spec and content).")] = False,
        quick: Annotated[bool, typer.Option("--quick", help="A smaller budget: 17 candidates on 30 deals each, then the best against the shipped content on 120 fresh deals (750 games: a first look in minutes).")] = False,
    ) -> None:
        """Balance tuning by simulation: an optimizer (CMA-ES) proposes values for the content numbers the spec names, bots play them out, and the best content file is written with a before/after report.

        Writes best.toml (load it with the game's --cards option) only when the result beats the shipped content clearly, else candidate.toml; report.md and report.json say which. An interrupted run goes on with --resume. Without a terminal, a line after each batch of candidates shows the progress.
        """
        from bigtop.core.data import read_toml
        from bigtop.tune.run import run_tune
        from bigtop.tune.spec import spec_file

        path = spec_file(spec)
        game = read_toml(path).get("game", "game")
        run_tune(path, out or Path(f"tune-{game}"), workers, ray, resume, chunk, console, quick)
