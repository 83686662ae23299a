"""How soon cheap bots answer on a loaded server while another creator keeps its search quota full.

    .venv/bin/python bench/bots_under_load.py [--games 200] [--seconds 60] [--warmup 10] [-r 1]
                                              [--search-tables 4] [--server-src PATH]

Starts `bigtop serve` (this tree's, or the source tree `--server-src`) on a fresh SQLite file and
puts three loads on it at once:

- the load of `bigtop bench-server --games N` (N live games of a person and `random` bots, from 64
  addresses);
- a greedy creator (127.0.2.1) keeping its quota of running tables with searching bots full
  (the server's `--max-search-tables`, 4 by default; `--search-tables 0` leaves them out, to
  compare): Troll Fest tables of four `ismcts:iterations=5000` bots, a new one as soon as one ends;
- another creator (127.0.3.1) with tables of cheap bots only, one per game and kind: Easy
  (`random`) and Normal (`heuristic`), watched from a spectator's socket.

A cheap bot's answer is the time between two moves of its table as the spectator sees them arrive:
the bot delay (0.4 s, the server's default), its turn in the workers (Normal), its thinking and the
storing of the move. Prints per kind the answers' count, p50, p99 and slowest after the warm-up,
the searching tables' moves meanwhile, the load's move ack p50/p99, the server's CPU per move and
its share of a CPU,
as a JSON line per round, with the load average before and after.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import orjson
from websockets.asyncio.client import connect

from bigtop.server import bench

GREEDY = "127.0.2.1"
CHEAP = "127.0.3.1"
SEARCHING = "ismcts:iterations=5000"  # the most a web table's bot may search
KINDS = {"easy": "random", "normal": "heuristic"}
BOT_DELAY = 0.4


async def keep_searching(url: str, tables: int, seed: int, moves: list[int]) -> None:
    """The greedy creator: `tables` running tables of searching bots at all times."""
    running: list[str] = []
    async with httpx.AsyncClient(base_url=url, timeout=60, transport=httpx.AsyncHTTPTransport(local_address=GREEDY)) as client:
        while True:
            for table_id in list(running):
                summary = (await client.get(f"/api/tables/{table_id}")).json()
                if summary["status"] == "finished":
                    running.remove(table_id)
                    moves[0] += summary["moves"]
            while len(running) < tables:
                seed += 1
                running.append(await start_bot_table(client, "trollfest", [SEARCHING] * 4, seed))
            moves[1] = sum([(await client.get(f"/api/tables/{t}")).json()["moves"] for t in running])
            await asyncio.sleep(1.0)


async def start_bot_table(client: httpx.AsyncClient, game: str, bots: list[str], seed: int) -> str:
    made = await client.post("/api/tables", json={"game": game, "players": len(bots), "seats": [{"bot": b} for b in bots],
                                                  "seed": seed})
    if made.status_code != 201:
        raise RuntimeError(f"the server refused a table: {made.text}")
    table_id = made.json()["table"]["id"]
    started = await client.post(f"/api/tables/{table_id}/start", json={"token": made.json()["host_token"]})
    if started.status_code != 200:
        raise RuntimeError(f"the server refused to start a table: {started.text}")
    return table_id


async def keep_cheap_table(url: str, game: str, bot: str, seed: int, measuring: list[bool], gaps: list[float]) -> None:
    """The other creator: one table of `bot`s at `game` at all times, its moves' gaps timed while `measuring`."""
    async with httpx.AsyncClient(base_url=url, timeout=60, transport=httpx.AsyncHTTPTransport(local_address=CHEAP)) as client:
        while True:
            seed += 1
            table_id = await start_bot_table(client, game, [bot] * bench.PLAYERS[game], seed)
            ws_url = url.replace("http://", "ws://") + f"/ws/tables/{table_id}"
            last: tuple[float, int] | None = None
            async with connect(ws_url, max_size=2**24, compression=None, local_addr=(CHEAP, 0)) as ws:
                async for text in ws:
                    message = orjson.loads(text)
                    if message["type"] != "state":
                        continue
                    now = time.perf_counter()
                    if last is not None and message["move"] == last[1] + 1 and measuring[0]:
                        gaps.append(now - last[0])
                    last = (now, message["move"])
                    if message["result"] is not None:
                        break


def spread(values: list[float]) -> dict[str, Any]:
    if len(values) < 2:
        return {"answers": len(values)}
    return {"answers": len(values), "p50_ms": bench.percentile(values, 50), "p99_ms": bench.percentile(values, 99),
            "slowest_ms": round(max(values), 1)}


async def measure(server: bench.ServerUnderTest, games: int, seconds: float, warmup: float, search_tables: int,
                  seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    clock = bench.Clock()
    figures = bench.Figures(games, seconds)
    gaps: dict[str, list[float]] = {kind: [] for kind in KINDS}
    measuring = [False]
    searched = [0, 0]  # moves of the finished searching tables, of the running ones
    async with bench.live_games(server, games, list(bench.PLAYERS), rng, clock, figures):
        side = [asyncio.create_task(keep_searching(server.url, search_tables, seed, searched))] if search_tables else []
        side += [asyncio.create_task(keep_cheap_table(server.url, game, bot, seed, measuring, gaps[kind]))
                 for kind, bot in KINDS.items() for game in bench.PLAYERS]
        await asyncio.sleep(warmup)
        for task in side:
            if task.done():
                task.result()  # a refusal stops the run with its reason
        searched_before = sum(searched)
        clock.measuring = measuring[0] = True
        started, cpu = time.perf_counter(), server.cpu_seconds()
        await asyncio.sleep(seconds)
        clock.measuring = measuring[0] = False
        figures.seconds = time.perf_counter() - started
        after = server.cpu_seconds()
        figures.server_cpu = after - cpu if after is not None and cpu is not None else None
        for task in side:
            task.cancel()
        outcome = await asyncio.gather(*side, return_exceptions=True)
        failed = [o for o in outcome if isinstance(o, Exception) and not isinstance(o, asyncio.CancelledError)]
        if failed:
            raise failed[0]
    load = figures.summary()
    return {"search_tables": search_tables, **{kind: spread([g * 1000 for g in values]) for kind, values in gaps.items()},
            "searching_moves": sum(searched) - searched_before,
            **{f"load_{k}": load[k] for k in ("ack_p50_ms", "ack_p99_ms", "moves_per_s", "server_cpu_ms_per_move",
                                            "server_cpu_share")}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="live games of the bench-server load")
    parser.add_argument("--seconds", type=float, default=60, help="how long to measure")
    parser.add_argument("--warmup", type=float, default=10, help="seconds before measuring")
    parser.add_argument("-r", "--rounds", type=int, default=1)
    parser.add_argument("--search-tables", type=int, default=4, help="the greedy creator's tables (0: none)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--server-src", type=Path, help="run the server from this source tree")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f}", flush=True)
    for round_ in range(args.rounds):
        with tempfile.TemporaryDirectory(prefix="bigtop-bots-under-load-") as folder:
            server = bench.ServerUnderTest(Path(folder), BOT_DELAY, None, args.server_src)
            try:
                figures = bench.event_loop_runner()(measure(server, args.games, args.seconds, args.warmup, args.search_tables,
                                                                    args.seed + round_))
            finally:
                server.stop()
        print(json.dumps({"load": round(os.getloadavg()[0], 2), **figures}), flush=True)
    print(f"load average {os.getloadavg()[0]:.2f}", file=sys.stderr)


if __name__ == "__main__":
    main()
