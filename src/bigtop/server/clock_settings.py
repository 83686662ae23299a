"""The clock a table is created with: none, a real-time clock (a time bank plus an increment each
turn) or a turn clock (a time limit per turn, for games played over days). Chosen in the new-table
form, checked against `BOUNDS`, and stored with the table as `ClockSetting.to_json()`; the clocks
that run from it are in `clocks.py`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from bigtop.server.errors import ServerError

MINUTE = 60
HOUR = 60 * MINUTE
DAY = 24 * HOUR
BOUNDS: dict[str, tuple[float, float]] = {"base": (30, 7 * DAY), "increment": (0, HOUR), "per_move": (MINUTE, 14 * DAY)}  # seconds
LARGEST = 2**31  # seconds: any number past it is refused before `BOUNDS` words the refusal


class RealtimeClock(BaseModel):
    """Each seat has `base` seconds for the whole game, and gains `increment` seconds each turn."""

    model_config = ConfigDict(extra="forbid")
    kind: Literal["realtime"]
    base: int = Field(ge=1, le=LARGEST, strict=True, description="Seconds per seat for the game (30 s to 7 days).")
    increment: int = Field(default=0, ge=0, le=LARGEST, strict=True, description="Seconds added each turn (0 to 1 hour).")


class TurnClock(BaseModel):
    """Each turn must be played within `per_move` seconds."""

    model_config = ConfigDict(extra="forbid")
    kind: Literal["turn"]
    per_move: int = Field(ge=1, le=LARGEST, strict=True, description="Seconds per turn (1 minute to 14 days).")


Clock = Annotated[RealtimeClock | TurnClock, Field(discriminator="kind")]


@dataclass(frozen=True)
class ClockSetting:
    """A table's clock: `kind` "realtime" (base, increment) or "turn" (per_move), in seconds."""

    kind: str
    base: float = 0.0
    increment: float = 0.0
    per_move: float = 0.0

    def to_json(self) -> dict[str, Any]:
        if self.kind == "realtime":
            return {"kind": "realtime", "base": self.base, "increment": self.increment}
        return {"kind": "turn", "per_move": self.per_move}

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> ClockSetting | None:
        """A stored setting (None: no clock)."""
        if not data:
            return None
        if data["kind"] == "realtime":
            return cls("realtime", base=data["base"], increment=data.get("increment", 0))
        return cls("turn", per_move=data["per_move"])


def check_clock(choice: RealtimeClock | TurnClock | None, shortest: float | None = None) -> ClockSetting | None:
    """The setting of a new table's clock, each number within `BOUNDS` (`shortest`, if given, lowers
    every minimum to it: `bigtop serve --shortest-clock`); a `ServerError` saying which is not."""
    if choice is None:
        return None
    for name, value in choice.model_dump(exclude={"kind"}).items():
        low, high = BOUNDS[name]
        if shortest is not None and low > 0:
            low = min(low, shortest)
        if not low <= value <= high:
            raise ServerError(f"a {choice.kind} clock's {name} is {_seconds(low)} to {_seconds(high)}, not {value} s")
    return ClockSetting.from_json(choice.model_dump())


def _seconds(value: float) -> str:
    for unit, size in (("days", DAY), ("h", HOUR), ("min", MINUTE)):
        if value >= size and value % size == 0:
            return f"{value / size:g} {unit}"
    return f"{value:g} s"
