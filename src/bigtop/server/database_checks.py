"""Whether the server can write its database, asked before it opens it, and what a write that
fails on the way says.

At start: a SQLite database needs its file, its `-wal` and `-shm` files (the write-ahead log and
the shared memory SQLite maps) and, to create those, its folder, all writable by the server; a
read-only `-shm` is the worst of them (a process that maps one it cannot write may die of SIGBUS),
so each is opened for writing first and the server refuses to start, naming the file, if one
cannot be. A PostgreSQL database must accept writes (not a read-only replica or transaction).
While serving: a write the database refuses (disk full, turned read-only) answers 503 with what
happened (`unavailable`); nothing was changed.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, DBAPIError, InternalError, OperationalError

from bigtop.core.errors import BigtopError
from bigtop.server.errors import Unavailable

_DISK = ("disk is full", "disk i/o error", "no space left", "could not extend file", "could not write")
_READ_ONLY = ("readonly database", "read-only", "read only")


def check_writable(url: str) -> None:
    """`BigtopError` naming what the server cannot write, if it cannot write the database of `url`."""
    try:
        parsed = make_url(url)
    except ArgumentError:
        return  # the store words a bad URL
    if parsed.get_backend_name() == "sqlite":
        if parsed.database and parsed.database != ":memory:":
            _check_sqlite_files(Path(parsed.database))
    elif parsed.get_backend_name() == "postgresql":
        _check_postgresql(url)


def _check_sqlite_files(database: Path) -> None:
    folder = database.resolve().parent
    if not folder.is_dir():
        return  # the store says it cannot open the database
    files = [database, Path(f"{database}-wal"), Path(f"{database}-shm")]
    for path in files:
        if path.exists():
            try:
                os.close(os.open(path, os.O_RDWR))
            except OSError as exc:
                raise BigtopError(_cannot(path, exc)) from None
    if not all(path.exists() for path in files) and not os.access(folder, os.W_OK | os.X_OK):
        raise BigtopError(_cannot(folder, OSError(errno.EACCES, "cannot create files there")))


def _cannot(path: Path, exc: OSError) -> str:
    return (f"cannot write the database: {path}: {exc.strerror}. The server writes its SQLite file, the "
            "file's -wal and -shm companions and their folder: let the user it runs as write them all")


def _check_postgresql(url: str) -> None:
    engine = create_engine(url)
    try:
        with engine.connect() as db:
            read_only = db.execute(text("SHOW transaction_read_only")).scalar()
    except DBAPIError:
        return  # cannot connect: the store says so
    finally:
        engine.dispose()
    if read_only == "on":
        raise BigtopError("cannot write the database: PostgreSQL takes no writes there (a read-only server or "
                          "default_transaction_read_only): point --database-url at the primary")


WRITE_ERRORS = (OperationalError, InternalError)  # what a database says when it cannot take a write


def unavailable(exc: DBAPIError) -> Unavailable:
    """What a database error that is no bad request says: disk full, read-only, or unreachable."""
    words = str(exc.orig).lower()
    if any(word in words for word in _DISK):
        reason = "its disk is full or failing"
    elif any(word in words for word in _READ_ONLY):
        reason = "it is read-only"
    else:
        reason = "it is busy or out of reach"
    return Unavailable(f"the database cannot be written now ({reason}): nothing was changed; try again later")
