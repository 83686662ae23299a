"""Terminal rendering: the board, actions in words, the content tables."""

from __future__ import annotations

from rich.console import Console

from bigtop import games
from bigtop.bots.match import random_playout
from bigtop.core import Rng

GAME = games.get("drumroll")


def test_render_hides_other_hands_and_describes_every_legal_action() -> None:
    state = GAME.new(3, seed=4, options={"investment_order": ("double-vote-1",)})
    rng = Rng(1)
    for _ in range(60):
        for p in state.to_move():
            for action in state.legal_actions(p):
                assert GAME.describe(state, action)
            state.apply(p, state.legal_actions(p)[rng.below(len(state.legal_actions(p)))])
    text = GAME.render(state, 0)
    assert "Seat 0 (you)" in text and "Drum Roll" in text
    for p in range(3):
        for card in state.hands[p]:
            name = state.content.investments[card].name
            if p != 0 and all(state.content.investments[x].name != name for x in state.hands[0]):
                assert name not in text
    random_playout(state, rng)
    assert "Game over" in GAME.render(state, None)


def test_cards_table_lists_everything() -> None:
    console = Console(width=250, record=True)
    console.print(GAME.cards())
    out = console.export_text()
    assert "rope-walker" in out and "Moscow" in out and "extra-red-1" in out and "Performers (45)" in out
