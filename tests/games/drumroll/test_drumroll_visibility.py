"""One declaration of what a seat may see (`visibility.py`): it covers every field of the state, and the
view and `determinize` both follow it."""

from __future__ import annotations

from drumroll_scenario import GAME, position

from bigtop.core import Rng
from bigtop.games.drumroll import visibility

KERNEL = {"game", "players", "seed", "options", "rng", "log", "_history", "_moves", "_legal_cache", "_revealed", "_space"}


def test_every_field_of_the_state_is_declared_once() -> None:
    s = GAME.new(3, seed=1)
    declared = [zone.field for zone in visibility.ZONES] + list(visibility.SEALED_WORK) + list(visibility.PUBLIC)
    assert len(declared) == len(set(declared))
    assert set(s.__getstate__()) - KERNEL == set(declared)  # every field, those in `__slots__` included


def test_owner_only_zones_show_to_their_owner_and_are_dealt_anew_for_the_others() -> None:
    s = position(3, {0: {"hand": ["fire-1"]}, 1: {"hand": ["trailer-1", "double-vote-1"]}})
    for zone in visibility.ZONES:
        if zone.seen == "owner":
            assert zone.key in s.view(0)["seats"][0] and zone.key not in s.view(0)["seats"][1]
    assert s.view(0)["seats"][0]["hand"] == ["fire-1"] and s.view(0)["seats"][1]["hand_size"] == 2
    rng = Rng(3)
    hands = {tuple(s.determinize(0, rng.fork()).hands[1]) for _ in range(40)}
    assert len(hands) > 5 and all(len(h) == 2 and "fire-1" not in h for h in hands)
    assert {tuple(s.determinize(1, rng.fork()).hands[1]) for _ in range(10)} == {("trailer-1", "double-vote-1")}
    decks = s.view(None)["decks"]
    assert decks == {zone.size: len(getattr(s, zone.field)) for zone in visibility.ZONES if zone.size}
