"""The conformance suite must fail on games that break the contract: each broken High Card below
has one fault, and the suite has to find it."""

from __future__ import annotations

from typing import Any

import pytest

from bigtop import games
from test_conformance import play_checked
from toy.game import HighCard, HighCardState


class LeaksHandsToPlayers(HighCardState):
    def view(self, player: int | None) -> dict[str, Any]:
        view = super().view(player)
        if player is not None:
            view["all_hands"] = [list(h) for h in self.hands]
        return view


class LeaksHandsToSpectators(HighCardState):
    def view(self, player: int | None) -> dict[str, Any]:
        view = super().view(player)
        if player is None:
            view["first_hand"] = list(self.hands[0])
        return view


class SharesHandsWithClones(HighCardState):
    def _copy_into(self, other: Any) -> None:
        super()._copy_into(other)
        other.hands = self.hands


class StrandsAMover(HighCardState):
    def _legal_actions(self, player: int) -> list:
        return [] if self.round == 1 else super()._legal_actions(player)


class BreaksReplay(HighCardState):
    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        import random

        self.points[0] = random.randrange(1000)  # chance from outside the state's rng


def broken(state_type: type[HighCardState], name: str) -> str:
    class Broken(HighCard):
        def _create(self, players: int, seed: int, options: Any) -> HighCardState:
            return state_type(self, players, seed, options)

    Broken.name = name
    games.register(Broken())
    return name


@pytest.mark.parametrize(
    ("state_type", "message"),
    [
        (LeaksHandsToPlayers, r"changed view\("),
        (LeaksHandsToSpectators, "spectators see something"),
        (SharesHandsWithClones, r"determinize\(\d\) changed view|touched the true state|clone changed the original"),
        (StrandsAMover, "has no legal action"),
        (BreaksReplay, None),
    ],
)
def test_the_suite_finds_the_fault(state_type: type[HighCardState], message: str | None) -> None:
    name = broken(state_type, f"broken-{state_type.__name__.lower()}")
    try:
        with pytest.raises(AssertionError, match=message):
            for seed in range(5):
                play_checked(name, 3, seed, deep_every=1)
    finally:
        games._registered.pop(name)
