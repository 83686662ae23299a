"""Observation encoders: a seat's view as a fixed-size float32 vector.

A game may provide its own encoder with the hook

    Game.observation_encoder(players: int, options) -> ObservationEncoder

looked up with `getattr`, so the hook is optional. Without it, `GenericEncoder` works for any game
from the view dict alone. Encoders only ever see `state.view(seat)`, never the true state.
"""

from __future__ import annotations

import zlib
from typing import Any, Protocol

import numpy as np

from bigtop.core.api import Game
from bigtop.core.rng import Rng

FLOAT32_MAX = float(np.finfo(np.float32).max)


class ObservationEncoder(Protocol):
    """Turns a seat's view into a fixed-size vector.

    `shape` is the shape of every vector `encode` returns (dtype float32). An encoder may also
    define `low` and `high` (numbers or arrays of that shape) bounding its values; without them
    the bounds are the float32 range.
    """

    shape: tuple[int, ...]

    def encode(self, view: dict[str, Any]) -> np.ndarray:
        ...


def features(view: Any) -> list[tuple[str, float]]:
    """The view as (path, value) pairs: numbers and bools by path, text and null as one-hot paths,
    list lengths, and for lists of whole numbers or text also a count of each item ("bag" paths)."""
    out: list[tuple[str, float]] = []
    _flatten(view, "", out)
    return out


def _flatten(value: Any, path: str, out: list[tuple[str, float]]) -> None:
    if isinstance(value, bool):
        out.append((path, 1.0 if value else 0.0))
    elif isinstance(value, (int, float)):
        out.append((path, float(value)))
    elif isinstance(value, str):
        out.append((f"{path}={value}", 1.0))
    elif value is None:
        out.append((f"{path}=null", 1.0))
    elif isinstance(value, dict):
        for key, item in value.items():
            _flatten(item, f"{path}.{key}", out)
    elif isinstance(value, (list, tuple)):
        out.append((f"{path}#len", float(len(value))))
        for i, item in enumerate(value):
            _flatten(item, f"{path}[{i}]", out)
            if isinstance(item, (int, str)) and not isinstance(item, bool):
                out.append((f"{path}[*]={item}", 1.0))


class GenericEncoder:
    """Any view as a vector of `size` buckets: each feature path is hashed (CRC-32, stable across
    runs) to a bucket and its value added there. Collisions add up; a larger size makes them rarer."""

    low = -FLOAT32_MAX
    high = FLOAT32_MAX

    def __init__(self, size: int) -> None:
        if size <= 0:
            raise ValueError("GenericEncoder needs a positive size")
        self.size = size
        self.shape = (size,)
        self._buckets: dict[str, int] = {}

    def bucket(self, path: str) -> int:
        """The bucket of a feature path."""
        index = self._buckets.get(path)
        if index is None:
            index = self._buckets[path] = zlib.crc32(path.encode()) % self.size
        return index

    def encode(self, view: dict[str, Any]) -> np.ndarray:
        out = np.zeros(self.size, np.float32)
        buckets = self._buckets
        for path, value in features(view):
            index = buckets.get(path)
            if index is None:
                index = self.bucket(path)
            out[index] += value
        np.clip(out, self.low, self.high, out=out)
        return out


def generic_size(game: Game[Any], players: int, options: Any, games: int = 3, seed: int = 0) -> int:
    """A size for `GenericEncoder`: twice the distinct feature paths seen in every seat's view
    over a few seeded random games, rounded up to a power of two (64 to 8192). Deterministic."""
    paths: set[str] = set()
    rng = Rng(seed)
    for index in range(games):
        state = game.new(players, seed=seed + index, options=options)
        while True:
            for seat in range(players):
                paths.update(path for path, _ in features(state.view(seat)))
            if state.is_over():
                break
            seat = min(state.to_move())
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.below(len(legal))])
    size = 64
    while size < 2 * len(paths) and size < 8192:
        size *= 2
    return size


_generic: dict[tuple[str, int, Any], GenericEncoder] = {}


def encoder_for(game: Game[Any], players: int, options: Any) -> ObservationEncoder:
    """The game's own encoder (`Game.observation_encoder`) if it has one, else a `GenericEncoder`
    sized by `generic_size` (built once per game, players and options)."""
    options = game.parse_options(options)
    hook = getattr(game, "observation_encoder", None)
    if hook is not None:
        return hook(players, options)
    key = (game.name, players, options)
    encoder = _generic.get(key)
    if encoder is None:
        encoder = _generic[key] = GenericEncoder(generic_size(game, players, options))
    return encoder


def bounds(encoder: ObservationEncoder) -> tuple[np.ndarray, np.ndarray]:
    """The encoder's (low, high) as float32 arrays of its shape."""
    low = np.broadcast_to(np.asarray(getattr(encoder, "low", -FLOAT32_MAX), np.float32), encoder.shape)
    high = np.broadcast_to(np.asarray(getattr(encoder, "high", FLOAT32_MAX), np.float32), encoder.shape)
    return low.copy(), high.copy()
