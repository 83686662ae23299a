"""Progress on long work: a Rich bar on a terminal, plain lines anywhere else.

Rich draws nothing when its output is not a terminal (a file, a pipe, `nohup`, CI), so a tournament
of an hour would say nothing until it ends. There `progress_bar` gives a `Progress` that draws
nothing either but writes one plain line to the error stream at every tenth of the work, and at
least every `LINE_SECONDS` while the total is unknown or the work slow:

    Drum Roll arena: 40/200 (20 %), 3:12 so far, about 12:48 left
"""

from __future__ import annotations

import sys
import time
from typing import Any

from rich.console import Console
from rich.progress import Progress, ProgressColumn, TaskID

LINE_SECONDS = 60.0  # the longest silence between two lines while work goes on


def progress_bar(*columns: str | ProgressColumn, console: Console, **options: Any) -> Progress:
    """`rich.progress.Progress(*columns, console=console, **options)` on a terminal; elsewhere a
    `PlainProgress`, used the same way (`add_task`, `advance`, `update`)."""
    if console.is_terminal:
        return Progress(*columns, console=console, **options)
    return PlainProgress(*columns, console=console, disable=True)


def clock(seconds: float) -> str:
    """Seconds as a clock reads them: "3:12", "1:02:03"."""
    minutes, second = divmod(int(seconds), 60)
    hours, minute = divmod(minutes, 60)
    return f"{hours}:{minute:02d}:{second:02d}" if hours else f"{minute}:{second:02d}"


class PlainProgress(Progress):
    """A `Progress` that draws no bar and writes a line to standard error at every tenth of a
    task's work, at its end, and at least every `LINE_SECONDS` in between."""

    def __init__(self, *columns: str | ProgressColumn, **options: Any) -> None:
        super().__init__(*columns, **options)
        self._said: dict[TaskID, tuple[int, float]] = {}  # task -> (tenth, time) of its last line

    def add_task(self, description: str, start: bool = True, total: float | None = 100.0, completed: int = 0,
                 visible: bool = True, **fields: Any) -> TaskID:
        task = super().add_task(description, start, total, completed, visible, **fields)
        self._said[task] = (self._tenth(task), time.monotonic())
        return task

    def advance(self, task_id: TaskID, advance: float = 1) -> None:
        super().advance(task_id, advance)
        self._say(task_id)

    def update(self, task_id: TaskID, **changes: Any) -> None:
        super().update(task_id, **changes)
        self._say(task_id)

    def _tenth(self, task_id: TaskID) -> int:
        task = self._tasks[task_id]
        return -1 if not task.total else int(10 * min(task.completed, task.total) // task.total)

    def _say(self, task_id: TaskID) -> None:
        tenth, said_at = self._said[task_id]
        now, reached = time.monotonic(), self._tenth(task_id)
        if reached == tenth and now - said_at < LINE_SECONDS:
            return
        self._said[task_id] = (reached, now)
        task = self._tasks[task_id]
        done = f"{round(task.completed):,}"
        if task.total:
            done += f"/{round(task.total):,} ({100 * min(task.completed, task.total) / task.total:.0f} %)"
        left = task.time_remaining
        print(self.line(task.description, done, clock(task.elapsed or 0.0),
                        clock(left) if left is not None and not task.finished else None), file=sys.stderr, flush=True)

    def line(self, task: str, done: str, elapsed: str, left: str | None) -> str:
        """A task's line: "Drum Roll arena: 40/200 (20 %), 3:12 so far, about 12:48 left" (no time
        left while it is unknown)."""
        return f"{task}: {done}, {elapsed} so far" + (f", about {left} left" if left is not None else "")
