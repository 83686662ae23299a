"""A hand-written observation encoder for the test game High Card, to show the
`Game.observation_encoder(players, options)` hook."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from bigtop import games

CARDS = 12
MAX_SEATS = 4


class HighCardEncoder:
    """One-hot hand, own sealed card and last cards played; scaled points, hand sizes, deck, round;
    one-hot own seat and seats to move. Values lie in [0, 1]."""

    low = 0.0
    high = 1.0

    def __init__(self, players: int, options: Any) -> None:
        self.players = players
        self.rounds = options.rounds
        self.shape = (CARDS * (2 + MAX_SEATS) + MAX_SEATS * 4 + 2,)

    def encode(self, view: dict[str, Any]) -> np.ndarray:
        return self._fill(
            view["hand"], view["my_sealed_card"], view["last_played"], view["points"], view["hand_sizes"],
            view["seat"], view["to_move"], view["deck_size"], view["round"],
        )

    def encode_state(self, state: Any, seat: int) -> np.ndarray:
        """The fast path: the same numbers read from the state's fields that `view(seat)` shows."""
        sealed = None if state.sealed is None else state.sealed.own(seat)
        return self._fill(
            state.hands[seat], sealed, state.last_played, state.points, [len(h) for h in state.hands],
            seat, state.to_move(), len(state.deck), state.round,
        )

    def _fill(
        self, hand: Any, sealed: Any, last_played: Any, points: Any, hand_sizes: Any, me: int, to_move: Any,
        deck_size: int, round_: int,
    ) -> np.ndarray:
        out = np.zeros(self.shape, np.float32)
        for card in hand:
            out[card - 1] = 1.0
        if sealed is not None:
            out[CARDS + sealed - 1] = 1.0
        for seat, card in enumerate(last_played):
            out[CARDS * (2 + seat) + card - 1] = 1.0
        base = CARDS * (2 + MAX_SEATS)
        for seat in range(self.players):
            out[base + seat] = points[seat] / (CARDS * self.rounds)
            out[base + MAX_SEATS + seat] = hand_sizes[seat] / CARDS
            out[base + 2 * MAX_SEATS + seat] = seat == me
            out[base + 3 * MAX_SEATS + seat] = seat in to_move
        out[-2] = deck_size / CARDS
        out[-1] = round_ / self.rounds
        return out


def use_highcard_encoder(monkeypatch: pytest.MonkeyPatch) -> None:
    """Give High Card its own encoder for the length of one test."""
    monkeypatch.setattr(games.get("highcard"), "observation_encoder", HighCardEncoder, raising=False)
