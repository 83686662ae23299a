"""The heuristic bot (also the ISMCTS playout policy) chooses what it chose when these digests were
recorded: at every decision of games played half by the bot, half at random, the set of its best
actions is the same. A change to its rules of thumb changes a digest on purpose (record it anew
with `recorded_choices`); a change meant only to make it faster must leave them all as they are."""

from __future__ import annotations

import hashlib

import pytest

from bigtop import games
from bigtop.core import Rng
from bigtop.games.drumroll.bot import HeuristicBot

GAME = games.get("drumroll")

RECORDED = {
    # (players, seed): sha256 of the best actions' indices at every decision, first 16 hex digits
    (2, 0): "e265fc516f5306f3",
    (2, 1): "c9ae3f1146ca1871",
    (2, 2): "22432b582c3bf99b",
    (2, 3): "d32e250962c9048b",
    (2, 4): "14defed3cfd7c74b",
    (2, 5): "b24f807da2e2a21d",
    (2, 6): "796f94a36de1c277",
    (2, 7): "71781c38f403da94",
    (3, 0): "66feafeacfc417f8",
    (3, 1): "fc0a401038ce8e29",
    (3, 2): "58193e94c0840515",
    (3, 3): "1ba510487d0e2c87",
    (3, 4): "42dcb1d5bb04dcf6",
    (3, 5): "a54f0f65f53c40af",
    (3, 6): "81beb45f619b378f",
    (3, 7): "5d2c75ef4b551442",
    (4, 0): "0f77c122915f1e55",
    (4, 1): "cf8478a699217937",
    (4, 2): "2429c2de453e0dbb",
    (4, 3): "ad6a1b80a76b8928",
    (4, 4): "e4069744c52562da",
    (4, 5): "1e4862693f9fdbd9",
    (4, 6): "a5992a88c1d7ab2d",
    (4, 7): "befa6d9249346619",
}


def recorded_choices(players: int, seed: int) -> str:
    """The digest of the bot's best actions along one game: at each decision every seat to move is
    scored; the game goes on with the bot's pick or, every other decision, a random legal action."""
    state = GAME.new(players, seed=seed)
    bot = HeuristicBot(seed)
    rng = Rng(seed + 1000)
    digest = hashlib.sha256()
    decision = 0
    while not state.is_over():
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        best = bot.best_actions(state, seat, legal)
        ids = [i for i, a in enumerate(legal) if any(a is b for b in best)]
        assert len(ids) == len(best)
        digest.update(repr((seat, len(legal), ids)).encode())
        pick = best[rng.below(len(best))] if decision % 2 == 0 else legal[rng.below(len(legal))]
        state.apply(seat, pick)
        decision += 1
    return digest.hexdigest()[:16]


@pytest.mark.parametrize(("players", "seed"), sorted(RECORDED))
def test_the_bot_chooses_what_it_chose_when_recorded(players: int, seed: int) -> None:
    assert recorded_choices(players, seed) == RECORDED[players, seed]
