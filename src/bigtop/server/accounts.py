"""Players: register with a name and a password, sign in and out, and who a request comes from.

Passwords are hashed with Argon2id (argon2-cffi), never stored or logged in clear; hashing runs
in a thread, at most `HASHING_AT_ONCE` at a time (each takes 64 MiB for about 0.1 s). A session
cookie, whose session the server keeps, says who is signed in (`sessions.py`). Sign-ins and registrations are counted
before the hash (`throttle.py`): failed sign-ins are limited per (name, address) and per address,
and slowed down per name; registrations are limited per address. Names are unique case-insensitively.

`POST /api/players {name, password}` (201, signed in; 409 if the name is taken),
`POST /api/session {name, password}` (sets the cookie; 401 if wrong; 429 after too many failures),
`DELETE /api/session` (ends the session), `GET /api/session` (who is signed in: `{"name": null}`
for nobody), `POST /api/password {password, new_password}` (ends every session of the player).
"""

from __future__ import annotations

import asyncio
import re
import unicodedata
from dataclasses import dataclass
from datetime import UTC, datetime

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from fastapi import APIRouter, Request, Response
from pydantic import BaseModel, Field
from sqlalchemy import Column, ColumnElement, Integer, String, Table, insert, select, update
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError
from starlette.requests import HTTPConnection

from bigtop import bots
from bigtop.server.clients import client_address
from bigtop.server.errors import ERROR_RESPONSES, Conflict, NotSignedIn, ServerError
from bigtop.server.schema import UtcDateTime, metadata
from bigtop.server.sessions import SessionRepository, end_sessions
from bigtop.server.store import Repository, Store
from bigtop.server.throttle import AttemptRepository, Limit

MIN_NAME, MAX_NAME = 2, 20
MIN_PASSWORD, MAX_PASSWORD = 8, 256
HASHING_AT_ONCE = 2
SIGN_IN_PER_NAME_AND_ADDRESS = Limit(10, 15 * 60, "failed sign-ins for this name from this address")
SIGN_IN_PER_ADDRESS = Limit(50, 15 * 60, "failed sign-ins from this address")
REGISTER_PER_ADDRESS = Limit(20, 3600, "registrations from this address")
SLOW_AFTER = 10  # failed sign-ins for a name, from any address, in SLOW_WINDOW seconds: then each sign-in for it waits
SLOW_WINDOW = 15 * 60
SLOW_DELAY = 2.0  # seconds
_NAME = re.compile(r"[^\W_](?:[\w.-]*[^\W_])?")  # letters and digits, with . _ - inside
_RESERVED = {"bot", "guest", "spectator", *bots.names()}

players = Table(
    "bigtop_players",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(MAX_NAME), nullable=False),
    Column("name_key", String(4 * MAX_NAME), nullable=False, unique=True),  # the name case-folded
    Column("password_hash", String(255), nullable=False),
    Column("created_at", UtcDateTime(), nullable=False),
)


@dataclass(frozen=True)
class Player:
    """A registered player."""

    id: int
    name: str


def name_key(name: str) -> str:
    """What makes two names the same name: Unicode-normalized and case-folded."""
    return unicodedata.normalize("NFKC", name).casefold()


def check_name(name: str) -> str:
    """The name, normalized, or `ServerError` saying what is wrong with it."""
    name = unicodedata.normalize("NFC", name.strip())
    if not MIN_NAME <= len(name) <= MAX_NAME:
        raise ServerError(f"a name has {MIN_NAME} to {MAX_NAME} characters")
    if not _NAME.fullmatch(name):
        raise ServerError("a name has letters and digits, with . _ - only between them (no spaces)")
    if name_key(name) in _RESERVED:
        raise ServerError(f"{name!r} is reserved: choose another name")
    return name


def check_password(password: str) -> None:
    if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise ServerError(f"a password has {MIN_PASSWORD} to {MAX_PASSWORD} characters")


class AccountRepository(Repository):
    """Registered players and their password hashes."""

    _hasher = PasswordHasher()
    _dummy_hash: str | None = None

    def __init__(self, store: Store) -> None:
        super().__init__(store)
        self._hashing = asyncio.Semaphore(HASHING_AT_ONCE)

    async def _hash(self, password: str) -> str:
        async with self._hashing:
            return await asyncio.to_thread(self._hasher.hash, password)

    async def _matches(self, password_hash: str, password: str) -> bool:
        async with self._hashing:
            try:
                return await asyncio.to_thread(self._hasher.verify, password_hash, password)
            except (VerificationError, InvalidHashError):
                return False

    async def register(self, name: str, password: str) -> Player:
        """A new player; `Conflict` if the name (case-insensitively) is taken."""
        password_hash = await self._hash(password)

        def work(db: Connection) -> int:
            return db.execute(insert(players).values(
                name=name, name_key=name_key(name), password_hash=password_hash, created_at=datetime.now(UTC),
            )).inserted_primary_key[0]  # type: ignore[index]  # an INSERT's result has its key

        try:
            return Player(await self.writer.write(work), name)
        except IntegrityError:
            raise Conflict(f"the name {name!r} is taken") from None

    async def authenticate(self, name: str, password: str) -> Player | None:
        """The player with this name and password, or None. An unknown name costs the same time
        as a wrong password, so that timing does not tell which names exist."""
        found = await asyncio.to_thread(self._row, players.c.name_key == name_key(name))
        if found is None:
            if AccountRepository._dummy_hash is None:
                AccountRepository._dummy_hash = await self._hash("not a password of anyone")
            await self._matches(AccountRepository._dummy_hash, password)
            return None
        player_id, real_name, password_hash = found
        if not await self._matches(password_hash, password):
            return None
        if self._hasher.check_needs_rehash(password_hash):  # stronger parameters since: store them
            await self._rehash(player_id, password)
        return Player(player_id, real_name)

    async def change_password(self, player_id: int, new_password: str) -> None:
        """Store a new password for the player and end every session of theirs, in one transaction."""
        new_hash = await self._hash(new_password)

        def work(db: Connection) -> None:
            db.execute(update(players).where(players.c.id == player_id).values(password_hash=new_hash))
            end_sessions(db, player_id)

        await self.writer.write(work)

    async def _rehash(self, player_id: int, password: str) -> None:
        new_hash = await self._hash(password)
        await self.writer.write(lambda db: db.execute(
            update(players).where(players.c.id == player_id).values(password_hash=new_hash)))

    def _row(self, where: ColumnElement[bool]) -> tuple[int, str, str] | None:
        with self.engine.connect() as db:
            row = db.execute(select(players.c.id, players.c.name, players.c.password_hash).where(where)).first()
        return None if row is None else (row.id, row.name, row.password_hash)

    def by_id(self, player_id: int) -> Player | None:
        found = self._row(players.c.id == player_id)
        return None if found is None else Player(found[0], found[1])

    def by_name(self, name: str) -> Player | None:
        """The player of this name (any case), or None."""
        if len(name) > MAX_NAME * 4:
            return None
        found = self._row(players.c.name_key == name_key(name))
        return None if found is None else Player(found[0], found[1])


async def current_player(request: Request) -> Player | None:
    """The player whose live session's cookie came with the request, or None."""
    return await player_of(request)


async def player_of(connection: HTTPConnection) -> Player | None:
    """The player of the session cookie a request or a WebSocket came with, or None."""
    repository: SessionRepository = connection.app.state.sessions
    token = repository.token(connection)
    if token is None:
        return None
    player_id = await asyncio.to_thread(repository.player_id, token)
    if player_id is None:
        return None
    return await asyncio.to_thread(connection.app.state.accounts.by_id, player_id)


async def signed_in(request: Request) -> Player:
    """The signed-in player; `NotSignedIn` otherwise."""
    player = await current_player(request)
    if player is None:
        raise NotSignedIn("sign in first")
    return player


async def check_guest_name(request: Request, name: str | None) -> None:
    """Refuse a guest's seat name that is a registered player's (they sign in to use it)."""
    if name and name.strip() and await asyncio.to_thread(request.app.state.accounts.by_name, name.strip()):
        raise Conflict(f"{name.strip()!r} is a registered player's name: sign in as them, or choose another")


router = APIRouter(prefix="/api", tags=["players"], responses=ERROR_RESPONSES)


class Credentials(BaseModel):
    name: str = Field(max_length=2 * MAX_NAME)
    password: str = Field(max_length=1000)


class NewPassword(BaseModel):
    password: str = Field(max_length=1000, description="The current password.")
    new_password: str = Field(max_length=1000)


@router.post("/players", status_code=201)
async def register(request: Request, response: Response, body: Credentials) -> dict[str, str]:
    """Register a new player, and sign them in."""
    name = check_name(body.name)
    check_password(body.password)
    attempts: AttemptRepository = request.app.state.attempts
    await attempts.take([(f"register@{client_address(request)}", REGISTER_PER_ADDRESS)])  # counted before the hash
    player = await request.app.state.accounts.register(name, body.password)
    await _open_session(request, response, player)
    return {"name": player.name}


@router.post("/session")
async def sign_in(request: Request, response: Response, body: Credentials) -> dict[str, str]:
    """Sign in: sets the session cookie. 401 if the name or the password is wrong; 429 after too
    many failures for this name from this address, or from this address; slowed down after many
    failures for this name from anywhere (the right password still signs in)."""
    player = await _check_password(request, body.name, body.password)
    await _open_session(request, response, player)
    return {"name": player.name}


@router.post("/password")
async def change_password(request: Request, response: Response, body: NewPassword) -> dict[str, str]:
    """Change the signed-in player's password (the current one is checked like a sign-in): every
    session of theirs ends, on every device; this browser gets a new one."""
    player = await signed_in(request)
    check_password(body.new_password)
    await _check_password(request, player.name, body.password)
    await request.app.state.accounts.change_password(player.id, body.new_password)
    await _open_session(request, response, player)
    return {"name": player.name}


async def _open_session(request: Request, response: Response, player: Player) -> None:
    repository: SessionRepository = request.app.state.sessions
    repository.set_cookie(response, request, await repository.open(player.id))


async def _check_password(request: Request, name: str, password: str) -> Player:
    """The player of this name and password, the attempt counted as a failure before the hash
    and forgotten if it succeeds; `NotSignedIn` if wrong, `RateLimited` past the limits."""
    attempts: AttemptRepository = request.app.state.attempts
    key, address = name_key(name)[:120], client_address(request)
    taken = await attempts.take([(f"sign-in:{key}@{address}", SIGN_IN_PER_NAME_AND_ADDRESS), (f"sign-in@{address}", SIGN_IN_PER_ADDRESS)],
                                [(f"sign-in:{key}", SLOW_WINDOW)])
    if taken.before[f"sign-in:{key}"] >= SLOW_AFTER:
        await asyncio.sleep(SLOW_DELAY)
    player = await request.app.state.accounts.authenticate(name, password)
    if player is None:
        raise NotSignedIn("wrong name or password")
    await attempts.forget(taken)
    return player


@router.delete("/session")
async def sign_out(request: Request, response: Response) -> dict[str, None]:
    """Sign out: the session ends on the server (a copy of its cookie opens nothing) and the
    browser forgets the cookie."""
    repository: SessionRepository = request.app.state.sessions
    await repository.end(repository.token(request))
    repository.clear_cookie(response, request)
    return {"name": None}


@router.get("/session")
async def who_am_i(request: Request) -> dict[str, str | None]:
    """Who is signed in: `{"name": ...}`, null for nobody."""
    player = await current_player(request)
    return {"name": player.name if player else None}
