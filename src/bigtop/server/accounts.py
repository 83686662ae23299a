"""Players: register with a name and a password, sign in and out, and who a request comes from.

Passwords are hashed with Argon2id (argon2-cffi), never stored or logged in clear; hashing runs
in a thread, at most `HASHING_AT_ONCE` at a time (each takes 64 MiB for about 0.1 s). A signed
session cookie says who is signed in (`sessions.py`). Failed sign-ins are limited per name and
per address, registrations per address (`throttle.py`). Names are unique case-insensitively.

`POST /api/players {name, password}` (201, signed in; 409 if the name is taken),
`POST /api/session {name, password}` (sets the cookie; 401 if wrong; 429 after too many failures),
`DELETE /api/session`, `GET /api/session` (who is signed in: `{"name": null}` for nobody).
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
from sqlalchemy import Column, Integer, String, Table, insert, select, update
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from bigtop import bots
from bigtop.server.errors import ERROR_RESPONSES, Conflict, NotSignedIn, ServerError
from bigtop.server.schema import UtcDateTime, metadata
from bigtop.server.sessions import SessionSigner
from bigtop.server.store import Repository, Store
from bigtop.server.throttle import AttemptRepository, Limit

MIN_NAME, MAX_NAME = 2, 20
MIN_PASSWORD, MAX_PASSWORD = 8, 256
HASHING_AT_ONCE = 2
SIGN_IN_PER_NAME = Limit(10, 15 * 60, "failed sign-ins for this name")
SIGN_IN_PER_ADDRESS = Limit(50, 15 * 60, "failed sign-ins from this address")
REGISTER_PER_ADDRESS = Limit(20, 3600, "new players from this address")
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
            )).inserted_primary_key[0]

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

    async def _rehash(self, player_id: int, password: str) -> None:
        new_hash = await self._hash(password)
        await self.writer.write(lambda db: db.execute(
            update(players).where(players.c.id == player_id).values(password_hash=new_hash)))

    def _row(self, where: object) -> tuple[int, str, str] | None:
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
    """The player whose valid session cookie came with the request, or None."""
    player_id = request.app.state.sessions.from_request(request)
    if player_id is None:
        return None
    return await asyncio.to_thread(request.app.state.accounts.by_id, player_id)


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


def _address(request: Request) -> str:
    return request.client.host if request.client else "unknown"


@router.post("/players", status_code=201)
async def register(request: Request, response: Response, body: Credentials) -> dict[str, str]:
    """Register a new player, and sign them in."""
    name = check_name(body.name)
    check_password(body.password)
    attempts: AttemptRepository = request.app.state.attempts
    key = f"register:{_address(request)}"
    await asyncio.to_thread(attempts.check, [(key, REGISTER_PER_ADDRESS)])
    player = await request.app.state.accounts.register(name, body.password)
    await attempts.add([key])
    request.app.state.sessions.set(response, request, player.id)
    return {"name": player.name}


@router.post("/session")
async def sign_in(request: Request, response: Response, body: Credentials) -> dict[str, str]:
    """Sign in: sets the session cookie. 401 if the name or the password is wrong."""
    attempts: AttemptRepository = request.app.state.attempts
    keys = [(f"name:{name_key(body.name)[:120]}", SIGN_IN_PER_NAME), (f"address:{_address(request)}", SIGN_IN_PER_ADDRESS)]
    await asyncio.to_thread(attempts.check, keys)
    player = await request.app.state.accounts.authenticate(body.name, body.password)
    if player is None:
        await attempts.add([key for key, _ in keys])
        raise NotSignedIn("wrong name or password")
    request.app.state.sessions.set(response, request, player.id)
    return {"name": player.name}


@router.delete("/session")
async def sign_out(request: Request, response: Response) -> dict[str, None]:
    """Sign out (forget the session cookie)."""
    SessionSigner.clear(response, request)
    return {"name": None}


@router.get("/session")
async def who_am_i(request: Request) -> dict[str, str | None]:
    """Who is signed in: `{"name": ...}`, null for nobody."""
    player = await current_player(request)
    return {"name": player.name if player else None}
