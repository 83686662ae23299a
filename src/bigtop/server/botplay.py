"""Bots play their seats on the server, in background tasks, off the request path.

One task per table at most: it waits `delay` seconds (so people see the moves arrive), asks the
bot in a worker thread — with a copy of the game determinized for the bot's seat, never the true
state — and plays the move through the hall like any other. It stops when no bot is to move.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from bigtop.core.api import State
from bigtop.core.rng import Rng
from bigtop.server.errors import Conflict
from bigtop.server.tables import Hall, LiveTable

log = logging.getLogger("bigtop.server")


def choose(bot: Any, state: State, seat: int, rng: Rng) -> Any:
    """The bot's action for `seat`; `state` is a private copy the bot may not see whole."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    view = state.determinize(seat, rng) if bot.needs_state else None
    return bot.choose(view, seat, legal)


class BotRunner:
    """Starts a table's bot task whenever a bot has a decision and none is running."""

    def __init__(self, hall: Hall, delay: float) -> None:
        self.hall = hall
        self.delay = delay
        self.tasks: dict[str, asyncio.Task[None]] = {}
        hall.on_change = self.kick

    def kick(self, table: LiveTable) -> None:
        """Make sure the bots of `table` will play if one of them is to move."""
        task = self.tasks.get(table.id)
        if task is not None and not task.done():
            return
        if table.status == "running" and any(table.bot_plays(s) for s in table.state.to_move()):
            self.tasks[table.id] = asyncio.get_running_loop().create_task(self._run(table))

    def kick_all(self) -> None:
        for table in list(self.hall.tables.values()):
            self.kick(table)

    async def stop(self) -> None:
        for task in self.tasks.values():
            task.cancel()
        await asyncio.gather(*self.tasks.values(), return_exceptions=True)

    async def _run(self, table: LiveTable) -> None:
        while True:
            await asyncio.sleep(self.delay)
            async with table.lock:
                if table.status != "running":
                    return
                seat = next((s for s in table.state.to_move() if table.bot_plays(s)), None)
                if seat is None:
                    return
                state = table.state.clone()
                bot = table.robot(seat)
                rng = table.bot_rng.fork()
            try:
                action = await asyncio.to_thread(choose, bot, state, seat, rng)
                await self.hall.play(table, seat, table.game.codec.to_json(action), state.move_count, by_bot=True)
            except Conflict:
                continue  # a person moved meanwhile or the seat changed hands: look again
            except Exception:  # a bot or game bug must not pass silently in a background task
                log.exception("the bot of seat %s at table %s stopped", seat, table.id)
                return
