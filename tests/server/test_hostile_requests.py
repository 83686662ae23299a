"""A hostile client's HTTP requests against a real server: nothing a request holds names a file on
the server, every body is JSON of at most 1 MiB as read (chunked too), and odd values are a clear 400."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path

import pytest
from hostile_support import chunked_upload, peak_memory
from server_support import ServerProcess, create, error_of, start_table

import bigtop.games.carcassonne
import bigtop.games.drumroll

MAX_BODY = 1024 * 1024  # the limit docs/server.md states

DATA = {"carcassonne": Path(bigtop.games.carcassonne.__file__).parent / "data" / "tiles.toml",
        "drumroll": Path(bigtop.games.drumroll.__file__).parent / "data" / "cards.toml"}


def _record(game: str, options: dict) -> dict:
    return {"game": game, "version": "1", "players": 2 if game == "carcassonne" else 3, "options": options,
            "seed": 1, "moves": []}


@pytest.fixture
def paths(tmp_path: Path):
    """Server paths of every kind: a real content file, nothing, a folder, a pipe no one writes to."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    yield {"content file": None, "missing": tmp_path / "nothing.toml", "folder": tmp_path, "pipe": fifo}
    try:  # a server that opened the pipe waits for a writer: release it
        os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
    except OSError as exc:
        assert exc.errno == errno.ENXIO  # nobody is reading it: the server never opened it


@pytest.mark.parametrize("game", ["carcassonne", "drumroll"])
def test_no_upload_or_table_names_a_file_on_the_server(server: ServerProcess, paths: dict, game: str) -> None:
    """A record (or a new table) whose `cards` option names a path is refused before anything
    opens it, with one message whatever is there: no file read, nothing learnt about the disk."""
    answers = {}
    with server.client() as client:
        for kind, path in paths.items():
            named = str(path or DATA[game])
            upload = client.post("/api/replays", json=_record(game, {"cards": named}), timeout=5)
            table = client.post("/api/tables", json={"game": game, "players": 2 if game == "carcassonne" else 3,
                                                     "options": {"cards": named}}, timeout=5)
            answers[kind] = (upload.status_code, error_of(upload), table.status_code, error_of(table))
    assert {(answer[0], answer[2]) for answer in answers.values()} == {(400, 400)}, answers
    for messages in ({answer[1]["message"] for answer in answers.values()}, {answer[3]["message"] for answer in answers.values()}):
        assert len(messages) == 1, messages  # the same words for a file, a folder, a pipe or nothing
        assert "option cards names a file on the server" in messages.pop()


def test_a_record_without_file_options_still_replays(server: ServerProcess) -> None:
    with server.client() as client:
        shown = client.post("/api/replays", json=_record("carcassonne", {"cards": None, "expansions": []}))
    assert shown.status_code == 200, shown.text
    assert shown.json()["frames"][0]["view"]


def _routes_with_bodies(server: ServerProcess) -> list[tuple[str, str]]:
    with server.client() as client:
        spec = client.get("/openapi.json").json()
    return [(method.upper(), path) for path, operations in spec["paths"].items() for method in operations
            if method in ("post", "put", "patch", "delete")]


def test_every_route_refuses_a_body_that_is_not_json(server: ServerProcess) -> None:
    """415 for a body sent as a form, as text or without a type, at every route that changes
    something (a form of another site cannot post to it), whatever the route does with bodies."""
    routes = _routes_with_bodies(server)
    assert len(routes) >= 15
    body = json.dumps({"token": "x", "name": "Ada", "password": "a long password", "game": "highcard", "players": 2})
    refused = {}
    with server.client() as client:
        created = create(client, [{"name": "Ada"}, {"name": "Bo"}])
        for method, path in routes:
            url = path.replace("{table_id}", created["table"]["id"])
            for content_type in ("text/plain", "application/x-www-form-urlencoded", None, "application/json; charset=latin-1"):
                headers = {"content-type": content_type} if content_type else {}
                answer = client.request(method, url, content=body.encode(), headers=headers)
                refused[method, path, content_type] = (answer.status_code, answer.json()["error"]["code"])
        accepted = client.post("/api/tables", content=body.encode(), headers={"content-type": "application/json; charset=UTF-8"})
    assert set(refused.values()) == {(415, "unsupported_media_type")}, refused
    assert accepted.status_code == 201


def test_a_chunked_body_stops_at_the_limit_and_holds_no_more_in_memory(server: ServerProcess) -> None:
    """The 1 MiB limit holds on the bytes read: a chunked upload of 64 MiB is cut at 1 MiB with a 413,
    and the server holds no copy of it (its peak memory stays within a few MiB)."""
    before = peak_memory(server.proc.pid)
    status, sent = chunked_upload(server, "/api/replays", 64 * MAX_BODY)
    grown = peak_memory(server.proc.pid) - before
    assert status == 413
    assert sent < 16 * MAX_BODY, sent  # what the sockets' buffers took before the answer came: far from all
    assert grown < 8 * MAX_BODY, f"the server grew by {grown / MAX_BODY:.0f} MiB"


@pytest.mark.parametrize("path", ["/api/tables", "/api/players", "/api/session", "/api/replays", "/api/tables/x/moves",
                                  "/api/tables/x/chat"])
def test_a_chunked_body_over_the_limit_reaches_no_route(server: ServerProcess, path: str) -> None:
    status, _ = chunked_upload(server, path, 2 * MAX_BODY, start=b'{"options": {"x": "')
    assert status == 413


@pytest.mark.parametrize(("body", "words"), [
    (b'{"game": "drumroll", "players": 3, "options": {"first_player": Infinity}}', "Infinity is not a JSON number"),
    (b'{"game": "drumroll", "players": 3, "options": {"first_player": 1e400}}', "too large"),
    (b'{"game": "trollfest", "players": 3, "options": {"runoff_limit": -Infinity}}', "-Infinity is not a JSON number"),
    (b'{"game": "trollfest", "players": 3, "options": {"runoff_limit": NaN}}', "NaN is not a JSON number"),
    (b'{"game": "highcard", "players": 2, "seats": [{"name": "A\\ud800"}, {"name": "B"}]}', "lone UTF-16 surrogate"),
    (b'{"game": "trollfest", "players": 3, "options": {"\\udfff": 1}}', "lone UTF-16 surrogate"),
    (b'{"game": "highcard", "players": 2, "seats": [{"name": "\xff"}, {"name": "B"}]}', "not UTF-8"),
])
def test_numbers_and_text_json_cannot_hold_are_a_clear_400(server: ServerProcess, body: bytes, words: str) -> None:
    with server.client() as client:
        before = client.get("/api/tables").json()
        answer = client.post("/api/tables", content=body, headers={"content-type": "application/json"})
        after = client.get("/api/tables").json()
    assert answer.status_code == 400, answer.text
    assert words in error_of(answer)["message"]
    assert after == before


def test_a_surrogate_pair_is_text(server: ServerProcess) -> None:
    """An escaped pair (what JSON writers that escape everything send for 🎪) is a name like any other."""
    with server.client() as client:
        body = b'{"game": "highcard", "players": 2, "seats": [{"name": "\\ud83c\\udfaa Ada"}, {"name": "Bo"}]}'
        answer = client.post("/api/tables", content=body, headers={"content-type": "application/json"})
    assert answer.status_code == 201 and answer.json()["table"]["seats"][0]["name"] == "🎪 Ada"


@pytest.mark.parametrize(("options", "words"), [
    ({"first_player": 0.9}, "first_player: expected a whole number, got 0.9"),
    ({"first_player": " 1 "}, "first_player: expected a whole number, got ' 1 '"),
    ({"first_player": "1"}, "expected a whole number"),
    ({"regions": "a,b"}, "regions: expected a list"),
])
def test_options_are_read_by_their_json_type(server: ServerProcess, options: dict, words: str) -> None:
    """No loose coercion from the web: `0.9` is not seat 0, `" 1 "` is not seat 1."""
    with server.client() as client:
        rated = client.post("/api/tables", json={"game": "drumroll", "players": 3, "options": options})
        replay = client.post("/api/replays", json=_record("drumroll", options))
    assert rated.status_code == 400 and words in error_of(rated)["message"], rated.text
    assert replay.status_code == 400 and words in error_of(replay)["message"], replay.text


def test_a_wrong_method_says_which_are_allowed(server: ServerProcess) -> None:
    with server.client() as client:
        table_id = start_table(client, create(client, [{"name": "Ada"}, {"bot": "random"}]))
        answers = [client.put("/api/tables"), client.delete(f"/api/tables/{table_id}"), client.get("/api/players")]
    for answer in answers:
        assert answer.status_code == 405
        assert answer.headers.get("allow"), answer.headers
        assert error_of(answer)["code"] == "method_not_allowed"
    assert set(answers[0].headers["allow"].replace(" ", "").split(",")) == {"GET", "POST"}
