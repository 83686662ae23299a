"""Fixtures shared by the server tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from server_support import ServerProcess, sqlite_url


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """One `bigtop serve` on a fresh SQLite file for a whole test module (a module that needs a
    fresh server per test defines its own `server`)."""
    folder = tmp_path_factory.mktemp("server")
    process = ServerProcess(sqlite_url(folder), folder).start()
    yield process
    process.stop()
