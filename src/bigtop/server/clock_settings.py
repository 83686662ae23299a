"""The clock a table is created with: none, a real-time clock (a time bank plus an increment per
move) or a turn clock (a time limit per move, for games played over days). Chosen in the new-table
form and stored with the table; within these bounds only.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

MINUTE = 60
HOUR = 60 * MINUTE
DAY = 24 * HOUR


class RealtimeClock(BaseModel):
    """Each seat has `base` seconds for the whole game, and gains `increment` seconds per move."""

    model_config = ConfigDict(extra="forbid")
    kind: Literal["realtime"]
    base: int = Field(ge=30, le=7 * DAY, strict=True, description="Seconds per seat for the game (30 s to 7 days).")
    increment: int = Field(default=0, ge=0, le=HOUR, strict=True, description="Seconds added per move (0 to 1 hour).")


class TurnClock(BaseModel):
    """Each move must be played within `per_move` seconds."""

    model_config = ConfigDict(extra="forbid")
    kind: Literal["turn"]
    per_move: int = Field(ge=MINUTE, le=14 * DAY, strict=True, description="Seconds per move (1 minute to 14 days).")


Clock = Annotated[RealtimeClock | TurnClock, Field(discriminator="kind")]


def clock_json(clock: RealtimeClock | TurnClock | None) -> dict[str, Any] | None:
    """The clock as stored with the table (None: no clock)."""
    return None if clock is None else clock.model_dump()
