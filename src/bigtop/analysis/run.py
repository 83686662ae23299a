"""`bigtop analyze` in the terminal: load the record, review it under a progress bar, print a summary."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from rich import box
from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.segment import Segment
from rich.table import Table
from rich.text import Text

from bigtop import games
from bigtop.analysis.grading import WIN_THRESHOLDS, grade_sources, scale_of
from bigtop.analysis.review import Review, review
from bigtop.analysis.search import Budget
from bigtop.analysis.words import grade_name, number, percent, points, say, unit_name
from bigtop.arena import loader
from bigtop.core.record import Record
from bigtop.terminal.progress import PlainProgress, progress_bar

LABEL_WIDTH = 20  # the accuracy table's labels keep this width (or their own, if less): more seats go to a second table
COSTLIEST_SHOWN = 3  # each seat's costliest decisions the summary shows (the page shows them all)
NO_LINE_START = set("，。、；：！？）」』】〉》％…,.;:!?)%")  # a line does not start with these, nor
NO_LINE_END = set("（「『【〈《(")  # end with these (where a line may break between two characters)


class ReviewProgress(PlainProgress):
    """`PlainProgress` (a line on standard error at every tenth of the work, where no bar is drawn)
    in the review's language: "Carcassonne : décisions : 24/133 (18 %), depuis 0:02, encore environ 0:04"."""

    def __init__(self, *columns: Any, lang: str = "en", **options: Any) -> None:
        super().__init__(*columns, **options)
        self.lang = lang

    def line(self, task: str, done: str, elapsed: str, left: str | None) -> str:
        said = say("progress.line", self.lang, task=task, done=done, elapsed=elapsed)
        return said if left is None else say("progress.left", self.lang, line=said, left=left)


def run_review(
    path: Path, seats: Sequence[int] | None, budget: Budget, workers: int, ray: str | None, seed: int,
    imports: Sequence[str], console: Console, lang: str = "en",
) -> tuple[Review, Record]:
    """Review the record at `path` with a progress bar (its words in `lang`); the review and the record."""
    resolved = loader.resolve(imports)
    loader.load_all(resolved)
    record = Record.load(path)
    game = games.get(record.game)
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(), TimeRemainingColumn())
    bar = (progress_bar(*columns, console=console, transient=True) if console.is_terminal
           else ReviewProgress(*columns, console=console, disable=True, lang=lang))
    with bar as progress:
        task = progress.add_task(say("progress.task", lang, game=game.title), total=None)
        result = review(
            record, seats, budget, workers, ray, seed, imports=resolved,
            on_progress=lambda done, total: progress.update(task, completed=done, total=total),
        )
    return result, record


def print_summary(result: Review, console: Console, lang: str = "en") -> None:
    """Each seat's accuracy (one column per seat, under a legend of the grades), the key moments
    (one block each, its grade with the figure it was judged on) and each seat's costliest
    decisions, in language `lang`. Nothing is cut at any width: long words fold, long lines wrap
    (in Chinese between any two characters, as the language does), and no line ends in spaces."""
    width = console.width
    names = [say("seat", lang, n=p) for p in range(result.players)]
    unit = result.result["unit"]
    seconds = result.budget.seconds
    budget = (say("summary.budget_seconds", lang, n=f"{seconds:g}") if seconds is not None
              else say("summary.budget", lang, n=result.budget.iterations))
    console.print(paragraph(say("summary.title", lang, game=result.result["title"], decisions=len(result.decisions), budget=budget),
                            width, "bold"))
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
    across = max(1, (width - label_width) // seat_width)
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
        console.print(Trimmed(table))
    console.print()
    thresholds = result.result.get("thresholds") or list(scale_of(result.game).points)
    console.print(paragraph(say(
        "summary.grades", lang, unit=unit_words,
        win_inaccuracy=percent(WIN_THRESHOLDS[2], tight=True), win_mistake=percent(WIN_THRESHOLDS[1], tight=True),
        win_blunder=percent(WIN_THRESHOLDS[0], tight=True),
        inaccuracy=points(thresholds[0], unit, lang, short=True), mistake=points(thresholds[1], unit, lang, short=True),
        blunder=points(thresholds[2], unit, lang, short=True)), width))
    console.print()
    console.print(paragraph(say("summary.moments", lang), width, "bold"))
    by_move = {r["move"]: r for r in result.decisions}
    if not result.key_moments:
        console.print(paragraph(say("page.moments_none", lang), width))
    for m in result.key_moments:
        console.print()
        console.print(moment_block(by_move[m["move"]], names, unit, thresholds, lang, width))
    costly = [acc for acc in result.accuracy if acc["decisions"]]
    if costly:
        console.print()
        console.print(paragraph(say("summary.costliest", lang, unit=unit_words), width, "bold"))
    for acc in costly:
        console.print()
        console.print(costliest_block(acc, by_move, names, unit, thresholds, lang, width))


class Trimmed:
    """A renderable as Rich draws it, without the spaces that pad its lines to their full width
    (a table pads every cell): what is copied from the terminal has no trailing blanks."""

    def __init__(self, renderable: RenderableType) -> None:
        self.renderable = renderable

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for line in console.render_lines(self.renderable, options, pad=False):
            segments = list(line)
            while segments and not segments[-1].control and not segments[-1].text.rstrip():
                segments.pop()
            if segments and not segments[-1].control:
                last = segments[-1]
                segments[-1] = Segment(last.text.rstrip(), last.style)
            yield from segments
            yield Segment.line()


def _units(text: str) -> list[tuple[str, bool]]:
    """`text` cut where a line may break: at spaces (`True`: a space goes between it and the unit
    before, on one line), and between two characters where one is a wide (Chinese) one, but not
    before closing or after opening punctuation. A "±" stays with the figures on either side, and
    punctuation set apart by a space (French " :") with the word before it."""
    units: list[tuple[str, bool]] = []
    for i, word in enumerate(re.split(r"\s+", text.strip())):
        if not word:
            continue
        start = 0
        for k in range(1, len(word)):
            a, b = word[k - 1], word[k]
            if (cell_len(a) == 2 or cell_len(b) == 2) and b not in NO_LINE_START and a not in NO_LINE_END:
                units.append((word[start:k], start == 0 and i > 0))
                start = k
        units.append((word[start:], start == 0 and i > 0))
    glued: list[tuple[str, bool]] = []
    for unit, space in units:
        if glued and (unit.startswith("±") or glued[-1][0].endswith(("±", "«")) or set(unit) <= NO_LINE_START | {"»"}):
            glued[-1] = (glued[-1][0] + (" " if space else "") + unit, glued[-1][1])
        else:
            glued.append((unit, space))
    return glued


def wrap(text: str, width: int) -> list[str]:
    """`text` in lines of at most `width` cells, each as full as the next unit allows (`_units`;
    a unit wider than a line is folded), none ending in a space."""
    width = max(1, width)
    lines: list[str] = []
    line, used = "", 0
    for unit, space in _units(text):
        size, gap = cell_len(unit), 1 if space and line else 0
        if line and used + gap + size <= width:
            line, used = line + " " * gap + unit, used + gap + size
            continue
        if line:
            lines.append(line)
        while size > width:  # a word longer than a line: folded
            cut, cells = 0, 0
            while cut < len(unit) and cells + cell_len(unit[cut]) <= width:
                cells += cell_len(unit[cut])
                cut += 1
            cut = max(cut, 1)
            lines.append(unit[:cut])
            unit = unit[cut:]
            size = cell_len(unit)
        line, used = unit, size
    if line or not lines:
        lines.append(line)
    return lines


def paragraph(text: str, width: int, style: str = "") -> Text:
    """`text` wrapped to `width` (`wrap`) as one Text."""
    return Text("\n".join(wrap(text, width)), style=style, no_wrap=True, overflow="fold")


def hanging(rows: Iterable[tuple[str, str]], width: int, indent: int = 2, gap: int = 2, label_style: str = "dim") -> Text:
    """Labelled lines: each label in a column of its own (`indent` from the left) and its text
    beside it, wrapped under itself: "  played     Lay the tile at (5, -4), ..."."""
    rows = list(rows)
    label_width = max((cell_len(label) for label, _ in rows), default=0)
    room = max(12, width - indent - label_width - gap)
    out = Text(no_wrap=True, overflow="fold")
    for label, value in rows:
        for k, line in enumerate(wrap(value, room)):
            if len(out):
                out.append("\n")
            if k == 0 and label:
                out.append(" " * indent)
                out.append(label, style=label_style)
                out.append(" " * (label_width - cell_len(label) + gap))
            else:
                out.append(" " * (indent + label_width + gap))
            out.append(line)
    return out


def cost_text(row: dict[str, Any], unit: str, thresholds: Sequence[float], lang: str) -> str:
    """What a decision gave up, in win chance and in points, each ± its 95 % half-width, written so
    that no figure seems to cross a grade's threshold it did not reach ("9.97 ± 2.20 points")."""
    return say("summary.costs", lang,
               win=percent(row["loss"], tight=True, marks=WIN_THRESHOLDS, margin=row.get("loss_margin", 0.0), lang=lang),
               points=points(row.get("lead_loss", 0.0), unit, lang, margin=row.get("lead_loss_margin", 0.0), marks=thresholds))


def moment_block(row: dict[str, Any], names: Sequence[str], unit: str, thresholds: Sequence[float], lang: str,
                 width: int = 80) -> Text:
    """One key moment: its move and seat, then the move played, the preferred one, what it gave
    up (win chance and points, each ± its 95 % half-width) and its grade with the figure it was
    judged on, wrapped to `width`."""
    from bigtop.analysis.page import move_text

    same = row["action"] == row["best_action"]
    lines = [
        (say("col.played", lang), move_text(row, "action", lang)),
        (say("col.preferred", lang), say("summary.same", lang) if same else move_text(row, "best", lang)),
        (say("summary.given_up", lang), cost_text(row, unit, thresholds, lang)),
    ]
    if row.get("grade"):
        lines.append((say("col.grade", lang), grade_reason(row, unit, thresholds, lang)))
    out = paragraph(say("summary.moment", lang, move=row["move"], seat=names[row["seat"]]), width, "bold")
    out.append("\n")
    out.append_text(hanging(lines, width))
    return out


def costliest_block(acc: dict[str, Any], rows: dict[int, dict[str, Any]], names: Sequence[str], unit: str,
                    thresholds: Sequence[float], lang: str, width: int = 80, count: int = COSTLIEST_SHOWN) -> Text:
    """A seat's `count` costliest decisions (the graded ones first, then by points given up): for
    each, its move, the move played, the preferred one, and what it gave up with its grade."""
    from bigtop.analysis.page import move_text

    out = paragraph(names[acc["seat"]], width, "bold")
    chosen = [rows[m] for m in acc["costliest"][:count] if m in rows]
    if not chosen:
        out.append("\n")
        out.append_text(hanging([("", say("summary.costliest_none", lang))], width, gap=0))
        return out
    lines = []
    for row in chosen:
        cost = cost_text(row, unit, thresholds, lang)
        if row.get("grade"):
            cost = say("summary.cost_graded", lang, cost=cost, grade=grade_name(row["grade"], lang))
        lines += [(say("summary.move", lang, move=row["move"]), move_text(row, "action", lang)),
                  ("", say("summary.instead", lang, action=move_text(row, "best", lang))),
                  ("", cost)]
    out.append("\n")
    out.append_text(hanging(lines, width, label_style=""))
    return out


def grade_reason(row: dict[str, Any], unit: str, thresholds: Sequence[float], lang: str) -> str:
    """A row's grade and the figure it was judged on, with the threshold it passed: "blunder,
    judged on 42% of win chance (blunder from 20%)"."""
    name = grade_name(row["grade"], lang)
    reasons = []
    for source, loss, at in grade_sources(row, thresholds):
        if source == "win":
            reasons.append(say("summary.by_win", lang, value=percent(loss, tight=True, marks=WIN_THRESHOLDS, lang=lang), grade=name,
                               threshold=percent(at, tight=True)))
        else:
            reasons.append(say("summary.by_points", lang, value=points(loss, unit, lang, marks=thresholds), grade=name,
                               threshold=points(at, unit, lang, short=True)))
    if not reasons:
        return name
    return say("summary.grade_for", lang, grade=name, reasons=say("summary.and", lang).join(reasons))
