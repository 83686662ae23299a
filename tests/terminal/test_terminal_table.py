"""The terminal table in-process: what the person is asked, what the log and the end screen say."""

from __future__ import annotations

import io
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from bigtop import games
from bigtop.core import IllegalAction
from bigtop.core.record import Record
from bigtop.core.text import Catalog
from bigtop.terminal.play import TerminalGame
from bigtop.terminal.scores import score_table, winners_line
from bigtop.terminal.text import listing, plural
from toy.game import HighCard, HighCardState


class HalvedState(HighCardState):
    def score_breakdown(self) -> dict[str, tuple[float, ...]]:
        first = tuple(p // 2 for p in self.points)
        return {"second": tuple(p - f for p, f in zip(self.points, first, strict=True)), "first": first}


class BracketCard(HighCard):
    """High Card whose log and categories are written with square brackets, as cube displays are."""

    name = "bracketcard"
    text = Catalog({"log.played_face_down": {"en": "{seat} plays [red yellow -] face down."}}, source="bracketcard")
    score_categories = {"first": "First half [a]", "second": "Second half"}

    def _create(self, players: int, seed: int, options: Any) -> HalvedState:
        return HalvedState(self, players, seed, options)


def finished(game: Any, players: int, seed: int) -> Any:
    state = game.new(players, seed=seed)
    rng = random.Random(seed)
    while not state.is_over():
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
    return state


def table_for(state: Any, answer: Callable[[TerminalGame, str], str]) -> tuple[TerminalGame, io.StringIO]:
    screen = io.StringIO()
    table = TerminalGame(state, 0, "random", Console(file=screen, width=100), None)
    table.ask = lambda prompt: answer(table, prompt)  # type: ignore[method-assign]
    return table, screen


def text(renderable: Any) -> str:
    console = Console(file=io.StringIO(), width=100)
    console.print(renderable)
    return console.file.getvalue()  # type: ignore[attr-defined]


def test_the_log_and_the_end_table_print_square_brackets_as_written() -> None:
    table, screen = table_for(BracketCard().new(2, seed=3), lambda table, prompt: str(min(table.menu.shown)))
    table.run()
    shown = screen.getvalue()
    assert "Seat 0 (you) plays [red yellow -] face down." in shown
    assert "Seat 1 (Easy bot) plays [red yellow -] face down." in shown
    assert "First half [a]" in shown


def test_the_end_table_has_the_games_categories_in_order_and_totals_that_add_up() -> None:
    state = finished(BracketCard(), 3, seed=5)
    lines = text(score_table(state, ["Ann", "Bob", "Cy"])).splitlines()
    assert "Ann" in lines[2] and "Bob" in lines[2] and "Cy" in lines[2]
    rows = {line.split("│")[1].strip(): [float(x) for x in line.split("│")[2:-1]] for line in lines if line.startswith("│")}
    assert list(rows) == ["First half [a]", "Second half", "Total", "Rank"]
    assert rows["Total"] == list(state.scores()) == [a + b for a, b in zip(rows["First half [a]"], rows["Second half"], strict=True)]
    assert rows["Rank"] == list(state.result().ranks)


def test_the_winner_line_names_the_winner_with_their_points() -> None:
    lines = set()
    for seed in range(40):
        state = finished(games.get("highcard"), 2, seed)
        result = state.result()
        line = winners_line(state, ["Ann", "Bob"])
        best = result.scores[result.winners[0]]
        if len(result.winners) == 2:
            assert line == f"Winners (tied): Ann and Bob with {plural(best, 'point')} each."
        else:
            assert line.startswith(f"Winner: {['Ann', 'Bob'][result.winners[0]]} with {plural(best, 'point')}")
            assert line.endswith(" on the tie-break.") == (result.scores[0] == result.scores[1])
        lines.add(line.split(" with")[0] + (" tie-break" if "tie-break" in line else ""))
    assert len(lines) >= 3  # both winners and at least one tie or tie-break were seen


def test_plurals_and_lists() -> None:
    assert [plural(n, "point") for n in (1, 2, 0, -1, 1.5)] == ["1 point", "2 points", "0 points", "-1 point", "1.5 points"]
    assert plural(3, "city", "cities") == "3 cities"
    assert [listing(names) for names in ([], ["A"], ["A", "B"], ["A", "B", "C"])] == ["", "A", "A and B", "A, B and C"]


def test_a_one_option_decision_is_played_for_the_person_and_never_asked() -> None:
    questions = []

    def answer(table: TerminalGame, prompt: str) -> str:
        options = len(table.state.legal_actions(0))
        questions.append(options)
        shown = sorted(table.menu.shown)
        assert len(shown) == options and prompt.startswith(f"choose {table.menu.choices()} ")
        return str(shown[table.state.move_count % options])

    table, screen = table_for(games.get("drumroll").new(2, seed=4), answer)
    table.run()
    record = table.state.record()
    forced = screen.getvalue().count("your only choice, played for you:")
    assert table.state.is_over() and forced > 0 and min(questions) >= 2
    assert sum(1 for seat, _ in record.moves if seat == 0) == len(questions) + forced


def takes_back_two(state: Any) -> bool:
    """Whether the table rule lets seat 0 take back its last two moves (no draw or reveal among them)."""
    try:
        state.undo(0).undo(0)
    except IllegalAction:
        return False
    return True


def test_undo_takes_back_the_choice_and_the_moves_played_for_the_person_after_it() -> None:
    asked_at: list[int] = []  # move counts at which the person answered with a number
    undone: list[int] = []

    def answer(table: TerminalGame, prompt: str) -> str:
        state = table.state
        if undone:
            assert state.move_count == undone[0] and len(state.legal_actions(0)) > 1
            assert "undone: back to your last choice." in screen.getvalue()
            return "q"
        last_two = [seat for seat, _ in state.moves()[-2:]]
        if (last_two == [0, 0] and state.move_count - 2 in asked_at and state.move_count - 1 not in asked_at
                and takes_back_two(state)):
            undone.append(state.move_count - 2)  # the question, then a move played for the person
            return "u"
        asked_at.append(state.move_count)
        shown = sorted(table.menu.shown)
        return str(shown[state.move_count % len(shown)])

    for name, players, seed in [(name, players, seed) for seed in range(6) for name, players in (("trollfest", 3), ("drumroll", 2))]:
        table, screen = table_for(games.get(name).new(players, seed=seed), answer)  # a game that has the case
        asked_at.clear()
        table.run()
        if undone:
            break
    assert undone, "no game had a choice followed by a move played for the person"


def test_a_refused_undo_does_not_say_what_another_seat_chose_in_secret() -> None:
    answers = iter(["u", "q"])
    state = games.get("highcard").new(2, seed=1)
    screen = io.StringIO()
    table = TerminalGame(state, 1, "random", Console(file=screen, width=100), None)
    table.ask = lambda prompt: next(answers)  # type: ignore[method-assign]
    table.run()
    (seat, sealed), = table.state.moves()  # seat 0's card, played face down as the person was asked too
    assert seat == 0 and "cannot undo: everyone answers this question at once and the others have already answered" in screen.getvalue()
    assert str(sealed) not in screen.getvalue() and f"card={sealed.card}" not in screen.getvalue()


def test_the_s_key_asks_before_replacing_a_file_and_a_bad_name_does_not_end_the_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "old.json").write_text("keep me")
    answers = iter(["s", "old.json", "n", "s", str(tmp_path), "s", "", "1", "q"])
    table, screen = table_for(games.get("highcard").new(2, seed=1), lambda table, prompt: next(answers))
    table.run()
    shown = screen.getvalue()
    assert (tmp_path / "old.json").read_text() == "keep me" and "not saved." in shown
    assert "is a folder" in shown
    assert shown.count("saved the game") == 2  # with Enter: the default name; then again on leaving
    assert Record.load(tmp_path / "highcard-1.json").moves == table.state.record().moves != []
