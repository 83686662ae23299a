"""Troll Fest in the terminal: boards, actions in words, the content tables."""

from __future__ import annotations

from rich.console import Console

from bigtop.core import Rng
from bigtop.games.trollfest import GAME
from bigtop.games.trollfest.render import card_name


def text(renderable: object) -> str:
    console = Console(width=200, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(renderable)
    return console.export_text()


def test_every_phase_renders_and_every_action_has_words() -> None:
    state = GAME.new(4, seed=3)
    rng = Rng(3)
    phases = set()
    while not state.is_over():
        p = state.to_move()[0]
        if state.phase not in phases:
            phases.add(state.phase)
            board = text(GAME.render(state, p))
            assert "Troll Fest" in board
            text(GAME.render(state, None))
        legal = state.legal_actions(p)
        for action in legal:
            words = GAME.describe(state, action)
            assert words and "(" not in words.split()[0]
        state.apply(p, legal[rng.below(len(legal))])
    assert {"draft", "form", "name", "vote", "tour", "festival"} <= phases
    assert "Final breakdown" in text(GAME.render(state, 0))


def test_render_shows_only_the_seats_own_secrets() -> None:
    state = GAME.new(3, seed=5)
    mine = text(GAME.render(state, 0))
    for card in state.start_hand[1]:
        assert card_name(card) not in text(GAME.render(state, None))
    assert all(card_name(card) in mine for card in state.start_hand[0])


def test_cards_lists_the_content_with_provenance() -> None:
    out = text(GAME.cards(None))
    assert "Grumblerock" in out and "Thor's Hammer" in out and "reconstructed" in out and "light_show" in out
