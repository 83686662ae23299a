"""Game review and hints on the web table: the routes, their rows, and the worker processes that search.

A finished table's review (`bigtop.analysis.review`) runs in a worker process, one at a time per
server process, from a bounded queue where the askers' addresses take turns (an address with
reviews waiting does not hold back one that asks after it); its progress and its result are rows of `bigtop_reviews`,
keyed by what makes a review (moves, budget, search seed, bigtop's version, a digest of the grading
and calibration data), so a second request, any process on the same database, or the server after a
restart answers the stored review, and a review stored under other thresholds is made again. Before
a process queues a review it claims the row with an expiry it renews while it works (as a bot lease,
`leases.py`): on a shared PostgreSQL database only one process computes it, and a review whose
process died can be asked for again once its claim runs out.

Hints (`bigtop.analysis.hints`) are offered at tables that are not rated (friendly and practice
tables: a hint would make a rating say less): the seat to move asks, a worker searches from that seat's view, the
answer goes to that seat alone, and the game's log says, for everyone, that the seat used a hint.
Each hint is a row of `bigtop_hints` (one per seat and move: asking again answers the same hint),
and the log lines are written again when the server rebuilds its tables.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any, TypeVar

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field
from sqlalchemy import JSON, Column, Float, ForeignKey, Integer, String, Table, delete, insert, select, update
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

import bigtop
from bigtop import games
from bigtop.analysis.hints import hints, note_hint
from bigtop.analysis.review import FORMAT, review, settings_digest
from bigtop.analysis.search import Budget
from bigtop.core.errors import BigtopError
from bigtop.core.processes import die_with_parent
from bigtop.core.record import Record
from bigtop.server.errors import Busy, Conflict, Forbidden, StaleMove
from bigtop.server.extra_games import register_game_modules
from bigtop.server.quotas import Creator, creator_of
from bigtop.server.schema import UtcDateTime, metadata
from bigtop.server.shares import Shares
from bigtop.server.store import Repository, _now
from bigtop.server.tables import Hall, LiveTable

REVIEW_BUDGET = 100  # first-search iterations per decision (docs/analysis.md, "Speed")
REVIEW_WORKERS = 2  # processes a review's decisions are shared between
HINT_BUDGET = 1000  # search iterations for a hint: 0.2-0.4 s
MAX_QUEUED = 32  # reviews waiting or running in one process; more are refused (429) until one ends
REVIEWS_EACH = 3  # of them, asked by one address or one player; the addresses take turns (`Analysis.order`)
TURNS_KEPT = 10_000  # addresses whose last review's start is remembered
HINTS_AT_ONCE = 2  # hints being searched at once in one process
HINTS_EACH = 1  # of them, asked by one address or one player
CLAIM_SECONDS = 30.0  # a review's claim runs out this long after its process last renewed it
PROGRESS_SECONDS = 1.0  # how often a running review's progress is written
WORKERS = 2  # one for the review being run, one for hints
SEARCH_SEED = 0

log = logging.getLogger("bigtop.server")
T = TypeVar("T")

reviews = Table(
    "bigtop_reviews",
    metadata,
    Column("table_id", String(32), ForeignKey("bigtop_tables.id"), primary_key=True),
    Column("key", String(200), nullable=False),  # moves, budget, search seed, bigtop version, settings digest
    Column("status", String(16), nullable=False),  # queued, running, done, failed
    Column("done", Integer, nullable=False),
    Column("total", Integer, nullable=False),
    Column("owner", String(64), nullable=False),
    Column("expires", Float, nullable=False),  # seconds since the epoch
    Column("result", JSON),
    Column("message", String(600)),
)

hint_rows = Table(
    "bigtop_hints",
    metadata,
    Column("table_id", String(32), ForeignKey("bigtop_tables.id"), primary_key=True),
    Column("number", Integer, primary_key=True),  # the move it was asked before
    Column("seat", Integer, primary_key=True),
    Column("hints", JSON, nullable=False),
    Column("created_at", UtcDateTime(), nullable=False),
)


@dataclass
class ReviewRow:
    table_id: str
    key: str
    status: str
    done: int
    total: int
    owner: str
    expires: float
    result: dict[str, Any] | None
    message: str | None

    def alive(self) -> bool:
        """Whether a process is working on it (queued or running, its claim not run out)."""
        return self.status in ("queued", "running") and self.expires >= time.time()


class AnalysisRepository(Repository):
    """Reviews (one row per table: its claim, progress and result) and the hints used."""

    def review(self, table_id: str) -> ReviewRow | None:
        with self.engine.connect() as db:
            row = db.execute(select(reviews).where(reviews.c.table_id == table_id)).first()
        return None if row is None else ReviewRow(**row._mapping)

    async def claim(self, table_id: str, key: str, owner: str, seconds: float) -> bool:
        """Queue the review of `key` for `owner`, unless it is done or another live process has it."""
        def work(db: Connection) -> bool:
            now = time.time()
            row = db.execute(select(reviews).where(reviews.c.table_id == table_id)).first()
            fresh = {"key": key, "status": "queued", "done": 0, "total": 0, "owner": owner, "expires": now + seconds,
                     "result": None, "message": None}
            if row is None:
                db.execute(insert(reviews).values(table_id=table_id, **fresh))
                return True
            if row.key == key and (row.status == "done" or (row.status in ("queued", "running") and row.expires >= now)):
                return False
            db.execute(update(reviews).where(reviews.c.table_id == table_id).values(**fresh))
            return True

        try:
            return await self.writer.write(work)
        except IntegrityError:  # another process inserted the row first
            return False

    async def progress(self, table_id: str, owner: str, done: int, total: int, seconds: float) -> None:
        """A review is running, `done` of `total` decisions (never over a review already ended)."""
        await self._set(table_id, owner, ("queued", "running"), status="running", done=done, total=total,
                        expires=time.time() + seconds)

    async def finish(self, table_id: str, owner: str, result: dict[str, Any]) -> None:
        total = len(result["decisions"])
        await self._set(table_id, owner, ("queued", "running"), status="done", done=total, total=total, result=result)

    async def fail(self, table_id: str, owner: str, message: str) -> None:
        await self._set(table_id, owner, ("queued", "running"), status="failed", message=message[:600])

    async def _set(self, table_id: str, owner: str, statuses: tuple[str, ...], **values: Any) -> None:
        """Update the review row of `owner` if its status is one of `statuses`."""
        def work(db: Connection) -> None:
            db.execute(update(reviews).where(reviews.c.table_id == table_id, reviews.c.owner == owner,
                                             reviews.c.status.in_(statuses)).values(**values))

        await self.writer.write(work)

    async def renew(self, owner: str, seconds: float) -> None:
        """Extend the claims of every review `owner` has queued or running."""
        def work(db: Connection) -> None:
            db.execute(update(reviews).where(reviews.c.owner == owner, reviews.c.status.in_(("queued", "running")))
                       .values(expires=time.time() + seconds))

        await self.writer.write(work)

    def forget_unfinished(self) -> None:
        """Drop the reviews queued or running (a lone process on SQLite, starting: whoever ran them is gone)."""
        with self.engine.begin() as db:
            db.execute(delete(reviews).where(reviews.c.status.in_(("queued", "running"))))

    def last_hint(self, table_id: str, seat: int) -> tuple[int, list[dict[str, Any]]] | None:
        """The seat's latest hint at this table: the move number its log line was written at, and the hints."""
        with self.engine.connect() as db:
            found = db.execute(select(hint_rows.c.number, hint_rows.c.hints).where(
                hint_rows.c.table_id == table_id, hint_rows.c.seat == seat).order_by(hint_rows.c.number.desc())).first()
        return None if found is None else (found.number, found.hints)

    async def add_hint(self, table_id: str, number: int, seat: int, found: list[dict[str, Any]]) -> None:
        def work(db: Connection) -> None:
            db.execute(insert(hint_rows).values(table_id=table_id, number=number, seat=seat, hints=found, created_at=_now()))
            self.notify(db, "hint", table_id)

        await self.writer.write(work)

    def hints_used(self, table_id: str | None = None) -> dict[str, list[tuple[int, int]]]:
        """Every hint used (at one table, or all), as (move number, seat) by table, in the order they were asked."""
        out: dict[str, list[tuple[int, int]]] = {}
        query = select(hint_rows.c.table_id, hint_rows.c.number, hint_rows.c.seat)
        if table_id is not None:
            query = query.where(hint_rows.c.table_id == table_id)
        with self.engine.connect() as db:
            found = db.execute(query.order_by(hint_rows.c.table_id, hint_rows.c.number, hint_rows.c.created_at))
            for r in found:
                out.setdefault(r.table_id, []).append((r.number, r.seat))
        return out


# ---------------------------------------------------------------------- in the worker processes
_progress: Any = None  # where a review reports (table id, done, total)
_stopping: Any = None  # set when the server stops: a running review gives up at its next decision


class Stopped(BigtopError):
    """The server is stopping: the review gives up."""


_imports: tuple[str, ...] = ()  # the game modules registered at runtime, for a review's own workers


def _init_worker(progress: Any, stopping: Any, game_modules: tuple[str, ...], parent: int) -> None:
    global _progress, _stopping, _imports
    die_with_parent(parent)
    _progress, _stopping, _imports = progress, stopping, game_modules
    register_game_modules(game_modules)


def _review_in_worker(table_id: str, record_json: dict[str, Any], iterations: int) -> dict[str, Any]:
    def report(done: int, total: int) -> None:
        if _stopping.is_set():
            raise Stopped("the server is stopping")
        _progress.put((table_id, done, total))

    return review(Record.from_json(record_json), budget=Budget(iterations), seed=SEARCH_SEED, workers=REVIEW_WORKERS,
                  on_progress=report, imports=_imports).to_json()


def _hints_in_worker(record_json: dict[str, Any], seat: int, iterations: int) -> list[dict[str, Any]]:
    record = Record.from_json(record_json)
    state = record.replay(games.get(record.game))
    return [
        {"action": state.game.codec.to_json(h.action), "text": h.text, "texts": h.texts, "win_chance": h.win_chance,
         "margin": h.margin, "visits": h.visits}
        for h in hints(state, seat, Budget(iterations), seed=state.move_count)
    ]


# ---------------------------------------------------------------------- in the server process
class Analysis:
    """Queues reviews and searches hints in worker processes; restores the hints' log lines at start."""

    def __init__(self, hall: Hall, review_budget: int = REVIEW_BUDGET, hint_budget: int = HINT_BUDGET,
                 game_modules: tuple[str, ...] = ()) -> None:
        self.hall = hall
        self.rows = AnalysisRepository(hall.store)
        self.owner = hall.store.origin
        self.review_budget = review_budget
        self.hint_budget = hint_budget
        self.settings = settings_digest()  # read once: a server answers the reviews of the data it started with
        self.game_modules = tuple(game_modules)
        self.waiting: list[str] = []  # table ids queued here, in the order asked
        self.running: str | None = None  # the one of them being reviewed
        self.turns: dict[str, float] = {}  # address -> when its last review started (the oldest first)
        self.progress: dict[str, tuple[int, int]] = {}
        self.hinting: set[str] = set()
        self.review_shares = Shares(REVIEWS_EACH, "reviews")
        self.hint_shares = Shares(HINTS_EACH, "hints")
        self._wake = asyncio.Event()
        self._context = multiprocessing.get_context("spawn")
        self._reports: Any = None
        self._stopping: Any = None
        self._pool: ProcessPoolExecutor | None = None
        self._tasks: list[asyncio.Task[None]] = []
        self._written: dict[str, float] = {}
        self.noted: dict[str, set[tuple[int, int]]] = {}  # the hints whose log line each table has, as (move, seat)
        self._stored_hints: dict[str, list[tuple[int, int]]] = {}
        hall.notice_handlers["hint"] = self.hinted_elsewhere

    # ------------------------------------------------------------------ life cycle
    def start(self) -> None:
        """Write the hints' log lines into each table as it is rebuilt; start the queue and the claims' renewal."""
        if not self.hall.store.shared:  # a database of its own: no other process works on what is unfinished
            self.rows.forget_unfinished()
        self._stored_hints = self.rows.hints_used()  # written into each table as it is rebuilt
        self.hall.on_load.append(self._loaded)
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._work()), loop.create_task(self._renew())]

    def _loaded(self, table: LiveTable) -> None:
        used = self._stored_hints.pop(table.id, None)
        if used:
            table.state = _with_hints(table, used)
            self.noted[table.id] = set(used)

    async def stop(self) -> None:
        if self._stopping is not None:
            self._stopping.set()
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
        if self._reports is not None:
            self._reports.put(None)

    def _workers(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._reports = self._context.Queue()
            self._stopping = self._context.Event()
            self._pool = ProcessPoolExecutor(WORKERS, mp_context=self._context, initializer=_init_worker,
                                             initargs=(self._reports, self._stopping, self.game_modules, os.getpid()))
            loop = asyncio.get_running_loop()
            threading.Thread(target=self._read_reports, args=(loop, self._reports), name="bigtop-review-progress",
                             daemon=True).start()
        return self._pool

    async def _in_worker(self, work: Callable[..., T], *args: Any) -> T:
        """`work(*args)` in a worker process; a pool whose process died is replaced for the next call."""
        try:
            return await asyncio.get_running_loop().run_in_executor(self._workers(), work, *args)
        except BrokenProcessPool:
            self._reports.put(None)  # ends the old pool's progress thread
            self._pool = None
            raise Busy("the search's worker process stopped: ask again") from None

    def _read_reports(self, loop: asyncio.AbstractEventLoop, reports: Any) -> None:
        while True:
            try:
                report = reports.get()
            except (EOFError, OSError):
                return
            if report is None:
                return
            loop.call_soon_threadsafe(self._reported, *report)

    # ------------------------------------------------------------------ reviews
    def key(self, table: LiveTable) -> str:
        return (f"moves={table.state.move_count};iterations={self.review_budget};seed={SEARCH_SEED};format={FORMAT};"
                f"bigtop={bigtop.__version__};settings={self.settings}")

    async def request_review(self, table: LiveTable, asker: Creator) -> dict[str, Any]:
        """Queue the review of a finished table unless it is stored or under way; answers its status.
        `asker` may have `REVIEWS_EACH` reviews queued here at once."""
        row = await asyncio.to_thread(self.rows.review, table.id)
        key = self.key(table)
        if row is not None and row.key == key and (row.status == "done" or row.alive()):
            return self._status(table, row)
        if table.id in self.waiting:  # asked a moment ago, its claim being written
            return self._status(table, row)
        if len(self.waiting) >= MAX_QUEUED:
            raise Busy(f"{MAX_QUEUED} reviews are waiting already: ask again in a minute")
        self.review_shares.take(table.id, asker)
        self.waiting.append(table.id)  # holds the place while the claim is written
        try:
            claimed = await self.rows.claim(table.id, key, self.owner, CLAIM_SECONDS)
        except BaseException:
            self._unqueue(table.id)
            raise
        if not claimed:
            self._unqueue(table.id)
        else:
            self._wake.set()
        return await self.review_status(table)

    def _unqueue(self, table_id: str) -> None:
        self.waiting.remove(table_id)
        self.review_shares.release(table_id)

    async def review_status(self, table: LiveTable) -> dict[str, Any]:
        """Where the review of a table is: none, queued, running (done of total), done (with it), failed."""
        return self._status(table, await asyncio.to_thread(self.rows.review, table.id))

    def _status(self, table: LiveTable, row: ReviewRow | None) -> dict[str, Any]:
        out: dict[str, Any] = {"status": "none", "done": 0, "total": 0, "budget": self.review_budget, "review": None,
                               "message": None, "queued_before": None}
        if row is None or row.key != self.key(table) or row.status in ("queued", "running") and not row.alive():
            return out
        out.update(status=row.status, done=row.done, total=row.total, message=row.message)
        if row.status == "done":
            out["review"] = row.result
        if table.id in self.waiting:
            out["queued_before"] = self.order().index(table.id)
            if table.id in self.progress:
                out["status"] = "running"
                out["done"], out["total"] = self.progress[table.id]
        return out

    async def _work(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            while self.waiting:
                table_id = self._take_turn()
                try:
                    await self._review(table_id)
                except asyncio.CancelledError:
                    raise
                except Exception as exc:
                    log.exception("the review of table %s failed", table_id)
                    await self.rows.fail(table_id, self.owner, f"the review failed: {exc}")
                finally:
                    self.running = None
                    self._unqueue(table_id)
                    self.progress.pop(table_id, None)
                    self._written.pop(table_id, None)

    def order(self) -> list[str]:
        """The queued reviews in the order they run: the running one, then in rounds, one review of
        each address a round; within a round, the address whose last review started longest ago (or
        never) first, and among equals, as asked."""
        rank: dict[str, int] = {}
        keyed = []
        for asked, table_id in enumerate(t for t in self.waiting if t != self.running):
            address = self.review_shares.address_of(table_id)
            rank[address] = rank.get(address, -1) + 1
            keyed.append(((rank[address], self.turns.get(address, float("-inf")), asked), table_id))
        return ([self.running] if self.running in self.waiting else []) + [table_id for _, table_id in sorted(keyed)]

    def _take_turn(self) -> str:
        """The next review to run, marked as running and as its address's turn."""
        table_id = self.running = self.order()[0]
        address = self.review_shares.address_of(table_id)
        self.turns.pop(address, None)
        self.turns[address] = time.monotonic()  # the newest last: the oldest are forgotten first
        while len(self.turns) > TURNS_KEPT:
            del self.turns[next(iter(self.turns))]
        return table_id

    async def _review(self, table_id: str) -> None:
        table = self.hall.tables[table_id]
        self.progress[table_id] = (0, 0)
        await self.rows.progress(table_id, self.owner, 0, 0, CLAIM_SECONDS)
        result = await self._in_worker(_review_in_worker, table_id, table.state.record().to_json(), self.review_budget)
        await self.rows.finish(table_id, self.owner, result)

    def _reported(self, table_id: str, done: int, total: int) -> None:
        if table_id not in self.progress:
            return
        self.progress[table_id] = (done, total)
        now = time.monotonic()
        if now - self._written.get(table_id, 0.0) >= PROGRESS_SECONDS:  # other processes read it from the row
            self._written[table_id] = now
            asyncio.get_running_loop().create_task(self.rows.progress(table_id, self.owner, done, total, CLAIM_SECONDS))

    async def _renew(self) -> None:
        while True:
            await asyncio.sleep(CLAIM_SECONDS / 3)
            if self.waiting:
                try:
                    await self.rows.renew(self.owner, CLAIM_SECONDS)
                except Exception:
                    log.exception("renewing the review claims failed")

    # ------------------------------------------------------------------ hints
    def _note(self, table: LiveTable, used: list[tuple[int, int]]) -> None:
        """Write each hint's log line into the table's game now, and tell its watchers."""
        after = table.state.clone()
        for hint in used:
            note_hint(after, hint[1])
            self.noted.setdefault(table.id, set()).add(hint)
        table.state = after
        self.hall.changed(table)

    async def hinted_elsewhere(self, table_id: str) -> None:
        """Another process on the shared database answered a hint at this table: write its log line here too."""
        table = await self.hall.find(table_id)
        used = await asyncio.to_thread(self.rows.hints_used, table_id)
        async with table.lock:
            new = [hint for hint in used.get(table_id, []) if hint not in self.noted.get(table_id, set())]
            if new:
                self._note(table, new)

    async def hint(self, table: LiveTable, token: str, asker: Creator) -> dict[str, Any]:
        """The search's top 3 moves for the seat of `token`, which must be to move at a table that
        is not rated; the log says, for everyone, that the seat used a hint. `asker` may have
        `HINTS_EACH` hints searched at once."""
        seat = table.seat_of(token)
        if table.rated:
            raise Forbidden("hints are offered only at tables that are not rated (friendly or practice): this game is rated")
        state = table.state
        if table.status != "running" or seat not in state.to_move() or table.bot_plays(seat):
            raise Conflict(f"seat {seat} has no decision to make now: a hint is for the seat to move")
        if state.secret_step() is not None:  # the log's note of a hint would tell who could answer
            raise Conflict("no hint for this question: everyone would learn that you have a choice to make")
        last = await asyncio.to_thread(self.rows.last_hint, table.id, seat)
        if last is not None and _still_deciding(table, seat, last[0]):
            return {"move": last[0], "seat": seat, "hints": last[1]}
        if table.id in self.hinting or len(self.hinting) >= HINTS_AT_ONCE:
            raise Busy("a hint is being searched already: ask again in a moment")
        self.hint_shares.take(table.id, asker)
        self.hinting.add(table.id)
        try:
            found = await self._in_worker(_hints_in_worker, state.record().to_json(), seat, self.hint_budget)
            async with table.lock:
                if not _still_deciding(table, seat, state.move_count):
                    raise StaleMove(f"seat {seat} has played since the hint was asked: ask again")
                number = table.state.move_count
                await self.rows.add_hint(table.id, number, seat, found)
                self._note(table, [(number, seat)])
        finally:
            self.hinting.discard(table.id)
            self.hint_shares.release(table.id)
        return {"move": number, "seat": seat, "hints": found}


def _still_deciding(table: LiveTable, seat: int, since: int) -> bool:
    """Whether `seat` is to move and has not played since move `since` (others may have: a hint
    asked in a step where seats choose at once stays good while the seat has not chosen)."""
    state = table.state
    return (table.status == "running" and seat in state.to_move() and since <= state.move_count
            and all(player != seat for player, _ in state.moves()[since:]))


def _with_hints(table: LiveTable, used: list[tuple[int, int]]) -> Any:
    """The table's game replayed with the log line of each hint used at its move (after the last
    move kept, for a hint whose move was undone since)."""
    state = table.game.new(table.players, seed=table.seed, options=table.options)
    moves = table.state.moves()
    for number in range(len(moves) + 1):
        last = number == len(moves)
        for seat in (seat for at, seat in used if at == number or last and at > number):
            note_hint(state, seat)
        if not last:
            state.apply(*moves[number])
    return state


# ---------------------------------------------------------------------- routes
router = APIRouter(prefix="/api", responses={
    400: {"description": "bad request"}, 403: {"description": "wrong token, or hints at a table played for real"},
    404: {"description": "unknown table"}, 409: {"description": "wrong moment (`conflict`, `stale_move`)"},
    429: {"description": "too much is being searched now (`busy`)"},
})


class HintRequest(BaseModel):
    token: str = Field(max_length=200)


def _analysis(request: Request) -> Analysis:
    return request.app.state.analysis


async def _finished(request: Request, table_id: str) -> LiveTable:
    table = await request.app.state.hall.find(table_id)
    if table.status != "finished":
        raise Conflict(f"table {table_id} is {table.status}: only a finished game can be reviewed")
    return table


@router.post("/tables/{table_id}/review", status_code=202)
async def ask_review(request: Request, table_id: str) -> dict[str, Any]:
    """Queue the review of a finished game (a stored one answers at once); answers its status."""
    return await _analysis(request).request_review(await _finished(request, table_id), await creator_of(request))


@router.get("/tables/{table_id}/review")
async def get_review(request: Request, table_id: str) -> dict[str, Any]:
    """The review of a finished game: `status` none, queued, running (`done` of `total`
    decisions), done (`review`: see docs/analysis.md) or failed (`message`)."""
    return await _analysis(request).review_status(await _finished(request, table_id))


@router.post("/tables/{table_id}/hint")
async def ask_hint(request: Request, table_id: str, body: HintRequest) -> dict[str, Any]:
    """The search's top 3 moves for the seat of `token` (to move, at a table that is not rated), best
    first, each with its win chance and 95 % half-width; the log tells everyone a hint was used."""
    table = await request.app.state.hall.find(table_id)
    return await _analysis(request).hint(table, body.token, await creator_of(request))

