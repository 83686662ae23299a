"""The clock model on its own: what each stored row does to the seats' clocks, with made-up times."""

from __future__ import annotations

import pytest

from bigtop.server.clocks import AFTER_TIMEOUT, Clock, ClockSetting

FISCHER = ClockSetting("realtime", base=300.0, increment=20.0)
DAILY = ClockSetting("turn", per_move=86400.0)


def test_a_fischer_clock_charges_the_turn_and_adds_the_increment_when_it_ends():
    clock = Clock.new(FISCHER, 2)
    clock.start(1000.0, (0,))
    assert clock.left(0, 1010.0) == 290.0 and clock.left(1, 1010.0) == 300.0
    clock.step("move", 0, 1030.0, (0,), (0,))  # a tile, then its meeple: the same turn goes on
    assert clock.left(0, 1030.0) == 270.0 and clock.deadline(0) == 1300.0
    clock.step("move", 0, 1040.0, (0,), (1,))
    assert clock.left(0, 1100.0) == 280.0  # 300 - 40 + 20, stopped
    assert clock.deadline(1) == 1340.0


def test_an_undo_that_gives_a_turn_back_takes_back_its_increment_and_charges_the_waiting_seat():
    clock = Clock.new(FISCHER, 2)
    clock.start(0.0, (0,))
    clock.step("move", 0, 10.0, (0,), (1,))
    clock.step("undo", 0, 15.0, (1,), (0,))
    assert clock.left(0, 15.0) == 290.0  # 300 - 10, the 20 s given back
    assert clock.left(1, 15.0) == 295.0 and not clock.seats[1].since  # 5 s charged, no increment
    clock.step("move", 0, 16.0, (0,), (0,))
    clock.step("undo", 0, 17.0, (0,), (0,))  # undone within the turn: nothing to take back
    assert clock.left(0, 17.0) == 288.0


def test_a_clock_run_out_mid_turn_gives_the_rest_of_the_turn_a_fresh_start():
    clock = Clock.new(DAILY, 2)
    clock.start(0.0, (0, 1))
    assert clock.expired(0, 86400.0) and not clock.expired(0, 86399.0)
    clock.step("timeout", 0, 86400.0, (0, 1), (0, 1))
    assert clock.deadline(0) == 2 * 86400.0 and clock.deadline(1) == 86400.0
    assert clock.seats[0].timeouts == 1
    clock.step("move", 0, 90000.0, (0, 1), (1,))
    assert clock.seats[0].timeouts == 0


@pytest.mark.parametrize("increment", [0.0, 30.0])
def test_a_fischer_seat_whose_time_ran_out_gets_at_least_a_short_turn_next(increment):
    clock = Clock.new(ClockSetting("realtime", base=60.0, increment=increment), 2)
    clock.start(0.0, (0,))
    clock.step("timeout", 0, 60.0, (0,), (1,))
    assert clock.left(0, 60.0) == max(AFTER_TIMEOUT, increment)
    assert clock.to_json(61.0)["seats"] == [
        {"left": max(AFTER_TIMEOUT, increment), "running": False, "timeouts": 1},
        {"left": 59.0, "running": True, "timeouts": 0},
    ]
