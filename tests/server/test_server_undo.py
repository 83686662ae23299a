"""Undo on a real server: a person takes their last move back where the game's table rule allows
it (never across a random draw, a reveal or another seat's move), everyone's log says so, a
refusal says why, and an undo is stored like a move (a restart replays it)."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from server_support import create, error_of, receive, start_table, state_of

from bigtop.server.live_table import MAX_UNDOS

PEOPLE = [{"name": "Ada"}, {"name": "Bo"}]


def play(client: Any, table_id: str, token: str, index: int = 0) -> dict[str, Any]:
    """Play the seat's `index`-th legal action; answers the state it was chosen in."""
    seen = state_of(client, table_id, token)
    body = {"token": token, "action": seen["legal"][index]["action"], "move": seen["move"]}
    response = client.post(f"/api/tables/{table_id}/moves", json=body)
    assert response.status_code == 200, response.text
    return seen


def two_people(client: Any, seed: int) -> tuple[str, str, str]:
    """A started High Card table of Ada and Bo; answers its id and their tokens."""
    created = create(client, PEOPLE, seed=seed)
    ada, bo = (s["token"] for s in created["seats"])
    return start_table(client, created), ada, bo


def undo(client: Any, table_id: str, token: str, move: int | None = None) -> Any:
    return client.post(f"/api/tables/{table_id}/undo", json={"token": token, "move": move})


def test_a_sealed_card_nobody_has_seen_is_taken_back_and_everyone_reads_it_in_the_log(server):
    with server.client() as client:
        table_id, ada, bo = two_people(client, 11)
        with server.socket(table_id, bo) as watching:
            first = receive(watching, "state")
            assert first["undo"] is False  # nothing to take back yet
            chosen = play(client, table_id, ada, index=1)
            assert state_of(client, table_id, ada)["undo"] is True
            after_move = receive(watching, "state")
            assert after_move["log_from"] == len(first["log"]) and after_move["log"]  # Bo reads that Ada played
            taken_back = undo(client, table_id, ada, move=chosen["move"] + 1)
            assert taken_back.status_code == 200 and taken_back.json() == {"move": chosen["move"] + 1}
            rewound = receive(watching, "state")
        assert rewound["log_from"] == 0  # the whole log again: an entry was taken out
        assert [e["kind"] for e in rewound["log"]] == [e["kind"] for e in first["log"]] + ["table.undo"]
        assert rewound["log"][-1]["data"] == {"seat": 0} and rewound["log"][-1]["text"] == "P0 took a move back."
        mine = state_of(client, table_id, ada)
        assert mine["legal"] == chosen["legal"] and mine["undo"] is False and mine["move"] == chosen["move"] + 2
        assert mine["table"]["moves"] == 0  # the game itself is back where it was
        assert state_of(client, table_id)["log"][-1]["kind"] == "table.undo"  # spectators read it too


def test_an_undo_the_rule_refuses_says_why_and_changes_nothing(server):
    with server.client() as client:
        table_id, ada, bo = two_people(client, 12)
        refused = undo(client, table_id, ada)
        assert refused.status_code == 409 and error_of(refused)["code"] == "undo_refused"
        assert error_of(refused)["reason"] == "nothing"
        play(client, table_id, ada)
        play(client, table_id, bo)  # the second card completes the step: both are shown
        for token, reason, words in [(ada, "other_seat", "was seat 1's, not yours"), (bo, "irreversible", "revealed")]:
            refused = undo(client, table_id, token)
            assert refused.status_code == 409, refused.text
            assert error_of(refused)["reason"] == reason and words in error_of(refused)["message"]
        assert undo(client, table_id, "not-a-token").status_code == 403
        now = state_of(client, table_id, bo)
        assert now["move"] == 2 and now["undo"] is False and not any(e["kind"] == "table.undo" for e in now["log"])
        with server.socket(table_id) as spectator:
            receive(spectator, "state")
            spectator.send(json.dumps({"type": "undo"}))
            assert receive(spectator, "error")["code"] == "forbidden"


def test_a_move_chosen_before_another_seats_undo_is_still_taken_if_legal(server):
    with server.client() as client:
        table_id, ada, bo = two_people(client, 13)
        bo_saw = state_of(client, table_id, bo)
        play(client, table_id, ada)
        assert undo(client, table_id, ada).status_code == 200
        body = {"token": bo, "action": bo_saw["legal"][0]["action"], "move": bo_saw["move"]}
        taken = client.post(f"/api/tables/{table_id}/moves", json=body)
        assert taken.status_code == 200 and taken.json() == {"move": 2}


def test_an_undo_is_stored_and_replayed_after_a_kill(server):
    with server.client() as client:
        table_id, ada, bo = two_people(client, 14)
        with server.socket(table_id, ada) as ws:
            receive(ws, "state")
            chosen = play(client, table_id, ada)
            ws.send(json.dumps({"type": "undo", "move": chosen["move"] + 1}))
            assert receive(ws, "ack") == {"type": "ack", "move": 1}
        before = state_of(client, table_id, ada)
    server.kill()
    server.start()
    with server.client() as client:
        after = state_of(client, table_id, ada)
        assert (after["move"], after["view"], after["legal"], after["log"]) == (before["move"], before["view"], before["legal"], before["log"])
        play(client, table_id, ada, index=2)
        play(client, table_id, bo)
        assert [e["kind"] for e in state_of(client, table_id, bo)["log"]].count("table.undo") == 1


def test_a_seat_takes_back_at_most_max_undos_moves_a_game_even_across_a_restart(server):
    """Each undo is a stored row and a line in every seat's log: a seat repeating a move and its
    undo (two tables at once, one thread each) is refused once it took back `MAX_UNDOS` moves."""
    with server.client() as client:
        tables = [two_people(client, seed) for seed in (15, 16)]

    def cycle(table_id: str, ada: str) -> list[str | None]:
        reasons = []
        with server.client() as mine:
            for _ in range(MAX_UNDOS + 1):
                chosen = play(mine, table_id, ada)
                answer = undo(mine, table_id, ada, move=chosen["move"] + 1)
                reasons.append(None if answer.status_code == 200 else error_of(answer)["reason"])
        return reasons

    with ThreadPoolExecutor(2) as pool:
        done = list(pool.map(lambda t: cycle(t[0], t[1]), tables))
    assert done == [[None] * MAX_UNDOS + ["limit"]] * 2
    table_id, ada, bo = tables[0]
    with server.client() as client:
        assert state_of(client, table_id, ada)["undo"] is False
        assert [e["kind"] for e in state_of(client, table_id, bo)["log"]].count("table.undo") == MAX_UNDOS
    server.kill()
    server.start()
    with server.client() as client:
        refused = undo(client, table_id, ada)
        assert refused.status_code == 409 and error_of(refused)["reason"] == "limit", refused.text
        play(client, table_id, bo)
        assert state_of(client, table_id, bo)["undo"] is False  # Bo's card completed the step: shown, not his to take back
