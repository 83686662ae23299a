"""`bigtop learn GAME`: a tutorial's chapters in the terminal, with the same steps and words as at
the web table. At each of the learner's steps the usual board, log and question come first, then the
lesson's words right above the menu (a board taller than the window does not push them off it), then
the menu with the move to make marked; another choice is answered with the lesson's hint. After the
script the chapter goes on as a free game against the chapter's Easy bot."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.panel import Panel

from bigtop import games
from bigtop.core.actions import Action
from bigtop.core.errors import BigtopError
from bigtop.core.text import Catalog
from bigtop.terminal.hanging import said
from bigtop.terminal.play import TerminalGame, help_line

from .script import Chapter, Step, load, start

WORDS = Catalog({
    "chapter": {"en": "Chapter {n} of {total}: {name}", "fr": "Chapitre {n} sur {total} : {name}", "zh-Hant": "第 {n} 章（共 {total} 章）：{name}"},
    "mark": {"en": "◀ this one", "fr": "◀ celui-ci", "zh-Hant": "◀ 選這個"},
    "refuse": {"en": "In this lesson, choose the move marked ◀ ({move}).", "fr": "Dans cette leçon, choisissez le coup marqué ◀ ({move}).",
               "zh-Hant": "這一課請選標著 ◀ 的那一步（{move}）。"},
    "free": {"en": "That is the end of the lesson: finish the game your way against an Easy bot.",
             "fr": "La leçon est finie : terminez la partie à votre façon contre un robot facile.",
             "zh-Hant": "本課結束：請自由地和簡單電腦下完這一局。"},
    # the learner's name in the log, whose lines are in the third person ("Learner keeps ..."), as on the web page
    "learner": {"en": "Learner", "fr": "Apprenti", "zh-Hant": "學員"},
})


class Lesson(TerminalGame):
    """A tutorial chapter at the terminal: the scripted seats are the tutorial's bots."""

    def __init__(self, state: Any, chapter: Chapter, number: int, console: Console, lang: str) -> None:
        others = iter(chapter.names)
        names = [WORDS.text("learner", lang) if p == chapter.learner else next(others, f"Seat {p}") for p in range(chapter.players)]
        super().__init__(state, chapter.learner, f"tutorial:chapter={number}", console, None, names=names, lang=lang)
        self.chapter = chapter
        self.told: set[int] = set()  # the steps whose words were printed
        self.expected: Action | None = None

    def step(self) -> Step | None:
        """The learner's step due now, if the script is not over."""
        at = self.state.move_count
        if at < len(self.chapter.step) and self.chapter.step[at].seat == self.seat:
            return self.chapter.step[at]
        return None

    def person_moves(self) -> None:
        step = self.step()
        self.expected = None if step is None else self.game.codec.from_json(step.action)
        super().person_moves()

    def aside(self) -> Panel | None:
        """The lesson's words for the learner's step now, or that the free game begins, the first
        time it is asked (after the board, the log and the question's heading, above the menu)."""
        step = self.step()
        at = self.state.move_count
        if step is not None and at not in self.told:
            self.told.add(at)
            return Panel(said(step.words(self.lang), self.lang), border_style="yellow")
        if step is None and at >= len(self.chapter.step) and -1 not in self.told:
            self.told.add(-1)
            return Panel(said(WORDS.text("free", self.lang), self.lang), border_style="yellow")
        return None

    def choices(self) -> list[Action]:
        """As at any table, copies of one card offered once; the lesson's own copy is the one."""
        return self.state.distinct_choices(self.state.legal_actions(self.seat), keep=self.expected)

    def mark(self, action: Action) -> str:
        return f"  [yellow]{escape(WORDS.text('mark', self.lang))}[/yellow]" if action == self.expected else ""

    def refusal(self, action: Action) -> str | None:
        if self.expected is None or action == self.expected:
            return None
        return WORDS.text("refuse", self.lang, move=self.game.describe(self.state, self.expected, self.lang))


def learn_in_terminal(name: str, chapter_number: int, lang: str, console: Console) -> None:
    """Play chapter `chapter_number` (from 1) of the game's tutorial in the terminal."""
    game = games.get(name)
    tutorial = load(game)
    if not 1 <= chapter_number <= len(tutorial.chapter):
        raise BigtopError(f"--chapter must be 1 to {len(tutorial.chapter)}: {game.title}'s tutorial has {len(tutorial.chapter)}")
    chapter = tutorial.chapter[chapter_number - 1]
    lesson = Lesson(start(game, chapter), chapter, chapter_number, console, lang)
    console.print(f"[bold]{escape(tutorial.title.get(lang) or tutorial.title['en'])}[/bold] · "
                  + escape(WORDS.text("chapter", lang, n=chapter_number, total=len(tutorial.chapter), name=chapter.name.get(lang) or chapter.name["en"])))
    console.print(said(help_line(lang), lang))
    lesson.run()
