"""`bigtop bench-server`: how fast one server answers under the load of many live games.

It starts its own `bigtop serve` on 127.0.0.1 with a fresh database in a temporary folder and keeps
`games` tables live (the games in turn; people in the first `people` seats, one by default, and
`random` bots in the others; a new table as soon as one ends), made from `CREATORS` loopback
addresses in turn (127.0.1.x), as many clients would (the server shares bot work by creator and
paces each address's messages); the server's limits on tables and on each address's share of its
time are lifted when it has them, so that
a run of any length fits. It plays every person's seat over a WebSocket of its own (from the
table's address): whenever the seat has a decision, a random legal move at once; a socket that
drops is opened again at once. Each person's socket gets a message after every move, so a table of
three people costs the server more per move than a table of one with two bots. Meanwhile it times
REST calls (`GET /api/tables/{id}` and `GET /api/bots`). After a warm-up it measures for
`seconds`, then stops everything. Figures: REST p50/p99, move ack p50/p99 (from sending a move to
its `ack`), moves per second over all tables (bots' moves included) of the wall clock and of the
server's CPU time, the CPU the server and this process used, and the refusals seen. With one person
a table, a `stale_move` could only come from the server's own timing; with several it may also be
a race between them, as at a real table (a person's move sent while another's move, a moment
before, ended that person's turn). Latencies are wall clock: what a client waits.

With `restart`, the warm-up ends with the server stopped (SIGTERM) and started again on the same
database and port, as a deploy does: every seat's socket drops and opens again at once, and the
figures are taken from the moment the new server says it serves, with how long each seat waited
from then for its first message (reconnect p50/p99), the acks of the moves sent until every seat
was back (storm ack p50/p99) and the server's CPU seconds by then (storm CPU), with the seconds from
stopping the old server to the new one's line (down) and the new server's CPU seconds from its
start until every seat was back (storm CPU total: a server that does its start-up work after its
line counts it in the storm CPU, one that does it before only here). `server_src` runs
the server from another source tree (this load, another revision's server); `profile` has it
write a cProfile of its event loop's CPU time (`bigtop serve --profile`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import select
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson

PLAYERS = {"drumroll": 3, "trollfest": 4, "carcassonne": 3}
SETUP_CONCURRENCY = 16
CREATORS = 64  # loopback addresses the tables are made from
RECONNECT_SECONDS = 0.05  # how soon a seat tries again when its socket dropped
UNLIMITED_TABLES = ("--max-live-tables", "1000000", "--max-tables-per-hour", "1000000")  # however long it runs
REST_PER_SECOND = 20


@dataclass
class Figures:
    """What one run measured."""

    games: int
    seconds: float
    sockets: int = 0  # the people's sockets, over every table
    rest_ms: list[float] = field(default_factory=list)
    ack_ms: list[float] = field(default_factory=list)
    moves: int = 0
    errors: dict[str, int] = field(default_factory=dict)
    server_cpu: float | None = None  # CPU seconds the server process used while measuring
    client_cpu: float = 0.0  # and this process, which plays the seats
    reconnect_ms: list[float] = field(default_factory=list)  # after a restart: from the server's line to each seat's first message
    storm_ack_ms: list[float] = field(default_factory=list)  # the acks of moves sent until every seat was back
    storm_cpu: float | None = None  # CPU seconds the new server used from its line until every seat was back
    down: float | None = None  # seconds from stopping the old server to the new one's line
    storm_cpu_total: float | None = None  # CPU seconds of the new server from its start until every seat was back

    def summary(self) -> dict[str, Any]:
        restart = {"reconnects": len(self.reconnect_ms), "reconnect_p50_ms": percentile(self.reconnect_ms, 50),
                   "reconnect_p99_ms": percentile(self.reconnect_ms, 99), "storm_acks": len(self.storm_ack_ms),
                   "storm_ack_p50_ms": percentile(self.storm_ack_ms, 50), "storm_ack_p99_ms": percentile(self.storm_ack_ms, 99),
                   "storm_cpu_s": round(self.storm_cpu, 2) if self.storm_cpu is not None else None,
                   "down_s": round(self.down, 2) if self.down is not None else None,
                   "storm_cpu_total_s": round(self.storm_cpu_total, 2) if self.storm_cpu_total is not None else None,
                   } if self.reconnect_ms else {}
        return {**restart,
            "games": self.games, "sockets": self.sockets, "seconds": round(self.seconds, 1),
            "rest_p50_ms": percentile(self.rest_ms, 50), "rest_p99_ms": percentile(self.rest_ms, 99),
            "ack_p50_ms": percentile(self.ack_ms, 50), "ack_p99_ms": percentile(self.ack_ms, 99),
            "acks": len(self.ack_ms), "moves_per_s": round(self.moves / self.seconds, 1) if self.seconds else 0.0,
            "server_cpu_ms_per_move": round(1000 * self.server_cpu / self.moves, 2) if self.server_cpu and self.moves else None,
            "moves_per_server_cpu_s": round(self.moves / self.server_cpu, 1) if self.server_cpu else None,
            "server_cpu_share": round(self.server_cpu / self.seconds, 2) if self.server_cpu is not None and self.seconds else None,
            "client_cpu_share": round(self.client_cpu / self.seconds, 2) if self.seconds else None,
            "errors": dict(self.errors),
        }


def percentile(values: list[float], q: int) -> float | None:
    """The `q`th percentile of `values` (rounded to 0.1), None if there are none."""
    if not values:
        return None
    if len(values) == 1:
        return round(values[0], 1)
    return round(statistics.quantiles(values, n=100, method="inclusive")[q - 1], 1)


def served_address(proc: subprocess.Popen[str], seconds: float) -> str | None:
    """The address a `bigtop serve` process prints once it listens, or None if it does not within `seconds`."""
    out = proc.stdout
    if out is None:
        return None
    ready, _, _ = select.select([out], [], [], seconds)
    line = out.readline() if ready else ""
    return line.split("serving on ", 1)[1].strip() if "serving on " in line else None


class ServerUnderTest:
    """`bigtop serve` in a subprocess on 127.0.0.1, on a fresh SQLite file unless given a database;
    from the source tree `server_src` if given."""

    def __init__(self, folder: Path, bot_delay: float, database_url: str | None, server_src: Path | None = None,
                 profile: Path | None = None) -> None:
        self.folder = folder
        self.profile = profile
        self.database_url = database_url or f"sqlite:///{folder / 'bench.sqlite3'}"
        self.bot_delay = bot_delay
        self.env = {**os.environ, "PYTHONPATH": str(server_src)} if server_src is not None else None
        self.port = 0
        self.starts = 0
        self.log = open(os.devnull, "w")  # noqa: SIM115 (replaced at each start)
        self.limits = (UNLIMITED_TABLES if self._knows("--max-tables-per-hour") else ()) + (
            ("--address-share", "0") if self._knows("--address-share") else ())
        self.start()

    def _knows(self, option: str) -> bool:
        """Whether this server's `bigtop serve` takes `option` (an older revision's may not)."""
        helped = subprocess.run([sys.executable, "-m", "bigtop", "serve", "--help"], capture_output=True, text=True,
                                env={**(self.env or os.environ), "COLUMNS": "200"})
        return option in helped.stdout

    def start(self) -> None:
        self.starts += 1
        self.log.close()
        self.log = open(self.folder / f"server-{self.starts}.log", "w")  # noqa: SIM115 (open while the server runs)
        command = [sys.executable, "-m", "bigtop", "serve", "--host", "127.0.0.1", "--port", str(self.port),
                   "--database-url", self.database_url, "--bot-delay", str(self.bot_delay), *self.limits]
        if self.profile is not None:
            command += ["--profile", str(self.profile.resolve())]
        self.proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=self.log, text=True, env=self.env)
        url = served_address(self.proc, 600)
        if url is None:
            self.stop()
            raise RuntimeError(f"the server did not start; see {self.log.name}")
        self.url = url
        self.port = int(url.rsplit(":", 1)[1])

    def restart(self) -> None:
        """Stop the server as a deploy does (SIGTERM) and start it again on the same database and port."""
        self.proc.terminate()
        self.proc.wait(60)
        self.start()

    def cpu_seconds(self) -> float | None:
        """User and system CPU time of the server process so far (Linux), or None."""
        try:
            fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            return None
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        self.log.close()


def run(games: int, seconds: float, warmup: float, bot_delay: float, names: list[str], database_url: str | None,
        seed: int, restart: bool = False, server_src: Path | None = None, profile: Path | None = None,
        people: int = 1) -> Figures:
    """Start a server, load it with `games` live games of `people` people each (at most a game's
    seats), measure (after a restart if asked), stop; the figures."""
    with tempfile.TemporaryDirectory(prefix="bigtop-bench-") as folder:
        server = ServerUnderTest(Path(folder), bot_delay, database_url, server_src, profile)
        try:
            load = _load(server, games, seconds, warmup, names, seed, restart, people)
            return event_loop_runner()(asyncio.wait_for(load, timeout=seconds + warmup + 300 + games * 0.2))
        finally:
            server.stop()


class Clock:
    """Whether the figures are being taken (after the warm-up), and when the server came back
    after a restart (perf_counter)."""

    measuring = False
    back_at: float | None = None
    back_cpu: float | None = None  # the server's CPU seconds then
    storm = False  # some seats are not back yet


async def _load(server: ServerUnderTest, games: int, seconds: float, warmup: float, names: list[str], seed: int,
                restart: bool, people: int) -> Figures:
    import httpx

    rng = random.Random(seed)
    figures = Figures(games, seconds)
    clock = Clock()
    async with live_games(server, games, names, rng, clock, figures, people) as live, httpx.AsyncClient(
            base_url=server.url, timeout=60, limits=httpx.Limits(max_connections=SETUP_CONCURRENCY)) as client:
        pinger = asyncio.create_task(_time_rest(client, live, clock, figures, rng))
        await asyncio.sleep(warmup)
        if restart:
            stopped = time.perf_counter()
            await asyncio.to_thread(server.restart)  # the seats keep trying meanwhile
            clock.back_at, clock.back_cpu, clock.storm = time.perf_counter(), server.cpu_seconds(), True
            figures.down = clock.back_at - stopped
        clock.measuring = True
        started, cpu, own = time.perf_counter(), server.cpu_seconds(), time.process_time()
        await asyncio.sleep(seconds)
        clock.measuring = False
        figures.seconds = time.perf_counter() - started
        figures.client_cpu = time.process_time() - own
        after = server.cpu_seconds()
        figures.server_cpu = after - cpu if after is not None and cpu is not None else None
        pinger.cancel()
        await asyncio.gather(pinger, return_exceptions=True)
    return figures


@contextlib.asynccontextmanager
async def live_games(server: ServerUnderTest, games: int, names: list[str], rng: random.Random, clock: Clock,
                     figures: Figures, people: int = 1) -> AsyncIterator[list[str]]:
    """`games` live games on `server` (the load of `bench-server`) with `people` people each (at most
    a game's seats), made from `CREATORS` addresses; yields the ids of the live tables once every one
    is started, and stops playing on exit. Moves and acks count in `figures` while `clock.measuring`."""
    import httpx

    limits = httpx.Limits(max_connections=SETUP_CONCURRENCY)
    addresses = [f"127.0.1.{1 + i}" for i in range(CREATORS)]
    creators = [httpx.AsyncClient(base_url=server.url, timeout=60, transport=httpx.AsyncHTTPTransport(
        local_address=address, limits=limits)) for address in addresses]
    gate = asyncio.Semaphore(SETUP_CONCURRENCY)
    live: list[str] = []
    seated = [min(people, PLAYERS.get(names[i % len(names)], 2)) for i in range(games)]
    figures.sockets = sum(seated)
    players = [asyncio.create_task(_keep_a_game(server, creators[i % CREATORS], addresses[i % CREATORS], gate, names[i % len(names)],
                                                seated[i], live, clock, figures, random.Random(rng.random())))
               for i in range(games)]
    try:
        while len(live) < games:  # every table created and started
            await asyncio.sleep(0.1)
        yield live
    finally:
        for task in players:
            task.cancel()
        await asyncio.gather(*players, return_exceptions=True)
        for creator in creators:
            await creator.aclose()


async def _keep_a_game(server: ServerUnderTest, client: Any, address: str, gate: asyncio.Semaphore, game: str,
                       people: int, live: list[str], clock: Clock, figures: Figures, rng: random.Random) -> None:
    """One live game with `people` people at all times, made by `client` and played from its
    `address`: a new table as soon as the last one ends."""
    import httpx

    while True:
        try:
            table_id, tokens = await _new_table(client, gate, game, people, rng.randrange(2**32))
        except (OSError, httpx.TransportError):  # the server is restarting
            await asyncio.sleep(RECONNECT_SECONDS)
            continue
        live.append(table_id)
        # seat 0's socket counts the table's moves; every seat's times its own acks
        await asyncio.gather(*(_play_seat(server, address, table_id, token, clock, figures, random.Random(rng.random()),
                                          counts_moves=seat == 0) for seat, token in enumerate(tokens)))
        live.remove(table_id)


async def _new_table(client: Any, gate: asyncio.Semaphore, game: str, people: int, seed: int) -> tuple[str, list[str]]:
    """A started table of `game` with people in its first `people` seats (bots in the others): its
    id and the people's seat tokens."""
    async with gate:
        players = PLAYERS.get(game, 2)
        seats = [{"name": f"Bench {seat + 1}"} for seat in range(people)] + [{"bot": "random"}] * (players - people)
        made = await client.post("/api/tables", json={"game": game, "players": players, "seats": seats, "seed": seed})
        if made.status_code != 201:
            raise RuntimeError(f"bench-server: the server refused a table: {made.text}")
        created = made.json()
        table_id, tokens = created["table"]["id"], [seat["token"] for seat in created["seats"][:people]]
        for token in tokens:
            await client.post(f"/api/tables/{table_id}/join", json={"token": token})
        await client.post(f"/api/tables/{table_id}/start", json={"token": created["host_token"]})
        return table_id, tokens


async def _play_seat(server: ServerUnderTest, address: str, table_id: str, token: str, clock: Clock, figures: Figures,
                     rng: random.Random, counts_moves: bool = True) -> None:
    """Play a person's seat of a table to its end: a random legal move as soon as the seat has one;
    time each ack; open the socket again whenever it drops (the server restarting). With
    `counts_moves`, count the table's moves (one seat of a table does).

    A seat plays one move at a time: the state after its move may come before the move's ack (the
    server pushes, then answers), so it is kept and played once the ack is in."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import WebSocketException

    dropped = False
    while True:
        ws_url = server.url.replace("http://", "ws://") + f"/ws/tables/{table_id}?token={token}"
        try:
            async with connect(ws_url, max_size=2**24, compression=None, local_addr=(address, 0)) as ws:
                if await _play_socket(server, ws, clock, figures, rng, dropped, counts_moves):
                    return
        except (OSError, WebSocketException):
            pass
        dropped = True
        await asyncio.sleep(RECONNECT_SECONDS)


async def _play_socket(server: ServerUnderTest, ws: Any, clock: Clock, figures: Figures, rng: random.Random,
                       dropped: bool, counts_moves: bool = True) -> bool:
    """Play over one socket until it closes; True if the game ended."""
    sent_at: float | None = None
    seen: int | None = None
    latest: dict[str, Any] | None = None
    async for text in ws:
        message = orjson.loads(text)
        kind = message["type"]
        if dropped:  # the first message after the socket dropped
            if clock.measuring and clock.back_at is not None:
                figures.reconnect_ms.append((time.perf_counter() - clock.back_at) * 1000)
                if len(figures.reconnect_ms) == figures.sockets:  # every seat is back
                    clock.storm = False
                    now = server.cpu_seconds()
                    figures.storm_cpu = now - clock.back_cpu if now is not None and clock.back_cpu is not None else None
                    figures.storm_cpu_total = now
            dropped = False
        if kind == "state":
            if clock.measuring and seen is not None and counts_moves:
                figures.moves += message["move"] - seen  # every move of the table, bots' too
            seen, latest = message["move"], message
            if message["result"] is not None:
                return True
        elif kind == "ack" and sent_at is not None:
            if clock.measuring:
                figures.ack_ms.append((time.perf_counter() - sent_at) * 1000)
                if clock.storm:
                    figures.storm_ack_ms.append(figures.ack_ms[-1])
            sent_at = None
        elif kind == "error":
            if clock.measuring:
                figures.errors[message["code"]] = figures.errors.get(message["code"], 0) + 1
            sent_at = None
        if sent_at is None and latest is not None and latest["legal"]:
            action = rng.choice(latest["legal"])["action"]
            sent_at = time.perf_counter()
            await ws.send(json.dumps({"type": "move", "action": action, "move": latest["move"]}))
            latest = None
    return False


async def _time_rest(client: Any, table_ids: list[str], clock: Clock, figures: Figures, rng: random.Random) -> None:
    import httpx

    while True:
        path = "/api/bots" if rng.random() < 0.5 else f"/api/tables/{rng.choice(table_ids)}"
        started = time.perf_counter()
        try:
            response = await client.get(path)
        except httpx.TransportError:  # the server is restarting
            await asyncio.sleep(RECONNECT_SECONDS)
            continue
        elapsed = (time.perf_counter() - started) * 1000
        if clock.measuring and response.status_code == 200:
            figures.rest_ms.append(elapsed)
        await asyncio.sleep(1 / REST_PER_SECOND)


def event_loop_runner() -> Any:
    """uvloop's `run` where it is installed (as the server uses it), else asyncio's."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run
    return uvloop.run


def machine() -> str:
    """One line about where the figures were taken: CPUs and load."""
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return f"{os.cpu_count()} CPUs, load average {load:.2f} at the start"
