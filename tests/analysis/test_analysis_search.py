"""The search behind review and hints: it reads a state only through the deciding seat's
determinizations, is seeded, gives the move played visits of its own, and calibrates."""

from __future__ import annotations

import math
from typing import Any

import pytest

from bigtop import games
from bigtop.analysis import calibration
from bigtop.analysis.search import Budget, estimate
from bigtop.core import Rng
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
        if not callable(value) or name not in ("determinize", "legal_actions", "legal_with_ids"):
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
    assert {what for what, _ in watched.asked} <= {"determinize", "legal_actions", "legal_with_ids", "game", "action_space"}  # the numbering of moves: public
    assert {s for what, s in watched.asked if what in ("legal_actions", "legal_with_ids")} == {seat}


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
        wins, margins = calibration.Calibration(a, -0.2).apply(raw, (0.05, 0.05, 0.05), seat=1)
        assert abs(sum(wins) - 1.0) < 1e-9
        assert wins[0] > wins[1] > wins[2]
        assert all(m > 0 for m in margins)
    assert calibration.Calibration().apply(raw, (0, 0, 0), seat=0)[0] == pytest.approx(raw)
    # a temperature above 1 sharpens, below 1 softens; a negative bias lowers the deciding seat
    sharp, soft = (calibration.Calibration(a).apply(raw, (0, 0, 0), seat=0)[0][0] for a in (2.0, 0.5))
    assert sharp > 0.7 > soft
    assert calibration.Calibration(1.0, -0.3).apply(raw, (0, 0, 0), seat=0)[0][0] < 0.7


def test_two_seats_calibrate_as_a_logistic_of_the_log_odds() -> None:
    a, b, r = 0.8, -0.1, 0.73
    wins, margins = calibration.Calibration(a, b).apply((r, 1 - r), (0.02, 0.02), seat=0)
    assert wins[0] == pytest.approx(1 / (1 + math.exp(-(a * math.log(r / (1 - r)) + b))))
    assert margins[0] == pytest.approx(margins[1])


def test_the_fit_finds_the_calibration_simulated_outcomes_follow() -> None:
    truth = calibration.Calibration(0.7, -0.15)
    rng = Rng(3)
    samples = []
    for i in range(1500):
        raw = 0.02 + 0.96 * rng.below(10_000) / 10_000
        chance = truth.apply((raw, 1 - raw), (0, 0), seat=i % 2)[0][0]
        won = 1.0 if rng.below(10_000) < chance * 10_000 else 0.0
        samples.append(calibration.Sample(i, 0, i % 2, (raw, 1 - raw), (won, 1 - won)))
    found = calibration.fit(samples)
    assert found.temperature == pytest.approx(0.7, abs=0.12) and found.bias == pytest.approx(-0.15, abs=0.15)
    # the fit is the most likely: at least as likely as the truth, clearly more than the raw values
    assert calibration.log_likelihood(samples, found) >= calibration.log_likelihood(samples, truth) - 1e-6
    assert calibration.log_likelihood(samples, found) > calibration.log_likelihood(samples, calibration.Calibration()) + 5


def test_every_game_has_a_fitted_calibration_with_the_runs_that_fitted_it() -> None:
    table = calibration._table()
    for name in ("drumroll", "carcassonne", "trollfest"):
        entry = table[name]
        assert calibration.for_game(name) == calibration.Calibration(entry["temperature"], entry["bias"])
        assert 0.2 < entry["temperature"] < 5 and -1 < entry["bias"] < 1
        assert entry["positions"] >= 3 * entry["games"] >= 300
        assert all(c.startswith(f"python -m bigtop.analysis.calibrate {name} ") for c in entry["commands"])
    assert calibration.for_game("highcard") == calibration.Calibration()
