"""Set-up options, hidden information and conservation laws."""

from __future__ import annotations

import pytest
from carcassonne_scenario import GAME, new, turn

from bigtop.bots import RandomBot
from bigtop.bots.match import play_game
from bigtop.core.options import OptionError
from bigtop.core.rng import Rng
from bigtop.games.carcassonne.actions import Place
from bigtop.games.carcassonne.rules import MEEPLE


def test_fixed_tile_order_on_top_of_a_shuffled_stack() -> None:
    state = GAME.new(2, seed=5, options={"tiles": "X,C", "expansions": ""})
    assert state.view(None)["tile"] == "X" and state.view(None)["stack_size"] == 70
    state.apply(0, Place(1, 0, 0))
    state.apply(0, state.legal_actions(0)[0])
    assert state.view(None)["tile"] == "C"


def test_bad_options_are_refused() -> None:
    with pytest.raises(OptionError, match="unknown tile"):
        GAME.new(2, seed=1, options={"tiles": "Z9"})
    with pytest.raises(OptionError, match="more 'C' tiles"):
        GAME.new(2, seed=1, options={"tiles": "C,C"})
    with pytest.raises(OptionError, match="unknown expansion"):
        GAME.new(2, seed=1, options={"expansions": "inns"})
    with pytest.raises(OptionError, match="no 'elephant' token left"):
        GAME.new(2, seed=1, options={"tokens": "elephant,elephant"})


def test_every_player_count_has_seven_meeples_and_a_ringmaster() -> None:
    """"7 meeples per player"; "one ringmaster per player" (6 players: the sixth colour)."""
    for players in range(2, 7):
        state = GAME.new(players, seed=players)
        assert state.supply == [[7, 1]] * players
    assert GAME.new(2, seed=1, options={"expansions": ""}).supply == [[7, 0], [7, 0]]


def test_determinize_reshuffles_the_stack_and_face_down_tokens_only() -> None:
    """The stack order and face-down tokens are hidden from everyone."""
    state = new(["ffrf.bt"] + ["U"] * 8 + ["V"] * 8, tokens=("seal",))
    turn(state, 0, 1, 0)
    views = [state.view(p) for p in (None, 0, 1)]
    seen = set()
    for i in range(20):
        other = state.determinize(0, Rng(i))
        assert [other.view(p) for p in (None, 0, 1)] == views
        seen.add((tuple(other.stack), other.ext["bigtop"].under))
    assert len(seen) > 1
    assert state.ext["bigtop"].under == 3  # the true token (the seal) is untouched


def test_conservation_is_checked() -> None:
    """92 tiles, 7 meeples and 1 ringmaster per player, 16 tokens, at every step."""
    state = GAME.new(3, seed=2)
    state.check_invariants()
    state.supply[1][MEEPLE] -= 1
    with pytest.raises(AssertionError, match="meeples not conserved"):
        state.check_invariants()
    state = GAME.new(3, seed=2)
    state.stack.pop()
    with pytest.raises(AssertionError, match="tiles not conserved"):
        state.check_invariants()
    state = GAME.new(3, seed=2)
    state.ext["bigtop"].tokens.pop()
    with pytest.raises(AssertionError, match="tokens not conserved"):
        state.check_invariants()


def test_heuristic_bot_beats_random_bots() -> None:
    for seed in range(4):
        seat = seed % 2
        bots = [RandomBot(seed), RandomBot(seed + 9)]
        bots[seat] = GAME.heuristic_bot(seed)
        end = play_game(GAME, bots, seed=seed)
        assert end.result().winners == (seat,)
