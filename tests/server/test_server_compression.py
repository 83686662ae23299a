"""Answers are compressed for a client that accepts gzip: a replay's frames, the scripts, the styles."""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from server_support import ServerProcess, sqlite_url

from bigtop import games
from bigtop.core.rng import Rng
from bigtop.server.api import MAX_VIEWS


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp("gzip")
    process = ServerProcess(sqlite_url(folder), folder).start()
    yield process
    process.stop()


def raw(server: ServerProcess, method: str, path: str, **kwargs) -> tuple[httpx.Response, bytes]:
    """The answer to a client that accepts gzip, and its body as sent on the wire (not decoded)."""
    with httpx.Client(base_url=server.url, headers={"accept-encoding": "gzip"}) as client:
        response = client.send(client.build_request(method, path, **kwargs), stream=True)
        body = b"".join(response.iter_raw())
        response.close()
        return response, body


def finished_drumroll(players: int, seed: int) -> Any:
    """A Drum Roll game of random moves, played to its end."""
    state = games.get("drumroll").new(players, seed=seed)
    rng = Rng(seed)
    while not state.is_over():
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def test_a_replay_and_the_static_files_are_sent_gzipped(server):
    state = finished_drumroll(2, seed=3)
    body = json.dumps(state.record().to_json())
    replay, sent = raw(server, "POST", "/api/replays", content=body, headers={"content-type": "application/json"})
    assert replay.status_code == 200 and replay.headers["content-encoding"] == "gzip"
    whole = gzip.decompress(sent)
    assert len(json.loads(whole)["frames"]) == len(state.record().moves) + 1
    assert len(sent) * 10 < len(whole)  # at least ten times smaller on the wire
    for path in ("/static/table.js", "/static/style.css", "/boards/drumroll.js"):
        answer, _ = raw(server, "GET", path)
        assert answer.status_code == 200 and answer.headers.get("content-encoding") == "gzip", path


def test_a_replay_sends_the_views_of_the_steps_asked_for_only(server):
    state = finished_drumroll(3, seed=5)
    body = json.dumps(state.record().to_json())
    headers = {"content-type": "application/json"}
    with httpx.Client(base_url=server.url, timeout=120) as client:
        whole = client.post("/api/replays", params={"seat": 1}, content=body, headers=headers)
        paged = client.post("/api/replays", params={"seat": 1, "views_from": 100, "views": 20}, content=body, headers=headers)
        too_many = client.post("/api/replays", params={"views": 201}, content=body, headers=headers)
    frames, some = whole.json()["frames"], paged.json()["frames"]
    assert len(some) == len(frames) == len(state.record().moves) + 1 > MAX_VIEWS
    assert [n for n, f in enumerate(frames) if f["view"] is not None] == list(range(MAX_VIEWS))  # never every view unasked
    assert [n for n, f in enumerate(some) if f["view"] is not None] == list(range(100, 120))
    for mine, full in zip(some, frames, strict=True):
        assert mine["view"] in (None, full["view"])  # the same views, only fewer
        assert {k: v for k, v in mine.items() if k != "view"} == {k: v for k, v in full.items() if k != "view"}
    assert len(paged.content) * 5 < len(whole.content)  # a 3-player game's views weigh most of it
    assert too_many.status_code in (400, 422)
    print(f"\n{len(frames)} frames: {len(whole.content):,} bytes with {MAX_VIEWS} views, {len(paged.content):,} with 20")
