"""The searches every table shares, against a client asking for all of them at once: one address
holds at most its share of the review queue and of the hints being searched, and another address
is served beside it. Two addresses are two `X-Forwarded-For` values (the server trusts a proxy on
127.0.0.1, as behind nginx); every request of one address is sent in parallel."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest
from server_support import ServerProcess, create, error_of, sqlite_url, start_table

from bigtop.server.analysis import HINTS_EACH, REVIEWS_EACH

GREEDY = {"X-Forwarded-For": "203.0.113.7"}
OTHER = {"X-Forwarded-For": "198.51.100.9"}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server at the default review budget: a Drum Roll review takes it minutes, so what is
    queued stays queued while the test runs."""
    folder = tmp_path_factory.mktemp("shares")
    process = ServerProcess(sqlite_url(folder), folder, bot_delay=0.0).start()
    yield process
    process.stop()


def _finished_drumroll(client: httpx.Client, seed: int) -> str:
    table_id = start_table(client, create(client, [{"bot": "random"}] * 2, game="drumroll", seed=seed))
    deadline = time.monotonic() + 60
    while client.get(f"/api/tables/{table_id}").json()["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish the game"
        time.sleep(0.1)
    return table_id


def _post(server: ServerProcess, headers: dict[str, str], path: str, body: dict | None = None) -> httpx.Response:
    with server.client() as client:
        return client.post(path, json=body or {}, headers=headers)


def test_one_address_holds_at_most_its_share_of_the_review_queue(server: ServerProcess) -> None:
    with server.client() as client:
        tables = [_finished_drumroll(client, seed) for seed in range(REVIEWS_EACH + 2)]
    greedy, other = tables[:-1], tables[-1]
    with ThreadPoolExecutor(len(greedy)) as pool:
        answers = list(pool.map(lambda t: _post(server, GREEDY, f"/api/tables/{t}/review"), greedy))
    codes = sorted(answer.status_code for answer in answers)
    assert codes == [202] * REVIEWS_EACH + [429], [answer.text for answer in answers]
    refused = next(answer for answer in answers if answer.status_code == 429)
    assert error_of(refused)["code"] == "busy" and "this address has" in error_of(refused)["message"]
    served = _post(server, OTHER, f"/api/tables/{other}/review")
    assert served.status_code == 202, served.text
    assert served.json()["status"] in ("queued", "running")


def test_addresses_take_turns_in_the_review_queue(server: ServerProcess) -> None:
    """Three addresses queue their share of reviews at once; an address that asks after them is
    queued, and waits for one review of each address at most, not for all of theirs (before, the
    queue was full and it was refused; queued, it would have waited for every review asked before it)."""
    greedy = [{"X-Forwarded-For": f"203.0.113.{n}"} for n in (21, 22, 23)]
    with server.client() as client:
        tables = [_finished_drumroll(client, seed) for seed in range(100, 100 + len(greedy) * REVIEWS_EACH + 1)]
    asks = [(greedy[i % len(greedy)], table) for i, table in enumerate(tables[:-1])]
    with ThreadPoolExecutor(len(asks)) as pool:
        answers = list(pool.map(lambda ask: _post(server, ask[0], f"/api/tables/{ask[1]}/review"), asks))
    assert [answer.status_code for answer in answers] == [202] * len(asks), [answer.text for answer in answers]
    late = _post(server, {"X-Forwarded-For": "198.51.100.30"}, f"/api/tables/{tables[-1]}/review")
    assert late.status_code == 202, late.text
    place = late.json()["queued_before"]
    before = Counter(g["X-Forwarded-For"] for g, t in asks
                     if _post(server, g, f"/api/tables/{t}/review").json()["queued_before"] < place)
    assert before and max(before.values()) == 1, (place, before)  # one review of each address ahead, no more
    assert place <= len(before) + 3, (place, before)  # and those of the module's first test, if still queued


def _practice_carcassonne(client: httpx.Client, seed: int) -> tuple[str, str]:
    """A running practice table of Carcassonne where a person (seat 0) is to move; its token."""
    created = create(client, [{"name": "Ada"}, {"bot": "random"}], game="carcassonne", practice=True, seed=seed)
    table_id = start_table(client, created)
    token = created["seats"][0]["token"]
    assert client.get(f"/api/tables/{table_id}/state", params={"token": token}).json()["legal"]
    return table_id, token


def test_one_address_searches_at_most_its_share_of_the_hints(server: ServerProcess) -> None:
    with server.client() as client:
        tables = [_practice_carcassonne(client, seed) for seed in range(HINTS_EACH + 2)]
    greedy, (other, other_token) = tables[:-1], tables[-1]
    with ThreadPoolExecutor(len(greedy)) as pool:
        answers = list(pool.map(lambda t: _post(server, GREEDY, f"/api/tables/{t[0]}/hint", {"token": t[1]}), greedy))
    codes = sorted(answer.status_code for answer in answers)
    assert codes == [200] * HINTS_EACH + [429], [answer.text for answer in answers]
    assert "this address has" in error_of(next(a for a in answers if a.status_code == 429))["message"]
    served = _post(server, OTHER, f"/api/tables/{other}/hint", {"token": other_token})
    assert served.status_code == 200, served.text
