"""Searching a record's decisions here, in local worker processes, or on Ray.

The decisions are cut into small chunks; each chunk replays the record once and searches its
decisions with seeds that depend only on the move, so the rows are the same however they are run.
Local processes and Ray are both driven through a `multiprocessing`-style pool
(`ray.util.multiprocessing.Pool` for Ray).
"""

from __future__ import annotations

import contextlib
import functools
import multiprocessing
import os
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from bigtop.analysis.decisions import Spec, search_specs
from bigtop.analysis.search import Budget
from bigtop.arena import loader
from bigtop.core.errors import BigtopError
from bigtop.core.record import Record

Row = dict[str, Any]
CHUNKS_PER_WORKER = 6  # small chunks: the progress bar moves and no worker waits long for the last
PARALLEL_FROM = 24  # fewer decisions than this are searched here: starting workers would cost more


def _search_chunk(record_json: dict[str, Any], budget: Budget, seed: int, specs: Sequence[Spec]) -> list[Row]:
    return search_specs(Record.from_json(record_json), specs, budget, seed)


def chunks(specs: Sequence[Spec], workers: int) -> list[list[Spec]]:
    """`specs` cut into about `CHUNKS_PER_WORKER` contiguous chunks per worker, never between a
    decision and the one it `follows` (whose tree it continues): the rows do not depend on the cut."""
    size = max(1, -(-len(specs) // (workers * CHUNKS_PER_WORKER)))
    out: list[list[Spec]] = []
    for spec in specs:
        if out and (len(out[-1]) < size or spec.follows):
            out[-1].append(spec)
        else:
            out.append([spec])
    return out


@contextlib.contextmanager
def _pool(workers: int, ray: str | None, imports: Sequence[str]) -> Iterator[Any]:
    """`workers` fresh local processes (which end with this one), or a Ray pool (`ray`: an address,
    or `local` with `workers` CPUs); each worker first imports `imports` (games registered at runtime)."""
    if ray is None:
        pool = multiprocessing.get_context("spawn").Pool(workers, loader.start_worker, (os.getpid(), tuple(imports)))
        try:
            yield pool
            pool.close()  # done: let the workers finish and leave
        finally:
            pool.terminate()
            pool.join()
        return
    try:
        import ray as ray_module
        from ray.util.multiprocessing import Pool
    except ImportError:
        raise BigtopError("--ray needs the cluster extra: pip install 'bigtop[cluster]'") from None
    started_here = not ray_module.is_initialized()
    try:
        ray_pool = Pool(workers if ray == "local" else None, ray_address=ray, initializer=loader.load_all,
                        initargs=(tuple(imports),))
    except (ConnectionError, RuntimeError, ValueError) as exc:
        raise BigtopError(f"cannot start or reach Ray at {ray}: {exc}") from None
    try:
        with ray_pool:
            yield ray_pool
    finally:
        if started_here:
            ray_module.shutdown()


def search_all(
    record: Record,
    specs: Sequence[Spec],
    budget: Budget,
    seed: int,
    workers: int = 1,
    ray: str | None = None,
    on_rows: Callable[[int], None] | None = None,
    imports: Sequence[str] = (),
) -> list[Row]:
    """Search every decision of `specs`: here (`workers` 1, or fewer than `PARALLEL_FROM`
    decisions, no `ray`), in `workers` processes, or on Ray. `on_rows(n)` is told each time `n` more decisions are done (raising in it stops the
    work). Rows come back in the order of the record."""
    if workers < 1:
        raise BigtopError("--workers must be at least 1")
    if ray is None and (workers == 1 or len(specs) < PARALLEL_FROM):
        tick = (lambda: on_rows(1)) if on_rows is not None else None
        return search_specs(record, specs, budget, seed, tick)
    work = functools.partial(_search_chunk, record.to_json(), budget, seed)
    rows: list[Row] = []
    with _pool(workers, ray, imports) as pool:
        for part in pool.imap_unordered(work, chunks(specs, workers)):
            rows.extend(part)
            if on_rows is not None:
                on_rows(len(part))
    return sorted(rows, key=lambda r: r["move"])
