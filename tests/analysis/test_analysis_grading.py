"""Grades by what a move costs the player: points of lead given up as well as win chance, with the
thresholds of each game; a lost position still shows what a bad move cost."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bigtop import games
from bigtop.analysis import grading
from bigtop.analysis.grading import GRADE_NAMES, WIN_THRESHOLDS, Scale, grade_of, scale_of
from bigtop.analysis.review import SETTINGS, grade, review, settings_digest
from bigtop.analysis.search import Budget

DOCS = Path(__file__).parents[2] / "docs" / "analysis.md"

# The last show of a two-seat Drum Roll game: seat 0 (0 prestige) cannot catch seat 1 (40). Its
# Flying Sisters perform outstanding: "flip the performer for 4 prestige" scores their 4 prestige,
# "take the outstanding benefit" brings what scores nothing at the end of the game.
LAST_SHOW = {"at": "show", "show": 2, "turn": 7, "seats": [
    {"prestige": 0, "coins": 10, "performers": [{"id": "flying-sisters", "cubes": ["white", "red", "green"]}]},
    {"prestige": 40, "coins": 10, "performers": [{"id": "tumbler", "cubes": ["green", "red", "blue"]}]},
]}


def test_a_lost_position_still_shows_what_a_bad_move_cost() -> None:
    game = games.get("drumroll")
    state = game.from_position(2, LAST_SHOW, seed=1)
    benefit = None
    while not state.is_over():
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        choice = next((a for a in legal if game.describe(state, a).startswith("take the outstanding benefit")), legal[0])
        if seat == 0 and len(legal) > 1:
            benefit = state.move_count
        state.apply(seat, choice)
    assert state.scores()[0] < state.scores()[1] - 30  # lost whatever seat 0 chose
    rows = {r["move"]: r for r in review(state.record(), budget=Budget(100)).to_json()["decisions"]}
    row = rows[benefit]
    assert row["best_text"] == "flip the performer for 4 prestige"
    assert row["loss"] < 0.01 and grade(row["loss"], row["loss_margin"]) is None  # no win chance was left to lose
    assert row["lead_loss"] == pytest.approx(4.0, abs=0.5) and row["lead_loss"] > row["lead_loss_margin"]
    assert row["grade"] == "blunder"  # 4 prestige: Drum Roll's blunder


def test_a_grade_is_the_worse_of_win_chance_and_points_each_beyond_its_interval() -> None:
    scale = Scale("unit.points", (1.0, 2.0, 4.0))
    assert scale.grade(0.0, 0.0, 4.5, 0.5) == "blunder"  # points alone
    assert scale.grade(0.12, 0.02, 0.5, 0.2) == "mistake"  # win chance alone
    assert scale.grade(0.06, 0.01, 2.5, 0.3) == "mistake"  # the worse of inaccuracy and mistake
    assert scale.grade(0.25, 0.30, 4.5, 5.0) is None  # both within their noise
    assert scale.grade(0.0, 0.0, 0.9, 0.1) is None
    assert grade_of(0.3, 0.1, WIN_THRESHOLDS) == "blunder" and grade_of(0.3, 0.31, WIN_THRESHOLDS) is None
    assert list(GRADE_NAMES) == ["blunder", "mistake", "inaccuracy"]


@pytest.mark.parametrize(("name", "unit"), [("drumroll", "unit.prestige"), ("carcassonne", "unit.points"), ("trollfest", "unit.points")])
def test_each_game_has_its_thresholds_and_the_docs_state_them(name: str, unit: str) -> None:
    scale = scale_of(name)
    assert scale.unit == unit
    assert 0 < scale.points[0] < scale.points[1] < scale.points[2]
    title = games.get(name).title
    line = next(line for line in DOCS.read_text(encoding="utf-8").splitlines() if line.startswith(f"| {title} |") and "inaccuracy" not in line)
    shown = [float(x) for x in re.findall(r"(\d+(?:\.\d+)?) / (\d+(?:\.\d+)?) / (\d+(?:\.\d+)?)", line)[0]]
    assert tuple(shown) == scale.points, line


def test_a_game_the_table_does_not_list_gets_the_default_and_a_bad_table_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert scale_of("highcard") == scale_of("default")
    bad = tmp_path / "grading.toml"
    bad.write_text('[default]\nunit = "unit.points"\npoints = [3.0, 2.0, 1.0]\nlead_scale = 1.0\nblend = 0.3\n', encoding="utf-8")
    monkeypatch.setattr(grading, "TABLE", bad)
    grading._table.cache_clear()
    grading.scale_of.cache_clear()
    try:
        with pytest.raises(ValueError, match="three increasing positive numbers"):
            grading.scale_of("drumroll")
    finally:
        grading._table.cache_clear()
        grading.scale_of.cache_clear()


@pytest.mark.parametrize(("depths", "error"), [
    ('compare_depth = "end"\nchoose_depth = 60\n', None),
    ('compare_depth = "the end"\n', 'compare_depth must be a number of moves or "end"'),
    ("choose_depth = 0\n", 'choose_depth must be a number of moves or "end"'),
    ("depth = true\n", 'depth must be a number of moves or "end"'),
])
def test_playout_lengths_are_moves_or_the_games_end(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, depths: str, error: str | None) -> None:
    table = tmp_path / "grading.toml"
    table.write_text(f'[default]\nunit = "unit.points"\npoints = [1.0, 2.0, 4.0]\nlead_scale = 1.0\nblend = 0.3\n{depths}', encoding="utf-8")
    monkeypatch.setattr(grading, "TABLE", table)
    grading._table.cache_clear()
    grading.scale_of.cache_clear()
    try:
        if error is None:
            scale = grading.scale_of("highcard")
            assert (scale.depth, scale.compare_depth, scale.choose_depth) == (None, grading.END, 60)
        else:
            with pytest.raises(ValueError, match=re.escape(error)):
                grading.scale_of("highcard")
    finally:
        grading._table.cache_clear()
        grading.scale_of.cache_clear()


def test_the_settings_digest_changes_with_any_threshold_or_calibration(tmp_path: Path) -> None:
    """Stored reviews are keyed by it (`bigtop.server.analysis`): any edit of the thresholds or calibration
    (a byte of either file) makes every stored review stale; the same data gives the same digest."""
    copies = []
    for source in SETTINGS:
        copy = tmp_path / source.name
        copy.write_bytes(source.read_bytes())
        copies.append(copy)
    assert settings_digest(copies) == settings_digest() == settings_digest(SETTINGS)
    for copy in copies:
        original = copy.read_text()
        copy.write_text(original + "\n# edited\n")
        assert settings_digest(copies) != settings_digest()
        copy.write_text(original)
    assert settings_digest(copies) == settings_digest()
