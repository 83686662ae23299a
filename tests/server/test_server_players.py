"""Players against a real server: register, sign in and out with a session cookie, names
and passwords checked, sign-in attempts limited; open seats taken from the lobby; "my games"."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pytest
from community_support import PASSWORD, register, sit_at_once, unique
from server_support import ServerProcess, create, error_of, sqlite_url, start_table

from bigtop.server.accounts import SIGN_IN_PER_ADDRESS, SIGN_IN_PER_NAME_AND_ADDRESS


def test_register_sign_out_and_sign_in(server: ServerProcess) -> None:
    name = unique("Ada")
    with server.client() as client:
        response = client.post("/api/players", json={"name": name, "password": PASSWORD})
        assert response.status_code == 201 and response.json() == {"name": name}
        cookie = response.headers["set-cookie"].lower()
        assert "httponly" in cookie and "samesite=lax" in cookie and "path=/" in cookie
        assert client.get("/api/session").json() == {"name": name}
        assert client.delete("/api/session").status_code == 200
        assert client.get("/api/session").json() == {"name": None}
        wrong = client.post("/api/session", json={"name": name, "password": "not the password"})
        assert wrong.status_code == 401 and error_of(wrong)["code"] == "unauthorized"
        assert client.get("/api/session").json() == {"name": None}
        right = client.post("/api/session", json={"name": name.upper(), "password": PASSWORD})  # any case
        assert right.status_code == 200 and right.json() == {"name": name}
        assert client.get("/api/session").json() == {"name": name}


def test_names_are_unique_whatever_their_case_and_checked(server: ServerProcess) -> None:
    name = unique("Bruno")
    register(server, name).close()
    with server.client() as client:
        for taken in (name, name.lower(), name.upper()):
            response = client.post("/api/players", json={"name": taken, "password": PASSWORD})
            assert response.status_code == 409 and "taken" in error_of(response)["message"]
        for bad in ("a", "x" * 21, "two words", "<b>x</b>", "random", "Ismcts", "_lead", "trail-", "tab\tname", ""):
            response = client.post("/api/players", json={"name": bad, "password": PASSWORD})
            assert response.status_code == 400, bad
        assert client.post("/api/players", json={"name": unique("Cy"), "password": "short"}).status_code == 400
        assert client.post("/api/players", json={"name": "王小明", "password": PASSWORD}).status_code == 201
        assert client.post("/api/players", json={"name": "Zoé.B-2", "password": PASSWORD}).status_code == 201


def test_passwords_are_stored_only_as_argon2_hashes(server: ServerProcess) -> None:
    name, password = unique("Dora"), "my secret 1234 password"
    register(server, name, password).close()
    database = Path(server.database_url.removeprefix("sqlite:///"))
    with sqlite3.connect(database) as db:
        (stored,) = db.execute("SELECT password_hash FROM bigtop_players WHERE name = ?", (name,)).fetchone()
    assert stored.startswith("$argon2id$") and password not in stored
    for file in database.parent.glob(database.name + "*"):  # the database, its WAL and shared memory
        assert password.encode() not in file.read_bytes()
    assert password not in "".join(p.read_text() for p in database.parent.glob("server-*.log"))


def test_a_forged_or_tampered_cookie_signs_nobody_in(server: ServerProcess) -> None:
    with closing(register(server, unique("Eve"))) as client:
        value = client.cookies["bigtop_session"]
        flipped = value[:-1] + ("A" if value[-1] != "A" else "B")
        for forged in (flipped, value[:-1], value + "A", "1.99999999999.x", "garbage", "9" * 300, "A" * 43):
            with server.client() as other:
                other.cookies.set("bigtop_session", forged)
                assert other.get("/api/session").json() == {"name": None}, forged
                assert other.get("/api/me/games").status_code == 401


def test_open_seats_are_taken_from_the_lobby_with_one_click(server: ServerProcess) -> None:
    host_name, member_name = unique("Host"), unique("Member")
    register(server, host_name).close()
    with server.client() as guest, closing(register(server, member_name)) as member:
        seats = [{"name": "Ada"}, {"open": True}, {"bot": "random"}, {"open": True}]
        created = create(guest, seats, seed=None)
        table_id = created["table"]["id"]
        listed = guest.get(f"/api/tables/{table_id}").json()["seats"]
        assert [s["open"] for s in listed] == [False, True, False, True]
        assert created["table"]["rated"] is True  # no seed, not a practice table

        assert guest.post(f"/api/tables/{table_id}/sit", json={"seat": 1}).status_code == 400  # a guest names themselves
        refused = guest.post(f"/api/tables/{table_id}/sit", json={"seat": 1, "name": host_name.lower()})
        assert refused.status_code == 409 and "registered" in error_of(refused)["message"]
        sat = guest.post(f"/api/tables/{table_id}/sit", json={"seat": 1, "name": "Walk-in"})
        assert sat.status_code == 200, sat.text
        token = sat.json()["token"]
        assert sat.json()["link"] == f"/#/table/{table_id}?token={token}"
        seat = sat.json()["table"]["seats"][1]
        assert (seat["name"], seat["joined"], seat["registered"]) == ("Walk-in", True, False)
        assert guest.get(f"/api/tables/{table_id}/state", params={"token": token}).json()["seat"] == 1
        old_link = created["seats"][1]["token"]  # the host's link of that seat no longer opens it
        assert guest.get(f"/api/tables/{table_id}/state", params={"token": old_link}).status_code == 403

        for seat_number, why in ((1, "taken"), (2, "bot"), (0, "invitation")):
            response = member.post(f"/api/tables/{table_id}/sit", json={"seat": seat_number})
            assert response.status_code == 409 and why in error_of(response)["message"], (seat_number, response.text)
        assert member.post(f"/api/tables/{table_id}/sit", json={"seat": 9}).status_code == 400
        assert member.post(f"/api/tables/{table_id}/sit", json={"seat": -1}).status_code == 400
        assert member.post(f"/api/tables/{table_id}/sit", json={"seat": "1"}).status_code == 400
        mine = member.post(f"/api/tables/{table_id}/sit", json={"seat": 3, "name": "Ignored"})
        assert mine.status_code == 200
        seat = mine.json()["table"]["seats"][3]
        assert (seat["name"], seat["registered"]) == (member_name, True)  # a player sits as themselves

        # Leaving before the start frees an open seat for anyone else.
        assert member.post(f"/api/tables/{table_id}/leave", json={"token": mine.json()["token"]}).status_code == 200
        seat = guest.get(f"/api/tables/{table_id}").json()["seats"][3]
        assert (seat["joined"], seat["registered"], seat["name"]) == (False, False, "Player 4")
        again = member.post(f"/api/tables/{table_id}/sit", json={"seat": 3})
        assert again.status_code == 200
        assert member.post(f"/api/tables/{table_id}/sit", json={"seat": 1}).status_code == 409  # one seat a player

        for other in created["seats"]:
            if other["seat"] == 0:
                assert guest.post(f"/api/tables/{table_id}/join", json={"token": other["token"]}).status_code == 200
        assert guest.post(f"/api/tables/{table_id}/start", json={"token": created["host_token"]}).status_code == 200
        late = guest.post(f"/api/tables/{table_id}/sit", json={"seat": 1, "name": "Late"})
        assert late.status_code == 409 and "started" in error_of(late)["message"]


def test_only_one_of_two_people_sitting_at_once_gets_the_seat(server: ServerProcess) -> None:
    with server.client() as client:
        table_id = client.post("/api/tables", json={"game": "highcard", "players": 2,
                                                     "seats": [{}, {"open": True}]}).json()["table"]["id"]
    assert sit_at_once([server] * 6, table_id, 1) == [200] + [409] * 5


def test_my_games_follow_a_signed_in_player_to_another_device(server: ServerProcess) -> None:
    name = unique("Fay")
    with closing(register(server, name)) as laptop, server.client() as phone:
        created = create(laptop, [{"name": "whatever"}, {"bot": "random"}], seed=None)
        table_id = start_table(laptop, created)  # joins seat 0 with the cookie: the seat is Fay's
        other = create(laptop, [{"name": "x"}, {"bot": "random"}], seed=3)
        assert laptop.get(f"/api/tables/{table_id}").json()["seats"][0]["name"] == name
        assert phone.get("/api/me/games").status_code == 401
        assert phone.post("/api/session", json={"name": name, "password": PASSWORD}).status_code == 200
        games = phone.get("/api/me/games").json()
        assert [(g["table"]["id"], g["seat"]) for g in games] == [(table_id, 0)]
        assert other["table"]["id"] not in {g["table"]["id"] for g in games}  # a table Fay never joined
        token = games[0]["token"]
        assert phone.get(f"/api/tables/{table_id}/state", params={"token": token}).json()["seat"] == 0

        two = create(laptop, [{"name": "a"}, {"name": "b"}], seed=None)["seats"]  # one player, one seat a table
        table_two = two[0]["link"].split("/")[-1].split("?")[0]
        assert laptop.post(f"/api/tables/{table_two}/join", json={"token": two[0]["token"]}).status_code == 200
        again = laptop.post(f"/api/tables/{table_two}/join", json={"token": two[1]["token"]})
        assert again.status_code == 409 and "already have a seat" in error_of(again)["message"]


def test_rated_tables_and_the_clock_setting(server: ServerProcess) -> None:
    with server.client() as client:
        def table(**extra: object) -> dict:
            body = {"game": "highcard", "players": 2, "seats": [{}, {"bot": "random"}], **extra}
            return client.post("/api/tables", json=body)

        assert table().json()["table"]["rated"] is True
        assert table(rated=False).json()["table"]["rated"] is False
        seeded = table(seed=5).json()["table"]
        assert seeded["rated"] is False
        # whoever chose the deal can know every hidden card: the table says so to everyone it shows
        assert seeded["practice"] is True and client.get(f"/api/tables/{seeded['id']}").json()["practice"] is True
        for refused in ({"seed": 5, "rated": True}, {"practice": True, "rated": True}):
            response = table(**refused)
            assert response.status_code == 400 and "cannot be rated" in error_of(response)["message"]
        for clock in ({"kind": "realtime", "base": 300, "increment": 20}, {"kind": "realtime", "base": 600},
                      {"kind": "turn", "per_move": 86400}, None):
            made = table(clock=clock)
            assert made.status_code == 201, made.text
            expected = {"increment": 0, **clock} if clock and clock["kind"] == "realtime" else clock
            assert client.get(f"/api/tables/{made.json()['table']['id']}").json()["clock"] == expected
        for bad in ({"kind": "realtime", "base": 10}, {"kind": "realtime", "base": 8 * 86400},
                    {"kind": "realtime", "base": 300, "increment": 3601}, {"kind": "turn", "per_move": 30},
                    {"kind": "turn", "per_move": 15 * 86400}, {"kind": "sandglass"}, {"kind": "turn", "per_move": "60"},
                    {"kind": "turn", "per_move": 600, "extra": 1}, "5+20", {"kind": "turn", "per_move": 10**400},
                    {"kind": "realtime", "base": 10**400}, {"kind": "realtime", "base": 300, "increment": 10**309}):
            assert table(clock=bad).status_code == 400, bad


# ---------------------------------------------------------------- limits (a server of their own)
@pytest.fixture(scope="module")
def limited(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp("limited")
    process = ServerProcess(sqlite_url(folder), folder).start()
    yield process
    process.stop()


def test_sign_in_attempts_are_limited_per_name_and_address_and_per_address(limited: ServerProcess) -> None:
    register(limited, "Gus").close()
    register(limited, "Hal").close()
    with limited.client() as client:
        def sign_in(name: str, password: str, address: str = "10.1.1.1") -> int:
            headers = {"x-forwarded-for": address}
            return client.post("/api/session", json={"name": name, "password": password}, headers=headers).status_code

        per_pair = SIGN_IN_PER_NAME_AND_ADDRESS.count
        assert [sign_in("Gus", "wrong password") for _ in range(per_pair)] == [401] * per_pair
        response = client.post("/api/session", json={"name": "gus", "password": PASSWORD}, headers={"x-forwarded-for": "10.1.1.1"})
        assert response.status_code == 429 and error_of(response)["code"] == "rate_limited"  # the right password too
        assert "minutes" in error_of(response)["message"]
        assert sign_in("Gus", PASSWORD, address="10.1.1.2") == 200  # the owner, elsewhere, still signs in
        assert sign_in("Hal", PASSWORD) == 200  # other names still sign in from that address

        left = SIGN_IN_PER_ADDRESS.count - per_pair
        assert {sign_in(f"nobody{n}", "wrong password") for n in range(left)} == {401}
        assert sign_in("Hal", PASSWORD) == 429  # this address is over its limit
        assert sign_in("Hal", PASSWORD, address="10.9.9.9") == 200  # another address is not


def test_the_creators_own_seat_is_held_at_once(server: ServerProcess) -> None:
    name = unique("Gil")
    with closing(register(server, name)) as player, server.client() as guest:
        made = create(player, [{"name": "whatever", "you": True}, {"bot": "random"}], seed=None)
        seat = made["table"]["seats"][0]
        assert seat["joined"] and seat["name"] == name  # a signed-in creator sits under their own name
        assert [g["table"]["id"] for g in player.get("/api/me/games").json()] == [made["table"]["id"]]
        assert player.post(f"/api/tables/{made['table']['id']}/start", json={"token": made["host_token"]}).status_code == 200

        mine = create(guest, [{"name": "Hal", "you": True}, {"name": "Ivy"}])["table"]["seats"]
        assert [(s["name"], s["joined"]) for s in mine] == [("Hal", True), ("Ivy", False)]
        for seats, words in (([{"you": True}, {"you": True}], "at most one"), ([{"bot": "random", "you": True}, {}], "neither"),
                             ([{"open": True, "you": True}, {}], "neither"), ([{"name": name, "you": True}, {}], "registered")):
            refused = guest.post("/api/tables", json={"game": "highcard", "players": 2, "seats": seats})
            assert refused.status_code in (400, 409) and words in error_of(refused)["message"], refused.text
