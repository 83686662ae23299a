"""The `Hall` that holds the live tables (`live_table.py`): the authority over every table of the server.

Every change goes the same way: check it against the table (and the game), store it, change the
table in memory, then announce `(table, row number)` to the hall's sinks (the WebSocket hub builds
and sends messages, the bot runner starts bots, the clock keeper watches deadlines). The hall knows
no transport. A table's lock keeps its changes in order. When several processes share one database,
the database orders the rows: a number another process took first is caught up from the database,
and the change is tried again.

A table's rows are its moves, the moves a stand-in bot played for a person whose clock ran out
(`timeout`), and undos (a seat takes its last move back, when the game's table rule allows it).
Row numbers only grow, so a number the page saw names one position even across an undo. The game
log shows, besides the game's own entries, the table's notes: who ran out of time, who took a move
back.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import replace
from typing import Any, NamedTuple, Protocol

from bigtop import games
from bigtop.core.api import State
from bigtop.core.errors import BigtopError, IllegalAction
from bigtop.core.rng import Rng
from bigtop.core.typed import TextRefused, typed_line
from bigtop.server.botspecs import check_web_bot
from bigtop.server.clocks import Clock, ClockSetting
from bigtop.server.errors import Conflict, NotFound, ServerError, StaleMove, UndoRefused
from bigtop.server.limits import TableLimits
from bigtop.server.live_table import MAX_UNDOS, LiveTable
from bigtop.server.messages import summary, table_summary
from bigtop.server.quotas import NOBODY, Creator, check_new, check_start
from bigtop.server.store import MoveRow, MoveTaken, RematchTaken, SeatRow, Store, TableRow
from bigtop.server.table_options import web_options

MAX_NAME = 40
MAX_TABLE_ID = 32
STATUSES = ("open", "running", "finished")

log = logging.getLogger("bigtop.server")


class NewSeat(NamedTuple):
    """A seat of a table being created: a person's (open to anyone from the lobby, or invite only)
    or a bot's (its spec)."""

    name: str = ""
    bot: str | None = None
    open: bool = False
    you: bool = False  # the creator's own seat: joined at once, held by the creator if signed in


class TableSink(Protocol):
    """Hears of every change of every table, in order, under the table's lock: `move` is the number
    of the move just applied, None for a change of seats or status. It must not block."""

    def table_changed(self, table: LiveTable, move: int | None) -> None: ...


class Hall:
    """Every table of the server, backed by a `Store`. Methods raise `ServerError` and change nothing."""

    def __init__(self, store: Store, limits: TableLimits | None = None) -> None:
        self.store = store
        self.limits = limits or TableLimits()
        self.tables: dict[str, LiveTable] = {}
        self.unavailable: dict[str, str] = {}
        self.sinks: list[TableSink] = []
        self.notice_handlers: dict[str, Callable[[str], Awaitable[None]]] = {}  # other kinds of change notice, by kind
        self.on_load: list[Callable[[LiveTable], None]] = []  # told of each table rebuilt from the database
        self._reading: dict[str, asyncio.Future[None]] = {}
        self._rebuild_lane = asyncio.Semaphore(1)

    def add_sink(self, sink: TableSink) -> None:
        self.sinks.append(sink)

    def changed(self, table: LiveTable) -> None:
        """Tell the sinks that `table` changed otherwise than by a move (e.g. a log line was added)."""
        self._announce(table, None)

    def _announce(self, table: LiveTable, move: int | None) -> None:
        for sink in self.sinks:
            sink.table_changed(table, move)

    # ------------------------------------------------------------------ loading
    async def load_unfinished(self, batch: int = 50) -> int:
        """Rebuild every open and running table not held yet, oldest first, a batch at a time, each
        announced to the sinks (the bots and clocks go on); called once the server answers, so a
        server with many stored tables starts at once (a request for a table not held yet reads it
        then). Finished tables are read when asked for. Answers how many it rebuilt."""
        ids = await asyncio.to_thread(self.store.tables.unfinished)
        done = 0
        for start in range(0, len(ids), batch):
            wanted = [i for i in ids[start:start + batch] if i not in self.tables and i not in self.unavailable]
            for row in await asyncio.to_thread(self.store.tables.load_many, wanted):
                async with self._rebuilding():
                    if row.id not in self.tables:  # a request may have read it meanwhile
                        self._keep(row)
                        done += 1
        return done

    def _keep(self, row: TableRow) -> LiveTable | None:
        """Rebuild a stored table, hold it and announce it, or note why it cannot be rebuilt."""
        try:
            table = rebuild(row)
        except BigtopError as exc:
            self.unavailable[row.id] = f"table {row.id} ({row.game}) cannot be rebuilt: {exc}"
            return None
        self.unavailable.pop(row.id, None)
        self.tables[row.id] = table
        for hook in self.on_load:
            hook(table)
        self._announce(table, None)
        return table

    def forget(self, table_ids: list[str]) -> None:
        """Let go of tables deleted from the database (`expiry.py`)."""
        gone = set(table_ids)
        for table_id in gone:
            self.tables.pop(table_id, None)
            self.unavailable.pop(table_id, None)
        for table in self.tables.values():
            if table.next_table in gone:
                table.next_table = None

    # ------------------------------------------------------------------ lobby
    def get(self, table_id: str) -> LiveTable:
        """A table this process holds; `NotFound` naming why if it is unknown or cannot be rebuilt."""
        table = self.tables.get(table_id)
        if table is None:
            reason = self.unavailable.get(table_id)
            raise NotFound(reason or f"no table {table_id[:MAX_TABLE_ID]!r}")
        return table

    async def find(self, table_id: str) -> LiveTable:
        """A table, read from the database if this process does not hold it yet (a finished one,
        one not rebuilt yet since the start, one another process has just created)."""
        if table_id not in self.tables and table_id not in self.unavailable and len(table_id) <= MAX_TABLE_ID:
            reading = self._reading.get(table_id)
            if reading is None:  # one read per table, however many ask at once
                reading = self._reading[table_id] = asyncio.ensure_future(self._read(table_id))
                reading.add_done_callback(lambda _: self._reading.pop(table_id, None))
            await asyncio.shield(reading)
        return self.get(table_id)

    async def _read(self, table_id: str) -> None:
        row = await asyncio.to_thread(self.store.tables.load, table_id)
        async with self._rebuilding():
            if row is not None and table_id not in self.tables:
                self._keep(row)

    @contextlib.asynccontextmanager
    async def _rebuilding(self) -> AsyncIterator[None]:
        """One table rebuilt at a time, and the event loop's other work between two (a restart's
        reconnecting pages rebuild every live table at once: the moves of those already back
        must not wait behind all of them)."""
        async with self._rebuild_lane:
            yield
            await asyncio.sleep(0)

    async def listing(self, status: str | None = None, limit: int = 100) -> list[dict[str, Any]]:
        """Summaries of the newest `limit` tables with this status (any by default), newest first;
        a finished table not in memory is summed up from its stored row, without replaying it."""
        if status is not None and status not in STATUSES:
            raise ServerError(f"unknown status {status!r}; use one of {', '.join(STATUSES)}")
        ids = await asyncio.to_thread(self.store.tables.newest, status, limit)
        stored = {r.id: r for r in await asyncio.to_thread(
            self.store.tables.load_many, [i for i in ids if i not in self.tables], False)}
        found = []
        for table_id in ids:
            row = stored.get(table_id)
            brief = _stored_summary(row) if row is not None and table_id not in self.tables else None
            if brief is None:
                try:
                    brief = summary(await self.find(table_id))
                except NotFound:  # deleted meanwhile, or its game is not installed
                    continue
            found.append(brief)
        return found

    async def create(self, game_name: str, players: int, options: Any, seat_specs: list[NewSeat],
                     seed: int | None = None, practice: bool = False, rated: bool | None = None,
                     clock: ClockSetting | None = None, creator: Creator = NOBODY) -> tuple[LiveTable, list[str | None]]:
        """A new open table with these seats; a practice table may fix what chance deals (see
        `table_options.web_options`), and a table with a chosen `seed` is one: whoever chose the
        seed can know every hidden card, so everyone is shown it is a practice table. A table is
        rated unless told otherwise, and can be only if nobody fixed its chance. `clock` is its
        clock; `creator` who asks for it (refused past the limits of `quotas.py`).

        Returns the table and each seat's secret token (None for bots)."""
        practice = practice or seed is not None
        return await self._create(game_name, players, options, seat_specs, seed, practice, _rated(rated, practice), clock,
                                  creator)

    async def rematch(self, table: LiveTable, token: str | None, creator: Creator = NOBODY) -> tuple[LiveTable, int, str | None]:
        """The table where a finished table's seats play again (same game, options, clock, names and
        bots; a new deal), made by the first seat to ask (`creator`). Answers it, the asking seat,
        and the host token if this request made it."""
        seat = table.seat_of(token)
        if table.status != "finished":
            raise Conflict(f"table {table.id} is {table.status}: play again once it is finished")
        for _ in range(2):
            if table.next_table is not None:
                return await self.find(table.next_table), seat, None
            # invitation only: each seat is its old person's, whose token asking answers (an open
            # seat would let a stranger sit there, and a later ask hand them the stranger's token)
            specs = [NewSeat(s.name, s.bot, open=False, you=s.seat == seat) for s in table.seats]
            clock = table.clock.setting if table.clock is not None else None
            try:
                new, _ = await self._create(table.game.name, table.players, table.options_json, specs, None,
                                            table.practice, table.rated, clock, creator, rematch_of=table)
            except RematchTaken:
                async with table.lock:
                    await self._refresh(table)
                continue
            return new, seat, new.host_token
        raise Conflict(f"table {table.id}'s rematch cannot be read")

    async def _create(self, game_name: str, players: int, options: Any, seat_specs: list[NewSeat],
                      seed: int | None, practice: bool, rated: bool, clock: ClockSetting | None, creator: Creator,
                      rematch_of: LiveTable | None = None) -> tuple[LiveTable, list[str | None]]:
        game = games.get(game_name)
        if len(seat_specs) != players:
            raise ServerError(f"{players} players need {players} seats, got {len(seat_specs)}")
        parsed = web_options(game, players, options, practice)
        if all(spec.bot is not None for spec in seat_specs):
            parsed = game.bots_only_options(parsed)
        seat_rows = []
        for i, spec in enumerate(seat_specs):
            name = _clean_name(spec.name) or (spec.bot or f"Player {i + 1}")
            if spec.bot is not None:
                check_web_bot(spec.bot, game, players, parsed)
            token = None if spec.bot is not None else secrets.token_urlsafe(18)
            seat_rows.append(SeatRow(i, name, spec.bot, token, joined=spec.bot is not None or spec.you,
                                     open=spec.open and spec.bot is None,
                                     player_id=creator.player_id if spec.you else None))
        state = game.new(players, seed=seed, options=parsed)
        row = TableRow(secrets.token_urlsafe(8), game.name, players, game.options_json(parsed),
                       state.seed, "open", secrets.token_urlsafe(18), seat_rows, practice=practice,
                       rated=rated, clock=clock.to_json() if clock is not None else None,
                       creator_address=creator.address, creator_player=creator.player_id)
        bots = [s.bot for s in seat_rows]
        await self.store.tables.add(row, rematch_of.id if rematch_of is not None else None,
                                    lambda db: check_new(db, creator, bots, self.limits))
        table = rebuild(row)
        self.tables[row.id] = table
        self._announce(table, None)
        if rematch_of is not None:
            rematch_of.next_table = table.id
            self._announce(rematch_of, None)
        return table, [s.token for s in seat_rows]

    async def join(self, table: LiveTable, token: str | None, name: str | None, player_id: int | None = None) -> int:
        """Take the seat this token opens (again, after leaving a running game). A registered
        player (`player_id`, with `name` their own) holds the seat if they take it before the start."""
        async with table.lock:
            await self._refresh(table)
            seat = table.seat_of(token)
            row = table.seats[seat]
            if table.status == "finished":
                raise Conflict(f"table {table.id} is finished; watch its replay instead")
            holder = player_id if table.status == "open" else row.player_id
            if holder is not None and any(s.player_id == holder and s.seat != seat for s in table.seats):
                raise Conflict(f"you already have a seat at table {table.id}")
            changed = replace(row, name=_clean_name(name) or row.name, joined=True, away=False, player_id=holder)
            if not await self.store.tables.update_seat(table.id, changed):
                await self._changed_meanwhile(table)
                table.seat_of(token)  # Forbidden if the seat went to someone else meanwhile
                raise Conflict(f"seat {seat} of table {table.id} changed a moment ago: try again")
            table.seats[seat] = changed
            self._announce(table, None)
        return seat

    async def leave(self, table: LiveTable, token: str | None) -> int:
        """Leave a seat: before the start it is free again; during the game a bot stands in."""
        async with table.lock:
            await self._refresh(table)
            seat = table.seat_of(token)
            row = table.seats[seat]
            if table.status == "finished":
                raise Conflict(f"table {table.id} is finished")
            running = table.status == "running"
            changed = replace(row, joined=running, away=running) if running else replace(
                row, joined=False, player_id=None, name=f"Player {seat + 1}" if row.open else row.name)
            if not await self.store.tables.update_seat(table.id, changed, table.status):
                await self._changed_meanwhile(table)
                table.seat_of(token)
                raise Conflict(f"seat {seat} of table {table.id} changed a moment ago: try again")
            table.seats[seat] = changed
            self._announce(table, None)
        return seat

    async def mark_away(self, table: LiveTable, seat: int) -> None:
        """A person whose clock ran out again and again is away: a bot plays for them until they join again."""
        async with table.lock:
            row = table.seats[seat]
            if table.status == "running" and row.bot is None and not row.away:
                changed = replace(row, joined=True, away=True)
                if await self.store.tables.update_seat(table.id, changed):
                    table.seats[seat] = changed
                    self._announce(table, None)

    async def sit(self, table: LiveTable, seat: int, name: str, player_id: int | None = None) -> str:
        """Take a free open seat of an open table (from the lobby): answers its new secret token,
        which replaces any earlier one. `Conflict` if the seat is not free (another process may
        have given it away a moment ago: the database decides)."""
        async with table.lock:
            await self._refresh(table)
            if table.status != "open":
                raise Conflict(f"table {table.id} has started: watch it instead")
            if not 0 <= seat < len(table.seats):
                raise ServerError(f"table {table.id} has seats 0 to {len(table.seats) - 1}, not {seat}")
            row = table.seats[seat]
            if row.bot is not None:
                raise Conflict(f"a bot plays seat {seat} of table {table.id}")
            if not row.open:
                raise Conflict(f"seat {seat} of table {table.id} is not open to anyone: it needs its invitation link")
            if row.joined:
                raise Conflict(f"seat {seat} of table {table.id} is taken")
            if player_id is not None and any(s.player_id == player_id for s in table.seats):
                raise Conflict(f"you already have a seat at table {table.id}")
            changed = replace(row, name=_clean_name(name) or row.name, token=secrets.token_urlsafe(18), joined=True,
                              player_id=player_id)
            if not await self.store.tables.take_seat(table.id, changed, row.token):
                await self._changed_meanwhile(table)
                raise Conflict(f"seat {seat} of table {table.id} was taken a moment ago")
            table.seats[seat] = changed
            self._announce(table, None)
        assert changed.token is not None
        return changed.token

    async def start(self, table: LiveTable, host_token: str | None) -> None:
        """Start an open table once every person's seat is taken."""
        async with table.lock:
            await self._refresh(table)
            table.check_host(host_token)
            if table.status != "open":
                raise Conflict(f"table {table.id} is {table.status}, not open")
            empty = [str(s.seat) for s in table.seats if not s.joined]
            if empty:
                raise Conflict(f"seat(s) {', '.join(empty)} have not joined yet")
            status = "finished" if table.state.is_over() else "running"
            started = time.time()
            bots = [s.bot for s in table.seats]
            try:
                stored = await self.store.tables.set_status(table.id, status, "open", started_at=started, seated=True,
                                                            check=lambda db: check_start(db, table.creator, bots, self.limits))
            except Conflict:  # a seat was left on another process a moment ago
                await self._changed_meanwhile(table)
                raise
            if not stored:
                await self._changed_meanwhile(table)
                raise Conflict(f"table {table.id} is {table.status}, not open")
            table.status = status
            if table.clock is not None:
                table.clock.start(started, table.state.seen_to_move())
            self._announce(table, None)

    # ------------------------------------------------------------------ play
    async def play(self, table: LiveTable, seat: int, data: Any, expected_move: int | None = None,
                   by_bot: bool = False, timed_out: bool = False) -> int:
        """Validate, store, then apply `seat`'s action (as JSON); returns the row's number.

        `expected_move` is the row number the player saw: a move after which others played is
        still taken if it is legal now and the seat has not played since (so a bot's move never
        makes a person's move stale by its timing alone). `by_bot` says who plays: a person's move
        for a seat a bot plays now is refused, and so is a bot's move for a seat its person has
        taken back. `timed_out`: a stand-in bot plays for a person whose clock has run out."""
        async with table.lock:
            if table.status == "open":
                await self._refresh(table)  # another process may have started it a moment ago
            while True:
                _check_seat(table, seat, by_bot)
                if timed_out and (table.clock is None or not table.clock.expired(seat, time.time())):
                    raise Conflict(f"seat {seat}'s clock has not run out")
                _check_fresh(table, seat, expected_move)
                try:
                    _check_turn(table.state, seat)  # before the copy: a refused move costs next to nothing
                    after = table.state.clone()
                    action = after.apply_json(seat, data)
                except IllegalAction as exc:
                    if expected_move is not None and expected_move < table.rows:
                        raise StaleMove(f"stale move: other moves came first, and now {exc}") from None
                    raise
                row = MoveRow(table.rows, seat, table.game.codec.to_json(action), "timeout" if timed_out else "move", time.time())
                if await self._store(table, row, after):
                    return row.number

    async def undo(self, table: LiveTable, token: str | None, expected_move: int | None = None) -> int:
        """Take back the last move of the seat of `token`, if the game's table rule allows it (never
        across a random draw, a reveal or another seat's move); returns the undo's row number.
        `expected_move` is the row number the player saw: refused as stale if the table moved on."""
        async with table.lock:
            seat = table.seat_of(token)
            while True:
                _check_seat(table, seat, by_bot=False)
                if table.undo_refusal(seat) == "limit":
                    raise UndoRefused(f"cannot undo: a seat takes back at most {MAX_UNDOS} moves a game", "limit")
                try:  # the rule first: it says why better than "the table moved on"
                    after = table.state.undo(seat)
                except IllegalAction as exc:
                    raise UndoRefused(str(exc), table.state.undo_refusal(seat)) from None
                if expected_move is not None and expected_move != table.rows:  # e.g. a second click
                    raise StaleMove(f"stale undo: the table is at move {table.rows}, not {expected_move}")
                if await self._store(table, MoveRow(table.rows, seat, {}, "undo", time.time()), after):
                    return table.rows - 1

    async def _store(self, table: LiveTable, row: MoveRow, after: State) -> bool:
        """Store `row`, which makes the game `after`, then take it and announce it; False if another
        process stored a row with that number first (it is caught up: check again and retry)."""
        status = "finished" if after.is_over() else "running"
        try:
            await self.store.moves.add(table.id, row, status, after.move_count)
        except MoveTaken:
            await self._catch_up(table)
            if table.rows == row.number:
                raise Conflict(f"move {row.number} of table {table.id} is stored but cannot be read back") from None
            return False
        table.advance(row, after)
        self._announce(table, row.number)
        return True

    async def play_token(self, table: LiveTable, token: str | None, data: Any, expected_move: int | None = None) -> int:
        """A person's move: the token names the seat."""
        return await self.play(table, table.seat_of(token), data, expected_move)

    # ------------------------------------------------------------------ other processes' changes
    async def moved_elsewhere(self, table_id: str, number: int | None, row: MoveRow | None) -> None:
        """Another process stored row `number` (the row itself if the notice carried it)."""
        table = self.tables.get(table_id)
        if table is None:
            await self.find(table_id)  # holds it from the database, that row included
            return
        async with table.lock:
            if row is not None and row.number == table.rows:
                self._apply_stored(table, row)
            elif number is None or number >= table.rows:
                await self._catch_up(table)

    async def changed_elsewhere(self, table_id: str) -> None:
        """Another process created a table, or changed its seats or status: read it again."""
        table = self.tables.get(table_id)
        if table is None:
            await self.find(table_id)
            return
        async with table.lock:
            try:
                await self._refresh(table)
            except NotFound:  # deleted (an open table nobody started)
                self.forget([table_id])
                return
            self._announce(table, None)

    async def _refresh(self, table: LiveTable) -> None:
        """Read the table's seats, status and moves again from a database other processes share
        (before a lobby change is checked: another process may have made one); the table is locked.
        `NotFound` if it is no longer stored (another process deleted it: `expiry.py`)."""
        if not self.store.shared:
            return
        found = await asyncio.to_thread(self.store.tables.now, table.id)
        if found is None:
            self.forget([table.id])
            raise NotFound(f"no table {table.id!r}: it was deleted")
        table.seats[:] = found.seats
        table.status = max(table.status, found.status, key=STATUSES.index)  # a status only moves on
        table.next_table = found.next_table
        if table.clock is not None and table.status == "running" and found.started_at is not None:
            table.clock.start(found.started_at, table.state.seen_to_move())
        await self._catch_up(table)

    async def _changed_meanwhile(self, table: LiveTable) -> None:
        """After a write that found the table otherwise than it was read (the table is locked): read
        it again; `NotFound` if it was deleted (`expiry.py`, on any process)."""
        if not self.store.shared and await asyncio.to_thread(self.store.tables.now, table.id) is None:
            self.forget([table.id])
            raise NotFound(f"no table {table.id!r}: it was deleted")
        await self._refresh(table)

    async def catch_up_all(self) -> None:
        """Read again every table whose status or moves this process may have missed (when the
        listener starts or connects again)."""
        statuses = await asyncio.to_thread(self.store.tables.statuses)
        counts = await asyncio.to_thread(self.store.moves.counts)
        for table_id, status in statuses.items():
            table = self.tables.get(table_id)  # one not held yet will be read as it is when it is
            if table is not None and (table.status != status or counts.get(table_id, 0) > table.rows):
                await self.changed_elsewhere(table_id)

    async def _catch_up(self, table: LiveTable) -> None:
        """Apply the rows other processes stored since this table's state (the table is locked)."""
        for row in await asyncio.to_thread(self.store.moves.since, table.id, table.rows):
            if row.number == table.rows:
                self._apply_stored(table, row)

    def _apply_stored(self, table: LiveTable, row: MoveRow) -> None:
        try:
            after = _replayed(table.state, row)
        except BigtopError as exc:
            log.error("table %s: stored move %s does not replay: %s", table.id, row.number, exc)
            return
        table.advance(row, after)
        self._announce(table, row.number)


def _stored_summary(row: TableRow) -> dict[str, Any] | None:
    """The summary of a finished table from its stored row (None if it cannot say: a table stored
    before its move count was kept, or whose game is not installed: it is rebuilt instead)."""
    if row.status != "finished" or row.move_count is None or row.game not in games.names():
        return None
    game = games.get(row.game)
    try:
        options_json = game.options_json(game.parse_options(row.options))
        setting = ClockSetting.from_json(row.clock)
    except BigtopError:
        return None
    return table_summary(row.id, game, row.status, row.players, options_json, row.seats, row.move_count, [],
                         setting.to_json() if setting is not None else None, row.next_table, row.practice, row.rated)


def _replayed(state: State, row: MoveRow) -> State:
    """The game after stored `row` (a move, or an undo) on `state`; `state` is left as it was."""
    if row.kind == "undo":
        return state.undo(row.seat)
    after = state.clone()
    after.apply_json(row.seat, row.action)
    return after


def rebuild(row: TableRow) -> LiveTable:
    """A live table from its stored row, every row of moves replayed; `BigtopError` if it cannot be."""
    game = games.get(row.game)
    options = game.parse_options(row.options)
    setting = ClockSetting.from_json(row.clock)
    state = game.new(row.players, seed=row.seed, options=options)
    table = LiveTable(row.id, game, options, row.seed, row.status, row.host_token, row.seats, state,
                      practice=row.practice, rated=row.rated, options_json=game.options_json(options),
                      bot_rng=Rng(row.seed ^ 0xB07), clock=Clock.new(setting, row.players) if setting is not None else None,
                      next_table=row.next_table, creator=Creator(row.creator_address or "", row.creator_player))
    if table.clock is not None and row.started_at is not None:
        table.clock.start(row.started_at, state.seen_to_move())
    for move in row.moves:  # in place: nobody else holds this state yet
        before = (table.state.seen_to_move(), len(table.state.log), table.state.move_count)
        if move.kind == "undo":
            table.advance(move, table.state.undo(move.seat), before)
        else:
            table.state.apply_json(move.seat, move.action)
            table.advance(move, table.state, before)
    table.status = row.status
    if table.clock is not None and row.status == "running":
        table.clock.start(time.time(), table.state.seen_to_move())  # no start time stored: from now
    return table


def _rated(rated: bool | None, practice: bool) -> bool:
    """Whether a new table is rated: by default unless it is a practice table (its chance may be
    fixed); never if it is."""
    if rated and practice:
        raise ServerError("a practice table (one with a chosen seed, or options that fix what chance deals) "
                          "cannot be rated: whoever chose its deal could know it")
    return not practice if rated is None else rated


def _check_seat(table: LiveTable, seat: int, by_bot: bool) -> None:
    """Refuse a change of a table that is not running, or of a seat not played by who asks."""
    if table.status != "running":
        raise Conflict(f"table {table.id} is {table.status}: no moves now")
    if table.bot_plays(seat) != by_bot:
        raise Conflict(f"seat {seat} is played by a bot now; join again to take it back" if not by_bot
                       else f"seat {seat} is played by its person again")


def _check_fresh(table: LiveTable, seat: int, expected_move: int | None) -> None:
    """Refuse a move meant for a later position, or one after which this very seat played already."""
    if expected_move is None or expected_move == table.rows:
        return
    if expected_move > table.rows or expected_move < 0:
        raise StaleMove(f"stale move: the game is at move {table.rows}, not {expected_move}")
    if table.last_rows.get(seat, -1) >= expected_move:
        raise StaleMove(f"stale move: seat {seat} has played since move {expected_move}")


def _check_turn(state: State, seat: int) -> None:
    """Refuse the move of a seat with no decision now, naming only the seats everyone is shown to
    move (`State.seen_to_move`): in a secret step, which seats have answered is a secret."""
    if seat in state.to_move():
        return
    shown = state.seen_to_move()
    if seat in shown:
        raise IllegalAction(f"seat {seat} has answered already: waiting for the other answers")
    raise IllegalAction(f"it is not seat {seat}'s turn; waiting for seat(s) {', '.join(map(str, shown))}")


def _clean_name(name: str | None) -> str:
    """A seat's name as kept: its runs of spaces folded to one, printed characters only (no control
    or format character: a NUL, a bidirectional override, a zero-width space), at most `MAX_NAME`;
    "" for none."""
    name = " ".join((name or "").split())
    if not name:
        return ""
    try:
        return typed_line(name, "a name", MAX_NAME, strict=True)
    except TextRefused as refused:
        raise ServerError(str(refused)) from None
