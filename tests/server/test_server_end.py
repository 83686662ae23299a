"""The end of a game on a real server: the scoring breakdown by category adds up to the scores, and
the seats of a finished table play again at a new table with the same game, options and clock."""

from __future__ import annotations

import time
from typing import Any

import pytest
from server_support import create, error_of, start_table

from bigtop import games


def finish(client: Any, table_id: str, tokens: list[str]) -> dict[str, Any]:
    """Play the first legal action of each person until the game ends; answers the last state."""
    deadline = time.monotonic() + 30
    while True:
        for token in tokens:
            seen = client.get(f"/api/tables/{table_id}/state", params={"token": token}).json()
            if seen["result"] is not None:
                return seen
            if seen["legal"]:
                body = {"token": token, "action": seen["legal"][0]["action"], "move": seen["move"]}
                assert client.post(f"/api/tables/{table_id}/moves", json=body).status_code in (200, 409)
        assert time.monotonic() < deadline, "the game did not end"


@pytest.mark.parametrize("game", ["drumroll", "trollfest", "carcassonne"])
def test_the_breakdown_of_each_game_adds_up_to_its_scores_in_the_message_and_the_replay(server, game):
    with server.client() as client:
        players = games.get(game).min_players
        created = create(client, [{"bot": "random"}] * players, seed=3, game=game, players=players)
        table_id = start_table(client, created)
        deadline = time.monotonic() + 120
        while (final := client.get(f"/api/tables/{table_id}/state").json())["result"] is None:
            assert time.monotonic() < deadline, "the bots did not finish"
            time.sleep(0.2)
        replay = client.get(f"/api/tables/{table_id}/replay").json()
    labels = games.get(game).score_categories
    breakdown = final["breakdown"]
    assert breakdown and all(row["label"] == labels[row["key"]] for row in breakdown)
    totals = [sum(row["points"][seat] for row in breakdown) for seat in range(players)]
    assert totals == pytest.approx(final["result"]["scores"])
    assert replay["breakdown"] == breakdown


def test_the_seats_of_a_finished_table_play_again_at_one_new_table(server):
    with server.client() as client:
        clock = {"kind": "turn", "per_move": 3600}
        created = create(client, [{"name": "Ada"}, {"bot": "random", "name": "Robo"}, {"name": "Bo"}], seed=21,
                         options={"rounds": 2}, clock=clock)
        table_id = start_table(client, created, {0: "Ada", 2: "Bo"})
        ada, bo = (s["token"] for s in created["seats"])
        early = client.post(f"/api/tables/{table_id}/rematch", json={"token": ada})
        assert early.status_code == 409 and "once it is finished" in error_of(early)["message"]
        finish(client, table_id, [ada, bo])
        asked = client.post(f"/api/tables/{table_id}/rematch", json={"token": bo})
        assert asked.status_code == 200, asked.text
        made = asked.json()
        new = made["table"]
        assert made["seat"] == 2 and made["host_token"] and made["token"] not in (ada, bo)
        assert (new["game"], new["options"], new["clock"], new["status"]) == ("highcard", {"rounds": 2}, clock, "open")
        assert [(s["name"], s["kind"]) for s in new["seats"]] == [("Ada", "person"), ("Robo", "bot"), ("Bo", "person")]
        assert [s["joined"] for s in new["seats"]] == [False, True, True]  # Bo, who asked, holds the seat at once
        again = client.post(f"/api/tables/{table_id}/rematch", json={"token": ada}).json()
        assert again["table"]["id"] == new["id"] and again["seat"] == 0 and again["host_token"] is None
        assert client.get(f"/api/tables/{table_id}").json()["next_table"] == new["id"]
        assert client.post(f"/api/tables/{table_id}/rematch", json={"token": "nope"}).status_code == 403
        for token in (again["token"], made["token"]):
            assert client.post(f"/api/tables/{new['id']}/join", json={"token": token}).json()["table"]["seats"]
        started = client.post(f"/api/tables/{new['id']}/start", json={"token": made["host_token"]})
        assert started.status_code == 200 and started.json()["status"] == "running"
