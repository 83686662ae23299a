"""`bigtop analyze` in the terminal: load the record, review it under a progress bar, print a summary."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table

from bigtop import games
from bigtop.analysis.review import Review, review
from bigtop.analysis.search import Budget
from bigtop.arena import loader
from bigtop.core.record import Record


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
    with Progress(*columns, console=console, transient=True) as progress:
        task = progress.add_task(f"{game.title}: decisions", total=None)
        result = review(
            record, seats, budget, workers, ray, seed, imports=resolved,
            on_progress=lambda done, total: progress.update(task, completed=done, total=total),
        )
    return result, record


def print_summary(result: Review, console: Console) -> None:
    """Each seat's accuracy and the key moments, as tables."""
    names = [f"Seat {p}" for p in range(result.players)]
    table = Table(title=f"{result.result['title']}: {len(result.decisions)} decisions, {result.budget.describe()}")
    for col in ("seat", "decisions", "preferred move", "mean loss", "inaccuracies", "mistakes", "blunders", "score", "result"):
        table.add_column(col, justify="left" if col == "seat" else "right")
    for acc in result.accuracy:
        seat = acc["seat"]
        if not acc["decisions"]:
            continue
        table.add_row(
            names[seat], str(acc["decisions"]), f"{100 * acc['best_share']:.0f} %", f"{100 * acc['mean_loss']:.1f} pts",
            str(acc["inaccuracies"]), str(acc["mistakes"]), str(acc["blunders"]),
            f"{result.result['scores'][seat]:g}", "won" if seat in result.result["winners"] else "",
        )
    console.print(table)
    moments = Table(title="Key moments (largest swings of the win chances)")
    for col in ("move", "seat", "played", "search preferred", "loss", "swing"):
        moments.add_column(col, justify="right" if col in ("move", "loss", "swing") else "left")
    rows = {r["move"]: r for r in result.decisions}
    for m in result.key_moments:
        row = rows[m["move"]]
        moments.add_row(
            str(m["move"]), names[m["seat"]], row["action_text"],
            "same" if row["action"] == row["best_action"] else row["best_text"],
            f"{100 * row['loss']:.1f} pts" + (f" ({m['grade']})" if m["grade"] else ""), f"{100 * m['swing']:.0f} pts",
        )
    console.print(moments)
