"""The clock keeper: where this process holds a clocked table's lease (`leases.py`, the lease the
bots follow), it waits for the next deadline of a person to move (`clocks.py`) and, when the clock
runs out, has a stand-in bot play that seat's move (stored as a `timeout` row, which the log shows).
A person whose clock runs out `AWAY_AFTER` times in a row is marked away: the stand-in bot plays
for them until they take their seat back."""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING

from bigtop import bots
from bigtop.server.clocks import AWAY_AFTER
from bigtop.server.errors import Conflict

if TYPE_CHECKING:
    from bigtop.server.leases import Leases
    from bigtop.server.live_table import LiveTable
    from bigtop.server.tables import Hall

STAND_IN_BOT = "random"

log = logging.getLogger("bigtop.server")


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
