"""A tutorial chapter at the terminal (`bigtop learn`), on the test game: the lesson's words before
each of the learner's steps, the move to make marked, another choice answered with the lesson's hint,
and the free game after the script."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest
from rich.console import Console

from bigtop import games
from bigtop.tutorial import load, start
from bigtop.tutorial.terminal import Lesson

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from terminal.pty_person import BOARD_RULE, MENU_LINE  # noqa: E402
from toy.game import GAME  # noqa: E402


class Typed(Lesson):
    """A lesson whose person types the given answers, then the move the lesson marks (else the
    first number offered)."""

    def __init__(self, answers: list[str], lang: str = "en") -> None:
        chapter = load(GAME).chapter[0]
        self.screen = io.StringIO()
        super().__init__(start(GAME, chapter), chapter, 1, Console(file=self.screen, width=100, color_system=None), lang)
        self.answers = answers

    def ask(self, prompt: str) -> str:
        self.screen.write(prompt + "\n")
        if self.answers:
            return self.answers.pop(0)
        marked = [n for n, action in self.menu.shown.items() if action == self.expected]
        return str(marked[0] if marked else min(self.menu.shown))


def test_the_lesson_marks_the_move_refuses_the_others_and_ends_free():
    lesson = Typed(["1", "3", "1"])  # 1 is the 10: refused; 3 is the 12, as the lesson says; then Draw
    lesson.run()
    screen = lesson.screen.getvalue()
    assert "Play your 12" in screen and "draw a card or pass" in screen
    assert screen.index("Play your 12") < screen.index("In this lesson, choose the move marked ◀")  # the 10 was refused
    assert "◀ this one" in screen
    assert "That is the end of the lesson" in screen
    assert "Bruno" in screen  # the scripted seat by the chapter's name
    moves = [(p, GAME.codec.to_json(a)) for p, a in lesson.state.moves()]
    assert moves[:4] == [(s.seat, s.action) for s in load(GAME).chapter[0].step]
    assert lesson.state.is_over()


def test_the_lesson_speaks_the_chosen_language():
    lesson = Typed([], lang="fr")
    lesson.run()
    screen = lesson.screen.getvalue()
    assert "Jouez votre 12" in screen and "La leçon est finie" in screen and "◀ celui-ci" in screen
    # and what the terminal table says around the game: the question, the end
    assert "choisissez 1" in screen and " ou h/s/u/b/q> " in screen and "choose " not in screen
    assert "Scores finaux" in screen and ("Gagnant : " in screen or "Gagnants (ex æquo) : " in screen)


def test_the_chinese_lesson_asks_and_ends_in_chinese():
    lesson = Typed([], lang="zh-Hant")
    lesson.run()
    screen = lesson.screen.getvalue()
    assert "請選 " in screen and "最終分數" in screen and "贏家" in screen and "Winner" not in screen


def test_the_log_names_the_learner_as_the_page_does_in_the_third_person():
    """The log's lines are in the third person ("Ada plays 12"): the learner is "Learner", as on the
    web page, never "You plays"."""
    for lang, name in (("en", "Learner"), ("fr", "Apprenti"), ("zh-Hant", "學員")):
        lesson = Typed([], lang=lang)
        lesson.run()
        assert lesson.names[lesson.seat] == name
        screen = lesson.screen.getvalue()
        assert name in screen and "You plays" not in screen


class Learner(Lesson):
    """Chapter 1 of a real game's tutorial at a terminal of `width` columns, whose person always
    types the move the lesson marks (the first number offered in the free game after it)."""

    def __init__(self, name: str, width: int = 80) -> None:
        game = games.get(name)
        chapter = load(game).chapter[0]
        self.screen = io.StringIO()
        super().__init__(start(game, chapter), chapter, 1, Console(file=self.screen, width=width, color_system=None), "en")

    def ask(self, prompt: str) -> str:
        self.screen.write(prompt + "\n")
        if self.step() is None:
            return "q"
        return str(next(n for n, action in self.menu.shown.items() if action == self.expected))


@pytest.mark.parametrize("name", ["drumroll", "trollfest", "carcassonne"])
def test_the_lessons_words_stand_right_above_the_menu_after_the_board_and_the_log(name: str) -> None:
    """In a 24-row window the lesson's words must be on screen with the question: they come after
    the board (50 lines in Drum Roll), the log and the question's heading, right above the menu."""
    lesson = Learner(name)
    lesson.run()
    lines = lesson.screen.getvalue().splitlines()
    prompts = [i for i, line in enumerate(lines) if line.startswith("choose ")]
    panels = 0
    for before, at in zip([-1, *prompts[:-1]], prompts, strict=True):
        chunk = lines[before + 1 : at]
        tops = [i for i, line in enumerate(chunk) if line.startswith("╭")]
        if not tops:
            continue
        panels += 1
        after = chunk[tops[-1]:]
        assert not any(BOARD_RULE.match(line) or line.startswith("  · ") for line in after), "\n".join(chunk)
        bottom = next(i for i, line in enumerate(after) if line.startswith("╰"))
        menu = next(i for i, line in enumerate(after) if MENU_LINE.match(line))
        assert menu == bottom + 1, "\n".join(after)
    assert panels >= 2
