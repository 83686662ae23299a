"""Terminal rendering: the board, actions in words, the content as cards, the end screen."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.console import Console

from bigtop import games
from bigtop.bots.match import random_playout
from bigtop.core import Rng
from bigtop.games.drumroll.actions import Keep
from bigtop.games.drumroll.data import DATA

GAME = games.get("drumroll")


def text(renderable: Any, width: int = 120) -> str:
    """What a terminal of `width` columns shows (markup read the way `bigtop play` prints)."""
    console = Console(width=width, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def test_render_hides_other_hands_and_describes_every_legal_action() -> None:
    state = GAME.new(3, seed=4, options={"investment_order": ("double-vote-1",)})
    rng = Rng(1)
    for _ in range(60):
        for p in state.to_move():
            for action in state.legal_actions(p):
                assert GAME.describe(state, action)
            state.apply(p, state.legal_actions(p)[rng.below(len(state.legal_actions(p)))])
    board = text(GAME.render(state, 0))
    assert "Seat 0 (you)" in board and "Drum Roll" in board
    for p in range(3):
        for card in state.hands[p]:
            name = state.content.investments[card].name
            if p != 0 and all(state.content.investments[x].name != name for x in state.hands[0]):
                assert name not in board
    random_playout(state, rng)
    assert "Game over" in text(GAME.render(state, None))


def test_cube_displays_and_card_names_are_never_read_as_markup(tmp_path: Path) -> None:
    """A performer's cubes show as `[red yellow -]`, and a card named with brackets keeps them: the terminal
    prints the board without reading any of it as Rich markup."""
    cards = (DATA / "cards.toml").read_text(encoding="utf-8").replace('name = "Rope Walker"', 'name = "[bold]Rope[/] Walker"')
    path = tmp_path / "cards.toml"
    path.write_text(cards, encoding="utf-8")
    state = GAME.from_position(3, {"seats": [{"performers": [{"id": "rope-walker", "cubes": ["red"]}]}, {}, {}]},
                               options={"cards": str(path)})
    board = text(GAME.render(state, 0))
    assert "[bold]Rope[/] Walker (acrobat) [red - -] -> poor" in board
    assert "[bold]Rope[/] Walker" in text(GAME.cards({"cards": str(path)}), width=80)


def test_every_card_a_seat_sees_shows_what_a_player_needs_to_choose() -> None:
    """Cost, needs, benefits and salary of the performers in the draft, the hiring row and the circus; what the
    personnel and the investment cards in hand do."""
    state = GAME.new(3, seed=1, options={"performer_order": ("tumbler", "knife-juggler", "lion-tamer", "fire-eater",
                                                             "rope-walker", "unicyclist", "giant", "wild-man"),
                                         "personnel_order": ("orchestra",)})
    board = text(GAME.render(state, 0), width=200)
    assert "Rope Walker (acrobat) dealt to you; hire 4, salary 4 (2 once flipped), flip 2 prestige" in board
    assert "needs red -> yellow -> white; poor: +3 coins; good: +4 coins; outstanding: +5 coins" in board
    assert "Giant" not in board  # dealt to seat 1
    assert "Tumbler (acrobat) costs 2 now (0 off); hire 2, salary 2 (1 once flipped), flip 1 prestige" in board
    assert "Orchestra costs 5 now (0 off), salary 2: +2 prestige at each of your shows" in board
    for p in range(3):
        state.apply(p, Keep(state.draft[p][0]))
    board = text(GAME.render(state, 1), width=200)
    assert "Rope Walker (acrobat) [- - -] -> none; salary 4; flip 2 prestige" in board


def test_cards_are_readable_at_80_columns() -> None:
    """`bigtop cards drumroll`: one card per block, nothing wider than the terminal nor cut off."""
    shown = text(GAME.cards(), width=80)
    assert max(map(len, shown.splitlines())) <= 80 and "…" not in shown
    content = GAME.content()
    for table in ("performers", "personnel", "investments", "regions"):
        assert all(f"({card})" in shown for card in content[table]), table
    assert "Rope Walker (rope-walker), acrobat, rulebook" in shown
    assert "  needs red -> yellow -> white\n  poor: +3 coins\n  good: +4 coins\n  outstanding: +5 coins" in shown


def test_the_end_screen_shows_the_score_table_once() -> None:
    """The board at the end says the game is over; the points by category are the terminal's score table
    (`bigtop.terminal.scores`), which the board does not repeat."""
    state = GAME.new(3, seed=2)
    random_playout(state, Rng(2))
    shown = text(GAME.render(state, 0))
    assert "Game over." in shown and "Final scores" not in shown and "{" not in shown


def test_the_board_shows_the_deck_sizes_and_the_face_up_investment_discard() -> None:
    """"If the investment, performer or personnel decks are depleted, shuffle and reuse any cards that were earlier
    discarded": what is left in each deck and what lies face up in the discard piles is public, and on the board."""
    state = GAME.from_position(3, {"seats": [{}, {}, {}], "discards": {"investment": ["double-vote-1", "extra-income-2"],
                                                                         "performer": ["giant"]}})
    decks = state.view(None)["decks"]
    board = text(GAME.render(state, 1), width=200)
    assert (f"Decks: performer {decks['performer']}, personnel {decks['personnel']}, investment {decks['investment']} "
            "| discarded: performer 1, personnel 0, investment 2") in board
    assert "Investment cards discarded (face up): Double Vote, Extra Income" in board
    assert decks["investment"] == 28


def test_a_board_line_longer_than_the_terminal_continues_under_its_own_words() -> None:
    """At 60 columns every board line that wraps goes on 2 columns deeper than it began, so a
    performer's terms never read as a line of their own at the left edge."""
    state = GAME.new(3, seed=11)
    rng = Rng(2)
    for _ in range(80):  # into the game: performers hired, cards in hand
        p = state.to_move()[0]
        state.apply(p, rng.choice(state.legal_actions(p)))
    whole = [line.rstrip() for line in text(GAME.render(state, 0), width=400).splitlines() if line.strip()]
    narrow = [line.rstrip() for line in text(GAME.render(state, 0), width=60).splitlines() if line.strip()]
    at = 0
    wrapped = 0
    for line in whole:
        lead = len(line) - len(line.lstrip())
        assert narrow[at] == line[: len(narrow[at])] and len(narrow[at]) <= 60, (narrow[at], line)
        said, at = narrow[at].strip(), at + 1
        while said != line.strip():
            assert narrow[at].startswith(" " * (lead + 2)) and not narrow[at].startswith(" " * (lead + 3)), (line, narrow[at])
            said, at, wrapped = f"{said} {narrow[at].strip()}", at + 1, wrapped + 1
    assert at == len(narrow) and wrapped > 10
