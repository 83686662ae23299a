"""A policy that values positions: one small network rates every position a decision can reach.

For a game whose actions are too many for a policy head over ids (Carcassonne), the game offers
afterstate features with the hook

    Game.afterstate_features(players, options) -> features with
        width: int, names: tuple[str, ...]
        describe(state, seat) -> (width,) array          # a position from a seat's side
        rows(state, seat, legal) -> (rows, groups)       # a row per position reachable now, and the
                                                         # index in `legal` of the action leading there

The network maps a position to its value for the seat it is described from (the reward that seat
can expect at the end). The policy plays the action of the best-valued row (a Carcassonne
placement has a row per figure choice after it, so its best row names the figure it means to
take too): `ScorerSeat`. NumPy only, and no bot imported: the learned bot plays with it on the
web server and in the arena; training is `bigtop.rl.scoring`.
"""

from __future__ import annotations

import functools
import zlib
from collections.abc import Sequence
from typing import Any

import numpy as np

from bigtop.core.actions import Action
from bigtop.core.errors import BigtopError
from bigtop.rl.network import load_arrays, save_arrays, scaled_layers

LAYERS = ("w1", "b1", "w2", "b2", "wv", "bv")
POLICY = "afterstate"  # `meta["policy"]` of a scorer's weights


def afterstate_features(game: Any, players: int, options: Any) -> Any:
    """The game's afterstate features (`BigtopError` if it has none)."""
    hook = getattr(game, "afterstate_features", None)
    if hook is None:
        raise BigtopError(f"{game.title} has no afterstate features: train it with its observations instead")
    return hook(players, options)


class ScorerNetwork:
    """position -> tanh(hidden) -> tanh(hidden) -> value."""

    def __init__(self, params: dict[str, np.ndarray], meta: dict[str, Any]) -> None:
        self.params = params
        self.meta = meta

    @classmethod
    def initial(cls, inputs: int, hidden: int, seed: int, meta: dict[str, Any]) -> ScorerNetwork:
        """Scaled random weights."""
        layer = scaled_layers(seed)
        params = {
            "w1": layer(inputs, hidden, 1.0), "b1": np.zeros(hidden, np.float32),
            "w2": layer(hidden, hidden, 1.0), "b2": np.zeros(hidden, np.float32),
            "wv": layer(hidden, 1, 1.0), "bv": np.zeros(1, np.float32),
        }
        return cls(params, {**meta, "policy": POLICY, "inputs": inputs, "hidden": hidden})

    def _forward(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        p = self.params
        h1 = np.tanh(x @ p["w1"] + p["b1"])
        h2 = np.tanh(h1 @ p["w2"] + p["b2"])
        return h1, h2, (h2 @ p["wv"] + p["bv"])[:, 0]

    def values(self, positions: np.ndarray) -> np.ndarray:
        """The value of each position (rows of features)."""
        return self._forward(positions)[2]

    def act(self, rows: np.ndarray, groups: np.ndarray, rng: np.random.Generator | None = None, explore: float = 0.0) -> int:
        """The action (a group) of the best-valued row of one decision; with `rng`, a uniformly
        random action instead with probability `explore`."""
        if rng is not None and explore > 0 and rng.random() < explore:
            return int(rng.choice(np.unique(groups)))
        return int(groups[int(np.argmax(self.values(rows)))])

    def gradients(self, positions: np.ndarray, targets: np.ndarray) -> tuple[dict[str, np.ndarray], dict[str, float]]:
        """The gradients of the mean squared error (halved) of the values of `positions` against
        `targets`, and that error."""
        p = self.params
        h1, h2, value = self._forward(positions)
        d_value = ((value - targets) / len(positions)).astype(np.float32)[:, None]
        d_z2 = (d_value @ p["wv"].T) * (1 - h2 * h2)
        d_z1 = (d_z2 @ p["w2"].T) * (1 - h1 * h1)
        grads = {
            "wv": h2.T @ d_value, "bv": d_value.sum(axis=0), "w2": h1.T @ d_z2, "b2": d_z2.sum(axis=0),
            "w1": positions.T @ d_z1, "b1": d_z1.sum(axis=0),
        }
        return grads, {"value": float(0.5 * ((value - targets) ** 2).mean())}

    def error(self, positions: np.ndarray, targets: np.ndarray, batch: int = 4096) -> float:
        """The mean squared error (halved) of the values of `positions` against `targets` (no gradient)."""
        total = 0.0
        for begin in range(0, len(positions), batch):
            value = self.values(positions[begin:begin + batch])
            total += float(((value - targets[begin:begin + batch]) ** 2).sum())
        return 0.5 * total / max(1, len(positions))

    def save(self, path: Any) -> Any:
        return save_arrays(path, self.params, self.meta)

    @classmethod
    def load(cls, path: Any) -> ScorerNetwork:
        """The scorer saved at `path` (`BigtopError` if it is not one)."""
        params, meta = load_arrays(path, LAYERS)
        return cls(params, meta)


def features_fingerprint(game: Any, players: int, options: Any) -> str:
    """A checksum of the features' names and of every seat's features of a few positions: it
    changes when the features do, so that a scorer is not used with features it was not trained
    on. Deterministic; worked out once per table."""
    return _fingerprint(game, players, game.parse_options(options))


@functools.lru_cache(maxsize=64)
def _fingerprint(game: Any, players: int, options: Any, deals: int = 3, moves: int = 12) -> str:
    features = afterstate_features(game, players, options)
    checksum = zlib.crc32("\n".join(features.names).encode())
    for seed in range(deals):
        state = game.new(players, seed=seed, options=options)
        for _ in range(moves):
            if state.is_over():
                break
            seat = state.to_move()[0]
            state.apply(seat, state.legal_actions(seat)[0])
        for seat in range(players):
            checksum = zlib.crc32(np.ascontiguousarray(features.describe(state, seat), np.float32).tobytes(), checksum)
    return f"{checksum:08x}"


class ScorerSeat:
    """A bot playing the scorer `net` over `features` (the game's afterstate features): the
    action of the best-valued position, or with `rng` a random one with probability `explore`."""

    needs_state = True
    name = "learned"

    def __init__(self, net: ScorerNetwork, features: Any, rng: np.random.Generator | None = None, explore: float = 0.0) -> None:
        self.net, self.features, self.rng, self.explore = net, features, rng, explore

    def choose(self, state: Any, player: int, legal: Sequence[Action]) -> Action:
        rows, groups = self.features.rows(state, player, legal)
        return legal[self.net.act(rows, groups, self.rng, self.explore)]
