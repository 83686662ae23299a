"""Clocks: a real-time (Fischer) or turn-based clock per table, chosen when it is created (the
setting and its bounds: `clock_settings.py`).

A real-time clock gives each seat `base` seconds for the whole game and adds `increment` seconds
each time its turn ends; a turn-based clock gives each turn `per_move` seconds. A seat's clock runs
while the seat has a decision to make (several run at once in a simultaneous step).

Nothing about a clock is stored but its setting and start (on the table's row) and the time of each
stored row of moves: a `Clock` is advanced by every row, with the row's time, in whichever process
applies it, so every process (and a restarted one) computes the same deadlines. The `ClockKeeper`
enforces them where this process holds the table's lease (`leases.py`, the lease the bots follow):
when a person's clock runs out, a stand-in bot plays that seat's move (stored as a `timeout` row,
which the log shows); a real-time seat then has at least `AFTER_TIMEOUT` seconds for its next
move. A person whose clock runs out `AWAY_AFTER` times in a row is marked away: the stand-in bot
plays for them until they take their seat back.
"""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bigtop import bots
from bigtop.server.clock_settings import ClockSetting
from bigtop.server.errors import Conflict

if TYPE_CHECKING:
    from bigtop.server.leases import Leases
    from bigtop.server.tables import Hall, LiveTable

AFTER_TIMEOUT = 20.0  # seconds a real-time seat has at least for its move after its clock ran out
AWAY_AFTER = 3  # clocks run out in a row before the person is marked away
STAND_IN_BOT = "random"

log = logging.getLogger("bigtop.server")


@dataclass
class SeatClock:
    """One seat's clock. `left`: real-time seconds banked when it last started (or stopped);
    `since`: when it started running (None: stopped); `bonus`: the time added when its last turn
    ended (taken back if an undo gives it that turn back); `timeouts`: clocks run out in a row."""

    left: float
    since: float | None = None
    bonus: float = 0.0
    timeouts: int = 0


@dataclass
class Clock:
    """The clocks of a table's seats, advanced by each stored row (move, timeout or undo) with its time.

    A seat's move (its turn) lasts as long as it has decisions in a row (a tile, then its meeple):
    the increment comes, and a new `per_move` starts, when the seat stops having one. When a
    clock runs out mid-turn, the rest of the turn starts afresh."""

    setting: ClockSetting
    seats: list[SeatClock] = field(default_factory=list)
    started: bool = False

    @classmethod
    def new(cls, setting: ClockSetting, players: int) -> Clock:
        return cls(setting, [SeatClock(setting.base) for _ in range(players)])

    @property
    def realtime(self) -> bool:
        return self.setting.kind == "realtime"

    def start(self, at: float, to_move: tuple[int, ...]) -> None:
        """The game starts at `at`: the clocks of the seats to move run."""
        if self.started:
            return
        self.started = True
        for seat in to_move:
            self.seats[seat].since = at

    def step(self, kind: str, mover: int, at: float, before: tuple[int, ...], after: tuple[int, ...]) -> None:
        """Row `kind` ("move", "timeout" or "undo") of seat `mover` at time `at` changed the seats
        to move from `before` to `after`: stop the clocks of those whose turn ended (adding the
        increment, except on an undo) and start those whose turn began. An undo that gives its
        seat its turn back also takes back the time added when that turn ended."""
        if not self.started:
            self.start(at, before)
        ended, begun = set(before) - set(after), set(after) - set(before)
        if kind == "timeout" and mover in before and mover in after:  # the rest of the turn starts afresh
            ended.add(mover)
            begun.add(mover)
        mine = self.seats[mover]
        if kind == "undo" and mover in begun:  # the turn that ended at the undone move goes on
            mine.left, mine.bonus = max(0.0, mine.left - mine.bonus), 0.0
        for seat in ended:
            self._stop(self.seats[seat], at, earn=kind != "undo", timed_out=kind == "timeout" and seat == mover)
        for seat in begun:
            self.seats[seat].since = at
        if kind == "timeout":
            mine.timeouts += 1
        elif kind == "move":
            mine.timeouts = 0

    def _stop(self, clock: SeatClock, at: float, earn: bool, timed_out: bool) -> None:
        """Stop a seat's clock at `at`: charge the time it ran; if `earn`, add the increment (after a
        timeout, real-time seats get at least `AFTER_TIMEOUT` seconds for their next move)."""
        banked = clock.left
        if self.realtime and clock.since is not None:
            banked = max(0.0, clock.left - (at - clock.since))
        clock.since = None
        earned = banked + self.setting.increment if earn else banked
        if timed_out and self.realtime:
            earned = max(earned, AFTER_TIMEOUT)
        clock.left, clock.bonus = earned, earned - banked

    def deadline(self, seat: int) -> float | None:
        """When `seat`'s clock runs out (None while it is stopped)."""
        clock = self.seats[seat]
        if clock.since is None:
            return None
        return clock.since + (clock.left if self.realtime else self.setting.per_move)

    def expired(self, seat: int, now: float) -> bool:
        due = self.deadline(seat)
        return due is not None and now >= due

    def left(self, seat: int, now: float) -> float:
        """Seconds left on `seat`'s clock at `now` (for a turn-based clock: of this turn, or a full turn)."""
        clock = self.seats[seat]
        due = self.deadline(seat)
        if due is not None:
            return max(0.0, due - now)
        return clock.left if self.realtime else self.setting.per_move

    def to_json(self, now: float) -> dict[str, Any]:
        """The setting and each seat's time left at `now`, whether it runs, and its timeouts in a row."""
        return {
            **self.setting.to_json(),
            "seats": [{"left": round(self.left(seat, now), 2), "running": clock.since is not None, "timeouts": clock.timeouts}
                      for seat, clock in enumerate(self.seats)],
        }


class ClockKeeper:
    """A sink of the hall: where this process holds a clocked table's lease, waits for the next
    deadline of a person to move and, when it passes, has a stand-in bot play that seat's move."""

    def __init__(self, hall: Hall, leases: Leases) -> None:
        self.hall = hall
        self.leases = leases
        self.timers: dict[str, asyncio.TimerHandle] = {}
        self.tasks: dict[str, asyncio.Task[None]] = {}
        self._sweeper: asyncio.Task[None] | None = None
        hall.add_sink(self)

    def table_changed(self, table: LiveTable, move: int | None) -> None:
        self.watch(table)

    def watch(self, table: LiveTable) -> None:
        """Set the table's timer to its next deadline of a person to move (if this process may keep it)."""
        timer = self.timers.pop(table.id, None)
        if timer is not None:
            timer.cancel()
        due = _next_deadline(table)
        if due is None or self.leases.held_elsewhere(table.id):
            return
        loop = asyncio.get_running_loop()
        self.timers[table.id] = loop.call_later(max(0.0, due - time.time()), self._expire_soon, table)

    def start(self) -> None:
        """Watch every clocked table, and look again every few seconds (another process's lease may
        have run out, and this one take its tables over)."""
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep())

    async def stop(self) -> None:
        for timer in self.timers.values():
            timer.cancel()
        tasks = [*self.tasks.values(), *([self._sweeper] if self._sweeper else [])]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def _sweep(self) -> None:
        while True:
            for table in list(self.hall.tables.values()):
                if table.clock is not None and table.status == "running" and table.id not in self.tasks:
                    self.watch(table)
            await asyncio.sleep(self.leases.seconds / 3)

    def _expire_soon(self, table: LiveTable) -> None:
        self.timers.pop(table.id, None)
        task = self.tasks.get(table.id)
        if task is None or task.done():
            self.tasks[table.id] = asyncio.get_running_loop().create_task(self._expire(table))

    async def _expire(self, table: LiveTable) -> None:
        """Play the move of each person to move whose clock has run out, then wait for the next deadline."""
        try:
            if not await self.leases.take(table.id):
                return
            while (seat := _timed_out(table, time.time())) is not None:
                state, rows = table.state, table.rows
                bot = bots.make(STAND_IN_BOT, table.game, table.bot_rng.next64())
                action = bot.choose(None, seat, state.legal_actions(seat))
                try:
                    await self.hall.play(table, seat, table.game.codec.to_json(action), rows, timed_out=True)
                except Conflict:
                    continue  # the person (or another seat) moved first: look again
                assert table.clock is not None
                if table.clock.seats[seat].timeouts >= AWAY_AFTER:
                    await self.hall.mark_away(table, seat)
        except Exception:  # a bug must not pass silently in a background task
            log.exception("the clock of table %s stopped", table.id)
        finally:
            self.tasks.pop(table.id, None)
        self.watch(table)


def _next_deadline(table: LiveTable) -> float | None:
    """The earliest deadline of a person to move at a running clocked table."""
    clock = table.clock
    if clock is None or table.status != "running":
        return None
    due = [d for seat in table.state.to_move() if not table.bot_plays(seat) and (d := clock.deadline(seat)) is not None]
    return min(due, default=None)


def _timed_out(table: LiveTable, now: float) -> int | None:
    """A person to move whose clock has run out, if any."""
    clock = table.clock
    if clock is None or table.status != "running":
        return None
    return next((seat for seat in table.state.to_move() if not table.bot_plays(seat) and clock.expired(seat, now)), None)
