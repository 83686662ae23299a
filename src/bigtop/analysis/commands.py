"""The `bigtop analyze` command."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path
from typing import Annotated

import typer


def register(app: typer.Typer) -> None:
    """Add `analyze` to the `bigtop` command."""
    from bigtop.cli import console

    @app.command("analyze")
    def analyze_command(
        record: Annotated[Path, typer.Argument(help="A finished game's record (JSON, as saved by play, sim, arena or the web table).")],
        seat: Annotated[list[int] | None, typer.Option("--seat", "-s", help="Review only this seat's decisions (repeatable; default: every seat).")] = None,
        budget: Annotated[int | None, typer.Option("--budget", "-b", min=1, help="First search's iterations per decision (default 100; at least 2 per legal move).")] = None,
        time: Annotated[float | None, typer.Option("--time", "-t", help="Seconds of search per decision, instead of --budget (results then depend on the machine's load).")] = None,
        pairs: Annotated[int | None, typer.Option("--pairs", min=1, help="Most paired comparisons of a move played with the search's preferred one (default 64).")] = None,
        workers: Annotated[int, typer.Option("--workers", "-w", min=1, help="Worker processes (with --ray local: CPUs).")] = 2,
        ray: Annotated[str | None, typer.Option("--ray", help="Run on Ray: a cluster address, or `local` (needs bigtop\\[cluster]).")] = None,
        seed: Annotated[int, typer.Option("--seed", help="Seed of the searches (same seed and --budget: same review).")] = 0,
        json_out: Annotated[Path | None, typer.Option("--json", help="Write the review as JSON to this file.")] = None,
        html_out: Annotated[Path | None, typer.Option("--html", help="Write the review as an HTML page to this file.")] = None,
        svg_out: Annotated[Path | None, typer.Option("--svg", help="Write the win-chance graph alone as an SVG file.")] = None,
        imports: Annotated[list[str] | None, typer.Option("--import", help="Module or .py file defining a game registered at runtime (repeatable).")] = None,
        lang: Annotated[str, typer.Option("--lang", help="Language of the summary and the page: en, fr or zh-Hant.")] = "en",
    ) -> None:
        """Review a finished game: every decision searched from the deciding seat's own view.

        For each decision: each seat's win chance (with its 95 % interval), expected score and lead, the move the search prefers, and what the move played gave up against it, in points of lead over the best other seat and in win chance, graded inaccuracy, mistake or blunder. Then the key moments (the decisions that gave up the most win chance) and each seat's accuracy. Prints a summary; --json and --html write the whole review.
        """
        from bigtop.analysis.run import print_summary, run_review
        from bigtop.analysis.search import DEFAULT_ITERATIONS, DEFAULT_PAIRS, Budget
        from bigtop.analysis.words import checked, say
        from bigtop.core.errors import BigtopError

        if budget is not None and time is not None:
            raise BigtopError("give --budget or --time, not both")
        checked(lang)
        chosen = Budget(budget or DEFAULT_ITERATIONS, time, pairs or DEFAULT_PAIRS)
        command = "bigtop " + shlex.join(sys.argv[1:]) if sys.argv[1:2] == ["analyze"] else None
        result, rec = run_review(record, seat, chosen, workers, ray, seed, imports or [], console, lang)
        if json_out is not None:
            json_out.write_text(json.dumps(result.to_json(), indent=1), encoding="utf-8")
            console.print(say("written.review", lang, path=json_out), markup=False, highlight=False)
        if html_out is not None:
            from bigtop.analysis.page import review_page

            html_out.write_text(review_page(result.to_json(), rec, command=command, lang=lang), encoding="utf-8")
            console.print(say("written.page", lang, path=html_out), markup=False, highlight=False)
        if svg_out is not None:
            from bigtop.analysis.graph import win_chance_svg

            svg_out.write_text(win_chance_svg(result.to_json(), lang=lang) + "\n", encoding="utf-8")
            console.print(say("written.graph", lang, path=svg_out), markup=False, highlight=False)
        print_summary(result, console, lang)
