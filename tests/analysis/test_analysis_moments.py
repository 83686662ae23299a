"""Key moments are decisions that changed the outcome, not chance or the seesaw of seat-relative
estimates; in a sealed step every seat's row carries one consistent estimate of the position."""

from __future__ import annotations

from typing import Any

import pytest

from bigtop import bots, games
from bigtop.analysis.decisions import decision_specs, spectator_values
from bigtop.analysis.review import MIN_SWING, key_moments, review
from bigtop.analysis.search import Budget
from bigtop.bots.match import play_game
from toy.game import GAME


def row(move: int, seat: int, before: list[float], loss: float = 0.0, margin: float = 0.01) -> dict[str, Any]:
    after = [before[0] - loss, before[1] + loss] if seat == 0 else [before[0] + loss, before[1] - loss]
    return {"move": move, "seat": seat, "win_chance": before, "win_best": before, "win_after": after, "loss": loss,
            "loss_margin": margin, "lead_loss": 10 * loss, "grade": None, "action_text": f"move {move}", "best_text": "best"}


def test_a_swing_that_no_decision_caused_is_no_key_moment() -> None:
    rows = [
        row(0, 0, [0.5, 0.5]),
        row(1, 1, [0.9, 0.1]),  # the win chances jumped: a draw of chance, or the other seat's good move
        row(2, 0, [0.9, 0.1], loss=0.3),  # a decision that gave up 30 points of win chance
        row(3, 1, [0.6, 0.4], loss=0.08, margin=0.1),  # a loss within the search's noise
        row(4, 0, [0.6, 0.4], loss=0.06),
        row(5, 1, [0.6, 0.4], loss=0.04),  # under the least loss that makes a moment
    ]
    moments = key_moments(rows)
    assert [m["move"] for m in moments] == [2, 4]
    assert moments[0]["win_before"] == [0.9, 0.1] and moments[0]["win_after"] == pytest.approx([0.6, 0.4])
    assert all(m["swing"] == m["loss"] >= MIN_SWING for m in moments)
    assert len(key_moments([row(k, k % 2, [0.5, 0.5], loss=0.1 + k / 100) for k in range(9)])) == 5  # the 5 costliest


def test_every_seat_of_a_sealed_step_shares_one_estimate_of_the_position() -> None:
    record = play_game(GAME, [bots.make("random", GAME, seed=p) for p in range(3)], seed=5).record()
    result = review(record, budget=Budget(120))
    specs = {s.move: s for s in decision_specs(record)}
    steps: dict[int, list[dict[str, Any]]] = {}
    for r in result.decisions:
        if specs[r["move"]].sealed:
            steps.setdefault(r["searched_at"], []).append(r)
    assert steps and all(len(rows) >= 2 for rows in steps.values())
    for origin, rows in steps.items():
        assert all(r["win_chance"] == rows[0]["win_chance"] for r in rows), origin


class Spectated:
    """A state that says which seat each determinization was drawn for."""

    def __init__(self, state: Any) -> None:
        self._state = state
        self.seats: list[int | None] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self._state, name)

    def determinize(self, seat: int | None, rng: Any) -> Any:
        self.seats.append(seat)
        return self._state.determinize(seat, rng)


def test_a_sealed_steps_estimate_knows_no_seats_secrets_and_rates_no_seat_above_the_others() -> None:
    game = games.get("trollfest")
    state = game.new(3, seed=11)
    assert len(state.to_move()) == 3  # the sealed draft
    watched = Spectated(state)
    values = spectator_values(watched, Budget(300), seed=2)  # type: ignore[arg-type]
    assert set(watched.seats) == {None} and len(watched.seats) == 300
    assert abs(sum(values.wins) - 1) < 1e-9
    # the three seats of a fresh draft are alike: no seat's chance stands out beyond the noise
    assert max(values.wins) - min(values.wins) < 2 * max(values.margins)
