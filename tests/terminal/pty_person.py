"""`bigtop play` in a pseudo-terminal, read as a person reads it: the questions it asks (the
numbers each offers), the menus above them and the whole screen, colours taken out."""

from __future__ import annotations

import io
import os
import re
import signal
from pathlib import Path

import pexpect

from terminal.cli_process import BIGTOP

PROMPT = re.compile(r"choose ([\d, -]+)(?:, t)? or h/s/u/b/q(?: \(Enter: \d+, marked ◀\))?> ")  # a lesson's says its marked move
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
TYPED_LINE = re.compile(r"^ +t {2}\S")
MENU_LINE = re.compile(r"^ {2} *(\d+) {2}(\S.*)$")
BOARD_RULE = re.compile(r"^─{20,}$")  # the rule printed above the board


def numbers_of(choices: str) -> list[int]:
    """ "1-3, 5" as [1, 2, 3, 5]."""
    out: list[int] = []
    for part in choices.split(", "):
        low, _, high = part.partition("-")
        out += range(int(low), int(high or low) + 1)
    return out


def _as_a_shell_starts_it() -> None:
    """In the child before `bigtop` starts: Ctrl-C as a shell leaves it to a program it starts
    (the default action, not blocked), whatever the test process inherited or set for itself: a
    program started with SIGINT ignored never hears Ctrl-C."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


class Person:
    """`bigtop play ...` in a pseudo-terminal of `columns` columns, read as the person reads it."""

    def __init__(self, *args: str, cwd: Path, columns: int = 100) -> None:
        self.log = io.StringIO()
        env = {**os.environ, "COLUMNS": str(columns), "LINES": "40"}  # what a terminal of that size says
        self.child = pexpect.spawn(
            str(BIGTOP), ["play", *args], cwd=str(cwd), env=env, encoding="utf-8", timeout=60, dimensions=(40, columns),
            preexec_fn=_as_a_shell_starts_it,
        )
        self.child.logfile_read = self.log
        self.child.delaybeforesend = None

    def next_question(self) -> list[int] | None:
        """The numbers the next question offers, or None once the program has ended."""
        if self.child.expect([PROMPT, pexpect.EOF]) == 1:
            return None
        return numbers_of(self.child.match.group(1))

    def answer(self, text: str) -> None:
        self.child.sendline(text)

    def screen(self) -> str:
        """Everything the terminal showed so far, colours taken out."""
        return ANSI.sub("", self.log.getvalue()).replace("\r\n", "\n")

    def finish(self) -> tuple[int, str]:
        """The exit code and everything the terminal showed, colours taken out."""
        self.child.expect(pexpect.EOF)
        self.child.close()
        return self.child.exitstatus, self.screen()


def menu_above(lines: list[str], prompt_at: int) -> dict[int, str]:
    """The menu printed right above the prompt on line `prompt_at`: number -> words."""
    menu: dict[int, str] = {}
    at = prompt_at - 1
    if TYPED_LINE.match(lines[at]):  # the option to type text, printed under the numbers
        at -= 1
    while at >= 0 and (found := MENU_LINE.match(lines[at])):
        menu[int(found.group(1))] = found.group(2)
        at -= 1
    return menu
