"""Open tables nobody starts do not stay forever: `unstarted_expiry` seconds after a table was made
(24 hours by default, `bigtop serve --unstarted-expiry`), if it is still open, it is deleted with
its seats, chat and every row that names it, in this process and (through the change notice) in
the others on the same database; its links then answer 404. A sweep runs at start and then every
`unstarted_expiry / 4` seconds (at most every minute), so a table goes within a quarter of the
delay after it is due.
"""

from __future__ import annotations

import asyncio
import logging
import time

from bigtop.server.tables import Hall

log = logging.getLogger("bigtop.server")
MAX_SWEEP_SECONDS = 60.0


class Expiry:
    """The task that deletes the open tables older than `seconds`."""

    def __init__(self, hall: Hall, seconds: float) -> None:
        self.hall = hall
        self.seconds = seconds
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)

    async def sweep(self) -> list[str]:
        """Delete the open tables that are due now; their ids."""
        gone = await self.hall.store.tables.expire(time.time() - self.seconds)
        self.hall.forget(gone)
        return gone

    async def _run(self) -> None:
        while True:
            try:
                gone = await self.sweep()
                if gone:
                    log.info("deleted %d open tables nobody started in %g s", len(gone), self.seconds)
            except Exception:
                log.exception("deleting the open tables nobody started failed")
            await asyncio.sleep(min(MAX_SWEEP_SECONDS, self.seconds / 4))
