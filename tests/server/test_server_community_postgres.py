"""Players, seats, ratings and chat on a real PostgreSQL shared by two server processes: a session
from one is good on the other, sign-in failures count on both, one of two people sitting at once
on two processes gets the seat, registrations at once on both stop at the limit, chat reaches the sockets of both, and a game that ends is rated
once although both processes see it end."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import closing

import pytest
from community_support import PASSWORD, ada_and_bo, play_to_end, register, sit_at_once, unique, wait_for
from hostile_support import at_once
from server_postgres import postgres_server
from server_support import ServerProcess, create, receive
from sqlalchemy import create_engine, text

from bigtop.server.accounts import REGISTER_PER_ADDRESS, SIGN_IN_PER_NAME_AND_ADDRESS


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[ServerProcess, ServerProcess]]:
    """Two `bigtop serve` processes on one fresh PostgreSQL database."""
    with postgres_server() as url:
        servers = []
        for name in ("a", "b"):
            folder = tmp_path_factory.mktemp(f"site-{name}")
            servers.append(ServerProcess(url, folder, bot_delay=0.02).start())
        yield servers[0], servers[1]
        for server in servers:
            server.stop()


def test_a_session_from_one_process_is_good_on_the_other(site) -> None:
    a, b = site
    name = unique("Ada")
    with closing(register(a, name)) as on_a, b.client() as on_b:
        on_b.cookies.set("bigtop_session", on_a.cookies["bigtop_session"])
        assert on_b.get("/api/session").json() == {"name": name}


def test_failed_sign_ins_count_on_every_process(site) -> None:
    a, b = site
    name = unique("Bo")
    register(a, name).close()
    headers = {"x-forwarded-for": "10.2.2.2"}
    with a.client() as on_a, b.client() as on_b:
        for n in range(SIGN_IN_PER_NAME_AND_ADDRESS.count):
            client = (on_a, on_b)[n % 2]
            assert client.post("/api/session", json={"name": name, "password": "wrong one"}, headers=headers).status_code == 401
        for client in (on_a, on_b):
            assert client.post("/api/session", json={"name": name, "password": PASSWORD}, headers=headers).status_code == 429


def test_parallel_registrations_on_two_processes_stop_at_the_limit(site) -> None:
    """Registrations from one address, at once, half through each process: the database counts
    them one by one (a lock per key), so exactly the limit get through."""
    def register_at(server: ServerProcess, n: int) -> int:
        with server.client() as client:
            body = {"name": f"Rush{n}", "password": PASSWORD}
            return client.post("/api/players", json=body, headers={"x-forwarded-for": "10.5.5.5"}, timeout=120).status_code

    statuses = at_once([lambda n=n: register_at(site[n % 2], n) for n in range(3 * REGISTER_PER_ADDRESS.count)])
    assert statuses.count(201) == REGISTER_PER_ADDRESS.count, statuses
    assert statuses.count(429) == 2 * REGISTER_PER_ADDRESS.count


def test_one_of_two_people_sitting_on_two_processes_gets_the_seat(site) -> None:
    a, b = site
    for _ in range(5):
        with a.client() as client:
            table_id = client.post("/api/tables", json={"game": "highcard", "players": 2,
                                                         "seats": [{}, {"open": True}]}).json()["table"]["id"]
        with b.client() as client:  # b reads the new table, so both hold it before they race
            assert client.get(f"/api/tables/{table_id}").status_code == 200
        assert sit_at_once([a, b], table_id, 1) == [200, 409]
        for server in (a, b):
            with server.client() as client:
                seat = client.get(f"/api/tables/{table_id}").json()["seats"][1]
                assert seat["joined"] and seat["name"].startswith("Racer")


def test_chat_reaches_the_sockets_of_both_processes(site) -> None:
    a, b = site
    fan = unique("Fan")
    with a.client() as client, closing(register(b, fan)) as spectator:
        table_id, ada, bo = ada_and_bo(client)
        with a.socket(table_id, ada) as ws_a, b.socket(table_id, bo) as ws_b, a.socket(table_id) as watching_a:
            for ws in (ws_a, ws_b, watching_a):
                receive(ws, "state")
            assert client.post(f"/api/tables/{table_id}/chat", json={"token": ada, "text": "from a"}).status_code == 201
            assert receive(ws_b, "chat")["text"] == "from a"  # posted on a, pushed by b
            assert spectator.post(f"/api/tables/{table_id}/chat", json={"text": "from b's spectator"}).status_code == 201
            heard = [receive(watching_a, "chat")["text"], receive(watching_a, "chat")["text"]]
            assert heard == ["from a", "from b's spectator"]
            assert receive(ws_a, "chat")["text"] == "from a"
            with pytest.raises(TimeoutError):  # the seats do not get the spectators' channel
                receive(ws_a, "chat", timeout=1)


def test_a_game_both_processes_see_end_is_rated_once(site) -> None:
    a, b = site
    ada, bo = unique("Ada"), unique("Bo")
    with closing(register(a, ada)) as on_a, closing(register(b, bo)) as on_b:
        created = create(on_a, [{"name": "x"}, {"name": "y"}, {"bot": "random"}], seed=None)
        table_id = created["table"]["id"]
        seats = created["seats"]
        assert on_a.post(f"/api/tables/{table_id}/join", json={"token": seats[0]["token"]}).status_code == 200
        assert on_b.post(f"/api/tables/{table_id}/join", json={"token": seats[1]["token"]}).status_code == 200
        assert on_a.post(f"/api/tables/{table_id}/start", json={"token": created["host_token"]}).status_code == 200
        with a.socket(table_id) as watching_a, b.socket(table_id) as watching_b:
            done = threading.Thread(target=play_to_end, args=(on_b, table_id, [seats[1]["token"]], 1))
            done.start()
            play_to_end(on_a, table_id, [seats[0]["token"]])
            done.join()
            for ws in (watching_a, watching_b):  # both processes saw the game end
                while receive(ws, "state")["result"] is None:
                    pass
        for server, name in ((a, bo), (b, ada)):
            with server.client() as client:
                page = wait_for(lambda client=client, name=name: client.get(f"/api/players/{name}").json()["games"])
                assert [(g["played"], g["rated"]) for g in page] == [(1, 1)]
    engine = create_engine(a.database_url)
    try:
        with engine.connect() as db:
            rows = db.execute(text("SELECT count(*) FROM bigtop_outcomes WHERE table_id = :t"), {"t": table_id}).scalar()
    finally:
        engine.dispose()
    assert rows == 3
