"""Review of a finished game: one row per decision, key moments, accuracy, progress, workers."""

from __future__ import annotations

from pathlib import Path

import pytest

from bigtop import bots, games
from bigtop.analysis.decisions import decision_specs
from bigtop.analysis.review import GRADES, grade, review
from bigtop.analysis.search import Budget
from bigtop.bots.match import play_game
from bigtop.core.errors import BigtopError
from bigtop.core.record import Record
from toy.game import GAME

TOY_FILE = str(Path(__file__).parents[1] / "toy" / "game.py")


def toy_record(seed: int = 4, players: int = 2) -> Record:
    return play_game(GAME, [bots.make("random", GAME, seed=seed * 10 + p) for p in range(players)], seed=seed).record()


def test_every_decision_gets_a_row_from_its_seats_view() -> None:
    record = toy_record()
    seen: list[tuple[int, int]] = []
    result = review(record, budget=Budget(100), on_progress=lambda done, total: seen.append((done, total)))
    data = result.to_json()
    assert data["format"] == "bigtop-review/2" and data["game"] == "highcard"
    specs = decision_specs(record)
    assert [r["move"] for r in data["decisions"]] == [s.move for s in specs]
    assert seen[0] == (0, len(specs)) and seen[-1] == (len(specs), len(specs))
    for row in data["decisions"]:
        assert set(row) >= {"move", "seat", "action", "win_chance", "expected_score", "expected_lead", "best_action", "loss",
                            "lead_loss", "lead_loss_margin", "grade", "win_best", "win_after"}
        assert row["seat"] == record.moves[row["move"]][0] and row["action"] == record.moves[row["move"]][1]
        assert len(row["win_chance"]) == 2 and abs(sum(row["win_chance"]) - 1) < 1e-3
        assert 0.0 <= row["loss"] <= 1.0 and all(m > 0 for m in row["win_margin"])
        if row["action"] == row["best_action"]:  # the first search's choice: nothing lost, nothing compared
            assert row["loss"] == row["lead_loss"] == 0.0 and row["pairs"] == 0 and row["grade"] is None
        else:
            assert row["pairs"] > 0 and row["loss"] == pytest.approx(max(0.0, row["win_best"][row["seat"]] - row["win_after"][row["seat"]]), abs=2e-4)
    # a forced move (a single legal action) is no decision
    assert len(specs) < len(record.moves)
    final = record.replay(games.get(record.game))
    assert data["result"]["scores"] == list(final.scores())


def test_a_sealed_step_is_searched_from_where_it_began() -> None:
    record = toy_record()
    specs = decision_specs(record)
    # both seats play a card at once in each round: the second seat's choice is searched from the
    # state before the first seat's
    second = [s for s in specs if s.origin != s.move]
    assert second, "the toy game's sealed steps put two choices in a row"
    for spec in second:
        assert record.moves[spec.origin][0] != spec.seat and spec.origin == spec.move - 1


def test_accuracy_and_key_moments_add_up() -> None:
    result = review(toy_record(6), budget=Budget(100))
    rows = {r["move"]: r for r in result.decisions}
    for acc in result.accuracy:
        mine = [r for r in result.decisions if r["seat"] == acc["seat"]]
        assert acc["decisions"] == len(mine)
        assert acc["mean_loss"] == pytest.approx(sum(r["loss"] for r in mine) / len(mine))
        assert all(rows[m]["seat"] == acc["seat"] for m in acc["costliest"])
        severity = {"blunder": 3, "mistake": 2, "inaccuracy": 1, None: 0}
        order = [(severity[rows[m]["grade"]], rows[m]["lead_loss"], rows[m]["loss"]) for m in acc["costliest"]]
        assert order == sorted(order, reverse=True)  # the graded first, then the points and win chance given up
        graded = [r for r in mine if r["grade"]]
        assert acc["lead_lost"] == pytest.approx(sum(r["lead_loss"] for r in graded), abs=0.01)
        assert acc["inaccuracies"] + acc["mistakes"] + acc["blunders"] == len(graded)
    moves = [m["move"] for m in result.key_moments]
    assert moves == sorted(moves) and len(moves) <= 5
    for moment in result.key_moments:  # decisions that gave up win chance, beyond the search's noise
        row = rows[moment["move"]]
        assert moment["swing"] == row["loss"] >= 0.05 and row["loss"] > row["loss_margin"] and moment["seat"] == row["seat"]


def test_grades_need_the_loss_beyond_its_own_interval() -> None:
    assert grade(0.25, 0.05) == "blunder" and grade(0.12, 0.05) == "mistake" and grade(0.06, 0.01) == "inaccuracy"
    assert grade(0.25, 0.3) is None and grade(0.01, 0.0) is None
    assert [name for name, _ in GRADES] == ["blunder", "mistake", "inaccuracy"]


def test_seat_filter_and_bad_input() -> None:
    record = toy_record()
    only = review(record, seats=[1], budget=Budget(50))
    assert only.decisions and {r["seat"] for r in only.decisions} == {1}
    assert [a["seat"] for a in only.accuracy] == [1]
    with pytest.raises(BigtopError, match="--seat must be between 0 and 1"):
        review(record, seats=[2], budget=Budget(50))
    unfinished = Record(record.game, record.version, record.players, record.options, record.seed, record.moves[:3])
    with pytest.raises(BigtopError, match="not finished"):
        review(unfinished, budget=Budget(50))


def test_workers_give_the_same_review_as_one_process() -> None:
    record = toy_record(8, players=3)
    alone = review(record, budget=Budget(60), seed=2)
    shared = review(record, budget=Budget(60), seed=2, workers=2, imports=[TOY_FILE])
    assert shared.to_json() == alone.to_json()


def test_ray_gives_the_same_review_and_shuts_down_what_it_started() -> None:
    import ray

    record = toy_record(8, players=3)
    alone = review(record, budget=Budget(60), seed=2)
    on_ray = review(record, budget=Budget(60), seed=2, workers=1, ray="local", imports=[TOY_FILE])
    assert on_ray.to_json() == alone.to_json()
    assert not ray.is_initialized()
