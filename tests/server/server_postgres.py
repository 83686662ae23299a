"""A throwaway PostgreSQL server for tests, from Debian's packages (see scripts/system-deps.sh).

`initdb` and `pg_ctl` run as the `postgres` user when the tests run as root (PostgreSQL refuses
root); the cluster lives in a temporary folder and listens on 127.0.0.1 only.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


def _pg_bin(name: str) -> str:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}")) or [shutil.which(name) or ""]
    if not found[-1]:
        raise RuntimeError(f"PostgreSQL's {name} is missing: run scripts/system-deps.sh")
    return found[-1]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextmanager
def postgres_server() -> Iterator[str]:
    """Start PostgreSQL in a fresh temporary cluster; yields its SQLAlchemy URL; stops and removes it."""
    as_root = os.geteuid() == 0
    run_as = ["runuser", "-u", "postgres", "--"] if as_root else []
    folder = Path(tempfile.mkdtemp(prefix="bigtop-pg-"))
    if as_root:
        shutil.chown(folder, "postgres", "postgres")
    data = folder / "data"
    port = _free_port()
    subprocess.run([*run_as, _pg_bin("initdb"), "-D", str(data), "-A", "trust", "-U", "bigtop", "--no-sync"],
                   check=True, capture_output=True)
    options = f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=on"
    subprocess.run([*run_as, _pg_bin("pg_ctl"), "-D", str(data), "-o", options, "-l", str(folder / "log"), "-w", "start"],
                   check=True, capture_output=True)
    try:
        yield f"postgresql+psycopg2://bigtop@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run([*run_as, _pg_bin("pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop"], capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)
