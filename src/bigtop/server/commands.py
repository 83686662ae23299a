"""`bigtop serve`: run the web table (lobby, live games, bots, replays) on a host and port;
`bigtop rerate`: rate every stored game again; `bigtop bench-server`: load a server of its own."""

from __future__ import annotations

import json
import socket
from pathlib import Path
from typing import Annotated

import typer

from bigtop.core.errors import BigtopError
from bigtop.server.address_share import SHARE
from bigtop.server.limits import TableLimits
from bigtop.server.no_choice import ANSWER_DELAY
from bigtop.terminal.clock import ClockOpt

WS_MAX_SIZE = 1024 * 1024  # a WebSocket frame above this closes the connection (code 1009)


def register(app: typer.Typer) -> None:
    """Add `serve` to the `bigtop` command."""

    @app.command("serve")
    def serve_command(
        host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
        port: Annotated[int, typer.Option("--port", min=0, max=65535, help="Port to listen on (0: any free port).")] = 8000,
        database_url: Annotated[str, typer.Option("--database-url", help="SQLAlchemy URL: sqlite:///FILE or postgresql://...")] = "sqlite:///bigtop.sqlite3",
        bot_delay: Annotated[float, typer.Option("--bot-delay", min=0, help="Seconds a bot waits before each move.")] = 0.4,
        boards: Annotated[list[Path] | None, typer.Option("--boards", help="A folder of per-game board modules <game>.js (repeatable).")] = None,
        game_module: Annotated[list[str] | None, typer.Option("--game-module", help="Import this module and register its GAME (repeatable).")] = None,
        bot_workers: Annotated[int, typer.Option("--bot-workers", min=1, max=64, help="Worker processes that think for the bots that need the game.")] = 1,
        review_budget: Annotated[int, typer.Option("--review-budget", min=1, max=5000, help="First-search iterations per decision of a game review (more where a move looks worse).")] = 100,
        hint_budget: Annotated[int, typer.Option("--hint-budget", min=1, max=5000, help="Search iterations of a hint (practice tables).")] = 1000,
        shortest_clock: Annotated[float | None, typer.Option("--shortest-clock", min=1, help="Allow clocks this short (seconds; default: 30 s a game, 1 min a turn).")] = None,
        answer_delay: Annotated[tuple[float, float], typer.Option(
            "--answer-delay", min=0, help="A question with one answer is answered for a person after a delay drawn in this range (seconds).")] = ANSWER_DELAY,
        max_live_tables: Annotated[int, typer.Option("--max-live-tables", min=1, help="Open or running tables per address and per player.")] = TableLimits.live_tables,
        max_tables_per_hour: Annotated[int, typer.Option("--max-tables-per-hour", min=1, help="New tables per address and per player in an hour.")] = TableLimits.tables_per_hour,
        max_search_tables: Annotated[int, typer.Option("--max-search-tables", min=0, help="Running tables with searching bots (ismcts) per address and per player.")] = TableLimits.search_tables,
        unstarted_expiry: Annotated[float, typer.Option("--unstarted-expiry", min=1, help="Seconds after which an open table nobody started is deleted.")] = TableLimits.unstarted_expiry,
        address_share: Annotated[float, typer.Option("--address-share", min=0, help="Seconds of the server's time one address's API requests may take a second, 6 times that at once, and 6 requests in flight (0: no limit).")] = SHARE.per_second,
        profile: Annotated[Path | None, typer.Option("--profile", help="Write a cProfile of the event loop's CPU time, from the start to the stop, to this file.")] = None,
    ) -> None:
        """Serve the web table: create tables, invite, play against people and bots, watch, replay."""
        if answer_delay[0] > answer_delay[1]:
            raise typer.BadParameter("the shortest delay comes first", param_hint="--answer-delay")
        limits = TableLimits(max_live_tables, max_tables_per_hour, max_search_tables, unstarted_expiry)
        serve(host, port, database_url, bot_delay, boards or [], game_module or [], bot_workers, review_budget, hint_budget, shortest_clock,
              answer_delay, limits, profile, address_share)


    @app.command("rerate")
    def rerate_command(
        database_url: Annotated[str, typer.Option("--database-url", help="The server's database (SQLAlchemy URL).")] = "sqlite:///bigtop.sqlite3",
        game_module: Annotated[list[str] | None, typer.Option("--game-module", help="Import this module and register its GAME (repeatable).")] = None,
    ) -> None:
        """Recompute every finished game's outcome and every rating from the stored games (after a fix)."""
        rerate(database_url, game_module or [])

    @app.command("bench-server")
    def bench_server_command(
        games: Annotated[int, typer.Option("--games", min=1, max=5000, help="Live games at once (each a new table when the last ends).")] = 200,
        people: Annotated[int, typer.Option("--people", min=1, max=6, help="People at each table, each on a socket of its own (at most the game's seats; bots in the others).")] = 1,
        seconds: Annotated[float, typer.Option("--seconds", min=1, max=600, help="How long to measure, after the warm-up.")] = 30.0,
        warmup: Annotated[float, typer.Option("--warmup", min=0, max=120, help="Seconds of play before measuring.")] = 5.0,
        bot_delay: Annotated[float, typer.Option("--bot-delay", min=0, help="Seconds the server's bots wait before each move.")] = 0.4,
        game: Annotated[list[str] | None, typer.Option("--game", help="Game to play (repeatable; default: the three in turn).")] = None,
        database_url: Annotated[str | None, typer.Option("--database-url", help="Database of the server (default: a fresh SQLite file).")] = None,
        seed: Annotated[int, typer.Option("--seed", help="Seed of the tables and of the moves played.")] = 1,
        as_json: Annotated[bool, typer.Option("--json", help="Print the figures as JSON.")] = False,
        cpu: ClockOpt = True,
        restart: Annotated[bool, typer.Option("--restart", help="After the warm-up, restart the server (SIGTERM, start again) and measure the reconnect storm.")] = False,
        server_src: Annotated[Path | None, typer.Option("--server-src", help="Run the server from this source tree (another revision's src/, under this load).")] = None,
        profile: Annotated[Path | None, typer.Option("--profile", help="Have the server write a cProfile of its event loop's CPU time to this file (python -m pstats FILE).")] = None,
    ) -> None:
        """Load a server of its own on 127.0.0.1 with many live games; print REST and move latencies and moves/s.

        Latencies are of the wall clock (what a client waits); the server's throughput is per second of its CPU time
        (--cpu, the default) or of the wall clock (--wall)."""
        from rich.console import Console
        from rich.table import Table

        from bigtop.server import bench

        names = game or list(bench.PLAYERS)
        Console(stderr=True).print(f"bench-server: {games} live games, {people} {'person' if people == 1 else 'people'} at each, "
                                   f"{warmup:g} s warm-up, {seconds:g} s measured; {bench.machine()}")
        figures = bench.run(games, seconds, warmup, bot_delay, names, database_url, seed, restart, server_src, profile, people).summary()
        if as_json:
            print(json.dumps(figures))
            return
        rate = "moves/CPU-s" if cpu else "moves/s"
        table = Table("live games", "REST p50", "REST p99", "move ack p50", "move ack p99", rate, "server CPU/move", "refused",
                      *(["reconnect p50", "reconnect p99", "storm ack p99", "storm CPU"] if restart else []))
        ms = lambda v: "-" if v is None else f"{v:g} ms"  # noqa: E731
        refused = ", ".join(f"{k} {v}" for k, v in figures["errors"].items()) or "none"
        table.add_row(str(games), ms(figures["rest_p50_ms"]), ms(figures["rest_p99_ms"]), ms(figures["ack_p50_ms"]),
                      ms(figures["ack_p99_ms"]), f"{figures['moves_per_server_cpu_s' if cpu else 'moves_per_s'] or 0:g}",
                      ms(figures["server_cpu_ms_per_move"]), refused,
                      *([ms(figures.get("reconnect_p50_ms")), ms(figures.get("reconnect_p99_ms")), ms(figures.get("storm_ack_p99_ms")),
                         f"{figures.get('storm_cpu_s')} s"] if restart else []))
        Console().print(table)


def serve(host: str, port: int, database_url: str, bot_delay: float, boards: list[Path], game_modules: list[str],
          bot_workers: int = 1, review_budget: int = 100, hint_budget: int = 1000, shortest_clock: float | None = None,
          answer_delay: tuple[float, float] = ANSWER_DELAY, limits: TableLimits | None = None, profile: Path | None = None,
          address_share: float = SHARE.per_second) -> None:
    """Register extra games, open the database, listen, start, print the address once it answers,
    then serve until stopped (profiled into `profile` if given)."""
    import faulthandler

    import uvicorn

    from bigtop.server.app import create_app
    from bigtop.server.connection_limits import MAX_CONNECTIONS
    from bigtop.server.extra_games import register_game_modules
    from bigtop.server.http_protocol import BoundedHttp

    faulthandler.enable()  # a fatal signal (SIGSEGV, SIGBUS) prints where it struck, never a silent death
    register_game_modules(game_modules)
    for folder in boards:
        if not folder.is_dir():
            raise BigtopError(f"--boards: no such folder {folder}")
    app = create_app(database_url, bot_delay, boards, bot_workers, game_modules, review_budget, hint_budget, shortest_clock, answer_delay,
                     limits, address_share)
    sock = _listen(host, port)
    config = uvicorn.Config(app, log_level="warning", ws_max_size=WS_MAX_SIZE, http=BoundedHttp,
                            limit_concurrency=MAX_CONNECTIONS)
    _server_class()(config, f"http://{_url_host(host)}:{sock.getsockname()[1]}", profile).run(sockets=[sock])


def rerate(database_url: str, game_modules: list[str]) -> None:
    """Replay every finished game of the database and rate them all again, with a progress bar."""
    from rich.console import Console

    from bigtop.server import rerate as rerating
    from bigtop.server.extra_games import register_game_modules
    from bigtop.server.store import Store
    from bigtop.terminal.progress import progress_bar

    register_game_modules(game_modules)
    store = Store(database_url)
    try:
        with progress_bar(console=Console(stderr=True), transient=True) as bar:
            task = bar.add_task("replaying finished games", total=None)
            done = rerating.rerate(store, lambda n, total: bar.update(task, completed=n, total=total))
    finally:
        store.close()
    for problem in done.skipped or []:
        print(f"skipped {problem}")
    print(f"rerated {done.games} finished games ({done.rated} rated): {done.ratings} ratings")


def _server_class() -> type:
    import cProfile
    import time

    import uvicorn

    from bigtop.server.warmup import warm_up

    class Server(uvicorn.Server):
        """uvicorn's server, which says where it serves once it answers (its start-up done, every
        game loaded and every route prepared: `warmup.py`), and profiles the CPU time of the event loop's thread from then until it stops if asked."""

        def __init__(self, config: uvicorn.Config, url: str, profile: Path | None) -> None:
            super().__init__(config)
            self.url = url
            self.profile = profile
            self.profiler = cProfile.Profile(time.thread_time)

        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            await super().startup(sockets)
            if not self.should_exit:
                await warm_up(self.config.loaded_app)
                print(f"bigtop: serving on {self.url}", flush=True)
                if self.profile is not None:
                    self.profiler.enable()

        async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
            if self.profile is not None:
                self.profiler.disable()
                self.profiler.dump_stats(self.profile)
            await super().shutdown(sockets)

    return Server


def _listen(host: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    if family in (socket.AF_INET, socket.AF_INET6):  # answers go out at once (no 40 ms wait for an ACK)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        raise BigtopError(f"cannot listen on {host}:{port}: {exc.strerror}") from None
    sock.listen(128)
    return sock


def _url_host(host: str) -> str:
    return f"[{host}]" if ":" in host else host
