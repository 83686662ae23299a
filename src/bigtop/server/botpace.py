"""When a bot's move is released at a table where a person sits: at a moment that does not depend
on what the bot knows.

How long a bot takes tells what it saw: a search answers at once when it has one legal move and
takes its full budget otherwise, and its speed follows the hidden cards it plays out. At a table
with a person, a bot's move is therefore released `pause` seconds after its decision began, with

    pause = (bot delay + allowance) × (1 + U(0, JITTER))

drawn from the operating system's random source for each move: not from the table, the game or
the search. The allowance depends on the bot's spec alone: a search of `time=s` gets `s` seconds,
a search of N iterations `N × ITERATION_ALLOWANCE`, any other bot that thinks in a worker
`MIN_ALLOWANCE`, a `random` bot none. The bot thinks until one slice before that moment at the
latest (the job's deadline, `scheduler.py`); a search not finished by then answers with the best
move it has found, and a forced move, a cheap bot's or a search done early waits for the moment.
So the release time is the drawn pause, unless the bot's job could not even start before its
deadline (the workers overloaded): then it is released when its turn came (set by the other
tables' work, not by this position) plus one search iteration.
"""

from __future__ import annotations

import random
from typing import Any

from bigtop.bots.ismcts import IsmctsBot

ITERATION_ALLOWANCE = 0.001  # seconds per search iteration: the slowest game takes about 0.8 ms
MIN_ALLOWANCE = 0.1  # a bot that thinks in a worker: its few milliseconds and the round trip
JITTER = 0.25
MARGIN = 0.05  # the search stops this long before the release, for its answer to come back

_chance = random.SystemRandom()


def allowance(bot: Any) -> float:
    """The seconds of thinking a bot is given at a table with a person, from its spec alone."""
    if isinstance(bot, IsmctsBot):
        return max(MIN_ALLOWANCE, bot.seconds if bot.seconds is not None else bot.iterations * ITERATION_ALLOWANCE)
    return MIN_ALLOWANCE if bot.needs_state else 0.0


def pause(bot: Any, delay: float) -> float:
    """A fresh draw of how long after its decision began a bot's move is released."""
    return (delay + allowance(bot)) * (1.0 + _chance.uniform(0.0, JITTER))
