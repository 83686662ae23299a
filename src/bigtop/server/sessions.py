"""Sessions: who a request comes from, kept on the server so that they can be revoked.

Signing in draws a random token (256 bits) for the browser's cookie `bigtop_session`; the database
keeps only its SHA-256 hash (`bigtop_sessions`), with the player and the expiry the server set
(`LIFETIME`), so every process on the database knows the session. Signing out deletes it; a
password change deletes every session of the player. Nothing is signed: there is no secret to
configure, rotate or leak, and a copy of the database holds no cookie anyone can use. The cookie is
HttpOnly (no script reads it) and SameSite=Lax (other sites' forms do not send it); Secure when the
page is served over HTTPS.
"""

from __future__ import annotations

import hashlib
import re
import secrets
import time

from fastapi import Request, Response
from sqlalchemy import Column, Float, Integer, String, Table, delete, inspect, select, text
from sqlalchemy.engine import Connection, Engine
from starlette.requests import HTTPConnection

from bigtop.server.schema import metadata
from bigtop.server.store import Repository, Store

COOKIE = "bigtop_session"
LIFETIME = 30 * 24 * 3600  # seconds a session lasts, from sign-in
MAX_PER_PLAYER = 20  # a player's newest sessions kept; signing in again ends the oldest
_TOKEN = re.compile(r"[A-Za-z0-9_-]{43}")  # secrets.token_urlsafe(32)

sessions = Table(
    "bigtop_sessions",
    metadata,
    Column("token_hash", String(64), primary_key=True),  # SHA-256 of the cookie's token, in hex
    Column("player_id", Integer, nullable=False, index=True),
    Column("created_at", Float, nullable=False),  # seconds since the epoch
    Column("expires_at", Float, nullable=False, index=True),
)


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def end_sessions(db: Connection, player_id: int) -> None:
    """Delete every session of a player, in the caller's transaction (a password change)."""
    db.execute(delete(sessions).where(sessions.c.player_id == player_id))


class SessionRepository(Repository):
    """Open, find and end players' sessions."""

    def __init__(self, store: Store) -> None:
        super().__init__(store)
        _forget_signing_secret(store.engine)

    async def open(self, player_id: int) -> str:
        """A new session of this player: answers the token for its cookie."""
        token = secrets.token_urlsafe(32)

        def work(db: Connection) -> None:
            now = time.time()
            db.execute(sessions.insert().values(token_hash=_hash(token), player_id=player_id, created_at=now,
                                                expires_at=now + LIFETIME))
            kept = select(sessions.c.token_hash).where(sessions.c.player_id == player_id)
            kept = kept.order_by(sessions.c.created_at.desc()).limit(MAX_PER_PLAYER)
            db.execute(delete(sessions).where(sessions.c.player_id == player_id, sessions.c.token_hash.not_in(kept)))
            db.execute(delete(sessions).where(sessions.c.expires_at < now))

        await self.writer.write(work)
        return token

    def player_id(self, token: str | None) -> int | None:
        """The player whose live session this token opens, or None (absent, unknown, ended, expired)."""
        if token is None or not _TOKEN.fullmatch(token):
            return None
        with self.engine.connect() as db:
            return db.execute(select(sessions.c.player_id).where(
                sessions.c.token_hash == _hash(token), sessions.c.expires_at > time.time())).scalar()

    async def end(self, token: str | None) -> None:
        """End the session of this token (signing out)."""
        if token is not None and _TOKEN.fullmatch(token):
            await self.writer.write(lambda db: db.execute(delete(sessions).where(sessions.c.token_hash == _hash(token))))

    @staticmethod
    def token(request: HTTPConnection) -> str | None:
        return request.cookies.get(COOKIE)

    @staticmethod
    def set_cookie(response: Response, request: Request, token: str) -> None:
        response.set_cookie(COOKIE, token, max_age=LIFETIME, path="/", httponly=True, samesite="lax",
                            secure=request.url.scheme == "https")

    @staticmethod
    def clear_cookie(response: Response, request: Request) -> None:
        response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax", secure=request.url.scheme == "https")


def _forget_signing_secret(engine: Engine) -> None:
    """Delete the cookie-signing secret an older bigtop kept in clear (`bigtop_settings`): sessions
    no longer use one, and the cookies it signed are no longer accepted."""
    if inspect(engine).has_table("bigtop_settings"):
        with engine.begin() as db:
            db.execute(text("DELETE FROM bigtop_settings WHERE key = 'session_secret'"))
