"""Work the server does for everyone, shared out between those who ask for it.

Reviews and hints are searched in the server's worker processes, from queues every table shares
(`analysis.py`). `Shares` keeps who asked for each piece of work in one of them (the client's
address and, signed in, its player: `quotas.Creator`) and refuses a new one to an asker holding
its share already, by address and by player alike, so one client cannot fill a queue everyone
waits in.
"""

from __future__ import annotations

from bigtop.server.errors import Busy
from bigtop.server.quotas import Creator


class Shares:
    """At most `each` pieces of work (named by a string) held by one address or one player."""

    def __init__(self, each: int, what: str) -> None:
        self.each = each
        self.what = what  # the work, plural: "reviews", "hints"
        self._askers: dict[str, tuple[str, ...]] = {}  # each piece held -> its asker's keys

    def take(self, work: str, asker: Creator) -> None:
        """Hold `work` for `asker`, or refuse it (`Busy`) if the asker holds its share already."""
        for key in asker.keys():
            held = sum(key in keys for keys in self._askers.values())
            if held >= self.each:
                label = key.partition(":")[0]
                raise Busy(f"this {label} has {held} {self.what} under way, the most it may: ask again when one is done")
        self._askers[work] = asker.keys()

    def address_of(self, work: str) -> str:
        """The address key of whoever holds `work` ("" if nobody does)."""
        return next(iter(self._askers.get(work, ())), "")

    def release(self, work: str) -> None:
        """`work` is done (or was never queued)."""
        self._askers.pop(work, None)
