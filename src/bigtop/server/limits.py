"""The numbers that bound each creator's tables, as `bigtop serve` options set them (what they
mean and how they are enforced: `quotas.py`). Kept apart so that the command line reads them
without loading the server."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class TableLimits:
    """Per address and per player: `search_tables`, running tables with a searching bot."""

    search_tables: int = 4
