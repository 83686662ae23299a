"""Questions with one answer are answered for people by the server (`no_choice.py`): a person at a
real server is never sent a decision with one move; the server plays it after a delay drawn in the
configured range, whatever the seat holds; a question with a real choice is still asked."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import pytest
from server_support import ServerProcess, create, sqlite_url, start_table
from websockets.exceptions import ConnectionClosed

from bigtop.core.record import Record

DELAY = (0.2, 0.4)
QUIET = 0.1  # no message for this long: the last one received is the table as it stands


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp("no-choice")
    process = ServerProcess(sqlite_url(folder), folder, bot_delay=0.0, answer_delay=DELAY).start()
    yield process
    process.stop()


def drain(ws: Any, current: tuple[dict[str, Any], float] | None = None, wait: float = 30.0) -> tuple[dict[str, Any], float]:
    """The last `state` message received before a quiet spell, and when it arrived (monotonic
    seconds); `current` if none came (waiting up to `wait` seconds for a first one)."""
    found = current
    deadline = time.monotonic() + wait
    while True:
        try:
            data = json.loads(ws.recv(timeout=QUIET if found else max(0.1, deadline - time.monotonic())))
        except (TimeoutError, ConnectionClosed):
            assert found is not None, "no state message"
            return found
        if data["type"] == "state":
            found = (data, time.monotonic())


def table_now(sockets: list[Any], seen: list[Any]) -> list[tuple[dict[str, Any], float]]:
    """Every seat's newest state once all of them show the same move."""
    while True:
        seen = [drain(ws, current) for ws, current in zip(sockets, seen, strict=True)]
        if len({message["move"] for message, _ in seen}) == 1:
            return seen


def test_people_are_asked_real_choices_only_and_the_server_answers_the_rest_in_its_range(server):
    """Troll Fest between three people: every state a seat is sent offers two moves or more, or
    none; when nobody is asked the server answers for them (Thor's Hammer windows of seats holding
    none, band reveals with nothing to decide) within the longest delay of the table's last change;
    the stored game holds those answers as the seats' moves."""
    with server.client() as client:
        created = create(client, [{"name": "Ada"}, {"name": "Bo"}, {"name": "Cy"}], game="trollfest", seed=8)
        table_id = start_table(client, created)
        tokens = [seat["token"] for seat in created["seats"]]
        sockets = [server.socket(table_id, token) for token in tokens]
        sent = 0
        waits: list[float] = []  # from a change to the server's next answer
        firsts: list[float] = []  # the same, where the change was a person's move: every timer started then
        fresh = False
        seen: list[Any] = [None] * len(sockets)
        try:
            deadline = time.monotonic() + 300
            while len(firsts) < 3:
                assert time.monotonic() < deadline, f"{len(waits)} answers given by the server in 300 s"
                seen = table_now(sockets, seen)
                assert seen[0][0]["result"] is None
                offered = [message["legal"] for message, _ in seen]
                assert all(len(legal) != 1 for legal in offered), offered
                if any(offered):
                    for ws, (message, _) in zip(sockets, seen, strict=True):
                        if message["legal"]:
                            ws.send(json.dumps({"type": "move", "action": message["legal"][0]["action"], "move": message["move"]}))
                            sent += 1
                    fresh = True
                    continue
                changed = max(at for _, at in seen)
                answered, at = drain(sockets[0], None, wait=10)
                assert answered["move"] > seen[0][0]["move"]
                waits.append(at - changed)
                if fresh:
                    firsts.append(at - changed)
                fresh = False
                seen[0] = (answered, at)
        finally:
            for ws in sockets:
                ws.close()
        moves = client.get(f"/api/tables/{table_id}").json()["moves"]
    assert all(wait <= DELAY[1] + 1.5 for wait in waits), waits  # slack: a loaded machine
    assert len(firsts) == 3
    assert moves > sent  # the server's answers are stored moves of the seats


def test_a_game_with_bots_plays_to_its_end_with_the_servers_answers(server):
    """Troll Fest, a person and two bots, to the end: the person is only ever asked real choices
    (Thor's Hammer windows and band reveals with one answer are the server's), and the saved game
    replays, the person's seat holding more moves than the person sent."""
    with server.client() as client:
        created = create(client, [{"name": "Ada"}, {"bot": "random"}, {"bot": "random"}], game="trollfest", seed=3)
        table_id = start_table(client, created)
        sent = 0
        with server.socket(table_id, created["seats"][0]["token"]) as ws:
            deadline = time.monotonic() + 400
            newest = None
            while True:
                assert time.monotonic() < deadline, "the game did not end"
                newest = drain(ws, newest)
                message = newest[0]
                if message["result"] is not None:
                    break
                assert len(message["legal"]) != 1
                if message["legal"]:
                    ws.send(json.dumps({"type": "move", "action": message["legal"][0]["action"], "move": message["move"]}))
                    sent += 1
        record = Record.from_json(client.get(f"/api/tables/{table_id}/record").json())
    assert sum(1 for seat, _ in record.moves if seat == 0) > sent > 0


def test_the_delay_is_drawn_in_its_range_from_nothing_the_game_holds():
    """`answer_delay` takes only the range: nothing a seat holds can reach it; its draws fill the range."""
    import inspect

    from bigtop.server.no_choice import answer_delay

    assert list(inspect.signature(answer_delay).parameters) == ["low", "high"]
    draws = [answer_delay(1.0, 4.0) for _ in range(2000)]
    assert 1.0 <= min(draws) < 1.1 and 3.9 < max(draws) <= 4.0
    assert 2.4 < sum(draws) / len(draws) < 2.6
