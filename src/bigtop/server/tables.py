"""Live tables and the `Hall` that holds them: the authority over every table of the server.

Every change goes the same way: check it against the table (and the game), store it, change the
table in memory, then announce `(table, move number)` to the hall's sinks (the WebSocket hub builds
and sends messages, the bot runner starts bots). The hall knows no transport. A table's lock keeps
its changes in order. When several processes share one database, the database orders the moves: a
move number another process took first is caught up from the database, and the move is tried again.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from typing import Any, NamedTuple, Protocol

from bigtop import games
from bigtop.core.api import Game, State
from bigtop.core.errors import BigtopError, IllegalAction
from bigtop.core.rng import Rng
from bigtop.server.botspecs import check_web_bot
from bigtop.server.errors import Conflict, Forbidden, NotFound, ServerError, StaleMove
from bigtop.server.messages import summary
from bigtop.server.store import MoveTaken, SeatRow, Store, TableRow
from bigtop.server.table_options import web_options

MAX_NAME = 40
MAX_TABLE_ID = 32
STATUSES = ("open", "running", "finished")

log = logging.getLogger("bigtop.server")


@dataclass(eq=False)
class LiveTable:
    """A table in memory: its seats and the game state rebuilt from its moves."""

    id: str
    game: Game[Any]
    options: Any
    seed: int
    status: str
    host_token: str
    seats: list[SeatRow]
    state: State
    practice: bool = False
    rated: bool = False
    clock: dict[str, Any] | None = None
    options_json: dict[str, Any] = field(default_factory=dict)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    bot_rng: Rng = field(default_factory=Rng)

    @property
    def players(self) -> int:
        return self.state.players

    def seat_of(self, token: str | None) -> int:
        """The seat whose secret token this is; `Forbidden` otherwise."""
        if token:
            for s in self.seats:
                if s.token is not None and _same(s.token, token):
                    return s.seat
        raise Forbidden(f"that token opens no seat at table {self.id}")

    def check_host(self, token: str | None) -> None:
        if not token or not _same(self.host_token, token):
            raise Forbidden(f"only the host of table {self.id} may do that (wrong host token)")

    def bot_plays(self, seat: int) -> bool:
        """Whether a bot plays this seat now (a bot seat, or a person who left a running game)."""
        s = self.seats[seat]
        return s.bot is not None or s.away


class NewSeat(NamedTuple):
    """A seat of a table being created: a person's (open to anyone from the lobby, or invite only)
    or a bot's (its spec)."""

    name: str = ""
    bot: str | None = None
    open: bool = False


class TableSink(Protocol):
    """Hears of every change of every table, in order, under the table's lock: `move` is the number
    of the move just applied, None for a change of seats or status. It must not block."""

    def table_changed(self, table: LiveTable, move: int | None) -> None: ...


class Hall:
    """Every table of the server, backed by a `Store`. Methods raise `ServerError` and change nothing."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.tables: dict[str, LiveTable] = {}
        self.unavailable: dict[str, str] = {}
        self.sinks: list[TableSink] = []
        self.notice_handlers: dict[str, Callable[[str], Awaitable[None]]] = {}  # other kinds of change notice, by kind

    def add_sink(self, sink: TableSink) -> None:
        self.sinks.append(sink)

    def changed(self, table: LiveTable) -> None:
        """Tell the sinks that `table` changed otherwise than by a move (e.g. a log line was added)."""
        self._announce(table, None)

    def _announce(self, table: LiveTable, move: int | None) -> None:
        for sink in self.sinks:
            sink.table_changed(table, move)

    # ------------------------------------------------------------------ loading
    def load(self) -> None:
        """Rebuild every stored table by replaying its moves (called at start-up)."""
        for row in self.store.tables.load_all():
            self._keep(row)

    def _keep(self, row: TableRow) -> LiveTable | None:
        """Rebuild a stored table and hold it, or note why it cannot be rebuilt."""
        try:
            table = rebuild(row)
        except BigtopError as exc:
            self.unavailable[row.id] = f"table {row.id} ({row.game}) cannot be rebuilt: {exc}"
            return None
        self.unavailable.pop(row.id, None)
        self.tables[row.id] = table
        return table

    # ------------------------------------------------------------------ lobby
    def get(self, table_id: str) -> LiveTable:
        """A table this process holds; `NotFound` naming why if it is unknown or cannot be rebuilt."""
        table = self.tables.get(table_id)
        if table is None:
            reason = self.unavailable.get(table_id)
            raise NotFound(reason or f"no table {table_id[:MAX_TABLE_ID]!r}")
        return table

    async def find(self, table_id: str) -> LiveTable:
        """A table, also one another process has just created on the shared database."""
        if table_id not in self.tables and self.store.shared and len(table_id) <= MAX_TABLE_ID:
            row = await asyncio.to_thread(self.store.tables.load, table_id)
            if row is not None and table_id not in self.tables:
                self._keep(row)
        return self.get(table_id)

    def listing(self, status: str | None = None, limit: int = 100) -> list[dict[str, Any]]:
        """Summaries of the newest `limit` tables with this status (any by default), newest first."""
        if status is not None and status not in STATUSES:
            raise ServerError(f"unknown status {status!r}; use one of {', '.join(STATUSES)}")
        found = []
        for table in reversed(self.tables.values()):
            if len(found) >= limit:
                break
            if status is None or table.status == status:
                found.append(summary(table))
        return found

    async def create(self, game_name: str, players: int, options: Any, seat_specs: list[NewSeat],
                     seed: int | None = None, practice: bool = False, rated: bool | None = None,
                     clock: dict[str, Any] | None = None) -> tuple[LiveTable, list[str | None]]:
        """A new open table with these seats; a practice table may fix what chance deals (see
        `table_options.web_options`). A table is rated unless told otherwise, and can be only if
        nobody fixed its chance (no practice options, no seed). `clock` is stored as given.

        Returns the table and each seat's secret token (None for bots)."""
        game = games.get(game_name)
        if len(seat_specs) != players:
            raise ServerError(f"{players} players need {players} seats, got {len(seat_specs)}")
        parsed = web_options(game, players, options, practice)
        rated = _rated(rated, practice, seed)
        seat_rows = []
        for i, spec in enumerate(seat_specs):
            name = _clean_name(spec.name) or (spec.bot or f"Player {i + 1}")
            if spec.bot is not None:
                check_web_bot(spec.bot, game)
            token = None if spec.bot is not None else secrets.token_urlsafe(18)
            seat_rows.append(SeatRow(i, name, spec.bot, token, joined=spec.bot is not None,
                                     open=spec.open and spec.bot is None))
        state = game.new(players, seed=seed, options=parsed)
        row = TableRow(secrets.token_urlsafe(8), game.name, players, game.options_json(parsed),
                       state.seed, "open", secrets.token_urlsafe(18), seat_rows, practice=practice,
                       rated=rated, clock=clock)
        await self.store.tables.add(row)
        table = rebuild(row)
        self.tables[row.id] = table
        self._announce(table, None)
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
            await self.store.tables.update_seat(table.id, changed)
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
            await self.store.tables.update_seat(table.id, changed)
            table.seats[seat] = changed
            self._announce(table, None)
        return seat

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
                await self._refresh(table)
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
            await self.store.tables.set_status(table.id, status)
            table.status = status
            self._announce(table, None)

    # ------------------------------------------------------------------ play
    async def play(self, table: LiveTable, seat: int, data: Any, expected_move: int | None = None,
                   by_bot: bool = False) -> int:
        """Validate, store, then apply `seat`'s action (as JSON); returns the move's number.

        `expected_move` is the move number the player saw: a move after which others played is
        still taken if it is legal now and the seat has not played since (so a bot's move never
        makes a person's move stale by its timing alone). `by_bot` says who plays: a person's move
        for a seat a bot plays now is refused, and so is a bot's move for a seat its person has
        taken back."""
        async with table.lock:
            if table.status == "open":
                await self._refresh(table)  # another process may have started it a moment ago
            while True:
                if table.status != "running":
                    raise Conflict(f"table {table.id} is {table.status}: no moves now")
                if table.bot_plays(seat) != by_bot:
                    raise Conflict(f"seat {seat} is played by a bot now; join again to take it back" if not by_bot
                                   else f"seat {seat} is played by its person again")
                state = table.state
                _check_fresh(state, seat, expected_move)
                after = state.clone()
                try:
                    action = after.apply_json(seat, data)
                except IllegalAction as exc:
                    if expected_move is not None and expected_move < state.move_count:
                        raise StaleMove(f"stale move: other moves came first, and now {exc}") from None
                    raise
                number = state.move_count
                status = "finished" if after.is_over() else "running"
                try:
                    await self.store.moves.add(table.id, number, seat, table.game.codec.to_json(action), status)
                except MoveTaken:  # another process stored this number first: catch up and try again
                    await self._catch_up(table)
                    if table.state.move_count == number:
                        raise Conflict(f"move {number} of table {table.id} is stored but cannot be read back") from None
                    continue
                table.state = after
                table.status = status
                self._announce(table, number)
                return number

    async def play_token(self, table: LiveTable, token: str | None, data: Any, expected_move: int | None = None) -> int:
        """A person's move: the token names the seat."""
        return await self.play(table, table.seat_of(token), data, expected_move)

    # ------------------------------------------------------------------ other processes' changes
    async def moved_elsewhere(self, table_id: str, number: int | None, seat: int | None, action: Any) -> None:
        """Another process stored move `number` (seat and action if the notice carried them)."""
        table = self.tables.get(table_id)
        if table is None:
            await self.find(table_id)  # holds it from the database, that move included
            return
        async with table.lock:
            if number == table.state.move_count and seat is not None and action is not None:
                self._apply_stored(table, number, seat, action)
            elif number is None or number >= table.state.move_count:
                await self._catch_up(table)

    async def changed_elsewhere(self, table_id: str) -> None:
        """Another process created a table, or changed its seats or status: read it again."""
        table = self.tables.get(table_id)
        if table is None:
            await self.find(table_id)
            return
        async with table.lock:
            await self._refresh(table)
            self._announce(table, None)

    async def _refresh(self, table: LiveTable) -> None:
        """Read the table's seats, status and moves again from a database other processes share
        (before a lobby change is checked: another process may have made one); the table is locked."""
        if not self.store.shared:
            return
        found = await asyncio.to_thread(self.store.tables.seats_and_status, table.id)
        if found is None:
            return
        status, seats = found
        table.seats[:] = seats
        table.status = max(table.status, status, key=STATUSES.index)  # a status only moves on
        await self._catch_up(table)

    async def catch_up_all(self) -> None:
        """Read again every table whose status or moves this process may have missed (when the
        listener starts or connects again)."""
        statuses = await asyncio.to_thread(self.store.tables.statuses)
        counts = await asyncio.to_thread(self.store.moves.counts)
        for table_id, status in statuses.items():
            table = self.tables.get(table_id)
            if table is None or table.status != status or counts.get(table_id, 0) > table.state.move_count:
                await self.changed_elsewhere(table_id)

    async def _catch_up(self, table: LiveTable) -> None:
        """Apply the moves other processes stored since this table's state (the table is locked)."""
        for number, seat, action in await asyncio.to_thread(self.store.moves.since, table.id, table.state.move_count):
            if number != table.state.move_count:
                continue
            self._apply_stored(table, number, seat, action)

    def _apply_stored(self, table: LiveTable, number: int, seat: int, action: Any) -> None:
        after = table.state.clone()
        try:
            after.apply_json(seat, action)
        except BigtopError as exc:
            log.error("table %s: stored move %s does not replay: %s", table.id, number, exc)
            return
        table.state = after
        if after.is_over():
            table.status = "finished"
        self._announce(table, number)


def rebuild(row: TableRow) -> LiveTable:
    """A live table from its stored row, every move replayed; `BigtopError` if it cannot be."""
    game = games.get(row.game)
    options = game.parse_options(row.options)
    state = game.new(row.players, seed=row.seed, options=options)
    for seat, action in row.moves:
        state.apply_json(seat, action)
    return LiveTable(row.id, game, options, row.seed, row.status, row.host_token, row.seats, state,
                     practice=row.practice, rated=row.rated, clock=row.clock, options_json=game.options_json(options),
                     bot_rng=Rng(row.seed ^ 0xB07))


def _rated(rated: bool | None, practice: bool, seed: int | None) -> bool:
    """Whether a new table is rated: by default unless its chance was fixed; never if it was."""
    fixed = "a practice table" if practice else "a table with a chosen seed" if seed is not None else None
    if rated and fixed:
        raise ServerError(f"{fixed} cannot be rated: whoever chose its deal could know it")
    return fixed is None if rated is None else rated


def _check_fresh(state: State, seat: int, expected_move: int | None) -> None:
    """Refuse a move meant for a later position, or one after which this very seat played already."""
    if expected_move is None or expected_move == state.move_count:
        return
    if expected_move > state.move_count or expected_move < 0:
        raise StaleMove(f"stale move: the game is at move {state.move_count}, not {expected_move}")
    if any(player == seat for player, _ in state.moves()[expected_move:]):
        raise StaleMove(f"stale move: seat {seat} has played since move {expected_move}")


def _same(secret: str, given: str) -> bool:
    """Constant-time comparison of a secret token with what a client sent (any text)."""
    return secrets.compare_digest(secret.encode(), given.encode("utf-8", "replace"))


def _clean_name(name: str | None) -> str:
    name = " ".join((name or "").split())
    if len(name) > MAX_NAME:
        raise ServerError(f"a name has at most {MAX_NAME} characters")
    return name
