"""Troll Fest in `bigtop play`, in a pseudo-terminal: what a person reads and types that only
Troll Fest asks (a band name of their own)."""

from __future__ import annotations

from pathlib import Path

from terminal.pty_person import ANSI, Person


def test_a_person_types_a_band_name_refused_then_accepted(tmp_path: Path) -> None:
    person = Person("trollfest", "--players", "3", "--bots", "random", "--seed", "5", cwd=tmp_path)
    while (offered := person.next_question()) is not None and "type a name of your own for your band" not in person.child.before:
        person.answer(str(offered[0]))  # the draft and the band reveal
    assert "    t  type a name of your own for your band" in ANSI.sub("", person.child.before)
    person.answer("t")
    person.child.expect("type it> ")
    person.answer("<b>Bog</b> Rockers")
    person.child.expect("a band name may not hold markup")
    assert person.next_question() is not None  # asked again
    person.answer("t")
    person.child.expect("type it> ")
    person.answer("The Bog Rockers")
    person.next_question()
    person.answer("q")
    code, screen = person.finish()
    assert code == 0 and "Traceback" not in screen
    assert "Seat 0 (you) names the band \u201cThe Bog Rockers\u201d." in screen


def test_the_tour_board_and_move_options_say_what_a_person_needs(tmp_path: Path) -> None:
    """The board's map is one column of cities per species, with the roads out of each band's city;
    each move option says whether a concert is possible there and what it scores."""
    person = Person("trollfest", "--players", "3", "--bots", "random", "--seed", "5", cwd=tmp_path)
    while (offered := person.next_question()) is not None and "move to " not in person.child.before:
        person.answer(str(offered[0]))  # menu numbers hold over a step: the first one offered
    screen = ANSI.sub("", person.child.before)
    assert "troll cities" in screen and "Roads from " in screen and "Cities" not in screen
    moves = [line for line in screen.splitlines() if "  move to " in line]
    assert moves and all("concert: " in line or "no concert: " in line for line in moves), moves
    person.answer("q")
    code, _ = person.finish()
    assert code == 0
