"""`bigtop play` in a pseudo-terminal, as a person plays it: whole games of every game to the end
screen, saving, quitting, and `bigtop replay` of what was saved; what the screen shows along the
way (the board once a turn, the log before each question, menus whose numbers hold over a step)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from bigtop import games
from bigtop.core.record import Record
from terminal.cli_process import bigtop
from terminal.pty_person import BOARD_RULE, PROMPT, Person, menu_above, numbers_of

FORCED = "your only choice, played for you:"


def check_screen(screen: str, record: Record, seat: int = 0, bot: str = "Easy bot") -> None:
    """What the person saw, against the saved game: one line per decision played for them and no
    menu for it; the board printed at the first question of each step (the person's decisions with
    no other seat moving between) and at no other; before each question the log entries since the
    last one, each once, after the board and above the menu; the menu's numbers exactly those of
    the prompt, and over a step a number never meaning two things and an option keeping its number."""
    game = games.get(record.game)
    names = [f"Seat {p} ({'you' if p == seat else bot})" for p in range(record.players)]
    lines = screen.splitlines()
    decisions = [i for i, line in enumerate(lines) if PROMPT.search(line) or FORCED in line]
    states = list(record.states(game))
    mine = [i for i, (p, _) in enumerate(record.moves) if p == seat]
    assert len(decisions) == len(mine)
    seen = [len(states[i].log.visible_to(seat)) for i in mine]
    step: dict[int, str] = {}
    last_asked = -1  # the move index of the person's last question
    for k, (at, move) in enumerate(zip(decisions, mine, strict=True)):
        chunk = range(decisions[k - 1] + 1 if k else 0, at)
        logged = [i for i in chunk if lines[i].startswith("  · ")]
        events = states[move].log.visible_to(seat)[seen[k - 1] if k else 0 : seen[k]]
        assert [lines[i][4:] for i in logged] == [game.describe_event(e, names, record.options) for e in events]
        if FORCED in lines[at]:
            assert not menu_above(lines, at)
            continue
        boards = [i for i in chunk if BOARD_RULE.match(lines[i])]
        new_step = last_asked < 0 or any(p != seat for p, _ in record.moves[last_asked + 1 : move])
        assert len(boards) == (1 if new_step else 0), (k, lines[at])
        menu = menu_above(lines, at)
        assert sorted(menu) == numbers_of(PROMPT.search(lines[at]).group(1))
        assert all(boards[0] < i for i in logged) if boards else True
        assert all(i < min(at - len(menu), at) for i in logged)
        if new_step:
            step = {}
        for number, words in menu.items():
            assert step.setdefault(number, words) == words, f"{number} meant {step[number]!r}, now {words!r}"
        for words in set(menu.values()):
            before = [n for n, w in step.items() if w == words]
            now = [n for n, w in menu.items() if w == words]
            if len(before) == 1 and len(now) == 1:
                assert before == now, f"{words!r} moved from {before} to {now}"
        last_asked = move

GAMES = [("drumroll", 3, 11), ("trollfest", 3, 12), ("carcassonne", 2, 13)]


@pytest.mark.parametrize("name, players, seed", GAMES, ids=[g[0] for g in GAMES])
def test_a_person_plays_a_whole_game_saves_it_and_replays_it(tmp_path: Path, name: str, players: int, seed: int) -> None:
    choices = random.Random(seed)
    person = Person(name, "--players", str(players), "--bots", "random", "--seed", str(seed), "--save", "game.json", cwd=tmp_path,
                    columns=240)
    questions = []
    while (options := person.next_question()) is not None:
        questions.append(options)
        person.answer(str(choices.choice(options)))
    code, screen = person.finish()
    assert code == 0, screen[-3000:]
    assert screen.index(f"seed {seed}") < screen.index("choose ")  # the seed is shown before the first question
    assert min(map(len, questions)) >= 2  # never a one-option question
    forced = screen.count("your only choice, played for you:")
    record = Record.load(tmp_path / "game.json")
    assert sum(1 for seat, _ in record.moves if seat == 0) == len(questions) + forced
    state = record.replay(games.get(record.game))
    assert state.is_over()
    check_screen(screen, record)

    end = screen[screen.index("Final scores") :]
    assert "{" not in end and "Total" in end and "saved the game" in end
    result = state.result()
    winner = f"Seat {result.winners[0]}" + (" (you)" if result.winners[0] == 0 else " (Easy bot)")
    assert re.search(rf"\nWinners?( \(tied\))?: .*{re.escape(winner)}.* with {result.scores[result.winners[0]]:g} points?", end), end

    replay = bigtop("replay", "game.json", cwd=tmp_path)
    assert replay.returncode == 0, replay.stderr
    totals = re.search(r"Total\s*│(.*)│", replay.stdout)
    assert totals and [float(x) for x in totals.group(1).split("│")] == list(result.scores)


def test_the_s_key_saves_where_the_person_says_and_quitting_saves_again(tmp_path: Path) -> None:
    person = Person("carcassonne", "--players", "2", "--bots", "random", "--seed", "4", cwd=tmp_path)
    first = person.next_question()
    assert first is not None
    person.answer("s")
    person.child.expect(r"save to file \(Enter: carcassonne-4.json\)> ")
    person.answer("mine.json")
    person.child.expect("saved the game")
    assert Record.load(tmp_path / "mine.json").moves == []  # nothing played yet
    assert person.next_question() == first  # the same question again
    person.answer("1")
    person.next_question()
    person.answer("q")
    code, screen = person.finish()
    assert code == 0 and "game abandoned" in screen
    record = Record.load(tmp_path / "mine.json")
    assert record.moves and record.moves[0][0] == 0  # saved on leaving, with the move made since
    replay = bigtop("replay", "mine.json", cwd=tmp_path)
    assert replay.returncode == 0 and "(the game is not finished)" in replay.stdout


def test_an_interrupted_game_is_saved(tmp_path: Path) -> None:
    person = Person("trollfest", "--players", "3", "--bots", "random", "--seed", "8", "--save", "g.json", cwd=tmp_path)
    person.next_question()
    person.answer("1")
    person.next_question()
    person.child.sendintr()
    code, screen = person.finish()
    assert code == 130 and "saved the game" in screen and "Traceback" not in screen
    assert any(seat == 0 for seat, _ in Record.load(tmp_path / "g.json").moves)


def test_save_refuses_to_replace_a_file_unless_forced(tmp_path: Path) -> None:
    (tmp_path / "g.json").write_text("my notes")
    person = Person("drumroll", "--bots", "random", "--seed", "2", "--save", "g.json", "--force", cwd=tmp_path)
    assert person.next_question() is not None
    person.answer("q")
    code, _ = person.finish()
    assert code == 0 and Record.load(tmp_path / "g.json").game == "drumroll"
