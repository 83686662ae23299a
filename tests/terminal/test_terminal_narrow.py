"""`bigtop play` in narrow terminals (80 and 60 columns), as many people's are: a log entry or an
option too long for a line goes on under its own words, and a board wider than the terminal is
cut into strips of whole columns instead of being wrapped line by line."""

from __future__ import annotations

import io
import random
import re
from pathlib import Path

import pytest
from rich.cells import cell_len
from rich.console import Console
from rich.text import Text

from bigtop import games
from bigtop.core.record import Record
from terminal.pty_person import MENU_LINE, TYPED_LINE, Person
from terminal.test_terminal_play import check_screen


def unwrapped(screen: str) -> str:
    """The screen with each wrapped log entry, option and move played for the person joined back into
    one line; a line only counts as the rest of one if it starts under that one's words."""
    lines: list[str] = []
    indent = 0
    for line in screen.splitlines():
        if indent and line.startswith(" " * indent) and line[indent:indent + 1].strip() and not MENU_LINE.match(line):
            lines[-1] += " " + line[indent:]
            continue
        indent = 4 if line.startswith(("  · ", "  ▸ ")) else 7 if MENU_LINE.match(line) or TYPED_LINE.match(line) else 0
        lines.append(line)
    return "\n".join(lines)


@pytest.mark.parametrize("name, players, seed", [("trollfest", 3, 12), ("drumroll", 2, 5)])
def test_at_60_columns_every_log_entry_and_option_reads_whole(tmp_path: Path, name: str, players: int, seed: int) -> None:
    choices = random.Random(seed)
    person = Person(name, "--players", str(players), "--bots", "random", "--seed", str(seed), "--save", "game.json",
                    cwd=tmp_path, columns=60)
    while (options := person.next_question()) is not None:
        person.answer(str(choices.choice(options)))
    code, screen = person.finish()
    assert code == 0, screen[-3000:]
    check_screen(unwrapped(screen), Record.load(tmp_path / "game.json"))


def test_a_carcassonne_board_wider_than_the_terminal_is_shown_in_strips_of_whole_columns() -> None:
    game = games.get("carcassonne")
    state = game.new(2, seed=13)
    rng = random.Random(13)
    columns: set[int] = set()
    while len(columns) <= 12:  # wider than 80 columns at 6 a column
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
        view = state.view(0)
        columns = {x for x, *_ in view["board"]} | {x for x, _ in view["fits"]}
    for width in (80, 60):
        screen = io.StringIO()
        Console(file=screen, width=width).print(game.render(state, 0))
        lines = screen.getvalue().splitlines()
        headers = [i for i, line in enumerate(lines) if re.fullmatch(r" {5,}-?\d+( +-?\d+)* *", line)]
        shown: list[int] = []
        for i in headers:
            xs = [int(x) for x in lines[i].split()]
            assert lines[i].rstrip() == ("     " + "".join(f"{x:^6}" for x in xs)).rstrip(), lines[i]  # not a wrapped piece
            shown += xs
        assert shown == sorted(columns)
        legend = next(i for i, line in enumerate(lines) if line.startswith("▒ city"))
        rows = [line for line in lines[headers[0] : legend] if line.strip()]
        assert all(re.match(r"( {4}|[ -]{0,3}\d+) ", line) for line in rows), width  # every row under its coordinates


@pytest.mark.parametrize("name, players", [("drumroll", 3), ("trollfest", 4), ("carcassonne", 3)])
def test_at_60_columns_no_board_line_goes_on_at_the_left_edge(name: str, players: int) -> None:
    """A board line too long for 60 columns (a card's text, a performer's terms, the legend) goes on
    indented under its own words: every line at the left edge begins a line of the board as a wide
    terminal shows it."""
    game = games.get(name)
    state = game.new(players, seed=21)
    choices = random.Random(3)
    for _ in range(40):  # into the game: cards in hand, performers hired
        seat = state.to_move()[0]
        state.apply(seat, choices.choice(state.legal_actions(seat)))
    boards = {}
    for width in (60, 400):
        console = Console(file=io.StringIO(), width=width, color_system=None)
        console.print(game.render(state, 0))
        boards[width] = console.file.getvalue().splitlines()
    starts = {line[:12] for line in boards[400]}
    at_edge = [line for line in boards[60] if line[:1].strip()]
    assert at_edge and all(line[:12] in starts for line in at_edge), [line for line in at_edge if line[:12] not in starts]


def test_french_and_chinese_lines_break_where_those_languages_break_them() -> None:
    """A Chinese line has no spaces to break at: Rich's wrapping pushed a whole run to the next line
    and cut "薪水 4" from its number; French lines began with the " :" or " ;" French puts before
    them. Lines now break between Chinese characters, never before closing punctuation, and never
    between a number and its word; English wraps as before."""
    from bigtop.terminal.hanging import hanging

    console = Console(file=io.StringIO(), width=30)
    chinese = Text("人體金字塔（特技師）現價 3（折扣 2）；雇用費 5，薪水 4（翻過來後 2），翻過來得 3 分")
    lines = hanging(Text("  "), chinese, console, 30, lang="zh-Hant").plain.split("\n")
    assert len(lines) >= 3 and all(cell_len(line) <= 30 for line in lines)
    assert "".join(lines).replace(" ", "") == chinese.plain.replace(" ", "")  # nothing lost
    assert all(line.strip()[:1] not in "，）；：、" for line in lines), lines
    assert not any(line.rstrip().endswith(("薪水", "現價", "雇用費")) for line in lines), lines  # the number stays with its word
    french = Text("Place 2 (vous) : 0 point de prestige, 10 pièces, billets 3/8 ; main 1/2 ; banque 4")
    lines = hanging(Text("  "), french, console, 30, lang="fr").plain.split("\n")
    assert all(cell_len(line) <= 30 and line.strip()[:1] not in ":;" for line in lines), lines
    assert not any(line.rstrip().endswith(("10", "billets")) for line in lines), lines
    english = Text("Seat 2 (you): 0 prestige, 10 coins, tickets 3/8, hand 1/2, bank 4")
    assert hanging(Text("  "), english, console, 30).plain == hanging(Text("  "), english, console, 30, lang="en").plain
    assert [line.strip() for line in hanging(Text(""), english, console, 30).plain.split("\n")] == \
        [line.plain.strip() for line in english.wrap(console, 30)]


def test_a_lessons_words_in_chinese_break_between_characters_not_at_a_number() -> None:
    """The terminal's own sentences (a lesson's words in its panel, the help line) in Chinese wrap
    like the board: "搜尋找到的 3" was cut from "個最佳著法" at the space between them."""
    from bigtop.terminal.hanging import said
    from bigtop.terminal.play import help_line

    console = Console(file=io.StringIO(), width=40)
    console.print(said(help_line("zh-Hant"), "zh-Hant"))
    lines = console.file.getvalue().splitlines()  # type: ignore[attr-defined]
    assert len(lines) >= 3 and all(cell_len(line) <= 40 for line in lines)
    assert not any(line.rstrip().endswith(("3", "h", "s")) for line in lines), lines  # "3 個", "h：" kept together
    assert said("Seat 0", "en") == Text("Seat 0")  # English: as Rich prints it
