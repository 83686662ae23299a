"""The board at the terminal table names each seat as the log does ("Seat 1 (Easy bot)" at `bigtop
play`, "Learner" and "Bruno" at `bigtop learn`), with what the board adds: the viewer's "(you)",
Carcassonne's seat colour, in every language."""

from __future__ import annotations

import io
import random
import re
from collections.abc import Callable

import pytest
from rich.console import Console

from bigtop import games
from bigtop.games.carcassonne.glyphs import SEAT_NAMES
from bigtop.games.carcassonne.names import Words
from bigtop.terminal.text import SAY, seat_name
from bigtop.tutorial import load, start
from bigtop.tutorial.terminal import Lesson
from terminal.test_terminal_screen import Scripted

LANGS = ("en", "fr", "zh-Hant")


def _carcassonne(head: str, seat: int, lang: str) -> re.Pattern[str]:
    colour = Words(lang)(f"colour.{SEAT_NAMES[seat]}")
    return re.compile(rf"^[▶ ] {re.escape(head)} {re.escape(colour)} ", re.M)


HEADS: dict[str, Callable[[str, int, str], re.Pattern[str]]] = {  # a seat heading its part of the board
    "drumroll": lambda head, seat, lang: re.compile(rf"^{re.escape(head)} ?[:：]", re.M),  # its line: "Bruno: 0 prestige, ..."
    "trollfest": lambda head, seat, lang: re.compile(rf"│ {re.escape(head)} +│"),  # its row of the bands' table
    "carcassonne": _carcassonne,  # its row of the scores, in its colour: "Bruno blue"
}


def first_board(screen: str) -> str:
    """What was printed before the first question: the board (and, in a lesson, its words)."""
    return screen[: screen.index("h/s/u/b/q")]


def assert_named(game: str, board: str, names: list[str], you: int, lang: str) -> None:
    for seat in range(len(names)):
        head = seat_name(names, seat, you, lang)
        assert HEADS[game](head, seat, lang).search(board), (head, board)


class Learning(Lesson):
    """Chapter 1 of a game's tutorial whose learner makes the marked move (else the first offered),
    and quits once the log names Bruno (or after 40 questions)."""

    def __init__(self, name: str, lang: str) -> None:
        game = games.get(name)
        tutorial = load(game)
        self.screen = io.StringIO()
        super().__init__(start(game, tutorial.chapter[0]), tutorial, 1, Console(file=self.screen, width=100, color_system=None), lang)
        self.questions = 40

    def ask(self, prompt: str) -> str:
        self.screen.write(prompt + "\n")
        self.questions -= 1
        if not self.questions or "  · Bruno" in self.screen.getvalue():
            return "q"
        marked = [n for n, action in self.menu.shown.items() if action == self.expected]
        return str(marked[0] if marked else min(self.menu.shown))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", sorted(HEADS))
def test_the_board_at_the_table_names_the_seats_as_the_log(game: str, lang: str) -> None:
    """`bigtop play`: "Seat 1 (Easy bot)" on the board, not "Seat 1", "seat 1" or "1 blue"."""
    table = Scripted(game, 3, 4, [], lang=lang, questions=1)
    table.run()
    assert_named(game, first_board(table.screen.getvalue()), table.names, 0, lang)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", sorted(HEADS))
def test_the_board_in_a_lesson_names_the_seats_as_the_log(game: str, lang: str) -> None:
    """`bigtop learn`: "Learner (you)" and "Bruno" on the board, as "Learner" and "Bruno" in the log."""
    lesson = Learning(game, lang)
    lesson.run()
    screen = lesson.screen.getvalue()
    assert lesson.names[1] == "Bruno" and "  · Bruno" in screen  # the log's name
    assert_named(game, first_board(screen), lesson.names, lesson.seat, lang)
    assert seat_name(lesson.names, lesson.seat, lesson.seat, lang) != lesson.names[lesson.seat]  # marked "(you)"


@pytest.mark.parametrize("lang", LANGS)
def test_a_name_that_says_you_is_not_marked_twice(lang: str) -> None:
    """`bigtop play` names the person "Seat 0 (you)" already; the lesson's "Learner" gets the mark."""
    played = [SAY.text("seat_you", lang, n=0), "Bruno"]
    assert seat_name(played, 0, 0, lang) == played[0]
    assert seat_name(played, 1, 0, lang) == "Bruno"
    assert seat_name(["Learner"], 0, 0, lang) == "Learner" + SAY.text("you_mark", lang)


def _printed(game: str, state: object, names: list[str], lang: str) -> str:
    screen = io.StringIO()
    Console(file=screen, width=300, color_system=None).print(games.get(game).render(state, 0, lang, names=names))
    return screen.getvalue()


def _played(game: str, players: int, moves: int) -> object:
    """A seeded game after `moves` random moves (fewer if it ends)."""
    state = games.get(game).new(players, seed=5)
    chooser = random.Random(5)
    for _ in range(moves):
        if state.is_over():
            break
        seat = state.to_move()[0]
        state.apply(seat, chooser.choice(state.legal_actions(seat)))
    return state


@pytest.mark.parametrize("lang", LANGS)
def test_the_numbers_and_letters_drawn_on_a_board_are_keyed_to_the_names(lang: str) -> None:
    """Where a board draws seats as digits or letters (Carcassonne's meeples and ringmasters, Troll
    Fest's tour tokens on the map) or waits for seats (Drum Roll's sealed steps), a board given the
    names says whose each one is, as the log names them."""
    names = ["Ada", "Bruno", "Cleo"]
    join = {"en": ", ", "fr": ", ", "zh-Hant": "、"}[lang]
    carcassonne = _printed("carcassonne", _played("carcassonne", 3, 0), names, lang)
    assert join.join(f"{n} {name}" for n, name in enumerate(names)) in carcassonne  # meeples 0, 1, 2
    assert join.join(f"{n} {name}" for n, name in zip("ABC", names, strict=True)) in carcassonne  # ringmasters
    assert "A = " not in carcassonne
    trollfest = _printed("trollfest", _played("trollfest", 3, 60), names, lang)
    assert re.search(r"[:：] ?" + re.escape(join.join(f"{n} {name}" for n, name in enumerate(names))) + "$", trollfest, re.M)
    drumroll = _printed("drumroll", _played("drumroll", 3, 0), names, lang)
    waiting = drumroll.splitlines()[-1]
    assert all(name in waiting for name in names) and not re.search(r"\d", waiting), waiting
