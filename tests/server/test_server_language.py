"""The server words moves and log entries in each connection's language: a socket opened with
`?lang=`, a socket that switches with `{"type": "language"}`, the REST state and a replay. The words
are the game's own (`Game.describe`, `Game.describe_event`), the one source the terminal, hints and
reviews read too."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator

import pytest
from server_support import ServerProcess, create, receive, sqlite_url, start_table

from bigtop import games
from bigtop.core.events import Event
from bigtop.core.rng import Rng


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp("language")
    process = ServerProcess(sqlite_url(folder), folder, bot_delay=0.05).start()
    yield process
    process.stop()


def log_in(message: dict, lang: str) -> list[str]:
    """The log entries of a state message as the game words them in `lang` with the table's names."""
    game = games.get(message["table"]["game"])
    names = [seat["name"] for seat in message["table"]["seats"]]
    return [game.describe_event(Event(e["kind"], e["data"]), names, message["table"]["options"], lang=lang) for e in message["log"]]


def test_a_socket_gets_moves_and_log_in_its_language_and_may_switch(server):
    with server.client() as client:
        created = create(client, [{"name": "Ada"}, {"bot": "random", "name": "Robo"}], game="drumroll", seed=5)
        table_id = start_table(client, created)
        token = created["seats"][0]["token"]
        english = client.get(f"/api/tables/{table_id}/state", params={"token": token}).json()
        french = client.get(f"/api/tables/{table_id}/state", params={"token": token, "lang": "fr"}).json()
        url = server.url.replace("http://", "ws://") + f"/ws/tables/{table_id}?token={token}&lang=fr"
        from websockets.sync.client import connect

        with connect(url, open_timeout=10, max_size=2**22) as ws:
            first = receive(ws, "state")
            ws.send(json.dumps({"type": "language", "lang": "zh-TW"}))
            chinese = receive(ws, "state")
            while chinese["lang"] != "zh-Hant":  # a bot's move may have been sent before the switch
                chinese = receive(ws, "state")
            ws.send(json.dumps({"type": "move", "action": chinese["legal"][0]["action"], "move": chinese["move"]}))
            after = receive(ws, "state")
            while not after["log"]:
                after = receive(ws, "state")
    assert english["lang"] == "en" and french["lang"] == first["lang"] == "fr"
    assert [m["action"] for m in french["legal"]] == [m["action"] for m in english["legal"]] and english["legal"]
    assert first["legal"] == french["legal"]
    assert [m["label"] for m in french["legal"]] != [m["label"] for m in english["legal"]]  # words, not the same English
    assert len({m["label"] for m in chinese["legal"]} & {m["label"] for m in english["legal"]}) == 0
    assert chinese["log_from"] == 0 and after["lang"] == "zh-Hant"
    assert [e["text"] for e in after["log"]] == log_in(after, "zh-Hant") != log_in(after, "en")


def test_a_replay_is_worded_in_the_language_asked(server):
    game = games.get("trollfest")
    state = game.new(3, seed=4)
    rng = Rng(4)
    for _ in range(40):
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    record = state.record().to_json()
    with server.client() as client:
        replay = client.post("/api/replays", params={"lang": "fr"}, content=json.dumps(record),
                             headers={"content-type": "application/json"}).json()
    assert replay["lang"] == "fr" and len(replay["frames"]) == 41
    again = game.new(3, seed=4)
    for frame in replay["frames"][1:]:
        action = game.codec.from_json(frame["action"])
        assert frame["action_text"] == game.describe(again, action, "fr")
        seen = len(again.log)
        again.apply(frame["seat"], action)
        names = ["#1", "#2", "#3"]
        expected = [game.describe_event(e, names, again.options, lang="fr") for e in again.log.to_list()[seen:] if e.visible_to(None)]
        assert [e["text"] for e in frame["events"]] == expected


def test_a_bot_nobody_named_is_called_by_its_strength_in_each_language(server):
    with server.client() as client:
        created = create(client, [{"name": "Ada"}, {"bot": "random"}], seed=3)
        table_id = start_table(client, created, {0: "Ada"})
        assert [s["name"] for s in client.get(f"/api/tables/{table_id}").json()["seats"]] == ["Ada", "random"]
        deadline = time.monotonic() + 10
        while client.get(f"/api/tables/{table_id}").json()["to_move"] != [0] and time.monotonic() < deadline:
            time.sleep(0.05)  # the bot has played its card
        for lang, name in (("en", "Easy bot"), ("fr", "Robot facile"), ("zh-Hant", "簡單電腦")):
            log = client.get(f"/api/tables/{table_id}/state", params={"lang": lang}).json()["log"]
            bots = [e["text"] for e in log if e["kind"] == "played_face_down" and "Ada" not in e["text"]]
            assert bots and all(text.startswith(name) for text in bots), (lang, bots)
        named = create(client, [{"name": "Ada"}, {"bot": "random", "name": "Robo"}], seed=3)
        named_id = start_table(client, named, {0: "Ada"})
        assert [s["name"] for s in client.get(f"/api/tables/{named_id}").json()["seats"]] == ["Ada", "Robo"]


def test_two_bots_of_one_strength_are_numbered_in_the_log(server):
    """Two Easy bots at one table: the log says which one played, "Easy bot 1" and "Easy bot 2"
    in seat order, in each language (one Easy bot alone keeps its plain name, above)."""
    with server.client() as client:
        created = create(client, [{"name": "Ada"}, {"bot": "random"}, {"bot": "random"}], seed=3)
        table_id = start_table(client, created, {0: "Ada"})
        deadline = time.monotonic() + 10
        while client.get(f"/api/tables/{table_id}").json()["to_move"] != [0] and time.monotonic() < deadline:
            time.sleep(0.05)  # the bots have played their cards
        for lang, name in (("en", "Easy bot"), ("fr", "Robot facile"), ("zh-Hant", "簡單電腦")):
            log = client.get(f"/api/tables/{table_id}/state", params={"lang": lang}).json()["log"]
            played = [e["text"] for e in log if e["kind"] == "played_face_down" and e["data"]["seat"] in (1, 2)]
            assert {text.split(name)[1][:2] for text in played} == {" 1", " 2"}, (lang, played)
