"""`bigtop learn GAME`: a tutorial's chapters in the terminal, with the same steps, words and counter
("Step n of N") as at the web table. At each of the learner's steps, even one with a single move, the
usual board, log and question come first, then the lesson's words right above the menu (a board
taller than the window does not push them off it), then the menu with the move to make marked, which
Enter chooses; another choice is answered with the lesson's hint. After the script the chapter goes
on as a free game against the chapter's Easy bot, and the lesson says how to go on: the next
chapter's command, or that it was the last."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.panel import Panel

from bigtop import games
from bigtop.core.actions import Action
from bigtop.core.errors import BigtopError
from bigtop.core.text import DEFAULT_LANGUAGE, Catalog
from bigtop.terminal.hanging import said
from bigtop.terminal.play import TerminalGame, help_line

from .script import Step, Tutorial, load, start

WORDS = Catalog({
    "chapter": {"en": "Chapter {n} of {total}: {name}", "fr": "Chapitre {n} sur {total} : {name}", "zh-Hant": "第 {n} 章（共 {total} 章）：{name}"},
    # the web bubble's counter (server/static/tutorial.js, "learn.step"), counting the learner's steps
    "step": {"en": "Step {n} of {total}", "fr": "Étape {n} sur {total}", "zh-Hant": "第 {n} 步，共 {total} 步"},
    "mark": {"en": "◀ this one", "fr": "◀ celui-ci", "zh-Hant": "◀ 選這個"},
    "refuse": {"en": "In this lesson, choose the move marked ◀ ({move}): press Enter or type {number}.",
               "fr": "Dans cette leçon, choisissez le coup marqué ◀ ({move}) : appuyez sur Entrée ou tapez {number}.",
               "zh-Hant": "這一課請選標著 ◀ 的那一步（{move}）：按 Enter 或輸入 {number}。"},
    "free": {"en": "That is the end of the lesson: finish the game your way against an Easy bot, or quit (q) and go on.",
             "fr": "La leçon est finie : terminez la partie à votre façon contre un robot facile, ou quittez (q) et continuez.",
             "zh-Hant": "本課結束：你可以自由地和簡單電腦下完這一局，或按 q 離開，繼續往下學。"},
    "next": {"en": "Next, chapter {n} of {total}: {name}\n  {command}", "fr": "Ensuite, le chapitre {n} sur {total} : {name}\n  {command}",
             "zh-Hant": "下一章是第 {n} 章（共 {total} 章）：{name}\n  {command}"},
    "last": {"en": "That was the tutorial's last chapter: play a whole game against the bots with\n  {command}",
             "fr": "C’était le dernier chapitre du tutoriel : jouez une partie entière contre les robots avec\n  {command}",
             "zh-Hant": "這是教學的最後一章。接下來，用這個指令和電腦玩一整局：\n  {command}"},
    # the learner's name in the log, whose lines are in the third person ("Learner keeps ..."), as on the web page
    "learner": {"en": "Learner", "fr": "Apprenti", "zh-Hant": "學員"},
})


class Lesson(TerminalGame):
    """Chapter `number` (from 1) of a tutorial at the terminal: the scripted seats are the tutorial's bots."""

    def __init__(self, state: Any, tutorial: Tutorial, number: int, console: Console, lang: str) -> None:
        chapter = tutorial.chapter[number - 1]
        others = iter(chapter.names)
        names = [WORDS.text("learner", lang) if p == chapter.learner else next(others, f"Seat {p}") for p in range(chapter.players)]
        super().__init__(state, chapter.learner, f"tutorial:chapter={number}", console, None, names=names, lang=lang)
        self.tutorial = tutorial
        self.number = number
        self.chapter = chapter
        self.told: set[int] = set()  # the steps whose words were printed
        self.ended_at: int | None = None  # the move at which the end of the lesson was said
        self.expected: Action | None = None

    def step(self, state: Any = None) -> Step | None:
        """The learner's step due now (or in `state`), if the script is not over."""
        at = (self.state if state is None else state).move_count
        if at < len(self.chapter.step) and self.chapter.step[at].seat == self.seat:
            return self.chapter.step[at]
        return None

    def always_asks(self, state: Any) -> bool:
        """Every step of the learner's is asked, a single move too: its words are read before it is played."""
        return self.step(state) is not None

    def person_moves(self) -> None:
        step = self.step()
        self.expected = None if step is None else self.game.codec.from_json(step.action)
        super().person_moves()

    def run(self) -> None:
        """The chapter, then how to go on once the script is over, unless the end of the lesson
        saying it is still right above (a game over at the script's end never said it)."""
        super().run()
        if self.state.move_count >= len(self.chapter.step) and self.ended_at != self.state.move_count:
            self.console.print(said(self.onward(), self.lang))

    def aside(self) -> Panel | None:
        """The lesson's words for the learner's step now under its counter, or that the lesson is
        over and how to go on, the first time it is asked (after the board, the log and the
        question's heading, above the menu)."""
        step = self.step()
        at = self.state.move_count
        if step is not None and at not in self.told:
            self.told.add(at)
            mine = self.chapter.learner_steps()
            counter = WORDS.text("step", self.lang, n=mine.index(at) + 1, total=len(mine))
            return Panel(said(step.words(self.lang), self.lang), title=counter, title_align="left", border_style="yellow")
        if step is None and at >= len(self.chapter.step) and self.ended_at is None:
            self.ended_at = at
            return Panel(said(WORDS.text("free", self.lang) + "\n" + self.onward(), self.lang), border_style="yellow")
        return None

    def onward(self) -> str:
        """How to go on: the next chapter's command, or a whole game after the last chapter."""
        lang = "" if self.lang == DEFAULT_LANGUAGE else f" --lang {self.lang}"
        total, game = len(self.tutorial.chapter), self.tutorial.game
        if self.number == total:
            return WORDS.text("last", self.lang, command=f"bigtop play {game}{lang}")
        name = self.tutorial.chapter[self.number].name
        return WORDS.text("next", self.lang, n=self.number + 1, total=total, name=name.get(self.lang) or name["en"],
                          command=f"bigtop learn {game} --chapter {self.number + 1}{lang}")

    def choices(self) -> list[Action]:
        """As at any table, copies of one card offered once; the lesson's own copy is the one."""
        return self.state.distinct_choices(self.state.legal_actions(self.seat), keep=self.expected)

    def mark(self, action: Action) -> str:
        return f"  [yellow]{escape(WORDS.text('mark', self.lang))}[/yellow]" if action == self.expected else ""

    def marked(self) -> int | None:
        return next((n for n, action in self.menu.shown.items() if action == self.expected), None)

    def refusal(self, action: Action) -> str | None:
        if self.expected is None or action == self.expected:
            return None
        return WORDS.text("refuse", self.lang, move=self.game.describe(self.state, self.expected, self.lang), number=self.marked())


def learn_in_terminal(name: str, chapter_number: int, lang: str, console: Console) -> None:
    """Play chapter `chapter_number` (from 1) of the game's tutorial in the terminal."""
    game = games.get(name)
    tutorial = load(game)
    if not 1 <= chapter_number <= len(tutorial.chapter):
        raise BigtopError(f"--chapter must be 1 to {len(tutorial.chapter)}: {game.title}'s tutorial has {len(tutorial.chapter)}")
    chapter = tutorial.chapter[chapter_number - 1]
    lesson = Lesson(start(game, chapter), tutorial, chapter_number, console, lang)
    console.print(f"[bold]{escape(tutorial.title.get(lang) or tutorial.title['en'])}[/bold] · "
                  + escape(WORDS.text("chapter", lang, n=chapter_number, total=len(tutorial.chapter), name=chapter.name.get(lang) or chapter.name["en"])))
    console.print(said(help_line(lang), lang))
    lesson.run()
