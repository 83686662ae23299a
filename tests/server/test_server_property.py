"""Options and actions generated for every game from its schema (the options dataclass and the
action classes' field types), sent to a real server: no answer is a server error, and no accepted
request leaves a table whose state cannot be read, then or after a restart.

`BIGTOP_PROPERTY_EXAMPLES` sets the examples per game (default 25) for a longer sweep.
"""

from __future__ import annotations

import dataclasses
import os
import types
import typing
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from server_support import ServerProcess

from bigtop import games

EXAMPLES = int(os.environ.get("BIGTOP_PROPERTY_EXAMPLES", "25"))
JUNK = st.one_of(st.none(), st.booleans(), st.integers(-(2**70), 2**70), st.floats(allow_nan=False, allow_infinity=False),
                 st.text(max_size=6), st.lists(st.integers(-3, 3), max_size=3), st.dictionaries(st.text(max_size=2), st.integers(), max_size=2))



def words_of(game: Any) -> list[str]:
    """Strings the game's content uses (card, tile and city ids among them), and a few it does not."""
    found: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, str) and len(value) < 40:
            found.add(value)
        elif isinstance(value, dict):
            for key, item in value.items():
                walk(key)
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk(game.content(None))
    return sorted(found)[:400] + ["", "zzz", "bigtop", "0", "-1", "é偽"]


def value_of(kind: Any, words: list[str]) -> st.SearchStrategy[Any]:
    """Values of an annotated type as JSON would carry them, mostly well-typed, sometimes not."""
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if kind is bool:
        typed: st.SearchStrategy[Any] = st.booleans()
    elif kind is int:
        typed = st.integers(-3, 80) | st.sampled_from([2**31, -(2**63), 10**18])
    elif kind is str:
        typed = st.sampled_from(words)
    elif origin is tuple:
        typed = st.lists(value_of(args[0], words), max_size=5)
    elif origin in (typing.Union, types.UnionType):
        typed = st.one_of(*(value_of(a, words) for a in args))
    elif kind is type(None):
        typed = st.none()
    else:
        typed = JUNK
    return st.one_of(typed, typed, typed, JUNK)


def options_of(game: Any, words: list[str]) -> st.SearchStrategy[dict[str, Any]]:
    hints = typing.get_type_hints(game.options_type)
    fields = {f.name: value_of(hints[f.name], words) for f in dataclasses.fields(game.options_type)}
    return st.fixed_dictionaries({}, optional=fields) | st.dictionaries(st.sampled_from(["x", "rounds", *fields]), JUNK, max_size=2)


def actions_of(game: Any, words: list[str]) -> st.SearchStrategy[Any]:
    """Any of the game's action types with generated fields, or something that is no action at all."""
    def of_type(cls: type) -> st.SearchStrategy[dict[str, Any]]:
        hints = typing.get_type_hints(cls)
        fields = {f.name: value_of(hints.get(f.name, Any), words) for f in dataclasses.fields(cls)}
        return st.fixed_dictionaries({"type": st.just(cls.__name__), **fields})

    return st.one_of(*(of_type(cls) for cls in game.action_types)) | JUNK


def readable(client: httpx.Client, table_id: str, tokens: list[str]) -> dict[str, Any]:
    """Every seat's state and the spectator's read back with 200; answers the spectator's."""
    assert client.get(f"/api/tables/{table_id}").status_code == 200
    for token in tokens:
        mine = client.get(f"/api/tables/{table_id}/state", params={"token": token})
        assert mine.status_code == 200, mine.text
    public = client.get(f"/api/tables/{table_id}/state")
    assert public.status_code == 200, public.text
    return public.json()


def not_a_server_error(response: httpx.Response) -> httpx.Response:
    assert response.status_code < 500, response.text
    assert response.status_code in (200, 201) or set(response.json()["error"]) == {"code", "message"}
    return response


@pytest.mark.parametrize("name", [n for n in games.names()])
def test_generated_tables_and_moves_never_break_the_server(server: ServerProcess, name: str) -> None:
    game = games.get(name)
    words = words_of(game)
    made: list[tuple[str, list[str]]] = []

    @given(data=st.data())
    @settings(max_examples=EXAMPLES, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    def play(data: st.DataObject) -> None:
        players = data.draw(st.integers(game.min_players - 1, game.max_players + 1), label="players")
        body = {"game": name, "players": players, "options": data.draw(options_of(game, words), label="options"),
                "seats": [{"name": f"P{i}"} for i in range(max(players, 0))], "practice": data.draw(st.booleans()), "seed": data.draw(st.integers(0, 3), label="seed")}
        with server.client() as client:
            created = not_a_server_error(client.post("/api/tables", json=body))
            if created.status_code != 201:
                return
            table_id = created.json()["table"]["id"]
            tokens = [s["token"] for s in created.json()["seats"]]
            made.append((table_id, tokens))
            readable(client, table_id, tokens)
            for token in tokens:
                not_a_server_error(client.post(f"/api/tables/{table_id}/join", json={"token": token}))
            not_a_server_error(client.post(f"/api/tables/{table_id}/start", json={"token": created.json()["host_token"]}))
            for _ in range(data.draw(st.integers(0, 12), label="moves")):
                public = readable(client, table_id, tokens)
                movers = public["table"]["to_move"]
                if not movers:
                    return
                token = tokens[data.draw(st.sampled_from(movers), label="seat")]
                legal = client.get(f"/api/tables/{table_id}/state", params={"token": token}).json()["legal"]
                listed = st.sampled_from([a["action"] for a in legal]) if legal else JUNK
                action = data.draw(st.one_of(listed, listed, actions_of(game, words)), label="action")
                move = data.draw(st.one_of(st.none(), st.just(public["move"]), st.integers(-1, public["move"] + 2), JUNK), label="move")
                not_a_server_error(client.post(f"/api/tables/{table_id}/moves", json={"token": token, "action": action, "move": move}))
            readable(client, table_id, tokens)

    play()
    server.stop()
    server.start()  # every stored table is rebuilt from its record
    with server.client() as client:
        for table_id, tokens in made:
            readable(client, table_id, tokens)
