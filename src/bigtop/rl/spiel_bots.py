"""Bots for the OpenSpiel games: bigtop's own bots as OpenSpiel bots, OpenSpiel's Python ISMCTS
made ready for `evaluate_bots`, and guards that turn OpenSpiel's C++ search bots, which crash on a
game written in Python, into a clear error on a bigtop game."""

from __future__ import annotations

from typing import Any

import pyspiel
from open_spiel.python.algorithms import ismcts

from bigtop import bots
from bigtop.core.errors import BigtopError
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


# ---------------------------------------------------------------------------- OpenSpiel's C++ bots
# OpenSpiel's C++ `MCTSBot` and `ISMCTSBot` crash the interpreter (a segmentation fault) when they
# search a game written in Python, as every bigtop game is. Importing `bigtop.rl.openspiel` puts
# these guards in their place in `pyspiel`, so that calling one on a bigtop game raises a Python
# error naming what works instead; on any other game they are OpenSpiel's own bots.

_CPP_MCTS = pyspiel.MCTSBot
_CPP_ISMCTS = pyspiel.ISMCTSBot


def _refuse(bot: str, instead: str) -> BigtopError:
    return BigtopError(
        f"pyspiel.{bot} is OpenSpiel's C++ bot: it cannot search a bigtop game (a game written in Python) and would "
        f"crash the interpreter. Use {instead}"
    )


def guarded_mcts_bot(game: Any, *args: Any, **kwargs: Any) -> Any:
    """`pyspiel.MCTSBot`, refusing a bigtop game (see above)."""
    if isinstance(game, BigtopSpielGame):
        raise _refuse(
            "MCTSBot", "open_spiel.python.algorithms.mcts.MCTSBot (Python) on the game loaded with open=true "
            "(MCTS needs perfect information), or bigtop.rl.spiel_bots.ISMCTSBot for the game as it is",
        )
    return _CPP_MCTS(game, *args, **kwargs)


class GuardedISMCTSBot(pyspiel.Bot):
    """`pyspiel.ISMCTSBot` (OpenSpiel's C++ bot, made with the same arguments), refusing to step on
    a bigtop game (see above)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        pyspiel.Bot.__init__(self)
        self.bot = _CPP_ISMCTS(*args, **kwargs)

    def _check(self, state: Any) -> None:
        if isinstance(state, BigtopSpielState):
            raise _refuse("ISMCTSBot", "bigtop.rl.spiel_bots.ISMCTSBot (OpenSpiel's Python ISMCTS, ready for evaluate_bots)")

    def step(self, state: Any) -> int:
        self._check(state)
        return self.bot.step(state)

    def step_with_policy(self, state: Any) -> Any:
        self._check(state)
        return self.bot.step_with_policy(state)

    def provides_policy(self) -> bool:
        return self.bot.provides_policy()

    def restart_at(self, state: Any) -> None:
        self._check(state)
        self.bot.restart_at(state)

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        self.bot.inform_action(state, player_id, action)


def guard_cpp_bots() -> None:
    """Put the guards in the place of `pyspiel.MCTSBot` and `pyspiel.ISMCTSBot` (once)."""
    pyspiel.MCTSBot = guarded_mcts_bot
    pyspiel.ISMCTSBot = GuardedISMCTSBot
