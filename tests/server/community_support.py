"""Helpers for the tests of players, lobby seats, ratings and chat against a real server."""

from __future__ import annotations

import random
import threading
import time
from typing import Any

import httpx
from server_support import ServerProcess, create, start_table

PASSWORD = "a long enough password"


def register(server: ServerProcess, name: str, password: str = PASSWORD) -> httpx.Client:
    """A client (its own cookie jar, like a browser) signed in as a newly registered player."""
    client = server.client()
    response = client.post("/api/players", json={"name": name, "password": password})
    assert response.status_code == 201, response.text
    return client


def unique(prefix: str) -> str:
    """A player name no other test of the module uses."""
    return f"{prefix}{random.randrange(10**6)}"


def play_to_end(client: httpx.Client, table_id: str, tokens: list[str], seed: int = 0, timeout: float = 30) -> dict[str, Any]:
    """Play random legal moves for these seats' tokens until the game is over; answers its summary."""
    rng = random.Random(seed)
    deadline = time.monotonic() + timeout
    while True:
        summary = client.get(f"/api/tables/{table_id}").json()
        if summary["status"] == "finished":
            return summary
        assert time.monotonic() < deadline, "the game did not end"
        moved = False
        for token in tokens:
            state = client.get(f"/api/tables/{table_id}/state", params={"token": token}).json()
            if state["legal"]:
                body = {"token": token, "action": rng.choice(state["legal"])["action"], "move": state["move"]}
                assert client.post(f"/api/tables/{table_id}/moves", json=body).status_code in (200, 409)
                moved = True
        if not moved:
            time.sleep(0.02)


def wait_for(check: Any, timeout: float = 10) -> Any:
    """Poll `check()` until it answers something true; answers it."""
    deadline = time.monotonic() + timeout
    while True:
        found = check()
        if found:
            return found
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def sit_at_once(servers: list[ServerProcess], table_id: str, seat: int) -> list[int]:
    """Guests sit at the same seat at the same moment, one through each server in `servers`
    (one may appear several times); answers their HTTP statuses, sorted."""
    answers: list[int] = []

    def sit(server: ServerProcess, name: str) -> None:
        with server.client() as client:
            answers.append(client.post(f"/api/tables/{table_id}/sit", json={"seat": seat, "name": name}).status_code)

    threads = [threading.Thread(target=sit, args=(server, f"Racer{n}")) for n, server in enumerate(servers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return sorted(answers)


def ada_and_bo(client: httpx.Client) -> tuple[str, str, str]:
    """A started High Card table of two people, Ada and Bo: its id and their seats' tokens."""
    created = create(client, [{"name": "Ada"}, {"name": "Bo"}], seed=None)
    table_id = start_table(client, created, {0: "Ada", 1: "Bo"})
    return table_id, created["seats"][0]["token"], created["seats"][1]["token"]
