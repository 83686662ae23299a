"""A hostile client against the players' limits, with real parallel clients: every attempt is
counted before its password hash, so many at once get no further than the limit; hashing is
bounded; a name under attack is slowed down, not locked: its owner still signs in from elsewhere."""

from __future__ import annotations

import time

import httpx
from community_support import PASSWORD, register
from hostile_support import at_once, peak_memory
from server_support import ServerProcess

from bigtop.server.accounts import (
    HASHING_AT_ONCE,
    REGISTER_PER_ADDRESS,
    SIGN_IN_PER_ADDRESS,
    SIGN_IN_PER_NAME_AND_ADDRESS,
    SLOW_DELAY,
)

HASH_MEMORY = 64 * 1024 * 1024  # what one Argon2id hash holds (argon2-cffi's default)


def _post(server: ServerProcess, path: str, body: dict, address: str) -> int:
    """POST from `address` (a proxy's X-Forwarded-For); answers the status. Hashes wait their turn:
    on a busy machine many at once take minutes."""
    with httpx.Client(base_url=server.url, timeout=600) as client:
        return client.post(path, json=body, headers={"x-forwarded-for": address}).status_code


def test_parallel_registrations_from_one_address_stop_at_the_limit(server: ServerProcess) -> None:
    calls = [lambda n=n: _post(server, "/api/players", {"name": f"Racer{n}", "password": PASSWORD}, "10.3.0.1")
             for n in range(3 * REGISTER_PER_ADDRESS.count)]
    statuses = at_once(calls)
    assert statuses.count(201) == REGISTER_PER_ADDRESS.count, statuses
    assert statuses.count(429) == len(calls) - REGISTER_PER_ADDRESS.count


def test_parallel_failed_sign_ins_are_hashed_no_more_than_the_limits(server: ServerProcess) -> None:
    before = peak_memory(server.proc.pid)
    wrong = "not the password"
    many_names = at_once([lambda n=n: _post(server, "/api/session", {"name": f"nobody{n}", "password": wrong}, "10.3.0.2")
                          for n in range(SIGN_IN_PER_ADDRESS.count + 10)])
    one_name = at_once([lambda: _post(server, "/api/session", {"name": "Racer1", "password": wrong}, "10.3.0.3")
                        for _ in range(4 * SIGN_IN_PER_NAME_AND_ADDRESS.count)])
    assert many_names.count(401) == SIGN_IN_PER_ADDRESS.count and many_names.count(429) == 10, many_names
    assert one_name.count(401) == SIGN_IN_PER_NAME_AND_ADDRESS.count, one_name
    assert one_name.count(429) == 3 * SIGN_IN_PER_NAME_AND_ADDRESS.count
    grown = peak_memory(server.proc.pid) - before
    assert grown < (HASHING_AT_ONCE + 1) * HASH_MEMORY, f"{grown / 2**20:.0f} MiB"


def test_a_name_under_attack_is_slowed_down_not_locked(server: ServerProcess) -> None:
    """Guesses for one name from many addresses: each address stops at its limit, and the owner,
    from their own address, still signs in with the right password, after a short wait."""
    register(server, "Owner").close()
    guesses = at_once([lambda n=n: _post(server, "/api/session", {"name": "owner", "password": f"guess {n}"}, f"10.4.0.{n % 2}")
                       for n in range(2 * SIGN_IN_PER_NAME_AND_ADDRESS.count + 2)])
    assert guesses.count(401) == 2 * SIGN_IN_PER_NAME_AND_ADDRESS.count and guesses.count(429) == 2
    start = time.monotonic()
    assert _post(server, "/api/session", {"name": "Owner", "password": PASSWORD}, "10.4.1.1") == 200
    assert time.monotonic() - start >= SLOW_DELAY
    assert _post(server, "/api/session", {"name": "Owner", "password": PASSWORD}, "10.4.0.0") == 429  # not from the attackers'
