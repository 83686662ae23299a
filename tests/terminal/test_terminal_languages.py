"""`bigtop play --lang`: a game in French or Chinese in a pseudo-terminal, as a person reads it."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pexpect
import pytest

from terminal.cli_process import BIGTOP
from terminal.pty_person import ANSI

PROMPTS = {"fr": re.compile(r"choisissez ([\d, -]+) ou h/s/u/b/q> "), "zh-Hant": re.compile(r"請選 ([\d, -]+) 或 h/s/u/b/q> ")}
SAID = {  # the opening line, and a bot as the log names it
    "fr": ("Drum Roll, 2 joueurs, graine 5 : vous êtes à la place 0.", "Place 1 (Robot facile)"),
    "zh-Hant": ("Drum Roll，2 位玩家，種子 5：你坐在座位 0。", "座位 1（簡單電腦）"),
}


@pytest.mark.parametrize("lang", ["fr", "zh-Hant"])
def test_a_game_is_played_in_the_language_asked_for(tmp_path: Path, lang: str) -> None:
    screen = io.StringIO()
    child = pexpect.spawn(str(BIGTOP), ["play", "drumroll", "--players", "2", "--bots", "random", "--seed", "5", "--lang", lang],
                          cwd=str(tmp_path), encoding="utf-8", timeout=60, dimensions=(40, 100))
    child.logfile_read = screen
    for _ in range(8):  # a few questions: the bot moves in between and the log names it
        child.expect(PROMPTS[lang])
        child.sendline(re.split(r"[,-]", child.match.group(1))[0])
    child.expect(PROMPTS[lang])
    child.sendline("q")
    child.expect(pexpect.EOF)
    shown = " ".join(ANSI.sub("", screen.getvalue()).split())
    opening, bot = SAID[lang]
    assert opening in shown and bot in shown
    assert "choose" not in shown and "Seat " not in shown and "(you)" not in shown
