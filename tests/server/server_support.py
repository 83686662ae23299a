"""Test support: a real `bigtop serve` process on loopback, hosting the test game `highcard`.

The server runs in a subprocess (so a test can kill it with SIGKILL); `--game-module toy.game`
registers High Card there, as tests/conftest.py does in the pytest process, and `--boards` serves
the High Card board module kept next to these tests.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect

from bigtop.server.bench import served_address

TESTS = Path(__file__).resolve().parents[1]
BOARDS = Path(__file__).resolve().parent / "server_boards"
# The tests make hundreds of tables from 127.0.0.1; those of the limits start servers without this.
MANY_TABLES = ("--max-live-tables", "100000", "--max-tables-per-hour", "100000")


class ServerProcess:
    """`bigtop serve` on 127.0.0.1 and a free port, with the given database."""

    def __init__(self, database_url: str, log_dir: Path, bot_delay: float = 0.0, boards: bool = True,
                 extra_args: tuple[str, ...] = (), before_exec: Callable[[], None] | None = None,
                 answer_delay: tuple[float, float] = (0.0, 0.05), table_limits: tuple[str, ...] = MANY_TABLES,
                 address_share: float | None = 0.0) -> None:
        self.database_url = database_url
        self.boards = boards
        self.extra_args = list(extra_args)  # more options of `bigtop serve`
        self.before_exec = before_exec  # run in the child before it becomes the server (limits, privileges)
        self.table_limits = list(table_limits)
        # seconds of API requests in flight an address may use a second (None: the server's default); off by
        # default, as the tests send from 127.0.0.1 what many players would (`test_hostile_address_share.py`)
        self.address_share = address_share
        self.game_modules = ["toy.game"]
        self.python_path = [str(TESTS)]
        self.log_dir = log_dir
        self.bot_delay = bot_delay
        self.answer_delay = answer_delay  # a question with one answer: answered for the person within this (seconds)
        self.proc: subprocess.Popen[str] | None = None
        self.url = ""
        self.port = 0  # 0: any free port at the first start; a restart reuses the same one
        self.starts = 0

    def start(self) -> ServerProcess:
        self.starts += 1
        env = dict(os.environ, PYTHONPATH=os.pathsep.join([*self.python_path, os.environ.get("PYTHONPATH", "")]))
        stderr = open(self.log_dir / f"server-{self.starts}.log", "w")  # noqa: SIM115 (kept for the process)
        command = [sys.executable, "-m", "bigtop", "serve", "--port", str(self.port), "--database-url", self.database_url,
                   "--bot-delay", str(self.bot_delay), "--answer-delay", *map(str, self.answer_delay)]
        command += [arg for module in self.game_modules for arg in ("--game-module", module)] + self.table_limits + self.extra_args
        if self.address_share is not None:
            command += ["--address-share", str(self.address_share)]
        self.proc = subprocess.Popen(
            command + (["--boards", str(BOARDS)] if self.boards else []),
            stdout=subprocess.PIPE, stderr=stderr, text=True, env=env, preexec_fn=self.before_exec,
        )
        url = served_address(self.proc, 30)
        if url is None:
            self.stop()
            raise RuntimeError(f"server did not start; see {stderr.name}")
        self.url = url
        self.port = int(self.url.rsplit(":", 1)[1])
        return self

    def kill(self) -> None:
        """Stop at once (SIGKILL): nothing gets to flush or shut down."""
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()

    def client(self) -> httpx.Client:
        return httpx.Client(base_url=self.url, timeout=10)

    def socket(self, table_id: str, token: str | None = None) -> ClientConnection:
        ws_url = self.url.replace("http://", "ws://") + f"/ws/tables/{table_id}"
        return connect(ws_url + (f"?token={token}" if token else ""), open_timeout=10, max_size=2**22)


def create(client: httpx.Client, seats: list[dict[str, Any]], seed: int = 7, **extra: Any) -> dict[str, Any]:
    """Create a High Card table with these seats; answers the creation response."""
    body = {"game": "highcard", "players": len(seats), "seats": seats, "seed": seed, **extra}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    return response.json()


def start_table(client: httpx.Client, created: dict[str, Any], names: dict[int, str] | None = None) -> str:
    """Join every person seat, start, and answer the table id."""
    table_id = created["table"]["id"]
    for seat in created["seats"]:
        name = (names or {}).get(seat["seat"], f"P{seat['seat']}")
        assert client.post(f"/api/tables/{table_id}/join", json={"token": seat["token"], "name": name}).status_code == 200
    response = client.post(f"/api/tables/{table_id}/start", json={"token": created["host_token"]})
    assert response.status_code == 200, response.text
    return table_id


def state_of(client: httpx.Client, table_id: str, token: str | None = None) -> dict[str, Any]:
    """The `state` message of the seat of `token` (a spectator's without one), by REST."""
    params = {"token": token} if token else {}
    return client.get(f"/api/tables/{table_id}/state", params=params).json()


def receive(ws: ClientConnection, kind: str, timeout: float = 10) -> dict[str, Any]:
    """The next message of this kind (others are skipped)."""
    while True:
        message = json.loads(ws.recv(timeout=timeout))
        if message["type"] == kind:
            return message


def watch_to_end(ws: ClientConnection, timeout: float = 30) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Every `state` message until the game's result, and the log they add up to (each message
    carries the entries after the `log_from` already sent: checked to follow on without a gap)."""
    messages: list[dict[str, Any]] = []
    log: list[dict[str, Any]] = []
    while not messages or messages[-1]["result"] is None:
        message = receive(ws, "state", timeout)
        assert message["log_from"] == len(log), (message["log_from"], len(log))
        log += message["log"]
        messages.append(message)
    return messages, log


def error_of(response: httpx.Response) -> dict[str, str]:
    return response.json()["error"]


def sqlite_url(folder: Path) -> str:
    return f"sqlite:///{folder / 'bigtop.sqlite3'}"


def kill_mid_game_and_resume(server: ServerProcess) -> None:
    """Play part of a game over a socket, SIGKILL the server, restart it on the same database, and
    check that every acknowledged move is there and the game plays on to its end with its bot."""
    with server.client() as client:
        created = create(client, [{"name": "Ada"}, {"bot": "random"}, {"name": "Bo"}], seed=17)
        table_id = start_table(client, created)
        lone = start_table(client, create(client, [{"name": "Cy"}, {"name": "Di"}], seed=2))
    tokens = [created["seats"][0]["token"], None, created["seats"][1]["token"]]
    acked: dict[int, tuple[int, dict[str, Any]]] = {}
    with server.socket(table_id, tokens[0]) as ws0, server.socket(table_id, tokens[2]) as ws2:
        pending = {0: ws0, 2: ws2}
        for seat, ws in pending.items():
            state = receive(ws, "state")
            action = state["legal"][0]["action"]
            ws.send(json.dumps({"type": "move", "action": action}))
            acked[receive(ws, "ack")["move"]] = (seat, action)
    server.kill()
    server.start()
    with server.client() as client:
        assert client.get(f"/api/tables/{lone}").json()["status"] == "running"
        assert client.get(f"/api/tables/{table_id}").json()["moves"] >= len(acked)
        deadline = time.monotonic() + 30
        while client.get(f"/api/tables/{table_id}").json()["status"] != "finished":
            assert time.monotonic() < deadline, "the game did not go on after the restart"
            time.sleep(0.02)
            for token in (tokens[0], tokens[2]):  # both people play on; the bot resumes by itself
                state = client.get(f"/api/tables/{table_id}/state", params={"token": token}).json()
                if state["legal"]:
                    body = {"token": token, "action": state["legal"][0]["action"], "move": state["move"]}
                    assert client.post(f"/api/tables/{table_id}/moves", json=body).status_code in (200, 409)
        record = client.get(f"/api/tables/{table_id}/record").json()
    moves = record["moves"]
    for number, (seat, action) in acked.items():
        assert moves[number] == [seat, action]
    assert {seat for seat, _ in moves} == {0, 1, 2}
