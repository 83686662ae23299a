"""`bigtop compare GAME A B`: two content files on the same deals, by the same bots, every figure
of "what decides games" paired deal by deal."""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[1] / "terminal"))
from cli_process import assert_one_error_line, bigtop  # noqa: E402

FESTIVAL = Path(__file__).parents[2] / "src" / "bigtop" / "games" / "trollfest" / "data" / "festival.toml"


def figures(out: Path) -> dict[str, dict]:
    return {f["figure"]: f for f in json.loads((out / "compare.json").read_text())["figures"]}


def test_the_same_content_on_both_sides_gives_the_same_games(tmp_path: Path) -> None:
    out = tmp_path / "same"
    proc = bigtop("compare", "trollfest", "shipped", str(FESTIVAL), "-n", "6", "--out", str(out), timeout=600)
    assert proc.returncode == 0, proc.stderr[-2000:]
    found = figures(out)
    assert {"win rate, place 1 in the turn order", "win rate, place 3 in the turn order", "score margin (winner minus best other)",
            "lead changes", "decisions per turn", "branching factor (legal actions at a decision)", "game length (moves)",
            "win rate, heuristic#1", "mean score, heuristic#3"} <= set(found)
    assert all(f["difference"] == {"value": 0.0, "low": 0.0, "high": 0.0} and not f["clear"] for f in found.values())
    assert "the same on every deal" in proc.stdout
    a, b = (json.loads((out / side / "games.json").read_text()) for side in "ab")
    assert [(r["seed"], r["seating"], r["scores"]) for r in a] == [(r["seed"], r["seating"], r["scores"]) for r in b]
    report = bigtop("report", str(out / "a"), timeout=600)
    assert report.returncode == 0 and (out / "a" / "report.html").is_file()
    assert "A against B on the same 6 deals" in (out / "compare.html").read_text()


def test_more_festival_points_raise_every_mean_score_clearly(tmp_path: Path) -> None:
    more = tmp_path / "more.toml"
    more.write_text(FESTIVAL.read_text().replace('id = "one_species"\npoints = 8', 'id = "one_species"\npoints = 14')
                    .replace("first = 10", "first = 16"))
    out = tmp_path / "more"
    proc = bigtop("compare", "trollfest", "shipped", str(more), "-n", "12", "--out", str(out), timeout=600)
    assert proc.returncode == 0, proc.stderr[-2000:]
    found = figures(out)
    for bot in ("heuristic#1", "heuristic#2", "heuristic#3"):
        gap = found[f"mean score, {bot}"]["difference"]
        assert gap["low"] > 0 and found[f"mean score, {bot}"]["clear"]
    assert json.loads((out / "b" / "summary.json").read_text())["tournament"]["options"]["cards"] == str(more)


def test_a_broken_content_file_stops_the_comparison_before_any_game(tmp_path: Path) -> None:
    broken = tmp_path / "broken.toml"
    broken.write_text(FESTIVAL.read_text().replace("[[award]]", "[[awards]]", 1))
    proc = bigtop("compare", "trollfest", str(broken), "shipped", "--out", str(tmp_path / "out"))
    assert proc.returncode == 2 and "unknown table [[awards]] at line 3; did you mean [[award]]?" in proc.stderr
    assert not (tmp_path / "out").exists()
    assert_one_error_line(bigtop("compare", "trollfest", "shipped", str(tmp_path / "none.toml")), "no such content file")


def test_both_content_files_are_checked_and_every_error_listed(tmp_path: Path) -> None:
    """The check stopped at A's errors: B's were seen only once A was fixed."""
    a, b = tmp_path / "a.toml", tmp_path / "b.toml"
    a.write_text(FESTIVAL.read_text().replace("[[award]]", "[[awards]]", 1))
    b.write_text(FESTIVAL.read_text().replace("first = 10", 'first = "10"', 1))
    proc = bigtop("compare", "trollfest", str(a), str(b), "--out", str(tmp_path / "out"))
    assert proc.returncode == 2 and proc.stderr.startswith(f"bigtop: error: {a}: unknown table [[awards]] at line 3"), proc.stderr
    assert f"\n{b}: award 0 (energy): field first at line 5: Input should be a valid integer" in proc.stderr, proc.stderr
    assert not (tmp_path / "out").exists()


def test_the_terminal_table_says_what_clear_means_and_never_shows_a_bound_as_zero() -> None:
    """The terminal left "clear" unexplained (the page says it), and a bound of +0.0004 read +0.00."""
    import io

    from rich.console import Console

    from bigtop.arena.compare import print_comparison

    side = {"value": 1.0, "low": 0.5, "high": 1.5}
    comparison = {"title": "Troll Fest", "a": "shipped", "b": "b.toml", "deals": 4, "figures": [
        {"figure": "lead changes", "unit": "per game", "a": side, "b": side, "clear": True,
         "difference": {"value": 1.8, "low": 0.0004, "high": 3.6}},
        {"figure": "win rate, heuristic#1", "unit": "rate", "a": side, "b": side, "clear": False,
         "difference": {"value": 0.1, "low": -0.00001, "high": 0.2}},
    ]}
    console = Console(file=io.StringIO(), width=160)
    print_comparison(comparison, console)
    printed = console.file.getvalue()
    assert "+1.8000 (+0.0004 to +3.6000)" in printed and "+10.000 pts (-0.001 to +20.000)" in printed
    assert "Clear: the interval excludes 0." in printed
