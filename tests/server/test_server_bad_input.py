"""Bad input to the real games on a real server: always a clear 4xx, never a 500, nothing stored
that cannot be read back, secrets of the deal never fixed from the web outside a practice table."""

from __future__ import annotations

import json

import pytest
from server_support import error_of, receive, start_table

from bigtop.server.botspecs import MAX_ITERATIONS, MAX_SECONDS
from bigtop.server.errors import MAX_ERROR_TEXT


def table(game: str, players: int, options: dict | None = None, **extra) -> dict:
    return {"game": game, "players": players, "options": options or {}, **extra}


@pytest.mark.parametrize(("body", "message"), [
    (table("drumroll", 3, {"regions": ["zzz"]}), None),
    (table("drumroll", 3, {"first_player": True}), "first_player: expected a whole number"),
    (table("drumroll", 3, {"performer_order": "zzz"}, practice=True), None),
    (table("drumroll", 3, {"performer_order": ["no such card"]}, practice=True), None),
    (table("trollfest", 4, {"groundhog_city": "Atlantis"}, practice=True), None),
    (table("trollfest", 4, {"runoff_limit": "many"}), "runoff_limit: expected a whole number"),
    (table("carcassonne", 3, {"expansions": ["river"]}), "unknown expansion river"),
    (table("carcassonne", 3, {"tiles": ["nope"]}, practice=True), None),
    (table("carcassonne", 3, {"cards": "/etc/passwd"}), "command line"),
    (table("carcassonne", 3, {"tiles_only": "yes please"}), "tiles_only: expected true or false"),
])
def test_options_a_game_refuses_are_400_and_no_table_is_stored(server, body, message):
    """The game's own check (`Game.check_options`) runs before anything is stored; `message` is
    what the server or kernel says (None: the game words it)."""
    with server.client() as client:
        before = client.get("/api/tables").json()
        refused = client.post("/api/tables", json=body)
        after = client.get("/api/tables").json()
    assert refused.status_code == 400, refused.text
    assert error_of(refused)["code"] == "bad_request" and (message or "") in error_of(refused)["message"]
    assert after == before


@pytest.mark.parametrize(("game", "players", "options"), [
    ("drumroll", 2, {"performer_order": ["?"]}),
    ("trollfest", 3, {"city_top": ["?"]}),
    ("carcassonne", 2, {"tiles": ["?"], "tiles_only": True}),
])
def test_options_that_fix_a_hidden_order_make_a_practice_table_that_everyone_sees(server, game, players, options):
    with server.client() as client:
        refused = client.post("/api/tables", json=table(game, players, options))
        content = client.get(f"/api/games/{game}/content").json()
        options = _real_ids(game, options, content)  # the first card or tile of the shipped content
        created = client.post("/api/tables", json=table(game, players, options, practice=True))
        assert created.status_code == 201, created.text
        table_id = created.json()["table"]["id"]
        plain = client.post("/api/tables", json=table(game, players)).json()["table"]["id"]
        listed = {t["id"]: t for t in client.get("/api/tables").json()}
        start_table(client, created.json())
        public = client.get(f"/api/tables/{table_id}/state").json()
    assert refused.status_code == 400
    assert "only a practice table" in error_of(refused)["message"]
    assert listed[table_id]["practice"] is True and public["table"]["practice"] is True
    assert {k: v for k, v in public["table"]["options"].items() if k in options} == options
    assert listed[plain]["practice"] is False


def _real_ids(game: str, options: dict, content: dict) -> dict:
    first = {"drumroll": lambda: next(iter(content["performers"])),
             "trollfest": lambda: content["city_cards"][0]["id"],
             "carcassonne": lambda: content["order"][0]}[game]()
    return {k: [first] if isinstance(v, list) else v for k, v in options.items()}


@pytest.mark.parametrize(("bot", "status", "message"), [
    ("ismcts:iterations=999999999", 400, f"between 1 and {MAX_ITERATIONS}"),
    ("ismcts:time=3600", 400, f"between 0.001 and {MAX_SECONDS:g}"),
    ("ismcts:time=nan", 400, "time must be between"),
    ("ismcts:iterations=1e9", 400, "not a whole number"),
    ("ismcts:depth=100000", 400, "depth must be between"),
    ("ismcts:fanciness=3", 400, "unknown parameter 'fanciness'"),
    ("heuristic:max_performers=99", 400, "as shipped"),
    ("random:x=1", 400, "as shipped"),
    ("oracle", 400, "unknown bot 'oracle'"),
    ("ismcts:iterations", 400, "expected key=value"),
    ("ismcts:iterations=50,time=0.5", 201, ""),
    ("heuristic", 201, ""),
])
def test_bot_specs_from_the_web_are_bounded(server, bot, status, message):
    with server.client() as client:
        answer = client.post("/api/tables", json=table("carcassonne", 2, seats=[{"name": "A"}, {"bot": bot}]))
    assert answer.status_code == status, answer.text
    if status != 201:
        assert message in error_of(answer)["message"]


def test_actions_are_decoded_strictly_and_refusals_are_short(server):
    with server.client() as client:
        created = client.post("/api/tables", json=table("carcassonne", 2, seats=[{"name": "A"}, {"name": "B"}], seed=5)).json()
        table_id = start_table(client, created)
        token = created["seats"][0]["token"]
        state = client.get(f"/api/tables/{table_id}/state", params={"token": token}).json()
        place = next(a["action"] for a in state["legal"] if a["action"]["type"] == "Place")

        def play(action, **extra):
            return client.post(f"/api/tables/{table_id}/moves", json={"token": token, "action": action, **extra})

        as_bool = play({**place, "x": True} if place["x"] == 1 else {**place, "turns": place["turns"] is not None})
        as_text = play({**place, "y": str(place["y"])})
        huge = play({**place, "x": "9" * 900_000})
        nested = client.post(f"/api/tables/{table_id}/moves", content=b'{"token": "t", "action": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
                             headers={"content-type": "application/json"})
        bad_number = play(place, move=True)
        after = client.get(f"/api/tables/{table_id}/state", params={"token": token}).json()
        played = play(place, move=0)
    for refused, text in [(as_bool, "expected a whole number, got true"), (as_text, "expected a whole number, got '")]:
        assert refused.status_code == 400 and error_of(refused)["code"] == "illegal_move"
        assert text in error_of(refused)["message"]
    assert huge.status_code == 400 and len(error_of(huge)["message"]) <= MAX_ERROR_TEXT
    assert nested.status_code == 400 and bad_number.status_code == 400
    assert after["move"] == 0 and after["view"] == state["view"]
    assert played.status_code == 200 and played.json() == {"move": 0}


def test_a_deeply_nested_upload_is_refused_cleanly(server):
    with server.client() as client:
        deep = client.post("/api/replays", content=b"[" * 200_000 + b"]" * 200_000, headers={"content-type": "application/json"})
        deep_object = client.post("/api/replays", content=b'{"a":' * 50_000 + b"1" + b"}" * 50_000, headers={"content-type": "application/json"})
        still_up = client.get("/api/games")
    assert deep.status_code == 400 and "nested too deeply" in error_of(deep)["message"]
    assert deep_object.status_code == 400 and still_up.status_code == 200


def test_an_illegal_move_over_the_socket_is_answered_briefly(server):
    with server.client() as client:
        created = client.post("/api/tables", json=table("trollfest", 3, seats=[{"name": "A"}, {"bot": "random"}, {"bot": "random"}])).json()
        table_id = start_table(client, created)
    with server.socket(table_id, created["seats"][0]["token"]) as ws:
        state = receive(ws, "state")
        action = dict(state["legal"][0]["action"])
        field = next(k for k in action if k != "type")
        ws.send(json.dumps({"type": "move", "action": {**action, field: "x" * 15_000}}))
        error = receive(ws, "error")
    assert error["code"] == "illegal_move" and len(error["message"]) <= MAX_ERROR_TEXT


def test_a_table_of_bots_only_is_made_with_the_games_bots_only_options(server):
    """docs/trollfest.md: whoever seats the players sets `bots_only` for a table of bots only, so
    that bots voting alike cannot hold the band-name run-offs (and a bot worker) forever; a table
    where a person sits keeps the rulebook's run-offs."""
    bots = [{"bot": "random"}] * 3
    person = [{"name": "A"}, {"bot": "random"}, {"bot": "random"}]
    with server.client() as client:
        of_bots = client.post("/api/tables", json=table("trollfest", 3, seats=bots))
        with_person = client.post("/api/tables", json=table("trollfest", 3, seats=person))
    assert of_bots.status_code == with_person.status_code == 201, (of_bots.text, with_person.text)
    assert of_bots.json()["table"]["options"]["bots_only"] is True
    assert with_person.json()["table"]["options"]["bots_only"] is False


@pytest.mark.parametrize("name", ["A\u0000B", "\u202eAda", "Ev\u200be", "bell\u0007", "<b>Bo</b>"])
def test_a_seat_name_is_printed_characters_only(server, name):
    """A NUL in a name was a 500 on PostgreSQL, and a bidirectional override showed a name reversed
    in everyone's lobby: a seat's name, at creation and when joining, is refused as chat's strict
    lines are, and nothing is stored."""
    with server.client() as client:
        before = len(client.get("/api/tables", params={"limit": 1000}).json())
        made = client.post("/api/tables", json=table("highcard", 2, seats=[{"name": name}, {"bot": "random"}]))
        assert made.status_code == 400, made.text
        assert len(client.get("/api/tables", params={"limit": 1000}).json()) == before
        created = client.post("/api/tables", json=table("highcard", 2, seats=[{"name": "Ada"}, {"name": "  Bo \t  Bo "}])).json()
        assert [s["name"] for s in created["table"]["seats"]] == ["Ada", "Bo Bo"]  # runs of spaces fold to one
        token = created["seats"][0]["token"]
        joined = client.post(f"/api/tables/{created['table']['id']}/join", json={"token": token, "name": name})
        assert joined.status_code == 400 and "a name" in error_of(joined)["message"], joined.text
        assert client.get(f"/api/tables/{created['table']['id']}").json()["seats"][0]["name"] == "Ada"
