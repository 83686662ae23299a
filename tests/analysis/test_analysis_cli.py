"""`bigtop analyze`: the summary, the JSON and the HTML page; one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bigtop import bots
from bigtop.bots.match import play_game
from bigtop.cli import main
from toy.game import GAME


def saved_game(tmp_path: Path, moves: int | None = None) -> Path:
    state = play_game(GAME, [bots.make("random", GAME, seed=p) for p in range(2)], seed=9)
    record = state.record()
    if moves is not None:
        record.moves = record.moves[:moves]
    path = tmp_path / "game.json"
    record.save(path)
    return path


def test_analyze_writes_json_and_a_page(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = saved_game(tmp_path)
    out_json, out_html, out_svg = tmp_path / "review.json", tmp_path / "review.html", tmp_path / "graph.svg"
    code = main(["analyze", str(path), "--budget", "80", "--json", str(out_json), "--html", str(out_html), "--svg", str(out_svg)])
    out = capsys.readouterr().out
    assert code == 0
    assert "Key moments" in out and "Seat 0" in out and "80 iterations per decision" in out
    data = json.loads(out_json.read_text())
    assert ("No decision gave up 5 points of win chance" in out) == (not data["key_moments"])  # no empty table
    assert data["budget"] == {"iterations": 80, "seconds": None, "pairs": 64} and data["decisions"]
    page = out_html.read_text()
    assert page.startswith("<!doctype html><html lang=en>") and "<svg" in page and "Costliest decisions" in page
    assert out_svg.read_text().startswith("<svg") and out_svg.read_text().count("<polyline") == 2
    for moment in data["key_moments"]:
        assert f'id="moment-{moment["move"]}"' in page and '<pre class="board"' in page


def test_analyze_one_seat_by_time(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = saved_game(tmp_path)
    out_json = tmp_path / "review.json"
    assert main(["analyze", str(path), "--seat", "1", "--time", "0.02", "--json", str(out_json)]) == 0
    data = json.loads(out_json.read_text())
    assert {r["seat"] for r in data["decisions"]} == {1} and data["budget"]["seconds"] == 0.02


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--budget", "10", "--time", "1"], "not both"),
        (["--seat", "5"], "--seat must be between 0 and 1"),
        (["--budget", "0"], "--budget"),
        (["--workers", "0"], "--workers"),
    ],
)
def test_bad_arguments_are_one_line_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str], extra: list[str], message: str) -> None:
    path = saved_game(tmp_path)
    assert main(["analyze", str(path), *extra]) == 2
    assert message in capsys.readouterr().err


def test_a_missing_or_unfinished_record_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", str(tmp_path / "nothing.json")]) == 2
    assert "cannot read record" in capsys.readouterr().err
    assert main(["analyze", str(saved_game(tmp_path, moves=2))]) == 2
    assert "not finished" in capsys.readouterr().err


@pytest.mark.parametrize(("lang", "words", "english"), [
    ("fr", ("Analyse de la partie", "Décisions les plus coûteuses", "zone : intervalle à 95 %", "coup"), "Costliest decisions"),
    ("zh-Hant", ("對局分析", "代價最高的決策", "陰影：95 % 區間", "步數"), "Costliest decisions"),
])
def test_the_page_and_the_summary_speak_the_language_asked_for(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str, words: tuple[str, ...], english: str,
) -> None:
    path = saved_game(tmp_path)
    out_html, out_svg = tmp_path / "review.html", tmp_path / "graph.svg"
    assert main(["analyze", str(path), "--budget", "60", "--lang", lang, "--html", str(out_html), "--svg", str(out_svg)]) == 0
    out = capsys.readouterr().out
    page = out_html.read_text(encoding="utf-8")
    assert page.startswith(f"<!doctype html><html lang={lang}>")
    assert all(word in page for word in words) and english not in page
    assert words[2] in out_svg.read_text(encoding="utf-8")
    assert words[1] in out and ("Moments clés" in out if lang == "fr" else "關鍵時刻" in out)  # the costliest decisions too
    assert english not in out and "Key moments" not in out


def test_an_unknown_language_is_a_one_line_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", str(saved_game(tmp_path)), "--lang", "de"]) == 2
    assert "unknown language 'de'" in capsys.readouterr().err
