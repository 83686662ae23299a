"""Live tables and the hall that holds them: lobby actions, moves, and pushing views to watchers.

Every change goes the same way: check it against the table (and the game), store it, change the
table in memory, then queue each watcher its own message. A table's lock keeps its changes in order.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bigtop import bots, games
from bigtop.core.api import Game, State
from bigtop.core.errors import BigtopError
from bigtop.core.rng import Rng
from bigtop.server.errors import Conflict, Forbidden, NotFound, ServerError, StaleMove
from bigtop.server.messages import game_message, summary
from bigtop.server.store import SeatRow, Store, TableRow

STAND_IN_BOT = "random"  # plays the seat of a person who left a running game
MAX_NAME = 40
STATUSES = ("open", "running", "finished")


@dataclass(eq=False)
class Watcher:
    """One connection following a table: a seat (None for a spectator) and its outgoing queue."""

    seat: int | None
    queue: asyncio.Queue[dict[str, Any]] = field(default_factory=asyncio.Queue)


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
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    watchers: set[Watcher] = field(default_factory=set)
    bot_rng: Rng = field(default_factory=Rng)
    robots: dict[int, Any] = field(default_factory=dict)

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

    def robot(self, seat: int) -> Any:
        """The bot object playing `seat` (made once, seeded from the table)."""
        bot = self.robots.get(seat)
        if bot is None:
            spec = self.seats[seat].bot or STAND_IN_BOT
            bot = self.robots[seat] = bots.make(spec, self.game, self.seed + 7919 * (seat + 1))
        return bot

    def push(self) -> None:
        """Queue every watcher its own message about the table as it is now."""
        messages: dict[int | None, dict[str, Any]] = {}
        for watcher in list(self.watchers):
            if watcher.seat not in messages:
                messages[watcher.seat] = game_message(self, watcher.seat)
            watcher.queue.put_nowait(messages[watcher.seat])


FILE_OPTIONS = {"cards"}  # options that name a file on the server's disk: never taken from the web


class Hall:
    """Every table of the server, backed by a `Store`. Methods raise `ServerError` and change nothing."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.tables: dict[str, LiveTable] = {}
        self.unavailable: dict[str, str] = {}
        self.on_change: Callable[[LiveTable], None] = lambda table: None

    # ------------------------------------------------------------------ loading
    def load(self) -> None:
        """Rebuild every stored table by replaying its moves (called at start-up)."""
        for row in self.store.load():
            try:
                table = self._live(row)
                for seat, action in row.moves:
                    table.state.apply_json(seat, action)
            except BigtopError as exc:
                self.unavailable[row.id] = f"table {row.id} ({row.game}) cannot be rebuilt: {exc}"
                continue
            self.tables[row.id] = table

    def _live(self, row: TableRow) -> LiveTable:
        game = games.get(row.game)
        options = game.parse_options(row.options)
        state = game.new(row.players, seed=row.seed, options=options)
        return LiveTable(row.id, game, options, row.seed, row.status, row.host_token, row.seats, state,
                         bot_rng=Rng(row.seed ^ 0xB07))

    # ------------------------------------------------------------------ lobby
    def get(self, table_id: str) -> LiveTable:
        table = self.tables.get(table_id)
        if table is None:
            reason = self.unavailable.get(table_id)
            raise NotFound(reason or f"no table {table_id!r}")
        return table

    def listing(self, status: str | None = None) -> list[dict[str, Any]]:
        """Summaries of the tables with this status (all by default), newest first."""
        if status is not None and status not in STATUSES:
            raise ServerError(f"unknown status {status!r}; use one of {', '.join(STATUSES)}")
        found = [summary(t) for t in self.tables.values() if status is None or t.status == status]
        return found[::-1]

    async def create(self, game_name: str, players: int, options: Any, seat_specs: list[tuple[str, str | None]],
                     seed: int | None = None) -> tuple[LiveTable, list[str | None]]:
        """A new open table. `seat_specs[i]` is (name, bot spec or None for a person).

        Returns the table and each seat's secret token (None for bots)."""
        game = games.get(game_name)
        if isinstance(options, dict) and any(options.get(key) not in (None, "") for key in FILE_OPTIONS):
            raise ServerError("custom content files are for the command line; the web table plays the shipped content")
        if len(seat_specs) != players:
            raise ServerError(f"{players} players need {players} seats, got {len(seat_specs)}")
        state = game.new(players, seed=seed, options=options)
        seat_rows = []
        for i, (name, bot) in enumerate(seat_specs):
            name = _clean_name(name) or (bot or f"Player {i + 1}")
            if bot is not None:
                bots.make(bot, game, 0)  # refuse an unknown bot now, not mid-game
            token = None if bot is not None else secrets.token_urlsafe(18)
            seat_rows.append(SeatRow(i, name, bot, token, joined=bot is not None))
        row = TableRow(secrets.token_urlsafe(8), game.name, players, game.options_json(state.options),
                       state.seed, "open", secrets.token_urlsafe(18), seat_rows)
        await asyncio.to_thread(self.store.add_table, row)
        table = self._live(row)
        self.tables[row.id] = table
        return table, [s.token for s in seat_rows]

    async def join(self, table: LiveTable, token: str | None, name: str | None) -> int:
        """Take the seat this token opens (again, after leaving a running game)."""
        async with table.lock:
            seat = table.seat_of(token)
            row = table.seats[seat]
            if table.status == "finished":
                raise Conflict(f"table {table.id} is finished; watch its replay instead")
            changed = SeatRow(row.seat, _clean_name(name) or row.name, row.bot, row.token, joined=True, away=False)
            await asyncio.to_thread(self.store.update_seat, table.id, changed)
            table.seats[seat] = changed
            table.robots.pop(seat, None)
            table.push()
        return seat

    async def leave(self, table: LiveTable, token: str | None) -> int:
        """Leave a seat: before the start it is free again; during the game a bot stands in."""
        async with table.lock:
            seat = table.seat_of(token)
            row = table.seats[seat]
            if table.status == "finished":
                raise Conflict(f"table {table.id} is finished")
            running = table.status == "running"
            changed = SeatRow(row.seat, row.name, row.bot, row.token, joined=running, away=running)
            await asyncio.to_thread(self.store.update_seat, table.id, changed)
            table.seats[seat] = changed
            table.push()
        self.on_change(table)
        return seat

    async def start(self, table: LiveTable, host_token: str | None) -> None:
        """Start an open table once every person's seat is taken."""
        async with table.lock:
            table.check_host(host_token)
            if table.status != "open":
                raise Conflict(f"table {table.id} is {table.status}, not open")
            empty = [str(s.seat) for s in table.seats if not s.joined]
            if empty:
                raise Conflict(f"seat(s) {', '.join(empty)} have not joined yet")
            status = "finished" if table.state.is_over() else "running"
            await asyncio.to_thread(self.store.set_status, table.id, status)
            table.status = status
            table.push()
        self.on_change(table)

    # ------------------------------------------------------------------ play
    async def play(self, table: LiveTable, seat: int, data: Any, expected_move: int | None = None,
                   by_bot: bool = False) -> int:
        """Validate, store, then apply `seat`'s action (as JSON); returns the move's number.

        `by_bot` says who plays: a person's move for a seat a bot plays now is refused, and so is a
        bot's move for a seat its person has taken back."""
        async with table.lock:
            if table.status != "running":
                raise Conflict(f"table {table.id} is {table.status}: no moves now")
            if table.bot_plays(seat) != by_bot:
                raise Conflict(f"seat {seat} is played by a bot now; join again to take it back" if not by_bot
                               else f"seat {seat} is played by its person again")
            state = table.state
            if expected_move is not None and expected_move != state.move_count:
                raise StaleMove(f"stale move: the game is at move {state.move_count}, not {expected_move}")
            after = state.clone()
            action = after.apply_json(seat, data)
            number = state.move_count
            status = "finished" if after.is_over() else "running"
            await asyncio.to_thread(self.store.add_move, table.id, number, seat, table.game.codec.to_json(action), status)
            table.state = after
            table.status = status
            table.push()
        self.on_change(table)
        return number

    async def play_token(self, table: LiveTable, token: str | None, data: Any, expected_move: int | None = None) -> int:
        """A person's move: the token names the seat."""
        return await self.play(table, table.seat_of(token), data, expected_move)


def _same(secret: str, given: str) -> bool:
    """Constant-time comparison of a secret token with what a client sent (any text)."""
    return secrets.compare_digest(secret.encode(), given.encode("utf-8", "replace"))


def _clean_name(name: str | None) -> str:
    name = " ".join((name or "").split())
    if len(name) > MAX_NAME:
        raise ServerError(f"a name has at most {MAX_NAME} characters")
    return name
