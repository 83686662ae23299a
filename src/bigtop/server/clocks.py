"""Clocks: a real-time (Fischer) or turn-based clock per table, chosen when it is created (the
setting and its bounds: `clock_settings.py`).

A real-time clock gives each seat `base` seconds for the whole game and adds `increment` seconds
each time its turn ends; a turn-based clock gives each turn `per_move` seconds. A seat's clock runs
while the seat has a decision to make (several run at once in a simultaneous step).

Nothing about a clock is stored but its setting and start (on the table's row) and the time of each
stored row of moves: a `Clock` is advanced by every row, with the row's time, in whichever process
applies it, so every process (and a restarted one) computes the same deadlines. The `ClockKeeper`
(`clock_keeper.py`) enforces them where this process holds the table's lease (`leases.py`, the lease the bots follow):
when a person's clock runs out, a stand-in bot plays that seat's move (stored as a `timeout` row,
which the log shows); a real-time seat then has at least `AFTER_TIMEOUT` seconds for its next
move. A person whose clock runs out `AWAY_AFTER` times in a row is marked away: the stand-in bot
plays for them until they take their seat back.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bigtop.server.clock_settings import ClockSetting

AFTER_TIMEOUT = 20.0  # seconds a real-time seat has at least for its move after its clock ran out
AWAY_AFTER = 3  # clocks run out in a row before the person is marked away


@dataclass
class SeatClock:
    """One seat's clock. `left`: real-time seconds banked when it last started (or stopped);
    `since`: when it started running (None: stopped); `bonus`: the time added when its last turn
    ended (taken back if an undo gives it that turn back); `timeouts`: clocks run out in a row."""

    left: float
    since: float | None = None
    bonus: float = 0.0
    timeouts: int = 0


@dataclass
class Clock:
    """The clocks of a table's seats, advanced by each stored row (move, timeout or undo) with its time.

    A seat's move (its turn) lasts as long as it has decisions in a row (a tile, then its meeple):
    the increment comes, and a new `per_move` starts, when the seat stops having one. When a
    clock runs out mid-turn, the rest of the turn starts afresh."""

    setting: ClockSetting
    seats: list[SeatClock] = field(default_factory=list)
    started: bool = False

    @classmethod
    def new(cls, setting: ClockSetting, players: int) -> Clock:
        return cls(setting, [SeatClock(setting.base) for _ in range(players)])

    @property
    def realtime(self) -> bool:
        return self.setting.kind == "realtime"

    def start(self, at: float, to_move: tuple[int, ...]) -> None:
        """The game starts at `at`: the clocks of the seats to move run."""
        if self.started:
            return
        self.started = True
        for seat in to_move:
            self.seats[seat].since = at

    def step(self, kind: str, mover: int, at: float, before: tuple[int, ...], after: tuple[int, ...]) -> None:
        """Row `kind` ("move", "timeout" or "undo") of seat `mover` at time `at` changed the seats
        to move from `before` to `after`: stop the clocks of those whose turn ended (adding the
        increment, except on an undo) and start those whose turn began. An undo that gives its
        seat its turn back also takes back the time added when that turn ended."""
        if not self.started:
            self.start(at, before)
        ended, begun = set(before) - set(after), set(after) - set(before)
        if kind == "timeout" and mover in before and mover in after:  # the rest of the turn starts afresh
            ended.add(mover)
            begun.add(mover)
        mine = self.seats[mover]
        if kind == "undo" and mover in begun:  # the turn that ended at the undone move goes on
            mine.left, mine.bonus = max(0.0, mine.left - mine.bonus), 0.0
        for seat in ended:
            self._stop(self.seats[seat], at, earn=kind != "undo", timed_out=kind == "timeout" and seat == mover)
        for seat in begun:
            self.seats[seat].since = at
        if kind == "timeout":
            mine.timeouts += 1
        elif kind == "move":
            mine.timeouts = 0

    def _stop(self, clock: SeatClock, at: float, earn: bool, timed_out: bool) -> None:
        """Stop a seat's clock at `at`: charge the time it ran; if `earn`, add the increment (after a
        timeout, real-time seats get at least `AFTER_TIMEOUT` seconds for their next move)."""
        banked = clock.left
        if self.realtime and clock.since is not None:
            banked = max(0.0, clock.left - (at - clock.since))
        clock.since = None
        earned = banked + self.setting.increment if earn else banked
        if timed_out and self.realtime:
            earned = max(earned, AFTER_TIMEOUT)
        clock.left, clock.bonus = earned, earned - banked

    def deadline(self, seat: int) -> float | None:
        """When `seat`'s clock runs out (None while it is stopped)."""
        clock = self.seats[seat]
        if clock.since is None:
            return None
        return clock.since + (clock.left if self.realtime else self.setting.per_move)

    def expired(self, seat: int, now: float) -> bool:
        due = self.deadline(seat)
        return due is not None and now >= due

    def left(self, seat: int, now: float) -> float:
        """Seconds left on `seat`'s clock at `now` (for a turn-based clock: of this turn, or a full turn)."""
        clock = self.seats[seat]
        due = self.deadline(seat)
        if due is not None:
            return max(0.0, due - now)
        return clock.left if self.realtime else self.setting.per_move

    def to_json(self, now: float) -> dict[str, Any]:
        """The setting and each seat's time left at `now`, whether it runs, and its timeouts in a row."""
        return {
            **self.setting.to_json(),
            "seats": [{"left": round(self.left(seat, now), 2), "running": clock.since is not None, "timeouts": clock.timeouts}
                      for seat, clock in enumerate(self.seats)],
        }
