"""Signed session cookies: who a request comes from, without a server-side session table.

The cookie holds a player's id and when it expires, signed with HMAC-SHA256 under a secret drawn
once per install and kept in the database (`bigtop_settings`), so that every server process on
the same database accepts the cookies of the others. It is HttpOnly (no script reads it) and
SameSite=Lax (other sites' forms do not send it); Secure when the page is served over HTTPS.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
import time

from fastapi import Request, Response
from sqlalchemy import Column, String, Table, insert, select
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from starlette.requests import HTTPConnection

from bigtop.server.schema import metadata

COOKIE = "bigtop_session"
LIFETIME = 30 * 24 * 3600  # seconds a session lasts
_SECRET_KEY = "session_secret"
_BODY = re.compile(r"[0-9]{1,18}\.[0-9]{1,12}")  # player id . expiry (seconds since the epoch)

settings = Table(
    "bigtop_settings",
    metadata,
    Column("key", String(64), primary_key=True),
    Column("value", String(255), nullable=False),
)


def install_secret(engine: Engine) -> bytes:
    """This install's signing secret: drawn and stored the first time, then read (every process
    that shares the database reads the same one)."""
    with engine.begin() as db:
        found = db.execute(select(settings.c.value).where(settings.c.key == _SECRET_KEY)).scalar()
    if found is None:
        try:
            with engine.begin() as db:
                db.execute(insert(settings).values(key=_SECRET_KEY, value=secrets.token_hex(32)))
        except IntegrityError:  # another process stored one first: use it
            pass
        with engine.begin() as db:
            found = db.execute(select(settings.c.value).where(settings.c.key == _SECRET_KEY)).scalar_one()
    return bytes.fromhex(found)


class SessionSigner:
    """Makes and reads session cookies signed with the install's secret."""

    def __init__(self, secret: bytes) -> None:
        self._secret = secret

    def _sign(self, body: str) -> str:
        digest = hmac.new(self._secret, body.encode(), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest).decode().rstrip("=")

    def cookie_value(self, player_id: int, now: float | None = None) -> str:
        body = f"{player_id}.{int((now or time.time()) + LIFETIME)}"
        return f"{body}.{self._sign(body)}"

    def player_id(self, value: str | None, now: float | None = None) -> int | None:
        """The player id a cookie value vouches for, or None (absent, forged, expired)."""
        if not value or len(value) > 200:
            return None
        body, _, signature = value.rpartition(".")
        if not hmac.compare_digest(self._sign(body).encode(), signature.encode("utf-8", "replace")):
            return None
        if not _BODY.fullmatch(body):
            return None
        player, _, expires = body.partition(".")
        return int(player) if int(expires) >= (now or time.time()) else None

    def set(self, response: Response, request: Request, player_id: int) -> None:
        response.set_cookie(COOKIE, self.cookie_value(player_id), max_age=LIFETIME, path="/", httponly=True,
                            samesite="lax", secure=request.url.scheme == "https")

    @staticmethod
    def clear(response: Response, request: Request) -> None:
        response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax", secure=request.url.scheme == "https")

    def from_request(self, request: HTTPConnection) -> int | None:
        return self.player_id(request.cookies.get(COOKIE))
