"""`bigtop play` in a pseudo-terminal, as a person plays it: whole games of every game to the end
screen, saving, quitting, and `bigtop replay` of what was saved."""

from __future__ import annotations

import io
import random
import re
import signal
from pathlib import Path

import pexpect
import pytest

from bigtop import games
from bigtop.core.record import Record
from terminal.cli_process import BIGTOP, bigtop

PROMPT = re.compile(r"choose 1-(\d+) or h/s/u/b/q> ")
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def _as_a_shell_starts_it() -> None:
    """In the child before `bigtop` starts: Ctrl-C as a shell leaves it to a program it starts
    (the default action, not blocked), whatever the test process inherited or set for itself: a
    program started with SIGINT ignored never hears Ctrl-C."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


class Person:
    """`bigtop play ...` in a pseudo-terminal of 100 columns, read as the person reads it."""

    def __init__(self, *args: str, cwd: Path) -> None:
        self.log = io.StringIO()
        self.child = pexpect.spawn(
            str(BIGTOP), ["play", *args], cwd=str(cwd), encoding="utf-8", timeout=60, dimensions=(40, 100),
            preexec_fn=_as_a_shell_starts_it,
        )
        self.child.logfile_read = self.log
        self.child.delaybeforesend = None

    def next_question(self) -> int | None:
        """How many options the next question offers, or None once the program has ended."""
        if self.child.expect([PROMPT, pexpect.EOF]) == 1:
            return None
        return int(self.child.match.group(1))

    def answer(self, text: str) -> None:
        self.child.sendline(text)

    def finish(self) -> tuple[int, str]:
        """The exit code and everything the terminal showed, colours taken out."""
        self.child.expect(pexpect.EOF)
        self.child.close()
        return self.child.exitstatus, ANSI.sub("", self.log.getvalue()).replace("\r\n", "\n")


GAMES = [("drumroll", 3, 11), ("trollfest", 3, 12), ("carcassonne", 2, 13)]


@pytest.mark.parametrize("name, players, seed", GAMES, ids=[g[0] for g in GAMES])
def test_a_person_plays_a_whole_game_saves_it_and_replays_it(tmp_path: Path, name: str, players: int, seed: int) -> None:
    choices = random.Random(seed)
    person = Person(name, "--players", str(players), "--bots", "random", "--seed", str(seed), "--save", "game.json", cwd=tmp_path)
    questions = []
    while (options := person.next_question()) is not None:
        questions.append(options)
        person.answer(str(choices.randint(1, options)))
    code, screen = person.finish()
    assert code == 0, screen[-3000:]
    assert screen.index(f"seed {seed}") < screen.index("choose 1-")  # the seed is shown before the first question
    assert min(questions) >= 2  # never a one-option question
    forced = screen.count("your only choice, played for you:")
    record = Record.load(tmp_path / "game.json")
    assert sum(1 for seat, _ in record.moves if seat == 0) == len(questions) + forced
    state = record.replay(games.get(record.game))
    assert state.is_over()

    end = screen[screen.index("Final scores") :]
    assert "{" not in end and "Total" in end and "saved the game" in end
    result = state.result()
    winner = f"Seat {result.winners[0]}" + (" (you)" if result.winners[0] == 0 else "")
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
