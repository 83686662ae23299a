"""Fixtures of the research-interface tests."""

from __future__ import annotations

import pytest
from rl_draw import GAME

from bigtop import games


@pytest.fixture
def lucky_draw(monkeypatch: pytest.MonkeyPatch) -> str:
    """Lucky Draw registered for the length of one test (with OpenSpiel too); its name."""
    from bigtop.rl import openspiel as bo

    monkeypatch.setitem(games._registered, GAME.name, GAME)
    return bo.register(GAME.name)
