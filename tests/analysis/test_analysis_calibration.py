"""Honest numbers: over positions of simulated games, the predicted win chance and the observed
win rate agree within the interval.

The default run is small (Drum Roll, 2 seats, 30 games between heuristic bots, 4 positions each,
the default budget), on other seeds (from 5000) than the calibration was fitted on. Set
BIGTOP_CALIBRATION_GAMES=N to check every game on N games each (docs/analysis.md gives such a run).
"""

from __future__ import annotations

import os

import pytest

from bigtop.analysis import calibrate, calibration
from bigtop.analysis.search import Budget

BIG = int(os.environ.get("BIGTOP_CALIBRATION_GAMES", "0"))
CASES = [("drumroll", 2, BIG or 30)] + ([("carcassonne", 2, BIG), ("trollfest", 3, BIG)] if BIG else [])


@pytest.mark.parametrize(("name", "players", "count"), CASES)
def test_predicted_win_chances_come_true_as_often_as_they_say(name: str, players: int, count: int) -> None:
    samples = calibrate.simulate(name, players, count, Budget(), seed=5000, per_game=4)
    fitted = calibration.for_game(name)
    bins = calibration.reliability(samples, fitted, bins=3)
    assert sum(b.positions for b in bins) == len(samples) >= 3 * count
    for b in bins:
        assert b.agrees, f"{name}: predicted {b.predicted:.3f}, observed {b.observed:.3f} ± {b.margin:.3f} ({b.positions} positions)"
    # the predictions carry information: better than saying 1/n for every seat
    assert calibration.brier(samples, fitted) < (players - 1) / players
    # and the check has teeth: a far too confident mapping of the same searches fails it
    assert not all(b.agrees for b in calibration.reliability(samples, calibration.Calibration(6.0), bins=3))
