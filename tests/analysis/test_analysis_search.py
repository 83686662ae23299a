"""The search behind review and hints: it reads a state only through the deciding seat's
determinizations, is seeded, gives the move played visits of its own, and calibrates."""

from __future__ import annotations

from typing import Any

import pytest

from bigtop import games
from bigtop.analysis import calibration
from bigtop.analysis.search import Budget, estimate
from bigtop.core.errors import BigtopError
from toy.game import GAME, Play


class Watched:
    """A state that lets through only what a seat may use, and says what was asked of it."""

    def __init__(self, state: Any, seat: int) -> None:
        self._state = state
        self._seat = seat
        self.asked: list[tuple[str, Any]] = []

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._state, name)
        if not callable(value) or name not in ("determinize", "legal_actions"):
            self.asked.append((name, None))
            return value

        def call(seat: int, *args: Any) -> Any:
            self.asked.append((name, seat))
            return value(seat, *args)

        return call


@pytest.mark.parametrize("name", ["highcard", "drumroll", "carcassonne", "trollfest"])
def test_search_reads_the_state_only_through_the_deciding_seats_determinizations(name: str) -> None:
    game = games.get(name)
    state = game.new(max(2, game.min_players), seed=3)
    seat = state.to_move()[-1]
    watched = Watched(state, seat)
    found = estimate(watched, seat, Budget(60), seed=1)  # type: ignore[arg-type]
    assert found.iterations == 60
    determinized = [seat_ for what, seat_ in watched.asked if what == "determinize"]
    assert len(determinized) == 60 and set(determinized) == {seat}
    assert {what for what, _ in watched.asked} <= {"determinize", "legal_actions", "game"}
    assert {s for what, s in watched.asked if what == "legal_actions"} == {seat}


def test_same_seed_same_estimate_and_a_longer_search_narrows_the_interval() -> None:
    state = GAME.new(2, seed=2)
    first, again = (estimate(state, 0, Budget(200), seed=5) for _ in range(2))
    assert first == again
    longer = estimate(state, 0, Budget(3000), seed=5)
    assert max(longer.win_margin) < max(first.win_margin) / 2
    assert abs(sum(first.win_chance) - 1.0) < 1e-9
    won = estimate(GAME.new(2, seed=3), 0, Budget(200), seed=5)  # seat 0 holds the winning cards
    assert won.win_chance[0] > 0.99 and 0 < won.win_margin[0] < 0.01


def test_the_move_played_is_searched_until_it_has_visits_of_its_own() -> None:
    state = GAME.new(2, seed=2)
    weakest = min(state.legal_actions(0), key=lambda a: a.card)  # a Play: the lowest card
    found = estimate(state, 0, Budget(400), seed=1, played=weakest)
    played = found.value_of(weakest)
    assert played is not None and played.visits >= 40
    assert found.iterations >= 400
    assert found.best.action != weakest and found.best.wins[0] > played.wins[0]


def test_a_seat_without_a_decision_or_a_foreign_move_is_refused() -> None:
    state = GAME.new(2, seed=2)
    state.apply(0, state.legal_actions(0)[0])
    with pytest.raises(BigtopError, match="no decision"):
        estimate(state, 0, Budget(10))
    with pytest.raises(BigtopError, match="not one of seat 1's legal actions"):
        estimate(state, 1, Budget(10), played=Play(99))
    with pytest.raises(BigtopError, match="at least 1 iteration"):
        Budget(0)
    with pytest.raises(BigtopError, match="between 0 and 3600"):
        Budget(seconds=-1)


def test_a_time_budget_is_kept() -> None:
    found = estimate(GAME.new(2, seed=1), 0, Budget(seconds=0.2), seed=1)
    assert found.iterations > 20


def test_calibration_keeps_the_order_of_the_seats_and_adds_up_to_one() -> None:
    raw = (0.7, 0.2, 0.1)
    for a in (0.5, 1.0, 2.0):
        wins, margins = calibration.calibrate(raw, (0.05, 0.05, 0.05), a)
        assert abs(sum(wins) - 1.0) < 1e-9
        assert wins[0] > wins[1] > wins[2]
        assert all(m > 0 for m in margins)
    assert calibration.calibrate(raw, (0, 0, 0), 1.0)[0] == pytest.approx(raw)
    # a temperature above 1 sharpens, below 1 softens
    assert calibration.calibrate(raw, (0, 0, 0), 2.0)[0][0] > 0.7 > calibration.calibrate(raw, (0, 0, 0), 0.5)[0][0]


def test_every_game_has_a_fitted_temperature_with_the_run_that_fitted_it() -> None:
    table = calibration._table()
    for name in ("drumroll", "carcassonne", "trollfest"):
        entry = table[name]
        assert 0.2 < calibration.temperature(name) == entry["temperature"] < 5
        assert entry["positions"] >= 3 * entry["games"] >= 300
        assert entry["command"].startswith(f"python -m bigtop.analysis.calibration {name} ")
    assert calibration.temperature("highcard") == 1.0
