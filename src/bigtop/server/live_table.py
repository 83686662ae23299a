"""A live table: a table of the server in memory, its seats and the game state rebuilt from its
stored rows. The `Hall` (tables.py) holds them and is the only one to change them; messages,
clocks and the hall's sinks read them."""

from __future__ import annotations

import asyncio
import secrets
from dataclasses import dataclass, field
from typing import Any

from bigtop.core.api import Game, State
from bigtop.core.events import Event
from bigtop.core.rng import Rng
from bigtop.server.clocks import AWAY_AFTER, Clock
from bigtop.server.errors import Forbidden
from bigtop.server.quotas import NOBODY, Creator
from bigtop.server.store import MoveRow, SeatRow

LESSON_BOT = "tutorial"  # the bot of a tutorial's scripted seats (`bigtop.tutorial.bot`)
MAX_UNDOS = 50
"""Moves a seat may take back in one game: each undo is a stored row and an entry in every seat's
log, so a seat repeating a move and its undo cannot grow the table without bound."""


@dataclass(eq=False)
class LiveTable:
    """A table in memory: its seats and the game state rebuilt from its moves."""

    id: str
    game: Game[Any]
    options: Any
    seed: int
    status: str
    host_token: str
    seats: list[SeatRow]
    state: State
    practice: bool = False
    rated: bool = False
    options_json: dict[str, Any] = field(default_factory=dict)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    bot_rng: Rng = field(default_factory=Rng)
    clock: Clock | None = None
    next_table: str | None = None  # where its seats play again
    rows: int = 0  # rows stored (moves, timeouts, undos): the number of the next one
    last_rows: dict[int, int] = field(default_factory=dict)  # seat: the number of its last row
    notes: list[tuple[int, Event]] = field(default_factory=list)  # the table's log entries, by position in the game's log
    rewinds: int = 0  # undos so far (each one takes entries out of the log)
    undos: dict[int, int] = field(default_factory=dict)  # seat: the moves it took back
    creator: Creator = NOBODY  # who made it (`quotas.py`)
    # (rows, moves) as everyone was last told, while a secret sealed step (`SealedChoices.secret`)
    # holds answers nobody else may learn of yet; None when nothing is held back
    held_since: tuple[int, int] | None = None

    @property
    def lesson(self) -> bool:
        """A tutorial's table: its other seats play a public script (each step follows a row number),
        so nothing is held back from the learner."""
        return any(s.bot is not None and s.bot.startswith(LESSON_BOT) for s in self.seats)

    @property
    def shown_rows(self) -> int:
        """The row number everyone is told (it stands still while a secret step collects answers)."""
        return self.rows if self.held_since is None else self.held_since[0]

    @property
    def shown_moves(self) -> int:
        """The game's move count everyone is told (see `shown_rows`)."""
        return self.state.move_count if self.held_since is None else self.held_since[1]

    @property
    def players(self) -> int:
        return self.state.players

    def undo_refusal(self, seat: int) -> str | None:
        """Why `seat` may not take its last move back now (`State.undo_refusal`'s reasons, and
        "limit" once it took back `MAX_UNDOS` moves this game), or None."""
        return "limit" if self.undos.get(seat, 0) >= MAX_UNDOS else self.state.undo_refusal(seat)

    def advance(self, row: MoveRow, after: State, before: tuple[tuple[int, ...], int, int] | None = None) -> None:
        """Take stored `row`, which made the game `after`: the state, the clocks and the table's notes.
        `before` is who was seen to move, how long the log was and the move count before it, when
        `after` is the state changed in place (a rebuild); else they are read from the state it
        replaces."""
        to_move, logged, moves = before or (self.state.seen_to_move(), len(self.state.log), self.state.move_count)
        seen_after = after.seen_to_move()
        if self.clock is not None:  # in a secret step, every seat asked is seen to think until all answered
            self.clock.step(row.kind, row.seat, row.at, to_move, seen_after)
        if seen_after == after.to_move() or self.lesson:
            self.held_since = None
        elif self.held_since is None:
            self.held_since = (row.number, moves)
        if row.kind == "timeout":
            self.notes.append((logged, Event("table.timeout", {"seat": row.seat})))
            timeouts = self.clock.seats[row.seat].timeouts if self.clock is not None else 0
            if timeouts == AWAY_AFTER:
                self.notes.append((logged, Event("table.away", {"seat": row.seat, "count": timeouts})))
        elif row.kind == "undo":
            end = len(after.log)
            self.notes = [(min(position, end), note) for position, note in self.notes]
            self.notes.append((end, Event("table.undo", {"seat": row.seat})))
            self.rewinds += 1
            self.undos[row.seat] = self.undos.get(row.seat, 0) + 1
        self.state = after
        self.rows = row.number + 1
        self.last_rows[row.seat] = row.number
        if after.is_over():
            self.status = "finished"

    def seat_of_player(self, player_id: int | None) -> SeatRow | None:
        """The seat a registered player holds at this table, if any."""
        return next((s for s in self.seats if player_id is not None and s.player_id == player_id), None)

    def seat_of(self, token: str | None) -> int:
        """The seat whose secret token this is; `Forbidden` otherwise."""
        if token:
            for s in self.seats:
                if s.token is not None and _same(s.token, token):
                    return s.seat
        raise Forbidden(f"that token opens no seat at table {self.id}")

    def check_host(self, token: str | None) -> None:
        if not token or not _same(self.host_token, token):
            raise Forbidden(f"only the host of table {self.id} may do that (wrong host token)")

    def bot_plays(self, seat: int) -> bool:
        """Whether a bot plays this seat now (a bot seat, or a person who left a running game)."""
        s = self.seats[seat]
        return s.bot is not None or s.away


def _same(secret: str, given: str) -> bool:
    """Constant-time comparison of a secret token with what a client sent (any text)."""
    return secrets.compare_digest(secret.encode(), given.encode("utf-8", "replace"))
