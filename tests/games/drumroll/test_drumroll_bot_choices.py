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
    (2, 0): "1a938bd7a0c940a5",
    (2, 1): "3cbb2560466a9d8d",
    (2, 2): "53ed10411abc8562",
    (2, 3): "b3a004d13fef2795",
    (2, 4): "2937b9bcedb9ee72",
    (2, 5): "f77f87ee1a2f105b",
    (2, 6): "13961059dca4a960",
    (2, 7): "8b44a10d317b259c",
    (3, 0): "6098e7c98abdc45e",
    (3, 1): "9e120d5ed9c7504c",
    (3, 2): "e7f395b76b1e4ad8",
    (3, 3): "2f974dc67182a46f",
    (3, 4): "77975d56fce62e1f",
    (3, 5): "875f654b953fd8bd",
    (3, 6): "965c1f019e1f68f2",
    (3, 7): "3557a4038fdd94ac",
    (4, 0): "3a8bec6eb2b5632c",
    (4, 1): "93cdcfb00542bac5",
    (4, 2): "7fd26a9fa38b8581",
    (4, 3): "87c3bfcfe8266e68",
    (4, 4): "530e4724849af649",
    (4, 5): "5c8d7b6bb77c0e56",
    (4, 6): "3f7d5df0eb41fc38",
    (4, 7): "1f005d911b082816",
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
