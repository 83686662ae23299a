"""`bigtop analyze`'s summary in a terminal: readable at 60 and 80 columns with nothing cut, no line
ending in spaces and Chinese wrapped as Chinese is, a legend of the grades under the accuracy table,
each graded key moment showing the figure its grade was judged on (a 0.2-point blunder says it is a
blunder by the win chance it gave up), each seat's costliest decisions after the key moments, and
the progress line in the summary's language."""

from __future__ import annotations

import io
from functools import cache

import pytest
from rich.cells import cell_len
from rich.console import Console

from bigtop import bots
from bigtop.analysis.grading import grade_sources, scale_of
from bigtop.analysis.page import move_text
from bigtop.analysis.review import Review, review
from bigtop.analysis.run import COSTLIEST_SHOWN, print_summary, run_review
from bigtop.analysis.search import Budget
from bigtop.analysis.words import grade_name, say, unit_name
from bigtop.bots.match import play_game
from toy.game import GAME

WIDTHS = (60, 80)
LANGS = ("en", "fr", "zh-Hant")


def game_played():
    return play_game(GAME, [bots.make("random", GAME, seed=p) for p in range(3)], seed=10)


@cache
def reviewed() -> Review:
    """The review of a real game of three random bots (seed 10: key moments graded by win chance
    alone and by both win chance and points), at a tiny budget."""
    return review(game_played().record(), budget=Budget(20, None, 16), workers=1)


def shown(width: int, lang: str = "en") -> str:
    out = io.StringIO()
    print_summary(reviewed(), Console(file=out, width=width, color_system=None, force_terminal=False), lang)
    return out.getvalue()


def flat(text: str) -> str:
    """The text with every run of spaces and line ends as one space: a sentence wrapped over lines reads whole."""
    return " ".join(text.split())


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("width", WIDTHS)
def test_the_summary_fits_the_terminal_with_nothing_cut(width: int, lang: str) -> None:
    text = shown(width, lang)
    result = reviewed()
    assert "…" not in text and "..." not in text
    assert all(len(line.rstrip()) <= width for line in text.splitlines())
    unit = unit_name(result.result["unit"], lang)
    headers = [say(f"col.{key}", lang, unit=unit) for key in
               ("decisions", "preferred_played", "mean_cost", "inaccuracies", "mistakes", "blunders", "lost", "score", "result")]
    for header in headers + [say("seat", lang, n=p) for p in range(result.players)]:
        assert header in flat(text), header
    assert flat(say("summary.grades", lang).split("{")[0]) in flat(text)  # the legend of the grades
    assert result.key_moments and flat(say("summary.moments", lang)) in flat(text)
    for m in result.key_moments:
        assert say("summary.moment", lang, move=m["move"], seat=say("seat", lang, n=m["seat"])) in text


@pytest.mark.parametrize("width", WIDTHS)
def test_the_legend_gives_every_threshold(width: int) -> None:
    text = flat(shown(width))
    points = scale_of(GAME.name).points
    assert "judged on the win chance it gave up (inaccuracy from 5%, mistake from 10%, blunder from 20%)" in text
    assert (f"points of lead it gave up (inaccuracy from {points[0]:g} points, mistake from {points[1]:g} points, "
            f"blunder from {points[2]:g} points)") in text
    assert "worse of the two grades" in text


@pytest.mark.parametrize("width", WIDTHS)
def test_each_graded_moment_shows_the_figure_its_grade_comes_from(width: int) -> None:
    result = reviewed()
    text = shown(width)
    blocks = flat(text).split(" Move ")[1:]
    rows = {r["move"]: r for r in result.decisions}
    graded = [rows[m["move"]] for m in result.key_moments if rows[m["move"]]["grade"]]
    sources = {source for row in graded for source, _, _ in grade_sources(row, result.result["thresholds"])}
    assert graded and sources == {"win", "lead"}  # both kinds of grade are shown
    for row in graded:
        block = next(b for b in blocks if b.startswith(f"{row['move']}, "))
        assert f"given up {100 * row['loss']:.0f}% ± {100 * row['loss_margin']:.0f}% of win chance, {row['lead_loss']:.1f} ±" in block
        reasons = grade_sources(row, result.result["thresholds"])
        assert reasons and f"grade {row['grade']}, judged on " in block
        for source, loss, at in reasons:
            if source == "win":
                assert f"{100 * loss:.0f}% of win chance ({row['grade']} from {100 * at:.0f}%)" in block
            else:
                assert f"{loss:.1f} points ({row['grade']} from {at:g} points)" in block


def test_a_grade_is_judged_on_the_figure_that_earns_it() -> None:
    carcassonne = scale_of("carcassonne").points  # 2.5, 5, 10
    small_points = {"grade": "blunder", "loss": 0.42, "loss_margin": 0.26, "lead_loss": 0.2, "lead_loss_margin": 5.2}
    assert grade_sources(small_points, carcassonne) == [("win", 0.42, 0.20)]
    many_points = {"grade": "blunder", "loss": 0.19, "loss_margin": 0.11, "lead_loss": 11.0, "lead_loss_margin": 6.2}
    assert grade_sources(many_points, carcassonne) == [("lead", 11.0, 10.0)]
    both = {"grade": "mistake", "loss": 0.101, "loss_margin": 0.097, "lead_loss": 6.9, "lead_loss_margin": 6.0}
    assert grade_sources(both, carcassonne) == [("win", 0.101, 0.10), ("lead", 6.9, 5.0)]
    assert grade_sources({"grade": None, "loss": 0.5, "loss_margin": 0.0}, carcassonne) == []


def test_many_seats_stack_into_tables_that_fit() -> None:
    result = reviewed()
    acc = result.accuracy[0]
    six = Review(result.game, 6, result.seed, list(range(6)), result.budget, result.search_seed, result.decisions,
                 {**result.result, "scores": [1, 2, 3, 4, 5, 6], "winners": [5]}, [],
                 [{**acc, "seat": s} for s in range(6)])
    out = io.StringIO()
    print_summary(six, Console(file=out, width=60, color_system=None, force_terminal=False), "fr")
    text = out.getvalue()
    assert "…" not in text and all(len(line.rstrip()) <= 60 for line in text.splitlines())
    assert all(f"Place {s}" in text for s in range(6)) and "gagné" in text


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("width", WIDTHS)
def test_no_line_is_wider_than_the_terminal_or_ends_in_spaces(width: int, lang: str) -> None:
    """Counted in cells (a Chinese character takes two), and with nothing after its last word: a
    line copied from the terminal carries no padding (the key moments' lines were padded to the
    full width)."""
    for line in shown(width, lang).splitlines():
        assert cell_len(line) <= width and line == line.rstrip(), repr(line)


@pytest.mark.parametrize("width", WIDTHS)
def test_chinese_wraps_between_characters_and_fills_its_lines(width: int) -> None:
    """Chinese has no spaces between words: a line may break between any two characters (not
    before closing punctuation), so a wrapped sentence fills every line but its last (the legend at
    60 columns once wrapped at 19 cells of 60, where a run of characters without a space did not fit)."""
    lines = shown(width, "zh-Hant").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("等級："))
    legend = lines[start:lines.index("", start)]
    assert len(legend) > 1 and all(cell_len(line) >= width - 6 for line in legend[:-1]), legend
    assert not any(line.startswith(("，", "。", "）", "：", "、")) for line in lines), lines


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("width", WIDTHS)
def test_each_seat_s_costliest_decisions_follow_the_key_moments(width: int, lang: str) -> None:
    """The page lists each seat's costliest decisions; so does the terminal, after the key moments
    (chosen by win chance, they can miss a losing seat's worst moves): per seat reviewed, its
    first few, each with the move played, the preferred one, what it gave up and its grade."""
    result = reviewed()
    rows = {r["move"]: r for r in result.decisions}
    unit = unit_name(result.result["unit"], lang)
    text = flat(shown(width, lang))
    heading = flat(say("summary.costliest", lang, unit=unit))
    assert heading in text
    after = text.split(heading, 1)[1] + " "
    names = [say("seat", lang, n=acc["seat"]) for acc in result.accuracy]
    assert [after.index(name) for name in names] == sorted(after.index(name) for name in names)
    sections = [after[after.index(names[k]):after.index(names[k + 1]) if k + 1 < len(names) else None] for k in range(len(names))]
    shown_any = 0
    for acc, section in zip(result.accuracy, sections, strict=True):
        moves = acc["costliest"][:COSTLIEST_SHOWN]
        if not moves:
            assert flat(say("summary.costliest_none", lang)) in section
        for move in moves:
            row = rows[move]
            assert f" {say('summary.move', lang, move=move)} " in section, (move, section)
            assert flat(move_text(row, "action", lang)) in section and flat(move_text(row, "best", lang)) in section
            if row["grade"]:
                assert flat(say("summary.cost_graded", lang, grade=grade_name(row["grade"], lang), cost="")).strip() in section
            shown_any += 1
        assert all(f" {say('summary.move', lang, move=m)} " not in section for m in acc["costliest"][COSTLIEST_SHOWN:])
    assert shown_any


@pytest.mark.parametrize("lang", ("fr", "zh-Hant"))
def test_the_progress_line_speaks_the_summary_s_language(lang: str, tmp_path, capsys) -> None:
    """Where no bar is drawn (not a terminal), `bigtop analyze --lang fr` writes its progress in
    French, as its summary (it said "decisions: 24/133 (18 %), 0:02 so far" in every language)."""
    path = tmp_path / "game.json"
    game_played().record().save(path)
    run_review(path, None, Budget(20, None, 16), 1, None, 0, [], Console(file=io.StringIO(), force_terminal=False), lang)
    lines = capsys.readouterr().err.strip().splitlines()
    task = say("progress.task", lang, game=GAME.title)
    assert lines and all(line.startswith(task) for line in lines), lines
    assert "so far" not in lines[-1] and "decisions" not in lines[-1]
    assert lines[-1].startswith(say("progress.line", lang, task=task, done="11/11 (100 %)", elapsed="").rstrip()), lines[-1]
