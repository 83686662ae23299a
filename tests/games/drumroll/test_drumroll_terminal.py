"""Drum Roll at `bigtop play` in a pseudo-terminal, read as a person reads the screen."""

from __future__ import annotations

import re
from pathlib import Path

from terminal.pty_person import PROMPT, Person


def screen_text(screen: str) -> str:
    """The screen with its line wrapping undone (the terminal is 100 columns wide)."""
    return " ".join(screen.split())


def test_two_players_see_the_virtual_region_and_the_virtual_delay_vote(tmp_path: Path) -> None:
    """2 players: "a 3rd one is placed on the table between the two players" — "When voting to see if a 6th turn
    will be played, calculate the result by adding a virtual delay vote to it.\""""
    person = Person("drumroll", "--players", "2", "--bots", "random", "--seed", "5", cwd=tmp_path)
    while (offered := person.next_question()) is not None and "· Vote: " not in person.log.getvalue():
        person.answer(str(offered[0]))  # the first option offered (menu numbers hold over a step)
    person.answer("q")
    _, screen = person.finish()
    text = screen_text(screen)
    assert ("Virtual third region (2 players): Rome: 2 prestige per 2 performers of each type: acrobat and bizarre; "
            "Seat 0 (you) visits it at the next show") in text
    assert re.search(r"Vote: \d to delay \(the virtual third player's delay vote of the 2-player game among them\), "
                     r"\d to start: the show (is delayed|starts)\.", text)


def test_every_question_says_what_it_is_about(tmp_path: Path) -> None:
    """A person's turn asks several questions; the board (ending "Now: ...") is printed before the
    first only. Every later one says what it is about above its menu: "decline / pay 1 coin and take
    the top investment card" alone does not say it is the Invest action."""
    person = Person("drumroll", "--players", "3", "--bots", "random", "--seed", "11", cwd=tmp_path)
    questions = 0
    while (offered := person.next_question()) is not None and questions < 60:
        screen = person.screen()
        prompts = [m.start() for m in PROMPT.finditer(screen)]
        asked = screen[prompts[-2] if len(prompts) > 1 else 0:prompts[-1]]  # since the last question
        assert re.search(r"^Now(: | \(all at once\): )\S", asked, re.MULTILINE), asked[-1500:]
        questions += 1
        person.answer(str(offered[-1]))
    person.answer("q")
    person.finish()
    assert questions == 60
