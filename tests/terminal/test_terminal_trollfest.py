"""Troll Fest in `bigtop play`, in a pseudo-terminal: what a person reads and types that only
Troll Fest asks (a band name of their own)."""

from __future__ import annotations

from pathlib import Path

from terminal.test_terminal_play import ANSI, Person


def test_a_person_types_a_band_name_refused_then_accepted(tmp_path: Path) -> None:
    person = Person("trollfest", "--players", "3", "--bots", "random", "--seed", "5", cwd=tmp_path)
    while person.next_question() is not None and "type a name of your own for your band" not in person.child.before:
        person.answer("1")  # the draft and the band reveal
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
