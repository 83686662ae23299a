"""Bots play their seats on the server, in background tasks, off the request path and off the event loop.

The `BotRunner` is a sink of the hall: after every change it makes sure that a table where a bot has
a decision has one task playing it, if this process holds the table's lease (`leases.py`). The task
waits `delay` seconds (so people see the moves arrive), asks the bot, and plays the move through the
hall like any other; at a table where a person sits, each move is released at a moment drawn
independently of what the bot knows (`botpace.py`). A bot that only needs the legal actions (`random`) answers at once; one that
needs the game (`heuristic`, `ismcts`) thinks in a worker process, on a copy determinized for its
seat, never the true state, in the turn the scheduler gives its table's creator (`scheduler.py`).
After a restart, or when another process's lease runs out, the bots go on by themselves.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from typing import Any

from bigtop import bots
from bigtop.core.actions import Action
from bigtop.core.api import State
from bigtop.server.botpace import MARGIN, pause
from bigtop.server.errors import Conflict
from bigtop.server.leases import Leases
from bigtop.server.scheduler import BotScheduler
from bigtop.server.tables import Hall, LiveTable
from bigtop.server.workers import WorkerLost, choose

STAND_IN_BOT = "random"  # plays the seat of a person who left a running game
BOT_LANES = 4  # bot moves being stored and announced at once: people's moves never queue behind many

log = logging.getLogger("bigtop.server")


class BotRunner:
    """Starts a table's bot task whenever a bot has a decision, this process holds the table's
    lease, and no task runs for it."""

    def __init__(self, hall: Hall, delay: float, workers: int = 1, game_modules: Sequence[str] = (),
                 leases: Leases | None = None) -> None:
        self.hall = hall
        self.delay = delay
        self.scheduler = BotScheduler(workers, game_modules)
        self.leases = leases or Leases(hall.store)  # shared with the clocks, which follow the same lease
        self.tasks: dict[str, asyncio.Task[None]] = {}
        self.robots: dict[tuple[str, int], Any] = {}
        self._sweeper: asyncio.Task[None] | None = None
        self._lanes = asyncio.Semaphore(BOT_LANES)
        hall.add_sink(self)

    # ------------------------------------------------------------------ the sink
    def table_changed(self, table: LiveTable, move: int | None) -> None:
        for seat in range(table.players):
            if not table.bot_plays(seat):
                self.robots.pop((table.id, seat), None)  # its person took it back: a fresh bot next time
        self.kick(table)

    def kick(self, table: LiveTable) -> None:
        """Make sure the bots of `table` will play if one of them is to move."""
        task = self.tasks.get(table.id)
        if task is not None and not task.done():
            return
        if _bot_to_move(table) is None or self.leases.held_elsewhere(table.id):
            return
        self.tasks[table.id] = asyncio.get_running_loop().create_task(self._run(table))

    # ------------------------------------------------------------------ life cycle
    def start(self) -> None:
        """Kick every table, and keep leases renewed and lapsed ones taken over from now on."""
        self.kick_all()
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep())

    def kick_all(self) -> None:
        for table in list(self.hall.tables.values()):
            self.kick(table)

    async def stop(self) -> None:
        tasks = [*self.tasks.values(), *([self._sweeper] if self._sweeper else [])]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await self.leases.release()
        await self.scheduler.stop()

    async def _sweep(self) -> None:
        while True:
            await asyncio.sleep(self.leases.seconds / 3)
            try:
                await self.leases.renew()
            except Exception:
                log.exception("renewing the bot leases failed")
            self.kick_all()

    # ------------------------------------------------------------------ playing
    async def _run(self, table: LiveTable) -> None:
        loop = asyncio.get_running_loop()
        try:
            if not await self.leases.take(table.id):
                return
            while True:
                paced = _has_person(table)  # its bots' moves leave at drawn moments (`botpace.py`)
                if not paced:
                    await asyncio.sleep(self.delay)
                if table.status != "running" or not self.leases.holds(table.id):
                    break
                seat = _bot_to_move(table)
                if seat is None:
                    break
                state, rows = table.state, table.rows  # never changed in place: a move swaps in a new state
                bot = self.robot(table, seat)
                release = loop.time() + pause(bot, self.delay) if paced else None
                try:
                    thought = await self._think(table, seat, state, release) if bot.needs_state else None  # in a worker process
                    if release is not None:
                        await asyncio.sleep(release - loop.time())
                    async with self._lanes:  # when the server is busy, bots slow down rather than people
                        action = thought if thought is not None else choose(bot, state, seat, table.bot_rng.fork())
                        await self.hall.play(table, seat, table.game.codec.to_json(action), rows, by_bot=True)
                except (Conflict, WorkerLost):
                    continue  # a person moved meanwhile, the seat changed hands or its worker died: look again
        except Exception:  # a bot or game bug must not pass silently in a background task
            log.exception("the bots of table %s stopped", table.id)
            return
        if table.status == "finished":
            await self.leases.release(table.id)

    async def _think(self, table: LiveTable, seat: int, state: State, release: float | None) -> Action:
        """The move of a bot that needs the game, chosen in a worker process in its creator's turn
        (by `release`, event loop time, if given)."""
        bot = self.robot(table, seat)
        deadline = release - MARGIN if release is not None else None
        action, moved_on = await self.scheduler.think(table.creator.share(table.id), bot, state, seat,
                                                      table.bot_rng.fork(), deadline)
        self.robots[table.id, seat] = moved_on
        return action

    def robot(self, table: LiveTable, seat: int) -> Any:
        """The bot object playing `seat` of `table` (made once, seeded from the table)."""
        bot = self.robots.get((table.id, seat))
        if bot is None:
            spec = table.seats[seat].bot or STAND_IN_BOT
            bot = self.robots[table.id, seat] = bots.make(spec, table.game, table.seed + 7919 * (seat + 1))
        return bot


def _has_person(table: LiveTable) -> bool:
    """Whether a person sits at the table (even one a bot stands in for): someone who could read
    the bots' timing."""
    return any(s.bot is None for s in table.seats)


def _bot_to_move(table: LiveTable) -> int | None:
    """A seat a bot plays that has a decision now, if the table is running."""
    if table.status != "running":
        return None
    return next((s for s in table.state.to_move() if table.bot_plays(s)), None)
