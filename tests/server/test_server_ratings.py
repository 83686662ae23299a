"""Ratings against a real server: a finished rated game moves its players' OpenSkill ratings as the
model computes them (bots stay at their anchors), friendly and practice tables move none, the
leaderboard and the player pages show them, shared victories are ties, and `bigtop rerate`
recomputes everything from the stored games."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from contextlib import closing
from datetime import UTC, datetime, timedelta
from pathlib import Path

import httpx
import pytest
from community_support import play_to_end, register, unique, wait_for
from server_support import TESTS, ServerProcess, create, error_of

from bigtop.server.rating_scale import MODEL, NEWCOMER, anchor
from bigtop.server.ratings import Outcome, SeatOutcome, ordinal, rate


def _play(clients: list[httpx.Client], bots: int = 1, **extra: object) -> tuple[str, dict]:
    """Signed-in `clients` (in seat order) and `bots` random bots play a High Card table to its
    end; answers its id and result."""
    created = create(clients[0], [{"name": "x"}] * len(clients) + [{"bot": "random"}] * bots, seed=None, **extra)
    table_id = created["table"]["id"]
    for client, seat in zip(clients, created["seats"], strict=True):  # each person joins signed in
        assert client.post(f"/api/tables/{table_id}/join", json={"token": seat["token"]}).status_code == 200
    assert clients[0].post(f"/api/tables/{table_id}/start", json={"token": created["host_token"]}).status_code == 200
    play_to_end(clients[0], table_id, [s["token"] for s in created["seats"]])
    return table_id, clients[0].get(f"/api/tables/{table_id}/state").json()["result"]


def _play_rated(server: ServerProcess, people: list[str], bots: int = 1, **extra: object) -> tuple[str, dict]:
    """Newly registered `people` and `bots` random bots play a High Card table to its end."""
    clients = [register(server, name) for name in people]
    try:
        return _play(clients, bots, **extra)
    finally:
        for client in clients:
            client.close()


def _page(client: httpx.Client, name: str) -> dict:
    response = client.get(f"/api/players/{name}")
    assert response.status_code == 200, response.text
    return response.json()


def test_a_rated_game_moves_its_players_ratings_as_openskill_does(server: ServerProcess) -> None:
    ada, bo = unique("Ada"), unique("Bo")
    table_id, result = _play_rated(server, [ada, bo])
    teams = [[MODEL.rating(*NEWCOMER)], [MODEL.rating(*NEWCOMER)], [MODEL.rating(*anchor("highcard", "random"))]]
    expected = MODEL.rate(teams, ranks=result["ranks"])
    with server.client() as client:
        page = wait_for(lambda: _page(client, ada)["games"] and _page(client, ada))
        (game,) = page["games"]
        assert (game["game"], game["played"], game["rated"], game["won"]) == ("highcard", 1, 1, int(result["ranks"][0] == 1))
        assert game["mu"] == pytest.approx(expected[0][0].mu) and game["sigma"] == pytest.approx(expected[0][0].sigma)
        assert game["rating"] == pytest.approx(ordinal(expected[0][0].mu, expected[0][0].sigma))
        (recent,) = page["recent"]
        assert (recent["table"], recent["rank"], recent["replay"]) == (table_id, result["ranks"][0], f"/#/replay/{table_id}")
        assert [s["name"] for s in recent["seats"]] == [ada, bo, "random"]
        assert [s["registered"] for s in recent["seats"]] == [True, True, False]
        assert recent["change"] == pytest.approx(game["rating"] - 0.0)  # a newcomer starts at 0
        for moment in (page["since"], recent["finished_at"]):  # moments carry their time zone, on SQLite too
            at = datetime.fromisoformat(moment)
            assert at.utcoffset() == timedelta(0) and abs(datetime.now(UTC) - at) < timedelta(minutes=10)

        board = {row["name"]: row for row in client.get("/api/ratings/highcard").json()}
        assert board[bo]["mu"] == pytest.approx(expected[1][0].mu) and board[bo]["games"] == 1
        bot = board["random"]
        assert bot["bot"] is True and (bot["mu"], bot["sigma"]) == anchor("highcard", "random")  # an anchor does not move
        ranks = [row["rank"] for row in client.get("/api/ratings/highcard").json()]
        assert ranks == sorted(ranks)
        ratings = [row["rating"] for row in client.get("/api/ratings/highcard").json()]
        assert ratings == sorted(ratings, reverse=True)


def test_ratings_carry_from_one_game_to_the_next(server: ServerProcess) -> None:
    cy, di = unique("Cy"), unique("Di")
    clients = [register(server, cy), register(server, di)]
    try:
        _, first = _play(clients, bots=0)
        wait_for(lambda: _page(clients[0], cy)["recent"])
        _, second = _play(clients[::-1], bots=0)  # the other way round: Di in seat 0
        pages = wait_for(lambda: [_page(c, n) for c, n in zip(clients, (cy, di), strict=True)]
                         if len(_page(clients[0], cy)["recent"]) == 2 else None)
    finally:
        for client in clients:
            client.close()
    fresh = [[MODEL.rating(*NEWCOMER)], [MODEL.rating(*NEWCOMER)]]
    once = MODEL.rate(fresh, ranks=first["ranks"])
    twice = MODEL.rate([once[1], once[0]], ranks=second["ranks"])  # seat 0 is Di now
    for page, expected in zip(pages, (twice[1][0], twice[0][0]), strict=True):
        (game,) = page["games"]
        assert (game["played"], game["rated"]) == (2, 2)
        assert (game["mu"], game["sigma"]) == pytest.approx((expected.mu, expected.sigma))


def test_friendly_and_practice_tables_move_no_rating(server: ServerProcess) -> None:
    eve = unique("Eve")
    with closing(register(server, eve)) as client:
        _play([client], rated=False)
        _play([client], practice=True)
        page = wait_for(lambda: len(_page(client, eve)["recent"]) == 2 and _page(client, eve))
        (game,) = page["games"]
        assert (game["played"], game["rated"], game["rating"]) == (2, 0, None)
        assert [(r["rated"], r["rating"]) for r in page["recent"]] == [(False, None)] * 2
        assert eve not in {row["name"] for row in client.get("/api/ratings/highcard").json()}


def test_shared_victories_are_ties() -> None:
    seats = (SeatOutcome(0, "a", 1, None, 1, 9.0), SeatOutcome(1, "b", 2, None, 1, 9.0),
             SeatOutcome(2, "c", 3, None, 3, 2.0), SeatOutcome(3, "bot", None, "heuristic", 4, 1.0))
    outcome = Outcome("t", "highcard", True, None, seats)  # type: ignore[arg-type]
    before = {1: (27.0, 5.0), 2: (27.0, 5.0), 3: (20.0, 4.0)}
    after = rate(outcome, before)
    assert after[0] == after[1]  # the same rating before, a shared first place: the same rating after
    teams = [[MODEL.rating(*before[1])], [MODEL.rating(*before[2])], [MODEL.rating(*before[3])],
             [MODEL.rating(*anchor("highcard", "heuristic"))]]
    expected = MODEL.rate(teams, ranks=[1, 1, 3, 4])
    assert after[0] == pytest.approx((expected[0][0].mu, expected[0][0].sigma))
    assert after[3] == anchor("highcard", "heuristic")
    assert after[0][0] > before[1][0]  # both winners gain
    untied = rate(Outcome("t", "highcard", True, None, (seats[0], SeatOutcome(1, "b", 2, None, 2, 8.0), *seats[2:])),  # type: ignore[arg-type]
                  before)
    assert untied[0][0] > untied[1][0]  # without the tie, first and second part


def test_unknown_game_or_player_is_a_404(server: ServerProcess) -> None:
    with server.client() as client:
        assert client.get("/api/ratings/nosuchgame").status_code == 404
        response = client.get("/api/players/nobody-at-all")
        assert response.status_code == 404 and error_of(response)["code"] == "not_found"
        assert client.get("/api/ratings/highcard", params={"limit": 0}).status_code == 400


def test_rerate_recomputes_every_rating_from_the_stored_games(server: ServerProcess) -> None:
    gil, hal = unique("Gil"), unique("Hal")
    with closing(register(server, gil)) as first, closing(register(server, hal)) as second:
        _play([first, second])
        _play([first])
    with server.client() as client:
        wait_for(lambda: len(_page(client, gil)["recent"]) == 2)
        before = client.get("/api/ratings/highcard").json()
        pages = [_page(client, gil), _page(client, hal)]
    database = server.database_url.removeprefix("sqlite:///")
    with sqlite3.connect(database) as db:  # a "bug" spoils the stored ratings
        db.execute("UPDATE bigtop_ratings SET mu = 0, sigma = 1")
        db.execute("DELETE FROM bigtop_outcomes WHERE seat = 0")
    server.stop()
    try:
        done = subprocess.run([sys.executable, "-m", "bigtop", "rerate", "--database-url", server.database_url,
                               "--game-module", "toy.game"], capture_output=True, text=True, timeout=120,
                              env={"PYTHONPATH": str(TESTS), "PATH": "/usr/bin:/bin"})
        assert done.returncode == 0, done.stderr
        assert "rerated" in done.stdout
    finally:
        server.start()
    with server.client() as client:
        after = client.get("/api/ratings/highcard").json()
        assert [(r["name"], r["games"]) for r in after] == [(r["name"], r["games"]) for r in before]
        for old, new in zip(before, after, strict=True):
            assert new["mu"] == pytest.approx(old["mu"]) and new["sigma"] == pytest.approx(old["sigma"])
        again = [_page(client, gil), _page(client, hal)]
    for old, new in zip(pages, again, strict=True):
        assert new["games"] == old["games"]
        assert [r["table"] for r in new["recent"]] == [r["table"] for r in old["recent"]]
        assert [r["rating"] for r in new["recent"]] == pytest.approx([r["rating"] for r in old["recent"]])


def test_rerate_says_what_it_does(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "bigtop", "rerate", "--help"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and "Recompute every finished game" in done.stdout
