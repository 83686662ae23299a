"""How long a bot takes to answer at a table with a person tells nothing of what it knows: a
searching bot's answers with one legal move and with several come at times that cannot be told
apart.

A person plays High Card against three `ismcts` bots on a real server (four seats deal the whole
deck: every draw is a forced pass, and every last card a forced play), and never moves while a bot
has a decision, so each of the bots' decisions starts when the row before it arrives. The game's record, public once it
is over, says how many legal moves the bot had at each decision. Two-sample Kolmogorov-Smirnov:
the largest gap between the two distributions of answer times, against its critical value at
a 0.1 % false alarm rate (before, a forced move came in a few ms and a search in tens: no overlap).
"""

from __future__ import annotations

import json
import math
import statistics
import time
from typing import Any

from server_support import ServerProcess

from bigtop import games

BOT = "ismcts:iterations=300"
SAMPLE = 20  # answers of each kind
ALPHA = 0.001


def test_a_forced_move_and_a_searched_one_take_the_same_time_at_a_table_with_a_person(server: ServerProcess) -> None:
    forced: list[float] = []
    searched: list[float] = []
    deadline = time.monotonic() + 300
    seed = 0
    while (len(forced) < SAMPLE or len(searched) < SAMPLE) and time.monotonic() < deadline:
        seed += 1
        for legal, seconds in bot_answers(server, seed):
            (forced if legal == 1 else searched).append(seconds)
    assert len(forced) >= SAMPLE and len(searched) >= SAMPLE, (len(forced), len(searched))
    gap = separation(forced, searched)
    critical = math.sqrt(-math.log(ALPHA / 2) / 2) * math.sqrt((len(forced) + len(searched)) / (len(forced) * len(searched)))
    print(f"{len(forced)} forced answers, median {statistics.median(forced):.3f} s; {len(searched)} searched, "
          f"median {statistics.median(searched):.3f} s; largest gap between the distributions {gap:.2f} (critical {critical:.2f})")
    assert gap < critical


def bot_answers(server: ServerProcess, seed: int) -> list[tuple[int, float]]:
    """Play one game as seat 0; per decision of a bot, how many legal moves it had and how long
    after the row before it (or the start) its move arrived."""
    with server.client() as client:
        body = {"game": "highcard", "players": 4, "seats": [{"name": "Ada"}] + [{"bot": BOT}] * 3, "seed": seed}
        created = client.post("/api/tables", json=body).json()
        table_id, token = created["table"]["id"], created["seats"][0]["token"]
        assert client.post(f"/api/tables/{table_id}/join", json={"token": token}).status_code == 200
        arrived: dict[int, float] = {}
        with server.socket(table_id, token) as ws:
            assert client.post(f"/api/tables/{table_id}/start", json={"token": created["host_token"]}).status_code == 200
            while True:
                message = json.loads(ws.recv(timeout=30))
                if message["type"] != "state" or message["table"]["status"] != "running" and message["result"] is None:
                    continue
                arrived.setdefault(message["move"], time.monotonic())
                if message["result"] is not None:
                    break
                if message["view"]["to_move"] == [0] and message["legal"]:  # never while a bot decides
                    ws.send(json.dumps({"type": "move", "action": message["legal"][0]["action"], "move": message["move"]}))
        record = client.get(f"/api/tables/{table_id}/record").json()
    return [(legal, arrived[number + 1] - arrived[number]) for number, legal in bot_decisions(record)]


def bot_decisions(record: dict[str, Any]) -> list[tuple[int, int]]:
    """(row number, legal moves it had) of each bot's move (seats 1 to 3) in a finished record."""
    game = games.get(record["game"])
    state = game.new(record["players"], seed=record["seed"], options=game.parse_options(record["options"]))
    found = []
    for number, (seat, action) in enumerate(record["moves"]):
        if seat != 0:
            found.append((number, len(state.legal_actions(seat))))
        state.apply_json(seat, action)
    return found


def separation(a: list[float], b: list[float]) -> float:
    """The two-sample Kolmogorov-Smirnov statistic: the largest gap between the empirical
    distribution functions (what the best threshold on the time tells about the kind)."""
    return max(abs(sum(x <= t for x in a) / len(a) - sum(x <= t for x in b) / len(b)) for t in a + b)
