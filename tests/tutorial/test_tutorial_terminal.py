"""A tutorial chapter at the terminal (`bigtop learn`), on the test game: the lesson's words and
counter before each of the learner's steps (a single move's too), the move to make marked and chosen
by Enter, another choice answered with the lesson's hint, and the free game after the script, with
the way on to the next chapter."""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

import pytest
from rich.console import Console

from bigtop import bots, games
from bigtop.tutorial import Tutorial, load, start
from bigtop.tutorial.bot import ScriptedBot
from bigtop.tutorial.terminal import WORDS, Lesson

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from terminal.pty_person import BOARD_RULE, MENU_LINE  # noqa: E402
from toy.game import GAME  # noqa: E402

STATIC = Path(__file__).resolve().parents[2] / "src" / "bigtop" / "server" / "static"


class Typed(Lesson):
    """A lesson whose person types the given answers, then the move the lesson marks (else the
    first number offered), in chapter 1 of `tutorial` (else the toy's), whose Bruno plays that
    chapter's script."""

    def __init__(self, answers: list[str], lang: str = "en", tutorial: Tutorial | None = None) -> None:
        tutorial = tutorial or load(GAME)
        self.screen = io.StringIO()
        super().__init__(start(GAME, tutorial.chapter[0]), tutorial, 1, Console(file=self.screen, width=100, color_system=None), lang)
        self.bots = {1: ScriptedBot(GAME, tutorial.chapter[0], bots.make("random", GAME, seed=1))}
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
        tutorial = load(game)
        self.screen = io.StringIO()
        super().__init__(start(game, tutorial.chapter[0]), tutorial, 1, Console(file=self.screen, width=width, color_system=None), "en")

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
    steps = len(lesson.chapter.learner_steps())  # every step's words, a step with a single move's too
    assert counters("\n".join(lines)) == [f"Step {n} of {steps}" for n in range(1, steps + 1)]


def said(step: dict[str, object]) -> dict[str, object]:
    """A learner's step of the toy with words in every language."""
    return {**step, "seat": 0, "say": {"en": f"Now {step['action']}.", "fr": f"Maintenant {step['action']}.", "zh-Hant": f"現在 {step['action']}。"}}


def three_rounds() -> Tutorial:
    """The toy's tutorial over a whole game of three rounds: the learner's last card (12) is their
    only move (Bruno drew a card: he still has one), and the script ends the game."""
    tutorial = load(GAME)
    bruno = [{"seat": 1, "action": {"type": "Play", "card": card}} for card in (2, 6, 7)]
    steps = [bruno[0], said({"action": {"type": "Play", "card": 10}}), said({"action": {"type": "Pass"}}),
             bruno[1], said({"action": {"type": "Play", "card": 11}}), {"seat": 1, "action": {"type": "Draw"}},
             bruno[2], said({"action": {"type": "Play", "card": 12}}), said({"action": {"type": "Pass"}})]
    chapter = tutorial.chapter[0].model_validate({**tutorial.chapter[0].model_dump(), "options": {}, "step": steps})
    return tutorial.model_copy(update={"chapter": [chapter]})


def test_a_step_with_a_single_move_is_asked_its_words_right_above_the_menu():
    """A learner's step whose move is the only one is not played for them: its words would scroll
    away under the next board. It is asked like the others, its words right above its menu."""
    lesson = Typed([], tutorial=three_rounds())
    lesson.run()
    screen = lesson.screen.getvalue()
    assert "your only choice" not in screen
    lines = screen.splitlines()
    at = next(i for i, line in enumerate(lines) if "Now {'type': 'Play', 'card': 12}." in line)
    assert lines[at - 1].startswith("╭") and lines[at + 1].startswith("╰"), "\n".join(lines[at - 1 : at + 4])
    assert lines[at + 2].strip() == "1  Play(card=12)  ◀ this one" and lines[at + 3].startswith("choose 1 or "), "\n".join(lines[at : at + 4])
    assert [GAME.codec.to_json(a) for p, a in lesson.state.moves() if p == 0][-2] == {"type": "Play", "card": 12}


def counters(screen: str) -> list[str]:
    """The titles of the lesson's boxes: "╭─ Step 1 of 2 ───╮"."""
    return [line.strip("╭─╮ ") for line in screen.splitlines() if line.startswith("╭─ ")]


def test_each_step_shows_its_counter_as_the_web_bubble_does():
    """"Step n of N" over the learner's steps, in the web bubble's words (`learn.step`, tutorial.js)."""
    web = re.findall(r'"learn\.step": "([^"]+)"', (STATIC / "tutorial.js").read_text(encoding="utf-8"))
    assert web == [WORDS.template("step", lang) for lang in ("en", "fr", "zh-Hant")]
    for lang, first, second in (("en", "Step 1 of 2", "Step 2 of 2"), ("fr", "Étape 1 sur 2", "Étape 2 sur 2"),
                                ("zh-Hant", "第 1 步，共 2 步", "第 2 步，共 2 步")):
        lesson = Typed([], lang=lang)
        lesson.run()
        assert counters(lesson.screen.getvalue()) == [first, second]
    lesson = Typed([], tutorial=three_rounds())
    lesson.run()
    assert counters(lesson.screen.getvalue()) == [f"Step {n} of 5" for n in range(1, 6)]


def two_chapters() -> Tutorial:
    """The toy's tutorial with a second chapter after its first."""
    tutorial = load(GAME)
    second = tutorial.chapter[0].model_copy(update={"name": {"en": "More rounds", "fr": "D’autres manches", "zh-Hant": "更多回合"}})
    return tutorial.model_copy(update={"chapter": [tutorial.chapter[0], second]})


@pytest.mark.parametrize(("lang", "words"), [
    ("en", ["That is the end of the lesson", "Next, chapter 2 of 2: More rounds", "  bigtop learn highcard --chapter 2"]),
    ("fr", ["La leçon est finie", "Ensuite, le chapitre 2 sur 2 : D’autres manches", "  bigtop learn highcard --chapter 2 --lang fr"]),
    ("zh-Hant", ["本課結束", "下一章是第 2 章（共 2 章）：更多回合", "  bigtop learn highcard --chapter 2 --lang zh-Hant"]),
])
def test_the_end_of_the_lesson_says_the_next_chapter_again_after_the_free_game(lang: str, words: list[str]) -> None:
    lesson = Typed([], lang=lang, tutorial=two_chapters())
    lesson.run()
    screen = lesson.screen.getvalue()
    box = screen[screen.index(words[0]) :]
    box = box[: box.index("╰")]  # the end of the lesson's box, above the free game's first menu
    assert all(f"│ {line}" in box for line in words[1:]), box
    tail = screen.splitlines()[-2:]  # after the final scores and the winner, the way on once more
    assert tail == words[1:], tail


@pytest.mark.parametrize(("lang", "last"), [
    ("en", ["That was the tutorial's last chapter: play a whole game against the bots with", "  bigtop play highcard"]),
    ("fr", ["C’était le dernier chapitre du tutoriel : jouez une partie entière contre les robots avec",
            "  bigtop play highcard --lang fr"]),
    ("zh-Hant", ["這是教學的最後一章。接下來，用這個指令和電腦玩一整局：", "  bigtop play highcard --lang zh-Hant"]),
])
def test_the_last_chapter_says_so_also_when_its_script_ends_the_game(lang: str, last: list[str]) -> None:
    lesson = Typed([], lang=lang, tutorial=three_rounds())
    lesson.run()
    lines = lesson.screen.getvalue().splitlines()
    assert lesson.state.is_over() and lines[-2:] == last, lines[-6:]


def test_quitting_at_the_end_of_the_lesson_does_not_say_the_way_on_twice():
    lesson = Typed(["", "", "q"], tutorial=two_chapters())
    lesson.run()
    screen = lesson.screen.getvalue()
    assert screen.count("bigtop learn highcard --chapter 2") == 1 and screen.rstrip().endswith("game abandoned.")


@pytest.mark.parametrize(("lang", "prompt", "refusal"), [
    ("en", "choose 1-3 or h/s/u/b/q (Enter: 3, marked ◀)> ", "In this lesson, choose the move marked ◀ (Play(card=12)): press Enter or type 3."),
    ("fr", "choisissez 1-3 ou h/s/u/b/q (Entrée : 3, marqué ◀)> ",
     "Dans cette leçon, choisissez le coup marqué ◀ (Play(card=12)) : appuyez sur Entrée ou tapez 3."),
    ("zh-Hant", "請選 1-3 或 h/s/u/b/q（按 Enter：3，標著 ◀ 的那個）> ", "這一課請選標著 ◀ 的那一步（Play(card=12)）：按 Enter 或輸入 3。"),
])
def test_enter_chooses_the_marked_move_as_the_prompt_and_the_refusal_say(lang: str, prompt: str, refusal: str) -> None:
    """Menus keep the numbers of a free game (stable over a turn), so the move to make may be 14 of
    6-15: the prompt says its number, and Enter alone chooses it."""
    lesson = Typed(["1", "", ""], lang=lang)  # 1 (the 10) refused, then Enter twice: the 12, the draw
    lesson.run()
    screen = lesson.screen.getvalue()
    assert prompt in screen and refusal in screen.replace("\n", "")
    moves = [(p, GAME.codec.to_json(a)) for p, a in lesson.state.moves()]
    assert moves[:4] == [(s.seat, s.action) for s in load(GAME).chapter[0].step]


def test_enter_chooses_nothing_in_the_free_game():
    lesson = Typed(["", "", ""], tutorial=two_chapters())  # the script by Enter, then Enter in the free game
    lesson.run()
    screen = lesson.screen.getvalue()
    assert "choose one of the numbers shown" in screen
    assert screen.count("(Enter: ") == 2  # the free game's prompt does not offer it
