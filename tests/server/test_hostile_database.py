"""A database the server cannot write: at start it refuses, naming the file (SQLite: the database,
its folder, its -shm), instead of failing later or dying of SIGBUS; while serving, a full disk or a
database turned read-only answers 503 saying so, changes nothing, and reads go on."""

from __future__ import annotations

import os
import stat
import time
from pathlib import Path

import pytest
from hostile_support import file_size_limit, without_file_override
from server_postgres import postgres_server
from server_support import ServerProcess, error_of, sqlite_url
from sqlalchemy import create_engine, text

import bigtop.server.app  # noqa: F401  (every module's tables, for the store to create)
from bigtop.server.store import Store

READ_ONLY = stat.S_IRUSR | stat.S_IRGRP | stat.S_IROTH


def _new_database(folder: Path) -> Path:
    Store(sqlite_url(folder)).close()
    return folder / "bigtop.sqlite3"


def _refusal(folder: Path) -> str:
    """Start a server on the database in `folder` that may not write what is read-only; answers
    what it said on leaving (it must not serve)."""
    server = ServerProcess(sqlite_url(folder), folder, before_exec=without_file_override)
    try:
        server.start()
    except RuntimeError:
        assert server.proc is not None and server.proc.wait(10) == 2
        return (folder / "server-1.log").read_text()
    server.stop()
    raise AssertionError("the server started on a database it cannot write")


@pytest.mark.parametrize("read_only", ["database", "folder", "shm"])
def test_a_database_the_server_cannot_write_is_refused_at_start(tmp_path: Path, read_only: str) -> None:
    database = _new_database(tmp_path)
    named = {"database": database, "folder": tmp_path, "shm": Path(f"{database}-shm")}[read_only]
    if read_only == "shm":
        Path(f"{database}-wal").write_bytes(b"")
        named.write_bytes(b"")
    os.chmod(named, READ_ONLY | (stat.S_IXUSR if named.is_dir() else 0))
    try:
        said = _refusal(tmp_path)
    finally:
        os.chmod(named, 0o755 if named.is_dir() else 0o644)
    assert f"bigtop: error: cannot write the database: {named}" in said, said
    assert "Traceback" not in said and "Fatal Python error" not in said


def test_a_full_disk_answers_503_and_changes_nothing(tmp_path: Path) -> None:
    """Every file the server writes may grow to 1 MiB: the database's log fills up as tables are made."""
    server = ServerProcess(sqlite_url(tmp_path), tmp_path, before_exec=file_size_limit(1024 * 1024)).start()
    try:
        with server.client() as client:
            made, refused = 0, None
            for _ in range(2000):
                answer = client.post("/api/tables", json={"game": "highcard", "players": 2})
                if answer.status_code != 201:
                    refused = answer
                    break
                made += 1
            listed = client.get("/api/tables", params={"limit": 1000})
    finally:
        server.stop()
    assert refused is not None and refused.status_code == 503, refused and refused.text
    assert error_of(refused)["code"] == "unavailable"
    assert "disk is full or failing" in error_of(refused)["message"] and "nothing was changed" in error_of(refused)["message"]
    assert listed.status_code == 200 and len(listed.json()) == made


def test_a_database_turned_read_only_answers_503_until_it_takes_writes_again(tmp_path: Path) -> None:
    """PostgreSQL switched to read-only while a server runs (a failover to a replica does this):
    writes are a 503 saying so, reads go on, and writes work again once it takes them; a server
    that starts meanwhile refuses to."""
    with postgres_server() as url:
        server = ServerProcess(url, tmp_path).start()
        engine = create_engine(url, isolation_level="AUTOCOMMIT")
        try:
            with server.client() as client, engine.connect() as admin:
                assert client.post("/api/tables", json={"game": "highcard", "players": 2}).status_code == 201
                admin.execute(text("ALTER SYSTEM SET default_transaction_read_only = on"))
                admin.execute(text("SELECT pg_reload_conf()"))
                refused = client.post("/api/tables", json={"game": "highcard", "players": 2})
                listed = client.get("/api/tables").json()
                (tmp_path / "late").mkdir()
                late = ServerProcess(url, tmp_path / "late")
                with pytest.raises(RuntimeError):
                    late.start()
                admin.execute(text("ALTER SYSTEM SET default_transaction_read_only = off"))
                admin.execute(text("SELECT pg_reload_conf()"))
                deadline = time.monotonic() + 30  # each connection rereads the setting when it next can
                while (again := client.post("/api/tables", json={"game": "highcard", "players": 2})).status_code == 503:
                    assert time.monotonic() < deadline, again.text
                    time.sleep(0.1)
        finally:
            engine.dispose()
            server.stop()
    assert refused.status_code == 503 and "it is read-only" in error_of(refused)["message"], refused.text
    assert len(listed) == 1
    assert "PostgreSQL takes no writes" in (tmp_path / "late" / "server-1.log").read_text()
    assert again.status_code == 201
