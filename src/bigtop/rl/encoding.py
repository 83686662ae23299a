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
    """Any view as a vector of `size` buckets: each feature path of `features` is hashed (CRC-32,
    stable across runs) to a bucket and its value added there. Collisions add up; a larger size
    makes them rarer.

    `encode` gives the same vector as summing `features(view)` into buckets, but walks the view
    once with every path it has met before already numbered, which is several times faster."""

    low = -FLOAT32_MAX
    high = FLOAT32_MAX

    def __init__(self, size: int) -> None:
        if size <= 0:
            raise ValueError("GenericEncoder needs a positive size")
        self.size = size
        self.shape = (size,)
        self._paths = [""]  # path id -> path text; 0 is the root
        self._children: dict[tuple[int, Any], int] = {}  # (parent id, key or index) -> path id
        self._buckets: dict[tuple[int, Any], int] = {}  # (path id, suffix) -> bucket

    def bucket(self, path: str) -> int:
        """The bucket of a feature path."""
        return zlib.crc32(path.encode()) % self.size

    def _child(self, parent: int, key: Any, text: str) -> int:
        child = self._children[(parent, key)] = len(self._paths)
        self._paths.append(text)
        return child

    def _feature(self, path: int, suffix: Any) -> int:
        """The bucket of path `path` followed by `suffix` (None: the path itself)."""
        text = self._paths[path]
        if suffix is None:
            name = text
        elif suffix == "#len":
            name = text + "#len"
        elif isinstance(suffix, tuple):  # ("[*]", item): a bag feature
            name = f"{text}[*]={suffix[1]}"
        else:
            name = f"{text}={suffix}"
        index = self._buckets[(path, suffix)] = self.bucket(name)
        return index

    def encode(self, view: dict[str, Any]) -> np.ndarray:
        where: list[int] = []
        values: list[float] = []
        self._walk(view, 0, where, values)
        return np.bincount(where, weights=values, minlength=self.size).astype(np.float32)

    def _leaf(self, value: Any, path: int, where: list[int], values: list[float]) -> bool:
        """Add a number, bool, text or null at `path`; False if `value` is a container."""
        if isinstance(value, (int, float)):  # bools too
            suffix: Any = None
            number = float(value)
        elif isinstance(value, str):
            suffix, number = value, 1.0
        elif value is None:
            suffix, number = "null", 1.0
        else:
            return False
        index = self._buckets.get((path, suffix))
        where.append(self._feature(path, suffix) if index is None else index)
        values.append(number)
        return True

    def _walk(self, value: Any, path: int, where: list[int], values: list[float]) -> None:
        if self._leaf(value, path, where, values):
            return
        children = self._children
        if isinstance(value, dict):
            for key, item in value.items():
                child = children.get((path, key))
                if child is None:
                    child = self._child(path, key, f"{self._paths[path]}.{key}")
                if not self._leaf(item, child, where, values):
                    self._walk(item, child, where, values)
        elif isinstance(value, (list, tuple)):
            buckets = self._buckets
            index = buckets.get((path, "#len"))
            where.append(self._feature(path, "#len") if index is None else index)
            values.append(float(len(value)))
            for i, item in enumerate(value):
                child = children.get((path, i))
                if child is None:
                    child = self._child(path, i, f"{self._paths[path]}[{i}]")
                if not self._leaf(item, child, where, values):
                    self._walk(item, child, where, values)
                elif isinstance(item, (int, str)) and item is not True and item is not False:
                    suffix = ("[*]", item)
                    index = buckets.get((path, suffix))
                    where.append(self._feature(path, suffix) if index is None else index)
                    values.append(1.0)


def generic_size(game: Game[Any], players: int, options: Any, games: int = 2, seed: int = 0) -> int:
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
