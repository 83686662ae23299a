"""The numbers that bound each creator's tables, as `bigtop serve` options set them (what they
mean and how they are enforced: `quotas.py`, `expiry.py`). Kept apart so that the command line
reads them without loading the server."""

from __future__ import annotations

from dataclasses import dataclass

HOUR = 3600.0


@dataclass(frozen=True)
class TableLimits:
    """Per address and per player: `live_tables` open or running at once, `tables_per_hour` made
    in the last hour, `search_tables` running with a searching bot. An open table nobody starts is
    deleted `unstarted_expiry` seconds after it was made."""

    live_tables: int = 50
    tables_per_hour: int = 60
    search_tables: int = 4
    unstarted_expiry: float = 24 * HOUR
