"""Bots for the OpenSpiel games: bigtop's own bots as OpenSpiel bots, and OpenSpiel's Python ISMCTS
made ready for `evaluate_bots` (the guards on OpenSpiel's C++ search bots are in `spiel_guard`)."""

from __future__ import annotations

from typing import Any

import pyspiel
from open_spiel.python.algorithms import ismcts

from bigtop import bots
from bigtop.core.rng import Rng
from bigtop.rl.openspiel import BigtopSpielGame, BigtopSpielState
from bigtop.rl.policies import bot_action


def seeded_resampler(seed: int) -> Any:
    """A resampler for OpenSpiel's Python `ISMCTSBot.set_resampler` drawing from its own seeded
    RNG, so that searches are reproducible (the bot's default sampler is seeded at random)."""
    rng = Rng(seed)

    def resample(state: BigtopSpielState, player: int) -> BigtopSpielState:
        return state.resample_from_infostate(player, rng.random)

    return resample


class ISMCTSBot(ismcts.ISMCTSBot):
    """OpenSpiel's Python `ISMCTSBot` with the two methods `evaluate_bots` calls and it lacks:
    `restart_at` (forget the search tree) and `inform_action` (nothing to do: each step searches
    from the state it is given). Written for any OpenSpiel game, so it could go upstream as is."""

    def restart_at(self, state: pyspiel.State) -> None:
        self.reset()

    def inform_action(self, state: pyspiel.State, player_id: int, action: int) -> None:
        """Nothing to remember: the next step searches afresh."""

    def inform_actions(self, state: pyspiel.State, actions: list[int]) -> None:
        """Nothing to remember: the next step searches afresh."""


class BigtopBot(pyspiel.Bot):
    """A bigtop bot (`bigtop.bots.make(spec, ...)`) as an OpenSpiel bot. It plays from a copy of
    the game determinized from its seat with its own RNG, never from the true state."""

    def __init__(self, spec: str, game: BigtopSpielGame, seed: int) -> None:
        pyspiel.Bot.__init__(self)
        self.bot = bots.make(spec, game.shared.game, seed)
        self.rng = Rng(seed ^ 0xB07)

    def step(self, state: BigtopSpielState) -> int:
        kernel = state.bigtop_state
        action = bot_action(self.bot, kernel, state.current_player(), self.rng)
        return kernel.action_space.encode(action)

    def restart_at(self, state: BigtopSpielState) -> None:
        """Nothing to forget: the bot keeps no memory between moves."""

    def inform_action(self, state: BigtopSpielState, player_id: int, action: int) -> None:
        """Nothing to remember: the bot reads the state it is given."""
