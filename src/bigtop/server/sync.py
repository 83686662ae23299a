"""Hearing the other server processes on one PostgreSQL database (LISTEN/NOTIFY).

Every write of a process notifies the store's channel when it commits (`Store.notify`). Here a
thread holds one connection that LISTENs on it and hands each notice from another process to the
event loop, where the hall applies the move (or reads the changed table) and announces it to its
sinks, so that this process's sockets see other processes' moves. When the connection drops, the
thread connects again and the hall reads every table it may have missed: the database has it all.
"""

from __future__ import annotations

import asyncio
import json
import logging
import select
import threading
import time
from collections.abc import Awaitable, Callable
from typing import Any

from bigtop.server.store import CHANNEL, MoveRow
from bigtop.server.tables import Hall

log = logging.getLogger("bigtop.server")
POLL_SECONDS = 1.0  # how often the thread looks whether it should stop
RETRY_SECONDS = 1.0


class Listener:
    """The thread that hears other processes' changes and hands them to the hall."""

    def __init__(self, hall: Hall) -> None:
        self.hall = hall
        self.origin = hall.store.origin
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self.listening = threading.Event()  # set while the connection listens
        self.handlers: dict[str, Callable[[dict[str, Any]], Awaitable[None]]] = {}

    def on(self, kind: str, handler: Callable[[dict[str, Any]], Awaitable[None]]) -> None:
        """Hand other processes' notices of this kind (other than moves and table changes, such as
        chat messages) to `handler`."""
        self.handlers[kind] = handler

    def start(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._thread = threading.Thread(target=self._run, name="bigtop-listener", daemon=True)
        self._thread.start()

    async def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            await asyncio.to_thread(self._thread.join, POLL_SECONDS * 3)
        for task in list(self._tasks):
            task.cancel()

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                self._listen()
            except Exception as exc:  # the database went away: try again, then read everything
                log.warning("listening for other server processes failed (%s); retrying", exc)
            self.listening.clear()
            self._stop.wait(RETRY_SECONDS)

    def _listen(self) -> None:
        connection = self.hall.store.engine.raw_connection()
        try:
            raw: Any = connection.driver_connection
            raw.autocommit = True
            with raw.cursor() as cursor:
                cursor.execute(f"LISTEN {CHANNEL}")
            self.listening.set()
            self._hand_over(None)  # catch up on whatever was stored before we listened
            while not self._stop.is_set():
                ready, _, _ = select.select([raw], [], [], POLL_SECONDS)
                if not ready:
                    continue
                raw.poll()
                while raw.notifies:
                    notice = raw.notifies.pop(0)
                    self._hand_over(notice.payload)
        finally:
            connection.invalidate()

    def _hand_over(self, payload: str | None) -> None:
        assert self._loop is not None
        self._loop.call_soon_threadsafe(self._spawn, payload)

    def _spawn(self, payload: str | None) -> None:
        task = asyncio.get_running_loop().create_task(self._handle(payload))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _handle(self, payload: str | None) -> None:
        try:
            if payload is None:
                await self.hall.catch_up_all()
                return
            notice = json.loads(payload)
            if notice.get("o") == self.origin:
                return
            handler = self.hall.notice_handlers.get(notice["k"])
            if handler is not None:
                await handler(notice["t"])
            elif notice["k"] == "move":
                await self.hall.moved_elsewhere(notice["t"], notice.get("n"), _row(notice))
            elif notice["k"] in self.handlers:
                await self.handlers[notice["k"]](notice)
            else:
                await self.hall.changed_elsewhere(notice["t"])
        except Exception:
            log.exception("a change from another server process could not be applied: %s", payload)


def _row(notice: dict[str, Any]) -> MoveRow | None:
    """The row a move notice carries, or None if it was too big to carry (then it is read from the table)."""
    if "a" not in notice:
        return None
    return MoveRow(notice["n"], notice["s"], notice["a"], notice.get("r", "move"), notice.get("at", time.time()))
