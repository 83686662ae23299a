"""Every game's own observation encoder, over seeded random games: fixed shape and dtype, values
within its bounds, and a fast path (`encode_state`) that returns exactly what `encode(view)` does,
so that the fast path can know nothing the seat's view does not show."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from rl_cases import GAME_SEATS
from rl_highcard import HighCardEncoder, use_highcard_encoder

from bigtop import games
from bigtop.core.api import Game
from bigtop.core.rng import Rng
from bigtop.rl.encoding import bounds, observe

GAMES_PER_COUNT = 3


def encoder_problems(game: Game[Any], players: int, encoder: Any, seeds: range) -> list[str]:
    """Everything wrong with `encoder` over random games with these seeds, checked for every seat
    at every decision and at the end (at most one problem per kind)."""
    low, high = bounds(encoder)
    fast = getattr(encoder, "encode_state", None)
    problems: dict[str, str] = {}
    for seed in seeds:
        state = game.new(players, seed=seed)
        rng = Rng(seed)
        while True:
            for seat in range(players):
                where = f"seed {seed}, move {state.move_count}, seat {seat}"
                vector = encoder.encode(state.view(seat))
                if vector.shape != tuple(encoder.shape) or vector.dtype != np.float32:
                    problems.setdefault("shape", f"{where}: {vector.dtype}{vector.shape}, not float32{tuple(encoder.shape)}")
                elif not (np.all(low <= vector) and np.all(vector <= high)):
                    problems.setdefault("bounds", f"{where}: values outside the encoder's low/high")
                if fast is not None and not np.array_equal(fast(state, seat), vector):
                    differ = np.flatnonzero(fast(state, seat) != vector)[:5].tolist()
                    problems.setdefault("fast path", f"{where}: encode_state differs from encode(view) at {differ}")
            if state.is_over():
                break
            seat = min(state.to_move())
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.below(len(legal))])
    return list(problems.values())


OWN_ENCODERS = [(name, players) for name, players in GAME_SEATS if hasattr(games.get(name), "observation_encoder")]


@pytest.mark.parametrize(("name", "players"), OWN_ENCODERS, ids=[f"{n}-{p}p" for n, p in OWN_ENCODERS])
def test_games_own_encoder(name: str, players: int, request: pytest.FixtureRequest) -> None:
    game = games.get(name)
    count = request.config.getoption("--conformance-games") or GAMES_PER_COUNT
    encoder = game.observation_encoder(players, game.parse_options(None))
    assert encoder_problems(game, players, encoder, range(count)) == []


def test_every_shipped_game_has_its_own_encoder_with_a_fast_path() -> None:
    shipped = [g for g in map(games.get, games.names()) if type(g).__module__.startswith("bigtop.games.")]
    assert shipped and all(hasattr(g.observation_encoder(g.min_players, g.parse_options(None)), "encode_state") for g in shipped)


def test_the_check_passes_a_correct_fast_path(monkeypatch: pytest.MonkeyPatch) -> None:
    use_highcard_encoder(monkeypatch)
    game = games.get("highcard")
    assert encoder_problems(game, 3, HighCardEncoder(3, game.parse_options(None)), range(5)) == []


class PeekingEncoder(HighCardEncoder):
    """A fast path that also shows the next seat's hand: a leak `encode(view)` cannot have."""

    def encode_state(self, state: Any, seat: int) -> np.ndarray:
        peek = state.clone()
        peek.hands[seat] = state.hands[seat] + state.hands[(seat + 1) % state.players]
        return super().encode_state(peek, seat)


def test_the_check_catches_a_fast_path_that_peeks() -> None:
    game = games.get("highcard")
    problems = encoder_problems(game, 3, PeekingEncoder(3, game.parse_options(None)), range(2))
    assert len(problems) == 1 and "encode_state differs from encode(view)" in problems[0]


def test_observe_takes_the_fast_path_when_there_is_one() -> None:
    game = games.get("highcard")
    state = game.new(3, seed=4)
    assert np.array_equal(observe(PeekingEncoder(3, state.options), state, 0), PeekingEncoder(3, state.options).encode_state(state, 0))
    assert not np.array_equal(observe(PeekingEncoder(3, state.options), state, 0), HighCardEncoder(3, state.options).encode(state.view(0)))
