"""Fair shares of the bot workers' time: round-robin over the tables' creators, then over each
creator's tables, one bounded slice of thinking at a time.

Every decision of a bot that needs the game is a job. When a worker is free it takes the next
creator in turn that has a job it can run, and that creator's next table in turn, and thinks for
at most `SLICE_SECONDS` (`workers.py`); an unfinished search goes back in line, keeping its tree in
that worker. So a creator whose tables hold twenty searching bots gets one slice in turn like a
creator with one table of a cheap bot, which answers after about one slice per creator ahead of it.
A creator has at most as many searches under way at once as there are workers (the trees live in
the workers' memory), a worker at most `MAX_OPEN_PER_WORKER`; a creator's other tables wait, and
how many tables of searching bots a creator may have is bounded when they are made (`quotas.py`).

A job may have a deadline (a bot at a table with people, `botpace.py`): no slice runs past it, and
the search answers with the best move found by then.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import multiprocessing
from collections import Counter, OrderedDict, deque
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bigtop.core.actions import Action
from bigtop.core.api import State
from bigtop.core.errors import BigtopError
from bigtop.core.rng import Rng
from bigtop.server.workers import Worker, WorkerLost

SLICE_SECONDS = 0.05  # the longest a worker thinks for one job before the next job's turn
MAX_OPEN_PER_WORKER = 32  # searches a worker keeps the tree of at once

log = logging.getLogger("bigtop.server")


class BotFailed(BigtopError):
    """The bot raised an error while thinking (a bug of the bot or the game)."""


@dataclass(eq=False)
class Job:
    """One bot decision: who made its table, what to think about, by when, and where it runs."""

    id: int
    creator: str
    work: tuple[Any, State, int, Rng]  # bot, state, seat, rng
    deadline: float | None  # on the event loop's clock: no slice past it
    future: asyncio.Future[tuple[Action, Any]]
    worker: Worker | None = None  # the worker keeping its search, once it has started
    busy: bool = False  # a slice of it is running
    finished: bool = False


class BotScheduler:
    """Runs bots' decisions in `workers` worker processes, sharing their time fairly."""

    def __init__(self, workers: int = 1, game_modules: Sequence[str] = (), slice_seconds: float = SLICE_SECONDS) -> None:
        self.size = max(1, workers)
        self.game_modules = tuple(game_modules)
        self.slice_seconds = slice_seconds
        self.workers: list[Worker] = []
        self._waiting: OrderedDict[str, deque[Job]] = OrderedDict()  # creator: its jobs, in turn
        self._open: Counter[str] = Counter()  # searches under way, by creator
        self._dispatchers: list[asyncio.Task[None]] = []
        self._wake = asyncio.Event()
        self._ids = itertools.count()
        self._context = multiprocessing.get_context("spawn")

    async def think(self, creator: str, bot: Any, state: State, seat: int, rng: Rng,
                    deadline: float | None = None) -> tuple[Action, Any]:
        """The action of `bot` for `seat` of `state` (a private copy), and the bot as it is after
        choosing (its RNG moved on). `creator` is whose share of the workers' time it uses;
        `deadline` (event loop time) the moment by which it must answer, if any."""
        loop = asyncio.get_running_loop()
        self._start()
        job = Job(next(self._ids), creator, (bot, state, seat, rng), deadline, loop.create_future())
        self._waiting.setdefault(creator, deque()).append(job)
        self._wake.set()
        try:
            return await job.future
        finally:
            if not job.busy and not job.finished:  # cancelled while waiting its turn
                self._finish(job, drop=True)

    def waiting(self) -> int:
        """Jobs waiting or under way."""
        return sum(len(jobs) for jobs in self._waiting.values())

    async def stop(self) -> None:
        for task in self._dispatchers:
            task.cancel()
        await asyncio.gather(*self._dispatchers, return_exceptions=True)
        for jobs in list(self._waiting.values()):
            for job in list(jobs):
                self._finish(job)
                job.future.cancel()
        for worker in self.workers:
            await asyncio.to_thread(worker.stop)
        self.workers.clear()
        self._dispatchers.clear()

    # ------------------------------------------------------------------ dispatching
    def _start(self) -> None:
        """Start the workers at the first job (a server without thinking bots never does)."""
        if self.workers:
            return
        self.workers = [Worker(self._context, self.game_modules) for _ in range(self.size)]
        loop = asyncio.get_running_loop()
        self._dispatchers = [loop.create_task(self._dispatch(slot)) for slot in range(self.size)]

    async def _dispatch(self, slot: int) -> None:
        """Keep worker `slot` busy with one slice after another, the next job in turn each time."""
        while True:
            worker = self.workers[slot]
            job = self._pick(worker)
            if job is None:
                self._wake.clear()
                await self._wake.wait()
                continue
            seconds, last = self._slice(job)
            if job.worker is None:
                job.worker = worker
                worker.open += 1
                self._open[job.creator] += 1
                message: tuple[Any, ...] = ("start", job.id, *job.work, seconds, last)
            else:
                message = ("more", job.id, seconds, last)
            job.busy = True
            try:
                answer = await worker.ask(message)
            except WorkerLost as exc:
                self._lost(slot, exc)
                continue
            finally:
                job.busy = False
            self._answered(job, answer)
            self._wake.set()

    def _pick(self, worker: Worker) -> Job | None:
        """The next job `worker` may run: the next creator in turn that has one, its next table in
        turn; a search already under way only on the worker keeping its tree."""
        for creator, jobs in self._waiting.items():
            for job in jobs:
                if job.busy:
                    continue
                if job.worker is worker or (job.worker is None and self._open[creator] < self.size
                                            and worker.open < MAX_OPEN_PER_WORKER):
                    self._waiting.move_to_end(creator)
                    jobs.remove(job)
                    jobs.append(job)
                    return job
        return None

    def _slice(self, job: Job) -> tuple[float, bool]:
        """How long the next slice of `job` may think, and whether it must answer after it."""
        if job.deadline is None:
            return self.slice_seconds, False
        left = job.deadline - asyncio.get_running_loop().time()
        return max(0.0, min(self.slice_seconds, left)), left <= self.slice_seconds

    def _answered(self, job: Job, answer: tuple[Any, ...]) -> None:
        kind = answer[0]
        if kind == "more":
            if job.future.cancelled():
                self._finish(job, drop=True)
            return
        self._finish(job)
        if job.future.done():
            return
        if kind == "done":
            job.future.set_result((answer[2], answer[3]))
        else:
            job.future.set_exception(BotFailed(f"a bot failed while thinking:\n{answer[2]}"))

    def _finish(self, job: Job, drop: bool = False) -> None:
        """Take `job` out of line (and its search out of its worker's memory if `drop`)."""
        if job.finished:
            return
        job.finished = True
        jobs = self._waiting.get(job.creator)
        if jobs is not None:
            jobs.remove(job)
            if not jobs:
                del self._waiting[job.creator]
        if job.worker is not None:
            job.worker.open -= 1
            self._open[job.creator] -= 1
            if not self._open[job.creator]:
                del self._open[job.creator]
            if drop:
                job.worker.tell(("drop", job.id))

    def _lost(self, slot: int, exc: WorkerLost) -> None:
        """Worker `slot` died: its jobs fail (their bots ask again), a new process takes its place."""
        dead = self.workers[slot]
        log.error("bot worker process %s stopped; starting another", dead.process.pid)
        for jobs in list(self._waiting.values()):
            for job in [j for j in jobs if j.worker is dead]:
                self._finish(job)
                if not job.future.done():
                    job.future.set_exception(exc)
        dead.stop()
        self.workers[slot] = Worker(self._context, self.game_modules)
        self._wake.set()
