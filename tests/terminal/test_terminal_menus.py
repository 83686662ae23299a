"""`bigtop play` in a pseudo-terminal: a menu's numbers over a step, a number no longer offered,
the board on demand, and seats named as the web table names them."""

from __future__ import annotations

from pathlib import Path

from terminal.pty_person import BOARD_RULE, PROMPT, Person, menu_above


def test_a_number_no_longer_offered_is_refused_and_the_menu_shown_again(tmp_path: Path) -> None:
    """Laying the tile and placing a figure are one step: the figure's options get numbers the
    tile's never had, the figure question shows the tile just laid (not the whole board), a
    tile's number typed at it is refused, the same menu is shown again (not the board), and `b`
    shows the board before the same question."""
    person = Person("carcassonne", "--players", "2", "--bots", "random", "--seed", "13", cwd=tmp_path)
    place = person.next_question()
    assert place is not None and place[0] == 1
    before = person.screen()
    person.answer(str(place[0]))
    figure = person.next_question()
    assert figure is not None and min(figure) > max(place)  # new options, new numbers
    laid = person.screen()[len(before):].splitlines()  # not the board again: the tile just laid and around it
    assert not any(BOARD_RULE.match(line) for line in laid) and any(line.startswith("Tile just laid at") for line in laid)
    before = person.screen()
    person.answer(str(place[-1]))
    assert person.next_question() == figure
    refused = person.screen()[len(before):]
    assert f"{place[-1]} is no longer offered" in refused
    lines = refused.splitlines()
    asked = max(i for i, line in enumerate(lines) if PROMPT.search(line))
    assert sorted(menu_above(lines, asked)) == figure  # the menu again, with its numbers
    assert not any(BOARD_RULE.match(line) for line in lines)  # the board is not printed again

    before = person.screen()
    person.answer("b")
    assert person.next_question() == figure
    shown = person.screen()[len(before):].splitlines()
    assert sum(1 for line in shown if BOARD_RULE.match(line)) == 1 and "Tile just laid" in "\n".join(shown)
    before = person.screen()
    person.answer("999")
    assert person.next_question() == figure
    assert "choose one of the numbers shown" in person.screen()[len(before):]
    person.answer("q")
    code, _ = person.finish()
    assert code == 0


def test_bots_are_named_by_their_strength(tmp_path: Path) -> None:
    """The web table's words: Easy (random), Normal (heuristic), Strong (ismcts) bots."""
    person = Person("carcassonne", "--players", "3", "--seat", "1", "--bots", "heuristic", "--seed", "5", cwd=tmp_path)
    assert person.next_question() is not None
    screen = person.screen()
    assert "  · Seat 0 (Normal bot) draws " in screen and "  · Seat 1 (you) draws " in screen
    person.answer("q")
    assert person.finish()[0] == 0


def test_a_hint_names_the_numbers_of_the_menu_shown(tmp_path: Path) -> None:
    """At the second question of a step, the hint's numbers are the menu's, not places in a list."""
    person = Person("carcassonne", "--players", "2", "--bots", "random", "--seed", "13", cwd=tmp_path)
    place = person.next_question()
    assert place is not None
    person.answer(str(place[0]))
    figure = person.next_question()
    assert figure is not None
    before = person.screen()
    person.answer("h")
    assert person.next_question() == figure
    hinted = [int(line.split()[1]) for line in person.screen()[len(before):].splitlines() if line.startswith("  hint: ")]
    assert hinted and set(hinted) <= set(figure)
    person.answer("q")
    assert person.finish()[0] == 0
