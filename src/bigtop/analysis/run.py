"""`bigtop analyze` in the terminal: load the record, review it under a progress bar, print a summary."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table

from bigtop import games
from bigtop.analysis.review import Review, review
from bigtop.analysis.search import Budget
from bigtop.analysis.words import grade_name, number, percent, say, unit_name
from bigtop.arena import loader
from bigtop.core.record import Record
from bigtop.terminal.progress import progress_bar


def run_review(
    path: Path, seats: Sequence[int] | None, budget: Budget, workers: int, ray: str | None, seed: int,
    imports: Sequence[str], console: Console,
) -> tuple[Review, Record]:
    """Review the record at `path` with a progress bar; the review and the record."""
    resolved = loader.resolve(imports)
    loader.load_all(resolved)
    record = Record.load(path)
    game = games.get(record.game)
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(), TimeRemainingColumn())
    with progress_bar(*columns, console=console, transient=True) as progress:
        task = progress.add_task(f"{game.title}: decisions", total=None)
        result = review(
            record, seats, budget, workers, ray, seed, imports=resolved,
            on_progress=lambda done, total: progress.update(task, completed=done, total=total),
        )
    return result, record


def print_summary(result: Review, console: Console, lang: str = "en") -> None:
    """Each seat's accuracy and the key moments, as tables, in language `lang`."""
    from bigtop.analysis.page import move_text

    names = [say("seat", lang, n=p) for p in range(result.players)]
    unit = result.result["unit"]
    seconds = result.budget.seconds
    budget = (say("summary.budget_seconds", lang, n=f"{seconds:g}") if seconds is not None
              else say("summary.budget", lang, n=result.budget.iterations))
    table = Table(title=say("summary.title", lang, game=result.result["title"], decisions=len(result.decisions), budget=budget))
    columns = (say("col.seat", lang), say("col.decisions", lang), say("col.preferred_played", lang),
               say("col.mean_cost", lang, unit=unit_name(unit, lang)), say("col.inaccuracies", lang), say("col.mistakes", lang),
               say("col.blunders", lang), say("col.lost", lang, unit=unit_name(unit, lang)), say("col.score", lang), say("col.result", lang))
    for i, col in enumerate(columns):
        table.add_column(col, justify="left" if i == 0 else "right", no_wrap=i == 0)
    for acc in result.accuracy:
        seat = acc["seat"]
        if not acc["decisions"]:
            continue
        table.add_row(
            names[seat], str(acc["decisions"]), percent(acc["best_share"]), number(acc["mean_lead_loss"], lang, 2),
            str(acc["inaccuracies"]), str(acc["mistakes"]), str(acc["blunders"]), number(acc["lead_lost"], lang),
            f"{result.result['scores'][seat]:g}", say("col.won", lang) if seat in result.result["winners"] else "",
        )
    console.print(table)
    if not result.key_moments:
        console.print(f"{say('summary.moments', lang)}: {say('page.moments_none', lang)}", soft_wrap=True)
        return
    moments = Table(title=say("summary.moments", lang))
    for col in ("move", "seat", "played", "preferred", "cost", "cost_win", "grade"):
        moments.add_column(say(f"col.{col}", lang, unit=unit_name(unit, lang)), justify="right" if col in ("move", "cost", "cost_win") else "left",
                           no_wrap=col in ("move", "seat"))
    rows = {r["move"]: r for r in result.decisions}
    for m in result.key_moments:
        row = rows[m["move"]]
        moments.add_row(
            str(m["move"]), names[m["seat"]], move_text(row, "action", lang),
            say("summary.same", lang) if row["action"] == row["best_action"] else move_text(row, "best", lang),
            number(row["lead_loss"], lang), percent(row["loss"]), grade_name(row["grade"], lang),
        )
    console.print(moments)
