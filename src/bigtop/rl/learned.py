"""The learned bot: a policy network trained by `bigtop rl train` (`learned:weights=FILE`, or
`learned` alone for the weights shipped with bigtop for the game at the table's player count, in
`bigtop/rl/weights/GAME-Np.npz`).

It needs NumPy only: it encodes its seat's observation with the game's encoder (from the copy of
the game it is handed, determinized from its seat, which shows that seat exactly what the true game
does) and plays the legal action the network finds most likely (`sample=true`: draws from it).
Weights of a scorer (`bigtop rl train --policy afterstate`, Carcassonne's) are played the same way
over the game's afterstate features instead (`bigtop.rl.scorer.ScorerSeat`).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from bigtop.core.actions import Action
from bigtop.core.errors import BigtopError
from bigtop.rl.encoding import fingerprint
from bigtop.rl.network import PolicyNetwork, load_meta
from bigtop.rl.policy_bot import PolicyBot
from bigtop.rl.scorer import POLICY, ScorerNetwork, ScorerSeat, afterstate_features, features_fingerprint

SHIPPED = Path(__file__).parent / "weights"


def network(weights: str) -> PolicyNetwork | ScorerNetwork:
    """The network saved at `weights`, read once per process while the file stays the same (bots
    only read it)."""
    try:
        stat = Path(weights).stat()
    except OSError:
        return PolicyNetwork.load(weights)  # its error names the file
    return _network(weights, stat.st_mtime_ns, stat.st_size)


@functools.lru_cache(maxsize=32)
def _network(weights: str, modified: int, size: int) -> PolicyNetwork | ScorerNetwork:
    if load_meta(weights).get("policy") == POLICY:
        return ScorerNetwork.load(weights)
    return PolicyNetwork.load(weights)


def fits(game: Any, meta: dict[str, Any], players: int, options: Any) -> bool:
    """Whether weights trained for `meta` play a table of `players` with `options` (an option
    added since they were trained, at its default, is the same table). Who sits at the table (the
    options `Game.bots_only_options` sets) is not compared: weights play people and bots alike."""
    chosen = game.options_json(options)
    defaults = game.options_json(None)
    seating = {k for k, v in game.options_json(game.bots_only_options(None)).items() if v != defaults.get(k)}
    return meta["players"] == players and all(
        chosen.get(k) == v for k, v in meta["options"].items() if k not in seating
    ) and all(v == defaults.get(k) for k, v in chosen.items() if k not in meta["options"] and k not in seating)


def shipped_weights(game: str, players: int) -> Path | None:
    """The weights shipped for `game` at `players` players, if any."""
    path = SHIPPED / f"{game}-{players}p.npz"
    return path if path.is_file() else None


def shipped_players(game: str) -> list[int]:
    """The player counts weights are shipped for, for `game`."""
    return sorted(int(p.stem.rpartition("-")[2][:-1]) for p in SHIPPED.glob(f"{game}-*p.npz"))


class LearnedBot(PolicyBot):
    """A seat played by a trained `PolicyNetwork` over the action ids its weights name: the weights
    `weights`, or (None) those shipped for the game at the table's player count, loaded when the
    bot first plays."""

    name = "learned"

    def __init__(self, game: Any, weights: str | None, seed: int = 0, sample: bool = False) -> None:
        self.rng = np.random.default_rng(seed) if sample else None
        super().__init__(game, self._act)
        self.weights = weights
        self._checked: tuple[int, Any] | None = None
        if weights is not None:
            self._load(weights)

    def _act(self, obs: np.ndarray, legal: np.ndarray) -> int:
        assert isinstance(self.net, PolicyNetwork)
        return self.net.act(obs, legal, self.rng)[0]

    def __getstate__(self) -> dict[str, Any]:
        """Pickled without its network (a web table's bot goes to a worker process with every
        move): the weights' path, read again through the process's cache."""
        state = {k: v for k, v in self.__dict__.items() if k not in ("net", "policy", "scorer")}
        return {**state, "_checked": None}  # checked again where it lands, which makes its scorer

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self.policy = self._act
        if self.weights is not None:
            self._load(self.weights)

    def _load(self, weights: str) -> None:
        self.net = network(weights)
        self.weights = weights
        if self.net.meta.get("game") != self.game.name:
            raise BigtopError(f"{weights} was trained for {self.net.meta.get('game')}, not {self.game.name}")
        self.actions = self.net.meta.get("action_space", "flat")
        self.scorer: ScorerSeat | None = None  # the seat valuing positions, for a scorer's weights: made by `_check`

    def _check(self, state: Any) -> None:
        """Refuse a table of another size or other options than the weights were trained for, or
        a game whose observations have changed since (an option added since, at its default, is
        the same table)."""
        key = (state.players, state.options)
        if self._checked == key:
            return
        meta = self.net.meta
        if not fits(self.game, meta, state.players, state.options):
            raise BigtopError(
                f"{self.weights} was trained for {meta['players']} players with options {meta['options']}, "
                f"not {state.players} players with {self.game.options_json(state.options)}"
            )
        if isinstance(self.net, ScorerNetwork):
            if meta.get("features") != features_fingerprint(self.game, state.players, state.options):
                raise BigtopError(
                    f"{self.weights} was trained on other features than {self.game.title} gives now "
                    "(its features or its rules changed): train it again with `bigtop rl train`"
                )
            self.scorer = ScorerSeat(self.net, afterstate_features(self.game, state.players, state.options), self.rng)
        elif meta.get("observation") != fingerprint(self.game, state.players, state.options):
            raise BigtopError(
                f"{self.weights} was trained on other observations than {self.game.title} gives now "
                "(its encoder or its rules changed): train it again with `bigtop rl train`"
            )
        self._checked = key

    def choose(self, state: Any, player: int, legal: Sequence[Action]) -> Action:
        if self.weights is None:
            shipped = shipped_weights(self.game.name, state.players)
            if shipped is None:
                raise BigtopError(
                    f"no learned weights are shipped for {self.game.title} at {state.players} players "
                    f"(shipped: {', '.join(map(str, shipped_players(self.game.name))) or 'none'})"
                )
            self._load(str(shipped))
        self._check(state)
        if self.scorer is not None:
            return self.scorer.choose(state, player, legal)
        return super().choose(state, player, legal)


def make_learned(game: Any, seed: int, **params: str) -> LearnedBot:
    """The bot factory for `learned:weights=FILE[,sample=true]`."""
    unknown = set(params) - {"weights", "sample"}
    if unknown:
        raise BigtopError(f"the learned bot takes weights=FILE and sample=true|false, not {', '.join(sorted(unknown))}")
    weights = params.get("weights")
    if weights is None and not shipped_players(game.name):
        raise BigtopError(
            f"no weights are shipped for {game.name}: give learned:weights=FILE (written by `bigtop rl train`)"
        )
    sample = params.get("sample", "false").lower()
    if sample not in ("true", "false"):
        raise BigtopError(f"sample must be true or false, not {params['sample']!r}")
    return LearnedBot(game, weights, seed, sample == "true")
