"""Questions with one answer are answered for people by the server, after a random delay.

Some questions exist only to keep something secret: Troll Fest asks every seat whether to cancel a
played card with Thor's Hammer, Drum Roll asks every seat whether to play Double Vote, so that the
asking tells nobody who holds one. A seat holding none has one legal action. Asking its person to
click it makes the whole table wait for a click that decides nothing (so does a choice between
two copies of one card, the only cards it may play); answering it at once would
tell the table that the seat had no choice. So the server answers it after a delay drawn afresh
from the operating system's random source for each answer (`answer_delay`): the moment the answer
arrives depends on nothing the seat holds, and a person who holds the card and lets the card happen
answers within the same range of times as the draws. The person's page is sent no move meanwhile
(`answered_for`), so they are never asked. Such questions are secret sealed steps
(`SealedChoices.secret`): until all have answered, nobody sees who has (`LiveTable.held_since`,
`live.py`), which would otherwise tell, once the longest delay has passed, who is still deciding.

A decision a person may answer by typing text (`Action.typed`, e.g. a band name of their own) is a
real choice even with one listed action, and is asked.
"""

from __future__ import annotations

import asyncio
import logging
import random
from typing import TYPE_CHECKING, Any, Protocol

from bigtop.core.actions import Action
from bigtop.server.errors import Conflict, ServerError

if TYPE_CHECKING:
    from bigtop.server.live_table import LiveTable

log = logging.getLogger("bigtop.server")

ANSWER_DELAY = (1.0, 4.0)  # seconds: the range an answer with no choice is drawn from
_SYSTEM = random.SystemRandom()


def answered_for(table: LiveTable, seat: int) -> Action | None:
    """The action the server plays for `seat`'s person: its only choice, if it has exactly one
    (copies of one card are one choice: `State.distinct_choices`) and the seat cannot type an
    answer instead; else None (the person is asked). At a lesson (a tutorial's table) every step
    is the learner's to take, with the lesson's words."""
    if table.lesson:
        return None
    state = table.state
    legal = state.legal_actions(seat)
    if not legal or type(legal[0]).typed is not None:
        return None
    if len(legal) > 1 and len(legal := state.distinct_choices(legal)) > 1:
        return None
    return legal[0]


class Hall(Protocol):
    """What the answers need of the `Hall` (tables.py, which reads this module's `answered_for`
    through messages.py): to hear of every change, and to play a seat's move."""

    def add_sink(self, sink: NoChoiceAnswers) -> None: ...

    async def play(self, table: LiveTable, seat: int, data: Any, expected_move: int | None = None) -> int: ...


def answer_delay(low: float, high: float) -> float:
    """How long an answer with no choice waits: uniform in [low, high], from the OS's random
    source, independent of the game."""
    return _SYSTEM.uniform(low, high)


class NoChoiceAnswers:
    """A sink of the hall: after every change, each person's seat with one answer gets it played
    after `answer_delay` (one pending answer per seat)."""

    def __init__(self, hall: Hall, delay: tuple[float, float] = ANSWER_DELAY) -> None:
        self.hall = hall
        self.delay = delay
        self.pending: dict[tuple[str, int], asyncio.Task[None]] = {}
        hall.add_sink(self)

    def table_changed(self, table: LiveTable, move: int | None) -> None:
        if table.status != "running":
            return
        state = table.state
        for seat in state.to_move():
            key = (table.id, seat)
            if key in self.pending or table.bot_plays(seat) or answered_for(table, seat) is None:
                continue
            self.pending[key] = asyncio.get_running_loop().create_task(self._answer(table, seat, table.rows))

    async def _answer(self, table: LiveTable, seat: int, rows: int) -> None:
        try:
            await asyncio.sleep(answer_delay(*self.delay))
            action = answered_for(table, seat) if table.status == "running" and not table.bot_plays(seat) else None
            if action is not None:
                await self.hall.play(table, seat, table.game.codec.to_json(action), rows)
        except (Conflict, ServerError):
            pass  # the seat moved meanwhile, changed hands, or another server answered first
        except Exception:
            log.exception("answering seat %s of table %s failed", seat, table.id)
        finally:
            self.pending.pop((table.id, seat), None)
        self.table_changed(table, None)  # the next question of the same seat may have one answer too

    async def stop(self) -> None:
        tasks = list(self.pending.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
