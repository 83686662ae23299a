"""Guards that turn OpenSpiel's C++ search bots, which crash the interpreter on a game written in
Python, into a clear error on a bigtop game.

OpenSpiel's C++ `MCTSBot` and `ISMCTSBot` crash (a segmentation fault) when they search a game
written in Python, as every bigtop game is. Importing `bigtop.rl.openspiel` puts these guards in
their place in `pyspiel`, so that calling one on a bigtop game raises a Python error naming what
works instead; on any other game they are OpenSpiel's own bots."""

from __future__ import annotations

from typing import Any

import pyspiel

from bigtop.core.errors import BigtopError

_CPP_MCTS = pyspiel.MCTSBot
_CPP_ISMCTS = pyspiel.ISMCTSBot
_GUARDED: list[type] = [type(None), type(None)]  # the game and state types refused, set by `guard_cpp_bots`


def _refuse(bot: str, instead: str) -> BigtopError:
    return BigtopError(
        f"pyspiel.{bot} is OpenSpiel's C++ bot: it cannot search a bigtop game (a game written in Python) and would "
        f"crash the interpreter. Use {instead}"
    )


def guarded_mcts_bot(game: Any, *args: Any, **kwargs: Any) -> Any:
    """`pyspiel.MCTSBot`, refusing a bigtop game (see above)."""
    if isinstance(game, _GUARDED[0]):
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
        if isinstance(state, _GUARDED[1]):
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


def guard_cpp_bots(game_type: type, state_type: type) -> None:
    """Put the guards in the place of `pyspiel.MCTSBot` and `pyspiel.ISMCTSBot`, refusing games of
    `game_type` and states of `state_type` (bigtop's OpenSpiel classes, which call this)."""
    _GUARDED[:] = [game_type, state_type]
    pyspiel.MCTSBot = guarded_mcts_bot
    pyspiel.ISMCTSBot = GuardedISMCTSBot
