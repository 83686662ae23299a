"""Sessions a thief holds: a copied cookie stops working when its owner signs out or changes the
password, a cookie cannot claim its own expiry, and the database holds no usable cookie or secret."""

from __future__ import annotations

import base64
import hashlib
import hmac
import sqlite3
import time
from contextlib import closing
from pathlib import Path

from community_support import PASSWORD, register, unique
from server_support import ServerProcess, error_of

COOKIE = "bigtop_session"
DAYS = 24 * 3600


def _database(server: ServerProcess) -> Path:
    return Path(server.database_url.removeprefix("sqlite:///"))


def _with_cookie(server: ServerProcess, value: str):
    client = server.client()
    client.cookies.set(COOKIE, value)
    return client


def test_signing_out_ends_the_session_on_the_server(server: ServerProcess) -> None:
    name = unique("Ada")
    with closing(register(server, name)) as browser:
        stolen = browser.cookies[COOKIE]
        with closing(_with_cookie(server, stolen)) as thief:
            assert thief.get("/api/session").json() == {"name": name}
            assert browser.delete("/api/session").status_code == 200
            assert thief.get("/api/session").json() == {"name": None}
            assert thief.get("/api/me/games").status_code == 401


def test_a_password_change_ends_every_session(server: ServerProcess) -> None:
    name, new = unique("Bo"), "a brand new password"
    with closing(register(server, name)) as laptop, server.client() as phone:
        assert phone.post("/api/session", json={"name": name, "password": PASSWORD}).status_code == 200
        with closing(_with_cookie(server, laptop.cookies[COOKIE])) as thief:
            wrong = laptop.post("/api/password", json={"password": "not my password", "new_password": new})
            short = laptop.post("/api/password", json={"password": PASSWORD, "new_password": "short"})
            assert (wrong.status_code, short.status_code) == (401, 400)
            assert thief.get("/api/session").json() == {"name": name}  # nothing changed yet
            changed = laptop.post("/api/password", json={"password": PASSWORD, "new_password": new})
            assert changed.status_code == 200 and changed.json() == {"name": name}
            assert laptop.get("/api/session").json() == {"name": name}  # this browser stays signed in
            assert thief.get("/api/session").json() == {"name": None}
            assert phone.get("/api/session").json() == {"name": None}
        with server.client() as other:
            old = other.post("/api/session", json={"name": name, "password": PASSWORD})
            assert old.status_code == 401 and error_of(old)["code"] == "unauthorized"
            assert other.post("/api/session", json={"name": name, "password": new}).status_code == 200
    with server.client() as nobody:
        assert nobody.post("/api/password", json={"password": PASSWORD, "new_password": new}).status_code == 401


def test_the_server_sets_the_expiry(server: ServerProcess) -> None:
    """A cookie claiming ten more years (signed with the secret the database held in clear, if it
    still holds one) opens nothing; a real session ends after 30 days, whatever the cookie says."""
    name = unique("Cy")
    with closing(register(server, name)) as browser:
        response = browser.post("/api/session", json={"name": name, "password": PASSWORD})
        max_age = next(int(part.split("=")[1]) for part in response.headers["set-cookie"].split(";")
                       if part.strip().lower().startswith("max-age"))
        with sqlite3.connect(_database(server)) as db:
            player = db.execute("SELECT id FROM bigtop_players WHERE name = ?", (name,)).fetchone()[0]
            found = db.execute("SELECT name FROM sqlite_master WHERE name = 'bigtop_settings'").fetchone()
            secret = found and db.execute("SELECT value FROM bigtop_settings WHERE key = 'session_secret'").fetchone()
            expiries = [row[0] for row in db.execute("SELECT expires_at FROM bigtop_sessions")] if _has_sessions(db) else []
    key = bytes.fromhex(secret[0]) if secret else b"x" * 32
    body = f"{player}.{int(time.time() + 10 * 365 * DAYS)}"
    signature = base64.urlsafe_b64encode(hmac.new(key, body.encode(), hashlib.sha256).digest()).decode().rstrip("=")
    with closing(_with_cookie(server, f"{body}.{signature}")) as forger:
        assert forger.get("/api/session").json() == {"name": None}
    assert max_age <= 30 * DAYS
    assert expiries and max(expiries) <= time.time() + 30 * DAYS + 60


def _has_sessions(db: sqlite3.Connection) -> bool:
    return db.execute("SELECT name FROM sqlite_master WHERE name = 'bigtop_sessions'").fetchone() is not None


def test_the_database_holds_no_usable_cookie_and_no_secret(server: ServerProcess) -> None:
    with closing(register(server, unique("Di"))) as browser:
        token = browser.cookies[COOKIE]
    database = _database(server)
    for file in database.parent.glob(database.name + "*"):  # the database, its WAL and shared memory
        assert token.encode() not in file.read_bytes()
    with sqlite3.connect(database) as db:
        tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        secrets = db.execute("SELECT count(*) FROM bigtop_settings WHERE key = 'session_secret'").fetchone()[0] \
            if "bigtop_settings" in tables else 0
    assert secrets == 0
