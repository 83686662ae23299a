"""What a new player reads around a question at the terminal table, in-process with a captured
console: the question's heading right above its options (the log before it), a hint that wraps
under its own words and never claims certainty, one score table at the end, and an undo refusal
that says what happened."""

from __future__ import annotations

import io
import random
import re
from typing import Any

import pytest
from rich.cells import cell_len
from rich.console import Console

from bigtop import games
from bigtop.analysis.hints import print_hints
from bigtop.terminal.play import TerminalGame
from terminal.pty_person import MENU_LINE


class Scripted(TerminalGame):
    """A table at a console of `width` columns whose person types `answers`, then a number offered
    (chosen with `seed`), or `q` after `questions` questions."""

    def __init__(self, name: str, players: int, seed: int, answers: list[str], width: int = 100, lang: str = "en",
                 bots: str = "random", questions: int = 10_000) -> None:
        self.screen = io.StringIO()
        super().__init__(games.get(name).new(players, seed=seed), 0, bots, Console(file=self.screen, width=width, color_system=None),
                         None, lang=lang)
        self.answers = answers
        self.questions = questions
        self.rng = random.Random(seed)

    def ask(self, prompt: str) -> str:
        self.screen.write(prompt + "\n")
        self.questions -= 1
        if self.answers:
            return self.answers.pop(0)
        return "q" if self.questions < 0 else str(self.rng.choice(sorted(self.menu.shown)))

    def lines(self) -> list[str]:
        return self.screen.getvalue().splitlines()


def heading_above(lines: list[str], prompt_at: int) -> tuple[int, str]:
    """The line, and its index, that begins the block printed right above the menu of the prompt
    on line `prompt_at` (a wrapped line joined: its rest is indented, and no log line)."""
    at = prompt_at - 1
    while MENU_LINE.match(lines[at]):
        at -= 1
    while lines[at].startswith("  ") and not lines[at].startswith("  · "):
        at -= 1
    return at, lines[at]


def test_a_drum_roll_question_has_its_heading_right_above_its_options_after_the_log() -> None:
    """ "Now: ..." was printed, then the log of what just happened (and after `h` the hint's own
    log line), then the options: the log split the heading from them. The log comes first now, at
    the board's questions too (the board ends with the heading, which is said again under the log)."""
    table = Scripted("drumroll", 3, 11, ["h"], questions=40)
    table.run()
    lines = table.lines()
    prompts = [i for i, line in enumerate(lines) if line.startswith("choose ")]
    assert len(prompts) > 30
    for at in prompts:
        start, heading = heading_above(lines, at)
        assert heading.startswith("Now"), "\n".join(lines[max(0, at - 30) : at + 1])
    hinted = next(i for i, line in enumerate(lines) if line == "  · Seat 0 (you) used a hint.")
    assert heading_above(lines, next(i for i in prompts if i > hinted))[0] > hinted


def test_the_tile_just_laid_is_shown_after_the_log_that_says_it_was_laid() -> None:
    table = Scripted("carcassonne", 2, 13, [], questions=12)
    table.run()
    text = table.screen.getvalue()
    laid = [m.start() for m in re.finditer(r"^Tile just laid at", text, re.M)]
    assert laid
    for at in laid:
        log = text.rindex("  · Seat 0 (you) lays a ", 0, at)
        prompt = text.rindex("choose ", 0, at)
        assert prompt < log < at  # the tile's log line, then the tile, then the figure question


@pytest.mark.parametrize("lang, label", [("en", "hint: "), ("fr", "conseil : "), ("zh-Hant", "提示：")])
def test_a_hint_wraps_under_its_words_and_a_small_margin_is_not_shown_as_zero(lang: str, label: str) -> None:
    """At 60 columns a long draft option went on at the left edge; a margin under 1 point read
    "± 0", as if the win chance were certain."""
    game = games.get("trollfest")
    state = game.new(3, seed=12)
    console = Console(file=io.StringIO(), width=60, color_system=None)
    found = print_hints(console, state, 0, lang=lang)
    lines = console.file.getvalue().splitlines()  # type: ignore[attr-defined]
    hinted = [line for line in lines if "  " + label in line]
    assert len(hinted) == len(found) and len(lines) > len(hinted)  # some hint wraps
    indent = cell_len(re.match(r"  \S+ ?[:：] +\d+  ", hinted[0]).group(0))  # type: ignore[union-attr]
    assert all(line.startswith(" " * indent) and line[indent] != " " for line in lines if line not in hinted), lines
    shown = " ".join(lines)
    assert not re.search(r"± 0\b", shown)
    assert ("± <1" in shown) == any(hint.margin < 0.01 for hint in found)


def test_a_margin_under_one_point_reads_less_than_one() -> None:
    """The first Drum Roll question's hints have margins under a point (the audit saw "± 0")."""
    state = games.get("drumroll").new(3, seed=11)
    for lang in ("en", "fr", "zh-Hant"):
        console = Console(file=io.StringIO(), width=100, color_system=None)
        found = print_hints(console, state, 0, lang=lang)
        shown = console.file.getvalue()  # type: ignore[attr-defined]
        assert any(hint.margin < 0.01 for hint in found)
        assert shown.count("± <1") == sum(hint.margin < 0.01 for hint in found) and "± 0" not in shown


def category_label(game: Any, key: str, lang: str) -> str:
    """A score category as the game's words name it in `lang` (as the web's end screen does)."""
    for name in (f"score.{key}", f"category.{key}"):
        if game.text.has(name):
            return str(game.text.text(name, lang))
    return str(game.score_categories[key])


def score_rows(lines: list[str]) -> list[str]:
    """The labels of the rows of every table on the screen that has a total row."""
    return [line.split("│")[1].strip() for line in lines if line.startswith("│") and line.count("│") > 2]


@pytest.mark.parametrize("name, players, lang", [("trollfest", 3, "en"), ("trollfest", 3, "fr"), ("drumroll", 2, "zh-Hant"),
                                                 ("carcassonne", 2, "fr")])
def test_the_end_screen_shows_one_score_table_with_every_category_in_the_players_language(name: str, players: int, lang: str) -> None:
    """Troll Fest's end showed its board's "Final score" table (the categories with points), then
    the terminal's "Final scores" (every category, the totals and ranks): one table now, the
    complete one, its categories named in the person's language."""
    table = Scripted(name, players, 3, [], lang=lang)
    table.run()
    assert table.state.is_over()
    lines = table.lines()
    end = lines[max(i for i, line in enumerate(lines) if line.endswith("h/s/u/b/q> ")):]
    total = {"en": "Total", "fr": "Total", "zh-Hant": "總分"}[lang]
    rows = score_rows(end)
    assert rows.count(total) == 1, "\n".join(end)
    game = table.game
    labels = [category_label(game, key, lang) for key in table.state.score_breakdown()]
    assert all(label in rows for label in labels) or all(any(label.startswith(row) for row in rows) for label in labels), rows
    if lang != "en":
        english = [game.score_categories[key] for key in table.state.score_breakdown()]
        assert not set(english) - set(labels) & set(rows), rows  # no English label where the game has the language's


@pytest.mark.parametrize("lang, said, not_said", [
    ("en", "cannot undo: everyone answers this question at once and the others have already answered", "the last move was made by"),
    ("fr", "impossible d’annuler : tout le monde répond à cette question en même temps et les autres ont déjà répondu",
     "le dernier coup a été joué par"),
    ("zh-Hant", "無法悔棋：這一題大家同時作答，其他人都已經答了", "最後一步是"),
])
def test_undo_after_the_others_answered_at_once_says_so(lang: str, said: str, not_said: str) -> None:
    """In Drum Roll everyone keeps a performer at once and the bots answer before the person: `u`
    said "the last move was made by Seat 2 (Normal bot)", a move the person never saw."""
    for answers in (["u", "q"], ["1", "u", "q"]):  # at the first question, and right after the first sealed choice
        table = Scripted("drumroll", 3, 11, answers, bots="heuristic", lang=lang, width=400)
        table.run()
        shown = table.screen.getvalue()
        assert said in shown and not_said not in shown


def test_undo_after_a_bot_moved_in_turn_names_the_bot() -> None:
    """Where another seat did move in turn (Carcassonne), the refusal names it as before."""
    table = Scripted("carcassonne", 2, 13, [], questions=6)

    def ask(prompt: str, ask: Any = table.ask) -> str:
        moves = table.state.moves()
        if moves and moves[-1][0] == 1 and not table.answers and "cannot undo" not in table.screen.getvalue():
            return "u"
        return ask(prompt)

    table.ask = ask  # type: ignore[method-assign]
    table.run()
    assert "cannot undo: the last move was made by Seat 1 (Easy bot), not by you" in table.screen.getvalue()


@pytest.mark.parametrize("lang, said", [
    ("en", "cannot undo: there is no move of yours to take back"),
    ("fr", "impossible d’annuler : vous n’avez aucun coup à reprendre"),
    ("zh-Hant", "無法悔棋：你沒有可以收回的一步"),
])
def test_an_undo_the_rule_refuses_is_said_in_the_persons_language(lang: str, said: str) -> None:
    """`u` before any move of the person's printed the kernel's English "nothing to undo" in every
    language."""
    table = Scripted("carcassonne", 2, 4, ["u", "q"], lang=lang, width=200)
    assert table.state.to_move() == (0,) and table.state.undo_refusal(0) == "nothing"
    table.run()
    shown = table.screen.getvalue()
    assert said in shown and "nothing to undo" not in shown
