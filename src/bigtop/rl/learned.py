"""The learned bot: a policy network trained by `bigtop rl train` (`learned:weights=FILE`).

It needs NumPy only: it encodes its seat's observation with the game's encoder (from the copy of
the game it is handed, determinized from its seat, which shows that seat exactly what the true game
does) and plays the legal action the network finds most likely (`sample=true`: draws from it).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from bigtop.core.actions import Action
from bigtop.core.errors import BigtopError
from bigtop.rl.encoding import encoder_for, observe
from bigtop.rl.network import PolicyNetwork


class LearnedBot:
    """A seat played by a trained `PolicyNetwork`."""

    name = "learned"
    needs_state = True

    def __init__(self, game: Any, weights: str, seed: int = 0, sample: bool = False) -> None:
        self.game = game
        self.net = PolicyNetwork.load(weights)
        self.weights = weights
        if self.net.meta.get("game") != game.name:
            raise BigtopError(f"{weights} was trained for {self.net.meta.get('game')}, not {game.name}")
        self.rng = np.random.default_rng(seed) if sample else None
        self._checked: tuple[int, Any] | None = None

    def _check(self, state: Any) -> None:
        """Refuse a table of another size or other options than the weights were trained for."""
        key = (state.players, state.options)
        if self._checked == key:
            return
        meta = self.net.meta
        if meta["players"] != state.players or meta["options"] != self.game.options_json(state.options):
            raise BigtopError(
                f"{self.weights} was trained for {meta['players']} players with options {meta['options']}, "
                f"not {state.players} players with {self.game.options_json(state.options)}"
            )
        encoder = encoder_for(self.game, state.players, state.options)
        if int(np.prod(encoder.shape)) != meta["inputs"]:
            raise BigtopError(f"{self.weights} expects observations of {meta['inputs']} numbers; the game now gives {encoder.shape}")
        self._checked = key

    def choose(self, state: Any, player: int, legal: Sequence[Action]) -> Action:
        self._check(state)
        ids = state.action_space.encode_all(legal)
        obs = observe(encoder_for(self.game, state.players, state.options), state, player).ravel()
        action, _, _ = self.net.act(obs, np.asarray(ids), self.rng)
        return legal[ids.index(action)]


def make_learned(game: Any, seed: int, **params: str) -> LearnedBot:
    """The bot factory for `learned:weights=FILE[,sample=true]`."""
    unknown = set(params) - {"weights", "sample"}
    if unknown:
        raise BigtopError(f"the learned bot takes weights=FILE and sample=true|false, not {', '.join(sorted(unknown))}")
    if "weights" not in params:
        raise BigtopError("the learned bot needs its weights: learned:weights=FILE (written by `bigtop rl train`)")
    sample = params.get("sample", "false").lower()
    if sample not in ("true", "false"):
        raise BigtopError(f"sample must be true or false, not {params['sample']!r}")
    return LearnedBot(game, params["weights"], seed, sample == "true")
