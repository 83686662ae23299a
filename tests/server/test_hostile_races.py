"""Races between real clients at one moment: nothing is lost or corrupted, every refusal is clear.

A rematch asked by every seat at once makes one table, and no seat of it can be taken by a stranger
whose token a later ask would hand over; on two processes sharing PostgreSQL, a seat given away on
one is not joined with its old token on the other, a table started on both starts once, and one
started on one as a seat is left on the other either starts with the seat taken or stays open; an open
table deleted by the expiry sweep while someone starts it, joins it or chats there answers 404,
not a start or a message nobody will ever see (the sweep is called in the test's own process: the
moment cannot be hit from outside).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import Any

import httpx
import pytest
from hostile_support import at_once
from server_postgres import postgres_server
from server_support import ServerProcess, create, state_of
from sqlalchemy import create_engine, text

from bigtop.server.chat import PLAYERS, ChatRepository, Sender
from bigtop.server.errors import NotFound
from bigtop.server.store import Store
from bigtop.server.tables import Hall, NewSeat


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[ServerProcess, ServerProcess, str]]:
    """Two `bigtop serve` processes on one fresh PostgreSQL database, and its URL."""
    with postgres_server() as url:
        servers = [ServerProcess(url, tmp_path_factory.mktemp(f"site-{name}")).start() for name in "ab"]
        yield servers[0], servers[1], url
        for server in servers:
            server.stop()


def post(server: ServerProcess, path: str, body: dict[str, Any]) -> httpx.Response:
    """One request on a client of its own (for `at_once`)."""
    with server.client() as client:
        return client.post(path, json=body)


def finish(client, table_id: str, tokens: list[str]) -> None:
    """Play every seat's first legal move until the game ends."""
    deadline = time.monotonic() + 20
    while state_of(client, table_id)["result"] is None:
        assert time.monotonic() < deadline
        for token in tokens:
            seen = state_of(client, table_id, token)
            if seen["legal"]:
                client.post(f"/api/tables/{table_id}/moves", json={"token": token, "action": seen["legal"][0]["action"]})


def test_a_rematch_asked_by_every_seat_at_once_is_one_table_whose_seats_no_stranger_takes(server):
    with server.client() as client:
        created = create(client, [{"name": "Ada", "you": True}, {"open": True}, {"open": True}], seed=5,
                         options={"rounds": 1})
        table_id = created["table"]["id"]
        ada = created["seats"][0]["token"]
        sat = [client.post(f"/api/tables/{table_id}/sit", json={"seat": seat, "name": name}).json()["token"]
               for seat, name in ((1, "Bo"), (2, "Cy"))]
        assert client.post(f"/api/tables/{table_id}/start", json={"token": created["host_token"]}).status_code == 200
        finish(client, table_id, [ada, *sat])
        asked = at_once([partial(post, server, f"/api/tables/{table_id}/rematch", {"token": token}) for token in (ada, sat[0])])
        assert [r.status_code for r in asked] == [200, 200], [r.text for r in asked]
        new = {r.json()["table"]["id"] for r in asked}
        assert len(new) == 1 and sum(bool(r.json()["host_token"]) for r in asked) == 1
        new_id = new.pop()
        # a stranger from the lobby cannot take Cy's seat of the new table (before: 200, with a new token) ...
        stranger = client.post(f"/api/tables/{new_id}/sit", json={"seat": 2, "name": "Dee"})
        assert stranger.status_code == 409, stranger.text
        # ... so Cy, asking later, gets a token nobody else holds (before: the stranger's), and joins with it
        late = client.post(f"/api/tables/{table_id}/rematch", json={"token": sat[1]}).json()
        assert late["table"]["id"] == new_id and late["seat"] == 2 and late["token"] != stranger.json().get("token")
        joined = client.post(f"/api/tables/{new_id}/join", json={"token": late["token"], "name": "Cy"})
        assert joined.status_code == 200 and joined.json()["table"]["seats"][2]["name"] == "Cy"
        assert client.get("/api/tables", params={"status": "open"}).json()[0]["id"] == new_id


def test_a_seat_given_away_on_one_process_is_not_joined_with_its_old_token_on_the_other(site):
    a, b, url = site
    engine = create_engine(url)
    with a.client() as client:
        for _ in range(30):
            created = create(client, [{"name": "Host", "you": True}, {"open": True}], seed=1)
            table_id = created["table"]["id"]
            old = client.post(f"/api/tables/{table_id}/sit", json={"seat": 1, "name": "Old"}).json()["token"]
            assert client.post(f"/api/tables/{table_id}/leave", json={"token": old}).status_code == 200
            with b.client() as other:  # b holds the table and has heard of the leave
                deadline = time.monotonic() + 30  # the other process hears of it by NOTIFY: slow on a loaded machine
                while other.get(f"/api/tables/{table_id}").json()["seats"][1]["joined"]:
                    assert time.monotonic() < deadline
                    time.sleep(0.01)
            join, sit = at_once([partial(post, a, f"/api/tables/{table_id}/join", {"token": old, "name": "Old"}),
                                 partial(post, b, f"/api/tables/{table_id}/sit", {"seat": 1, "name": "New"})])
            assert {join.status_code, sit.status_code} <= {200, 403, 409}, (join.text, sit.text)
            assert [join.status_code, sit.status_code].count(200) == 1, (join.text, sit.text)  # before: both
            with engine.connect() as db:
                name, token = db.execute(text("SELECT name, token FROM bigtop_seats WHERE table_id = :t AND seat = 1"),
                                         {"t": table_id}).one()
            assert (name, token) == (("Old", old) if join.status_code == 200 else ("New", sit.json()["token"]))
    engine.dispose()


def test_a_table_started_on_two_processes_at_once_starts_once(site):
    a, b, _ = site
    with a.client() as client:
        for _ in range(40):
            created = create(client, [{"name": "Host", "you": True}, {"bot": "random"}], seed=2)
            table_id, host = created["table"]["id"], created["host_token"]
            with b.client() as other:
                assert other.get(f"/api/tables/{table_id}").status_code == 200
            answers = at_once([partial(post, server, f"/api/tables/{table_id}/start", {"token": host}) for server in (a, b)])
            assert sorted(r.status_code for r in answers) == [200, 409], [r.text for r in answers]  # before: 200 twice


@pytest.fixture
def hall(tmp_path: Path) -> Iterator[Hall]:
    store = Store(f"sqlite:///{tmp_path / 'bigtop.sqlite3'}")
    yield Hall(store)
    store.close()


def test_an_open_table_deleted_by_the_sweep_is_not_started_joined_or_chatted_at(hall):
    async def main() -> None:
        table, tokens = await hall.create("highcard", 2, {}, [NewSeat("Ada", you=True), NewSeat("Bo")])
        await hall.join(table, tokens[1], "Bo")  # every seat taken: only the sweep stops the start
        chat = ChatRepository(hall.store)
        sweep = hall.store.tables.expire(time.time() + 60)  # queued to the writer first, as the sweep's would be
        outcomes = await asyncio.gather(
            sweep, hall.join(table, tokens[1], "Bo again"), hall.start(table, table.host_token),
            chat.add(table.id, Sender(PLAYERS, "seat:0", "Ada", 0, False), "hello", 0), return_exceptions=True)
        assert outcomes[0] == [table.id]
        for refused in outcomes[1:]:  # before: the join and the start were taken, the message stored
            assert isinstance(refused, NotFound), refused
        assert table.id not in hall.tables and await asyncio.to_thread(hall.store.tables.load, table.id) is None
        assert await asyncio.to_thread(chat.messages, table.id) == []

    asyncio.run(main())


def test_a_seat_left_on_one_process_as_the_table_starts_on_the_other_is_left_or_played(site):
    """A person leaves on one process while the host starts on the other: either the table stays
    open with the seat free (the start refused), or it starts with the seat still theirs (the leave
    refused, or made a leave during the game, a bot standing in). Before, both were taken: a running
    table with a seat neither joined nor away, which nobody plays."""
    a, b, url = site
    engine = create_engine(url)
    with a.client() as client:
        for _ in range(30):
            created = create(client, [{"name": "Host", "you": True}, {"open": True}], seed=3)
            table_id, host = created["table"]["id"], created["host_token"]
            token = client.post(f"/api/tables/{table_id}/sit", json={"seat": 1, "name": "Bo"}).json()["token"]
            with b.client() as other:  # b holds the table and has heard Bo sit down
                deadline = time.monotonic() + 30  # the other process hears of it by NOTIFY: slow on a loaded machine
                while not other.get(f"/api/tables/{table_id}").json()["seats"][1]["joined"]:
                    assert time.monotonic() < deadline
                    time.sleep(0.01)
            start, leave = at_once([partial(post, a, f"/api/tables/{table_id}/start", {"token": host}),
                                    partial(post, b, f"/api/tables/{table_id}/leave", {"token": token})])
            assert {start.status_code, leave.status_code} <= {200, 409}, (start.text, leave.text)
            with engine.connect() as db:
                status = db.execute(text("SELECT status FROM bigtop_tables WHERE id = :t"), {"t": table_id}).scalar_one()
                joined, away = db.execute(text("SELECT joined, away FROM bigtop_seats WHERE table_id = :t AND seat = 1"),
                                          {"t": table_id}).one()
            if start.status_code == 200:
                assert status == "running" and joined, (leave.status_code, joined, away)
                assert away == (leave.status_code == 200)
            else:
                assert status == "open" and leave.status_code == 200 and not joined
    engine.dispose()
