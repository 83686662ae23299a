"""Questions with one answer are answered for people by the server (`no_choice.py`): a person at a
real server is never sent a decision with one move; the server plays it after a delay drawn in the
configured range, whatever the seat holds; a question with a real choice is still asked."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from typing import Any

import pytest
from server_support import ServerProcess, create, error_of, sqlite_url, start_table
from websockets.exceptions import ConnectionClosed

from bigtop.core.record import Record

DELAY = (0.2, 0.4)
QUIET = 0.1  # no message for this long: the last one received is the table as it stands


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp("no-choice")
    process = ServerProcess(sqlite_url(folder), folder, bot_delay=0.0, answer_delay=DELAY).start()
    yield process
    process.stop()


def drain(ws: Any, current: tuple[dict[str, Any], float] | None = None, wait: float = 30.0) -> tuple[dict[str, Any], float]:
    """The last `state` message received before a quiet spell, and when it arrived (monotonic
    seconds); `current` if none came (waiting up to `wait` seconds for a first one)."""
    found = current
    deadline = time.monotonic() + wait
    while True:
        try:
            data = json.loads(ws.recv(timeout=QUIET if found else max(0.1, deadline - time.monotonic())))
        except (TimeoutError, ConnectionClosed):
            assert found is not None, "no state message"
            return found
        if data["type"] == "state":
            found = (data, time.monotonic())


def to_a_hammer_question(sockets: list[Any], seconds: float) -> tuple[list[Any], int, dict[str, Any]]:
    """Play a Troll Fest table of three people (their `sockets`), each letting action cards pass and
    otherwise moving at random, until a Thor's Hammer question that one seat can answer: every
    seat's newest state then, the holder and the question (`view["answer"]`)."""
    rng = random.Random(5)
    seen: list[Any] = [None] * 3
    deadline = time.monotonic() + seconds
    while True:
        assert time.monotonic() < deadline, f"no Thor's Hammer question with one holder in {seconds} s"
        seen = table_now(sockets, seen)
        assert seen[0][0]["result"] is None, "the game ended before such a question"
        offered = [message["legal"] for message, _ in seen]
        holders = [q for q, legal in enumerate(offered) if any(m["action"].get("hammer") for m in legal)]
        window = seen[0][0]["view"]["answer"]
        if window is not None and len(holders) == 1 and len(window["waiting"]) == 2:
            return seen, holders[0], window
        for q, legal in enumerate(offered):
            if legal:
                letting = [m for m in legal if m["action"].get("hammer") is False]
                move = letting[0] if letting else legal[rng.randrange(len(legal))]
                sockets[q].send(json.dumps({"type": "move", "action": move["action"], "move": seen[q][0]["move"]}))


def table_now(sockets: list[Any], seen: list[Any]) -> list[tuple[dict[str, Any], float]]:
    """Every seat's newest state once all of them show the same move."""
    while True:
        seen = [drain(ws, current) for ws, current in zip(sockets, seen, strict=True)]
        if len({message["move"] for message, _ in seen}) == 1:
            return seen


def test_people_are_asked_real_choices_only_and_the_server_answers_the_rest_in_its_range(server):
    """Troll Fest between three people: every state a seat is sent offers two moves or more, or
    none; when nobody is asked the server answers for them (Thor's Hammer windows of seats holding
    none, band reveals with nothing to decide) within the longest delay of the table's last change;
    the stored game holds those answers as the seats' moves."""
    with server.client() as client:
        created = create(client, [{"name": "Ada"}, {"name": "Bo"}, {"name": "Cy"}], game="trollfest", seed=8)
        table_id = start_table(client, created)
        tokens = [seat["token"] for seat in created["seats"]]
        sockets = [server.socket(table_id, token) for token in tokens]
        sent = 0
        waits: list[float] = []  # from a change to the server's next answer
        firsts: list[float] = []  # the same, where the change was a person's move: every timer started then
        fresh = False
        seen: list[Any] = [None] * len(sockets)
        try:
            deadline = time.monotonic() + 300
            while len(firsts) < 3:
                assert time.monotonic() < deadline, f"{len(waits)} answers given by the server in 300 s"
                seen = table_now(sockets, seen)
                assert seen[0][0]["result"] is None
                offered = [message["legal"] for message, _ in seen]
                assert all(len(legal) != 1 for legal in offered), offered
                if any(offered):
                    for ws, (message, _) in zip(sockets, seen, strict=True):
                        if message["legal"]:
                            ws.send(json.dumps({"type": "move", "action": message["legal"][0]["action"], "move": message["move"]}))
                            sent += 1
                    fresh = True
                    continue
                changed = max(at for _, at in seen)
                answered, at = drain(sockets[0], None, wait=10)
                assert answered["move"] >= seen[0][0]["move"]  # an answer in a secret step leaves the number shown
                waits.append(at - changed)
                if fresh:
                    firsts.append(at - changed)
                fresh = False
                seen[0] = (answered, at)
        finally:
            for ws in sockets:
                ws.close()
        moves = client.get(f"/api/tables/{table_id}").json()["moves"]
    assert all(wait <= DELAY[1] + 1.5 for wait in waits), waits  # slack: a loaded machine
    assert len(firsts) == 3
    assert moves > sent  # the server's answers are stored moves of the seats


def quiet(ws: Any, seconds: float) -> list[dict[str, Any]]:
    """The messages `ws` receives in the next `seconds`."""
    got: list[dict[str, Any]] = []
    end = time.monotonic() + seconds
    while (left := end - time.monotonic()) > 0:
        try:
            got.append(json.loads(ws.recv(timeout=left)))
        except TimeoutError:
            break
    return got


def test_nobody_learns_who_has_answered_a_hammer_question_until_all_have(server):
    """Troll Fest between three people on a real-time clock. When a card is played, the seat holding
    Thor's Hammer is asked and the other is answered for by the server after its delay. Until the
    holder answers, nothing a seat, a spectator or the lobby can read changes: no message reaches
    them, the move number and count stand still, both seats are shown to move and both clocks run;
    the holder's answer closes the window and everyone hears of it."""
    with server.client() as client:
        created = create(client, [{"name": "Ada"}, {"name": "Bo"}, {"name": "Cy"}], game="trollfest", seed=13,
                         clock={"kind": "realtime", "base": 900, "increment": 5})
        table_id = start_table(client, created)
        tokens = [seat["token"] for seat in created["seats"]]
        sockets = [server.socket(table_id, token) for token in tokens]
        try:
            seen, holder, window = to_a_hammer_question(sockets, 240)
            other = next(q for q in window["waiting"] if q != holder)
            opened = seen[holder][0]
            before = client.get(f"/api/tables/{table_id}").json()
            with server.socket(table_id) as spectator:
                drain(spectator)
                told = {q: quiet(sockets[q], DELAY[1] + 0.8) for q in range(3) if q != other}
                told_spectator = quiet(spectator, 0.1)
                own = drain(sockets[other])[0]  # the seat answered for knows its answer is in
                assert own["view"]["my_answer"] is False and own["legal"] == []
                assert own["move"] == opened["move"]
                assert not any(m["type"] == "state" for messages in told.values() for m in messages), told
                assert not told_spectator
                now = client.get(f"/api/tables/{table_id}").json()
                assert (now["moves"], now["to_move"]) == (before["moves"], before["to_move"]) and set(window["waiting"]) <= set(now["to_move"])
                with server.socket(table_id) as late:  # a spectator arriving now
                    fresh = drain(late)[0]
                assert fresh["move"] == opened["move"] and fresh["view"]["answer"] == {"chosen": [], "waiting": window["waiting"]}
                assert fresh["view"]["to_move"] == window["waiting"]
                assert all(fresh["clock"]["seats"][q]["running"] for q in window["waiting"])
                said = client.post(f"/api/tables/{table_id}/chat", json={"token": tokens[holder], "text": "hmm"})
                assert said.status_code == 201 and said.json()["move"] == before["moves"]  # stamped as the window opened
                hint = client.post(f"/api/tables/{table_id}/hint", json={"token": tokens[holder]})
                assert hint.status_code == 409 and "no hint for this question" in error_of(hint)["message"]
                sockets[other].send(json.dumps({"type": "undo", "move": own["move"]}))
                refused = next(m for m in map(json.loads, iter(lambda: sockets[other].recv(timeout=10), None)) if m["type"] == "error")
                assert refused["reason"] == "sealed", refused
                assert not [m for m in quiet(spectator, 0.2) if m["type"] == "state"]  # the chat line, nothing more
                letting = next(m for m in opened["legal"] if m["action"].get("hammer") is False)
                sockets[holder].send(json.dumps({"type": "move", "action": letting["action"], "move": opened["move"]}))
                closed = drain(spectator, wait=10)[0]
                assert closed["move"] >= opened["move"] + 2 and closed["view"]["answer"] is None
                ran = [before_seat["left"] - after_seat["left"] + 5 for before_seat, after_seat
                       in zip(fresh["clock"]["seats"], closed["clock"]["seats"], strict=True)]
                assert abs(ran[holder] - ran[other]) < 0.5, ran  # both charged the window, to the end
        finally:
            for ws in sockets:
                ws.close()


def test_a_game_with_bots_plays_to_its_end_with_the_servers_answers(server):
    """Troll Fest, a person and two bots, to the end: the person is only ever asked real choices
    (Thor's Hammer windows and band reveals with one answer are the server's), and the saved game
    replays, the person's seat holding more moves than the person sent."""
    with server.client() as client:
        created = create(client, [{"name": "Ada"}, {"bot": "random"}, {"bot": "random"}], game="trollfest", seed=3)
        table_id = start_table(client, created)
        sent = 0
        with server.socket(table_id, created["seats"][0]["token"]) as ws:
            deadline = time.monotonic() + 400
            newest = None
            while True:
                assert time.monotonic() < deadline, "the game did not end"
                newest = drain(ws, newest)
                message = newest[0]
                if message["result"] is not None:
                    break
                assert len(message["legal"]) != 1
                if message["legal"]:
                    ws.send(json.dumps({"type": "move", "action": message["legal"][0]["action"], "move": message["move"]}))
                    sent += 1
        record = Record.from_json(client.get(f"/api/tables/{table_id}/record").json())
    assert sum(1 for seat, _ in record.moves if seat == 0) > sent > 0


def test_the_delay_is_drawn_in_its_range_from_nothing_the_game_holds():
    """`answer_delay` takes only the range: nothing a seat holds can reach it; its draws fill the range."""
    import inspect

    from bigtop.server.no_choice import answer_delay

    assert list(inspect.signature(answer_delay).parameters) == ["low", "high"]
    draws = [answer_delay(1.0, 4.0) for _ in range(2000)]
    assert 1.0 <= min(draws) < 1.1 and 3.9 < max(draws) <= 4.0
    assert 2.4 < sum(draws) / len(draws) < 2.6


def test_a_choice_between_copies_of_one_card_is_answered_for_the_person(server):
    """Troll Fest between three people, played move by move as a seeded random game that reaches a
    draft pick between two copies of one card and nothing else (`test_copies_one_choice.py`). That
    seat is sent no move, and the server picks one of the copies for it within its delay; the
    step's other seats are still asked."""
    from test_copies_one_choice import copies_only, played_to

    seed, at = copies_only("trollfest", 3)
    position = played_to("trollfest", 3, seed, at)
    seat = position.to_move()[0]
    copies = {a.card for a in position.legal_actions(seat)}  # type: ignore[attr-defined]
    with server.client() as client:
        created = create(client, [{"name": "Ada"}, {"name": "Bo"}, {"name": "Cy"}], game="trollfest", seed=seed)
        table_id = start_table(client, created)
        tokens = [s["token"] for s in created["seats"]]
        for mover, action in position.record().moves:
            sent = client.post(f"/api/tables/{table_id}/moves", json={"token": tokens[mover], "action": action})
            assert sent.status_code == 200, sent.text
        asked = client.get(f"/api/tables/{table_id}/state", params={"token": tokens[seat]}).json()
        assert asked["legal"] == [] and asked["view"]["packet"] == position.view(seat)["packet"]
        assert all(client.get(f"/api/tables/{table_id}/state", params={"token": tokens[q]}).json()["legal"]
                   for q in range(3) if q != seat)
        deadline = time.monotonic() + DELAY[1] + 5
        while (mine := client.get(f"/api/tables/{table_id}/state", params={"token": tokens[seat]}).json())["view"]["my_choice"] is None:
            assert time.monotonic() < deadline, "the server did not pick for the seat"
            time.sleep(0.05)
        assert mine["view"]["my_choice"] in copies and mine["legal"] == []
        assert client.get(f"/api/tables/{table_id}").json()["moves"] == at + 1
