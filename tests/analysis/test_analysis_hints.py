"""Hints while playing: the search's top moves from the player's own view, and the log says so."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from bigtop import games
from bigtop.analysis.hints import hints, note_hint, print_hints
from bigtop.analysis.search import Budget
from bigtop.core.errors import BigtopError
from toy.game import GAME


def test_top_three_moves_best_first_with_win_chances() -> None:
    state = GAME.new(2, seed=2)
    found = hints(state, 0, Budget(600), seed=1)
    legal = state.legal_actions(0)
    assert len(found) == min(3, len(legal)) and all(h.action in legal for h in found)
    visits = [h.visits for h in found]
    assert visits == sorted(visits, reverse=True)
    assert all(0 <= h.win_chance <= 1 and h.margin > 0 for h in found)
    assert found[0].text == GAME.describe(state, found[0].action)


def test_hints_for_every_game_and_only_for_a_seat_to_move() -> None:
    for name in ("drumroll", "carcassonne", "trollfest"):
        game = games.get(name)
        state = game.new(game.min_players, seed=1)
        seat = state.to_move()[0]
        assert hints(state, seat, Budget(50), count=2)
    state = GAME.new(2, seed=2)
    state.apply(0, state.legal_actions(0)[0])
    with pytest.raises(BigtopError, match="no decision"):
        hints(state, 0, Budget(50))


def test_a_hint_used_is_in_everyones_log() -> None:
    game = games.get("carcassonne")
    state = game.new(2, seed=1)
    note_hint(state, 1)
    event = state.events[-1]
    assert event.visible_to(0) and event.visible_to(None)
    assert game.describe_event(event, ["Ann", "Bob"], state.options) == "Bob used a hint."


def test_the_terminal_hint_names_menu_numbers_and_logs_it() -> None:
    state = GAME.new(2, seed=2)
    console = Console(file=io.StringIO(), width=100)
    found = print_hints(console, state, 0, Budget(200))
    text = console.file.getvalue()
    legal = state.legal_actions(0)
    for hint in found:
        assert f"{legal.index(hint.action) + 1}  {hint.text}" in text
    assert "win chance" in text and state.events[-1].kind == "hint_used"


def test_the_h_key_of_terminal_play_gives_a_hint_and_the_log_says_so(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from bigtop.cli import main

    answers = iter(["h", "q"])
    monkeypatch.setattr("rich.console.Console.input", lambda self, prompt="": next(answers))
    assert main(["play", "highcard", "--players", "2", "--seat", "1", "--bots", "random", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "h: a hint" in out and out.count("hint: ") >= 1 and "win chance" in out
    assert "Seat 1 (you) used a hint." in out
