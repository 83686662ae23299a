"""Running a tournament's tasks: in this process, in local worker processes, or on a Ray cluster.

Worker processes and Ray get the games in chunks of consecutive tasks (one chunk per unit of work,
so a short game does not cost a round trip each); a chunk's rows are handed back as it ends.
Whatever runs them, the rows come back sorted by game index, so the same tasks give the same rows.
"""

from __future__ import annotations

import math
import multiprocessing
import os
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from contextlib import contextmanager
from typing import Any

from bigtop.arena import loader
from bigtop.arena.tournament import Task, play_chunk
from bigtop.core.errors import BigtopError

Row = dict[str, Any]
OnDone = Callable[[Row], None]
Play = Callable[[Sequence[Task]], list[Row]]  # a module-level function, so that workers can receive it


def chunk_size(tasks: int, workers: int) -> int:
    """Games per unit of work: about four units per worker, at most 25 games each."""
    return max(1, min(25, math.ceil(tasks / (4 * workers))))


def chunks(tasks: Sequence[Task], size: int) -> list[list[Task]]:
    """The tasks cut into runs of `size` consecutive tasks."""
    if size < 1:
        raise BigtopError("--chunk must be at least 1")
    return [list(tasks[i : i + size]) for i in range(0, len(tasks), size)]


def run_local(
    tasks: Sequence[Task], workers: int, on_done: OnDone | None = None, chunk: int | None = None, play: Play = play_chunk,
) -> list[Row]:
    """Play the tasks here (`workers` 1) or in `workers` fresh processes that import `Task.imports`,
    `chunk` games per unit of work (default: `chunk_size`), each unit played by `play`."""
    if workers < 1:
        raise BigtopError("--workers must be at least 1")
    rows: list[Row] = []

    def collect(row: Row) -> None:
        rows.append(row)
        if on_done is not None:
            on_done(row)

    if workers == 1:
        for task in tasks:
            for row in play([task]):
                collect(row)
    else:
        imports = tasks[0].imports if tasks else ()
        context = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(workers, mp_context=context, initializer=loader.start_worker,
                                 initargs=(os.getpid(), imports)) as pool:
            try:
                units = chunks(tasks, chunk or chunk_size(len(tasks), workers))
                for future in as_completed([pool.submit(play, unit) for unit in units]):
                    for row in future.result():
                        collect(row)
            except BaseException:  # a failed game or Ctrl-C: drop the games not yet started
                pool.shutdown(wait=False, cancel_futures=True)
                raise
    return sorted(rows, key=lambda r: r["index"])


@contextmanager
def ray_session(address: str, cpus: int | None = None) -> Iterator[Any]:
    """Ray, connected: to the cluster at `address`, or `local` to start one here with `cpus` CPUs.
    An already initialised Ray is used as it is; one started here is shut down on leaving."""
    try:
        import ray
    except ImportError:
        raise BigtopError("--ray needs the cluster extra: pip install 'bigtop[cluster]'") from None
    started_here = not ray.is_initialized()
    if started_here:
        try:
            if address == "local":
                ray.init(num_cpus=cpus, include_dashboard=False, log_to_driver=False)
            else:
                ray.init(address=address, log_to_driver=False)
        except (ConnectionError, RuntimeError, ValueError) as exc:
            raise BigtopError(f"cannot start or reach Ray at {address}: {exc}") from None
    try:
        yield ray
    finally:
        if started_here:
            ray.shutdown()


def run_ray(
    tasks: Sequence[Task], address: str, on_done: OnDone | None = None, cpus: int | None = None, chunk: int | None = None,
    play: Play = play_chunk,
) -> list[Row]:
    """Play the tasks on Ray (see `ray_session`), `chunk` games per remote call."""
    with ray_session(address, cpus) as ray:
        pending: list[Any] = []
        try:
            remote = ray.remote(play)
            size = chunk or chunk_size(len(tasks), max(1, int(ray.cluster_resources().get("CPU", 1))))
            pending = [remote.remote(unit) for unit in chunks(tasks, size)]
            rows: list[Row] = []
            while pending:
                done, pending = ray.wait(pending, num_returns=1)
                for row in (row for unit in ray.get(done) for row in unit):
                    rows.append(row)
                    if on_done is not None:
                        on_done(row)
        except BaseException:  # a failed game or Ctrl-C: cancel the games not yet played
            for ref in pending:
                ray.cancel(ref)
            raise
    return sorted(rows, key=lambda r: r["index"])
