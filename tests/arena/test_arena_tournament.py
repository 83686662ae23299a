"""The arena: fair seating, seeded games, records, worker processes, ratings, files, the command."""

from __future__ import annotations

import csv
import json
import re
from collections import Counter
from pathlib import Path

import pytest

from bigtop import games
from bigtop.arena import output, runner
from bigtop.arena.stats import wilson
from bigtop.arena.summary import entrant_labels, summarize
from bigtop.arena.tournament import schedule
from bigtop.cli import main
from bigtop.core.record import Record

FEATURED = str(Path(__file__).with_name("arena_highcard_features.py"))


def test_wilson_interval_matches_known_values() -> None:
    low, high = wilson(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4) and high == pytest.approx(0.7634, abs=1e-4)
    low, high = wilson(0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)


def test_every_deal_is_played_from_every_seating() -> None:
    tasks = schedule("highcard", ["a", "b", "c"], 12, 40, {})
    assert [t.seed for t in tasks] == [40] * 6 + [41] * 6
    seat_counts = Counter((seat, e) for t in tasks for seat, e in enumerate(t.seating))
    assert set(seat_counts.values()) == {4}  # each entrant sits in each seat 4 times out of 12
    assert entrant_labels(["heuristic", "ismcts", "heuristic"]) == ["heuristic#1", "ismcts", "heuristic#2"]


def without_timing(rows: list[dict]) -> list[dict]:
    return [{k: v for k, v in row.items() if k != "seconds"} for row in rows]


def test_worker_processes_give_the_same_games_as_one_process() -> None:
    tasks = schedule("highcard_features", ["ismcts:iterations=30", "random"], 8, 5, {}, (FEATURED,))
    seen: list[int] = []
    parallel = runner.run_local(tasks, 2, lambda row: seen.append(row["index"]))
    serial = runner.run_local(tasks, 1)
    assert sorted(seen) == list(range(8))
    assert without_timing(parallel) == without_timing(serial)
    for row in parallel:
        state = Record.from_json(row["record"]).replay(games.get("highcard_features"))
        assert list(state.result().scores) == row["scores"] and state.move_count == row["moves"]
        assert len(row["features"]) == 2 and all(f.startswith("card ") for seat in row["features"] for f in seat)


def test_ratings_and_win_rates_follow_the_results() -> None:
    tasks = schedule("highcard", ["random", "ismcts:iterations=150"], 60, 0, {})
    rows = runner.run_local(tasks, 1)
    summary = summarize(rows, ["random", "ismcts:iterations=150"])
    weak, strong = summary["entrants"]
    assert weak["wins"] + strong["wins"] == pytest.approx(60)
    assert strong["win_rate"] > weak["win_rate"] and strong["mu"] > weak["mu"]
    assert strong["low"] < strong["win_rate"] < strong["high"]
    assert sum(s["wins"] for s in summary["seats"]) == pytest.approx(60)
    for entrant in summary["entrants"]:
        assert [c["games"] for c in entrant["by_seat"]] == [30, 30]
        assert sum(c["wins"] for c in entrant["by_seat"]) == pytest.approx(entrant["wins"])


def test_arena_command_writes_records_csv_json(tmp_path: Path) -> None:
    out = tmp_path / "out"
    code = main(["arena", "highcard_features", "--bots", "ismcts:iterations=20,c=1,random", "-n", "6", "--seed", "3",
                 "--workers", "2", "--out", str(out), "--import", FEATURED])
    assert code == 0
    summary, rows = output.read(out)
    assert summary["tournament"]["bots"] == ["ismcts:iterations=20,c=1", "random"]
    assert [r["seed"] for r in rows] == [3, 3, 4, 4, 5, 5]
    with (out / "games.csv").open() as handle:
        lines = list(csv.DictReader(handle))
    assert len(lines) == 12 and {line["bot"] for line in lines} == {"ismcts:iterations=20,c=1", "random"}
    record = json.loads((out / rows[0]["record"]).read_text())
    assert Record.from_json(record).replay(games.get("highcard_features")).is_over()
    # a smaller tournament into the same folder leaves only its own records
    assert main(["arena", "highcard_features", "--bots", "random,random", "-n", "2", "--out", str(out), "--import", FEATURED]) == 0
    assert len(list((out / "records").iterdir())) == 2


def test_arena_errors_are_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "highcard", "--bots", "random,nosuchbot", "-n", "2", "--out", str(tmp_path)]) == 2
    assert "unknown bot 'nosuchbot'" in capsys.readouterr().err
    assert main(["arena", "highcard", "--bots", "random,random", "--import", "no/such/game.py", "--out", str(tmp_path)]) == 2
    assert "no such file" in capsys.readouterr().err
    assert main(["arena", "highcard", "--bots", "random,random", "--workers", "2", "--out", str(tmp_path)]) == 2
    assert "pass --import" in capsys.readouterr().err
    broken = str(Path(__file__).with_name("arena_broken_game.py"))
    assert main(["arena", "highcard_broken", "--bots", "random,random", "-n", "2", "-w", "2", "--import", broken, "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err  # either game may fail first: twin bots play a new deal each game
    assert re.search(r"game ([01]) \(seed \1, seats random, random\) failed: KeyError: 'broken-card' at .*arena_broken_game.py", err)


def test_an_interrupted_tournament_keeps_its_games_and_resumes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    late = str(Path(__file__).with_name("arena_late_break_game.py"))
    out = tmp_path / "out"
    args = ["arena", "highcard_late_break", "--bots", "random,ismcts:iterations=20", "--import", late, "--out", str(out)]
    assert main([*args, "-n", "8"]) == 2  # the deal of seed 2 (games 4 and 5) breaks
    assert "broken-deal" in capsys.readouterr().err
    saved = (out / "games.jsonl").read_text().splitlines()
    assert [json.loads(line)["index"] for line in saved[1:]] == [0, 1, 2, 3]
    (out / json.loads(saved[2])["record"]).unlink()  # game 1 was cut off while being saved
    game = games.get("highcard_late_break")
    game.broken_seeds = frozenset()
    try:
        assert main([*args, "-n", "8", "--resume"]) == 0
        assert "resuming: 3 of 8 games already played" in capsys.readouterr().out
        assert main([*args, "-n", "8", "--out", str(tmp_path / "fresh")]) == 0
    finally:
        del game.broken_seeds
    _, resumed = output.read(out)
    _, fresh = output.read(tmp_path / "fresh")
    assert without_timing(resumed) == without_timing(fresh)
    assert len(list((out / "records").iterdir())) == 8
    other = ["arena", "highcard_late_break", "--bots", "random,random", "-n", "2", "--import", late, "--out", str(out), "--resume"]
    assert main(other) == 2
    assert "holds games of another tournament (its bots differ)" in capsys.readouterr().err
