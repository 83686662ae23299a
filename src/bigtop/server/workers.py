"""The processes that think for the server's bots, one bounded slice of work at a time.

A bot that needs the game (`heuristic`, `ismcts`) chooses in a worker process, on a copy of the
game determinized for its seat, never the true state. A search (`ismcts`) is not run in one go:
the server asks a worker for a slice of at most `seconds` of it, and the worker keeps the search's
tree between slices, so that the scheduler (`scheduler.py`) can share the workers' time between
tables, and stop a search at a deadline with the best move found so far. A bot's `time=` budget
counts the seconds it spent searching, not the seconds it waited for its turn.

A worker dies with the server: on Linux the kernel kills it when the server process ends
(`PR_SET_PDEATHSIG`), and on any system a thread of the worker ends it once its parent is gone.
The server talks to each worker over a pipe, from a thread of its own (`Worker`), so the event
loop never waits for a worker.
"""

from __future__ import annotations

import asyncio
import copyreg
import os
import queue
import threading
import time
import traceback
from collections.abc import Sequence
from multiprocessing.connection import Connection
from typing import Any

from bigtop import games
from bigtop.bots.ismcts import IsmctsBot, Node, most_visited
from bigtop.core.actions import Action
from bigtop.core.api import Game, State
from bigtop.core.errors import BigtopError
from bigtop.core.processes import die_with_parent
from bigtop.core.rng import Rng
from bigtop.server.extra_games import register_game_modules


class WorkerLost(BigtopError):
    """The worker process died (killed, out of memory) with work in hand."""


def choose(bot: Any, state: State, seat: int, rng: Rng) -> Action:
    """The bot's action for `seat` in one go; `state` is a private copy the bot may not see whole."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    view = state.determinize(seat, rng) if bot.needs_state else None
    return bot.choose(view, seat, legal)


class Thought:
    """A decision a worker is thinking about: the bot, and for a search its tree so far."""

    def __init__(self, bot: Any, state: State, seat: int, rng: Rng) -> None:
        self.bot, self.state, self.seat, self.rng = bot, state, seat, rng
        self.legal = state.legal_actions(seat)
        self.searching = isinstance(bot, IsmctsBot) and len(self.legal) > 1
        if self.searching:
            self.view = state.determinize(seat, rng)
            self.root = Node()
            self.done = 0  # iterations
            self.spent = 0.0  # seconds of searching

    def think(self, seconds: float, last: bool) -> Action | None:
        """Think for about `seconds` (at least one search iteration); the action once the bot's
        budget is spent or if this is the `last` slice, else None (ask again)."""
        if not self.searching:
            return choose(self.bot, self.state, self.seat, self.rng)
        bot: IsmctsBot = self.bot
        started = time.perf_counter()
        until = started + seconds
        while True:
            bot.iterate(self.root, self.view, self.seat)
            self.done += 1
            now = time.perf_counter()
            spent = self.spent + now - started
            finished = self.done >= bot.iterations if bot.seconds is None else spent >= bot.seconds
            if finished or now >= until:
                break
        self.spent = spent
        if not (finished or last):
            return None
        bot.last_iterations = self.done
        return most_visited(self.root, self.view, self.seat, self.legal)


# ---------------------------------------------------------------------- in the worker process
def _serve(conn: Connection, parent: int, game_modules: Sequence[str]) -> None:
    """A worker's life: answer each slice asked for over `conn` until the server goes away.

    Messages: `("start", job, bot, state, seat, rng, seconds, last)`, `("more", job, seconds,
    last)`, each answered `("done", job, action, bot)`, `("more", job)` or `("failed", job, text)`;
    `("drop", job)` forgets a job (no answer)."""
    die_with_parent(parent)
    register_game_modules(game_modules)
    pickle_games_by_name()
    thoughts: dict[int, Thought] = {}
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        kind, job = message[0], message[1]
        if kind == "drop":
            thoughts.pop(job, None)
            continue
        try:
            if kind == "start":
                thoughts[job] = Thought(*message[2:6])
            thought = thoughts[job]
            action = thought.think(*message[-2:])
        except Exception:
            thoughts.pop(job, None)
            conn.send(("failed", job, traceback.format_exc(limit=8)))
            continue
        if action is None:
            conn.send(("more", job))
        else:
            del thoughts[job]
            conn.send(("done", job, action, thought.bot))


def _game_by_name(game: Game[Any]) -> tuple[Any, tuple[str]]:
    """Pickle a game as its name: a worker process looks it up in its own registry."""
    return games.get, (game.name,)


def pickle_games_by_name() -> None:
    for name in games.names():
        copyreg.pickle(type(games.get(name)), _game_by_name)


# ---------------------------------------------------------------------- in the server process
class Worker:
    """One worker process and the thread that talks to it; `ask` from the event loop."""

    def __init__(self, context: Any, game_modules: Sequence[str]) -> None:
        pickle_games_by_name()
        self.conn, child_end = context.Pipe()
        self.process = context.Process(target=_serve, args=(child_end, os.getpid(), tuple(game_modules)),
                                       name="bigtop-bot-worker", daemon=True)
        self.process.start()
        child_end.close()
        self.open = 0  # searches whose tree this worker keeps
        self._requests: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._talk, name="bigtop-bot-worker-pipe", daemon=True)
        self._thread.start()

    async def ask(self, message: tuple[Any, ...]) -> tuple[Any, ...]:
        """Send `message` and wait for its answer; `WorkerLost` if the process died."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[tuple[Any, ...]] = loop.create_future()
        self._requests.put((message, future, loop))
        return await future

    def tell(self, message: tuple[Any, ...]) -> None:
        """Send a message that has no answer (`drop`)."""
        self._requests.put((message, None, None))

    def stop(self) -> None:
        """End the process at once (whatever it is doing) and the thread."""
        self._requests.put(None)
        if self.process.is_alive():
            self.process.kill()
        self.process.join(5)
        self._thread.join(1)
        self.conn.close()

    def _talk(self) -> None:
        while True:
            item = self._requests.get()
            if item is None:
                return
            message, future, loop = item
            try:
                self.conn.send(message)
                answer: Any = self.conn.recv() if future is not None else None
            except (EOFError, OSError) as exc:
                answer = WorkerLost(f"the bot worker process stopped ({exc or type(exc).__name__})")
            except Exception:  # the message could not be pickled: nothing was sent, this job fails alone
                answer = ("failed", message[1], traceback.format_exc(limit=8))
            if future is not None:
                loop.call_soon_threadsafe(_settle, future, answer)


def _settle(future: asyncio.Future[Any], answer: Any) -> None:
    if future.cancelled():
        return
    if isinstance(answer, BaseException):
        future.set_exception(answer)
    else:
        future.set_result(answer)
