"""`bigtop analyze` in the terminal: load the record, review it under a progress bar, print a summary."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from rich import box
from rich.cells import cell_len
from rich.console import Console, Group
from rich.padding import Padding
from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from bigtop import games
from bigtop.analysis.grading import WIN_THRESHOLDS, grade_sources, scale_of
from bigtop.analysis.review import Review, review
from bigtop.analysis.search import Budget
from bigtop.analysis.words import grade_name, number, percent, points, say, unit_name
from bigtop.arena import loader
from bigtop.core.record import Record
from bigtop.terminal.progress import progress_bar

LABEL_WIDTH = 20  # the accuracy table's labels keep this width (or their own, if less): more seats go to a second table


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
    """Each seat's accuracy (one column per seat, under a legend of the grades) and the key
    moments (one block each, its grade with the figure it was judged on), in language `lang`.
    Nothing is cut at any width: long words fold, long lines wrap."""
    names = [say("seat", lang, n=p) for p in range(result.players)]
    unit = result.result["unit"]
    seconds = result.budget.seconds
    budget = (say("summary.budget_seconds", lang, n=f"{seconds:g}") if seconds is not None
              else say("summary.budget", lang, n=result.budget.iterations))
    console.print(Text(say("summary.title", lang, game=result.result["title"], decisions=len(result.decisions), budget=budget), style="bold"))
    shown = [acc for acc in result.accuracy if acc["decisions"]]
    unit_words = unit_name(unit, lang)
    rows: list[tuple[str, Callable[[dict[str, Any]], str]]] = [
        (say("col.decisions", lang), lambda acc: str(acc["decisions"])),
        (say("col.preferred_played", lang), lambda acc: percent(acc["best_share"], tight=True)),
        (say("col.mean_cost", lang, unit=unit_words), lambda acc: number(acc["mean_lead_loss"], lang, 2)),
        (say("col.inaccuracies", lang), lambda acc: str(acc["inaccuracies"])),
        (say("col.mistakes", lang), lambda acc: str(acc["mistakes"])),
        (say("col.blunders", lang), lambda acc: str(acc["blunders"])),
        (say("col.lost", lang, unit=unit_words), lambda acc: number(acc["lead_lost"], lang)),
        (say("col.score", lang), lambda acc: f"{result.result['scores'][acc['seat']]:g}"),
        (say("col.result", lang), lambda acc: say("col.won", lang) if acc["seat"] in result.result["winners"] else ""),
    ]
    # the measures down and a column per seat; as many seats side by side as the terminal holds
    label_width = min(LABEL_WIDTH, max(cell_len(label) for label, _ in rows)) + 1
    seat_width = max(cell_len(names[acc["seat"]]) for acc in shown) + 2 if shown else 1
    across = max(1, (console.width - label_width) // seat_width)
    for start in range(0, max(len(shown), 1), across):
        part = shown[start:start + across]
        if start:
            console.print()
        table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
        table.add_column("", overflow="fold")
        for acc in part:
            table.add_column(names[acc["seat"]], justify="right", overflow="fold")
        for label, value in rows:
            table.add_row(label, *(value(acc) for acc in part))
        console.print(table)
    console.print()
    thresholds = result.result.get("thresholds") or list(scale_of(result.game).points)
    console.print(say("summary.grades", lang, unit=unit_words,
                      win_inaccuracy=percent(WIN_THRESHOLDS[2], tight=True), win_mistake=percent(WIN_THRESHOLDS[1], tight=True),
                      win_blunder=percent(WIN_THRESHOLDS[0], tight=True),
                      inaccuracy=points(thresholds[0], unit, lang, short=True), mistake=points(thresholds[1], unit, lang, short=True),
                      blunder=points(thresholds[2], unit, lang, short=True)))
    console.print()
    console.print(Text(say("summary.moments", lang), style="bold"))
    if not result.key_moments:
        console.print(say("page.moments_none", lang))
        return
    by_move = {r["move"]: r for r in result.decisions}
    for m in result.key_moments:
        console.print()
        console.print(moment_block(by_move[m["move"]], names, unit, thresholds, lang))


def moment_block(row: dict[str, Any], names: Sequence[str], unit: str, thresholds: Sequence[float], lang: str) -> Group:
    """One key moment: its move and seat, then the move played, the preferred one, what it gave
    up (win chance and points, each ± its 95 % half-width) and its grade with the figure it was judged on."""
    from bigtop.analysis.page import move_text

    grid = Table.grid(padding=(0, 2))
    grid.add_column(no_wrap=True, style="dim")
    grid.add_column(overflow="fold")
    same = row["action"] == row["best_action"]
    grid.add_row(say("col.played", lang), move_text(row, "action", lang))
    grid.add_row(say("col.preferred", lang), say("summary.same", lang) if same else move_text(row, "best", lang))
    grid.add_row(say("summary.given_up", lang), say(
        "summary.costs", lang, win=percent(row["loss"], tight=True), win_margin=percent(row.get("loss_margin", 0.0), tight=True),
        points=points(row.get("lead_loss", 0.0), unit, lang, margin=row.get("lead_loss_margin", 0.0))))
    if row.get("grade"):
        grid.add_row(say("col.grade", lang), grade_reason(row, unit, thresholds, lang))
    heading = Text(say("summary.moment", lang, move=row["move"], seat=names[row["seat"]]), style="bold")
    return Group(heading, Padding(grid, (0, 0, 0, 2)))


def grade_reason(row: dict[str, Any], unit: str, thresholds: Sequence[float], lang: str) -> str:
    """A row's grade and the figure it was judged on, with the threshold it passed: "blunder,
    judged on 42% of win chance (blunder from 20%)"."""
    name = grade_name(row["grade"], lang)
    reasons = []
    for source, loss, at in grade_sources(row, thresholds):
        if source == "win":
            reasons.append(say("summary.by_win", lang, value=percent(loss, tight=True), grade=name, threshold=percent(at, tight=True)))
        else:
            reasons.append(say("summary.by_points", lang, value=points(loss, unit, lang), grade=name,
                               threshold=points(at, unit, lang, short=True)))
    if not reasons:
        return name
    return say("summary.grade_for", lang, grade=name, reasons=say("summary.and", lang).join(reasons))
