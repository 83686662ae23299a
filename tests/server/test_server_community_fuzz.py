"""Fuzzing the players', seats', ratings' and chat endpoints of a real server: generated bodies and
paths, from anonymous and signed-in clients, at a real table with real tokens, never get a server
error, and every refusal has the `{"error": {code, message}}` form. `BIGTOP_PROPERTY_EXAMPLES`
sets how many examples each endpoint gets (default 40)."""

from __future__ import annotations

import os
from contextlib import closing
from typing import Any
from urllib.parse import quote

import httpx
from community_support import register
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from server_support import ServerProcess, create

EXAMPLES = int(os.environ.get("BIGTOP_PROPERTY_EXAMPLES", "40"))
SETTINGS = settings(max_examples=EXAMPLES, deadline=None, database=None, suppress_health_check=list(HealthCheck))

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=60),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=12,
)
names = st.text(max_size=45) | st.sampled_from(["Ada", "ada", "ADA", "random", "王小明", "a" * 20, "x.y-z_1", " ", "..", "é"])
addresses = st.ip_addresses(v=4).map(str)


def checked(response: httpx.Response) -> None:
    assert response.status_code < 500, (response.request.method, response.request.url, response.text)
    if response.status_code >= 400:
        error = response.json()["error"]
        assert isinstance(error["code"], str) and isinstance(error["message"], str) and len(error["message"]) <= 600


def body_of(fields: dict[str, st.SearchStrategy[Any]]) -> st.SearchStrategy[Any]:
    """Bodies near the expected shape (each field from its strategy or any JSON, some missing) or any JSON."""
    near = st.fixed_dictionaries({}, optional={key: strategy | json_values for key, strategy in fields.items()})
    return near | json_values


def test_no_generated_request_to_the_new_endpoints_is_a_server_error(server: ServerProcess) -> None:
    with closing(register(server, "Fuzzy")) as member, server.client() as guest:
        created = create(guest, [{"name": "Host"}, {"open": True}, {"open": True}, {"bot": "random"}], seed=None)
        table_id = created["table"]["id"]
        tokens = [s["token"] for s in created["seats"]] + ["", "x" * 300, created["host_token"]]
        clients = st.sampled_from([member, guest])

        @SETTINGS
        @given(client=clients, body=body_of({"name": names, "password": st.text(max_size=300)}), address=addresses,
               path=st.sampled_from(["/api/players", "/api/session"]))
        def accounts(client: httpx.Client, body: Any, address: str, path: str) -> None:
            checked(client.post(path, json=body, headers={"x-forwarded-for": address}))

        @SETTINGS
        @given(client=clients, body=body_of({"seat": st.integers(-3, 70), "name": names}))
        def sit(client: httpx.Client, body: Any) -> None:
            checked(client.post(f"/api/tables/{table_id}/sit", json=body))

        @SETTINGS
        @given(client=clients, body=body_of({"token": st.sampled_from(tokens), "text": st.text(max_size=700)}),
               token=st.none() | st.sampled_from(tokens))
        def chat(client: httpx.Client, body: Any, token: str | None) -> None:
            checked(client.post(f"/api/tables/{table_id}/chat", json=body))
            checked(client.get(f"/api/tables/{table_id}/chat", params={} if token is None else {"token": token}))

        @SETTINGS
        @given(client=clients, name=names | st.text(max_size=300), game=st.text(max_size=40) | st.sampled_from(["highcard", "drumroll"]),
               limit=st.integers(-5, 2000) | st.text(max_size=5))
        def pages(client: httpx.Client, name: str, game: str, limit: Any) -> None:
            checked(client.get(f"/api/players/{quote(name, safe='')}"))
            checked(client.get(f"/api/ratings/{quote(game, safe='')}", params={"limit": str(limit)}))
            checked(client.get("/api/me/games"))

        @SETTINGS
        @given(client=clients, seats=st.lists(body_of({"name": st.text(max_size=50), "bot": st.sampled_from(["random", "ismcts", "x"]),
                                                        "open": st.booleans()}), max_size=5),
               rated=json_values, clock=body_of({"kind": st.sampled_from(["realtime", "turn", "x"]), "base": st.integers(-10, 10**7),
                                                 "increment": st.integers(-10, 10**5), "per_move": st.integers(-10, 2 * 10**6)}),
               practice=st.booleans())
        def tables(client: httpx.Client, seats: list[Any], rated: Any, clock: Any, practice: bool) -> None:
            body = {"game": "highcard", "players": max(2, len(seats)), "seats": seats, "rated": rated, "clock": clock, "practice": practice}
            checked(client.post("/api/tables", json=body))

        for fuzz in (accounts, sit, chat, pages, tables):
            fuzz()
        assert guest.get(f"/api/tables/{table_id}").status_code == 200  # the table is still there and readable
