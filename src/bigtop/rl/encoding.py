"""Observation encoders: a seat's view as a fixed-size float32 array.

A game may provide its own encoder with the hook

    Game.observation_encoder(players: int, options) -> ObservationEncoder

looked up with `getattr`, so the hook is optional. Without it, `GenericEncoder` works for any game
from the view dict alone. An encoder's observation is defined on `state.view(seat)`, never on the
true state; a game's encoder may add a fast path `encode_state(state, seat)` that reads the state
directly and must return exactly `encode(state.view(seat))` (tests/rl/test_rl_encoders.py checks
this on every decision of many seeded games). `observe` uses the fast path when there is one.
"""

from __future__ import annotations

import zlib
from typing import Any, Protocol

import numpy as np

from bigtop.core.api import Game, State
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


def observe(encoder: ObservationEncoder, state: State, seat: int) -> np.ndarray:
    """What `seat` observes of `state`: `encoder.encode_state(state, seat)` if the encoder has that
    fast path, else `encoder.encode(state.view(seat))`."""
    fast = getattr(encoder, "encode_state", None)
    if fast is not None:
        return fast(state, seat)
    return encoder.encode(state.view(seat))


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
        self.shape: tuple[int, ...] = (size,)
        # Every path met gets an id (0 is the root); per id: its text, its children by key, the
        # bucket of the path itself (numbers and bools) and the buckets of its suffixed features.
        self._paths: list[str] = []
        self._kids: list[dict[Any, int]] = []
        self._own: list[int] = []
        self._suffixed: list[dict[Any, int]] = []
        self._new_path("")

    def bucket(self, path: str) -> int:
        """The bucket of a feature path."""
        return zlib.crc32(path.encode()) % self.size

    def _new_path(self, text: str) -> int:
        self._paths.append(text)
        self._kids.append({})
        self._own.append(self.bucket(text))
        self._suffixed.append({})
        return len(self._paths) - 1

    def _child(self, path: int, key: Any, is_list: bool) -> int:
        text = self._paths[path]
        child = self._kids[path][key] = self._new_path(f"{text}[{key}]" if is_list else f"{text}.{key}")
        return child

    def _suffix(self, path: int, suffix: Any) -> int:
        """The bucket of path `path` with a suffix: "#len", ("[*]", item) for a bag feature, or
        the text of a text or null value."""
        text = self._paths[path]
        if suffix == "#len":
            name = text + "#len"
        elif isinstance(suffix, tuple):
            name = f"{text}[*]={suffix[1]}"
        else:
            name = f"{text}={suffix}"
        index = self._suffixed[path][suffix] = self.bucket(name)
        return index

    def encode(self, view: dict[str, Any]) -> np.ndarray:
        where: list[int] = []
        values: list[float] = []
        self._walk(view, 0, where, values)
        return np.bincount(where, weights=values, minlength=self.size).astype(np.float32)

    def _walk(self, value: Any, path: int, where: list[int], values: list[float]) -> None:
        if isinstance(value, (int, float)):  # bools too
            where.append(self._own[path])
            values.append(float(value))
            return
        if isinstance(value, str) or value is None:
            suffix = "null" if value is None else value
            index = self._suffixed[path].get(suffix)
            where.append(self._suffix(path, suffix) if index is None else index)
            values.append(1.0)
            return
        is_list = isinstance(value, (list, tuple))
        if is_list:
            index = self._suffixed[path].get("#len")
            where.append(self._suffix(path, "#len") if index is None else index)
            values.append(float(len(value)))
            items: Any = enumerate(value)
        elif isinstance(value, dict):
            items = value.items()
        else:
            return
        kids, own, suffixed = self._kids[path], self._own, self._suffixed
        for key, item in items:
            child = kids.get(key)
            if child is None:
                child = self._child(path, key, is_list)
            kind = type(item)
            # The common leaves inline (as at the top of this method), the rest by recursion.
            if kind is int or kind is float or kind is bool:
                where.append(own[child])
                values.append(float(item))
            elif kind is str or item is None:
                suffix = "null" if item is None else item
                index = suffixed[child].get(suffix)
                where.append(self._suffix(child, suffix) if index is None else index)
                values.append(1.0)
            else:
                self._walk(item, child, where, values)
            if is_list and kind is not bool and isinstance(item, (int, str)):
                bag = ("[*]", item)
                index = suffixed[path].get(bag)
                where.append(self._suffix(path, bag) if index is None else index)
                values.append(1.0)


def generic_size(game: Game[Any], players: int, options: Any, games: int = 2, seed: int = 0) -> int:
    """A size for `GenericEncoder`: twice the distinct feature paths seen over a few seeded random
    games (in the view of each seat about to act, and every seat's at the start and the end),
    rounded up to a power of two (64 to 8192). Deterministic."""
    paths: set[str] = set()
    rng = Rng(seed)
    for index in range(games):
        state = game.new(players, seed=seed + index, options=options)
        for seat in range(players):
            paths.update(path for path, _ in features(state.view(seat)))
        while not state.is_over():
            seat = min(state.to_move())
            paths.update(path for path, _ in features(state.view(seat)))
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.below(len(legal))])
        for seat in range(players):
            paths.update(path for path, _ in features(state.view(seat)))
    size = 64
    while size < 2 * len(paths) and size < 8192:
        size *= 2
    return size


_encoders: dict[tuple[Any, ...], ObservationEncoder] = {}


def encoder_for(game: Game[Any], players: int, options: Any) -> ObservationEncoder:
    """The game's own encoder (`Game.observation_encoder`) if it has one, else a `GenericEncoder`
    sized by `generic_size`; built once per game, hook, players and options (a game's hook need not
    cache)."""
    options = game.parse_options(options)
    hook = getattr(game, "observation_encoder", None)
    key = (game.name, hook, players, options)
    encoder = _encoders.get(key)
    if encoder is None:
        built = hook(players, options) if hook is not None else GenericEncoder(generic_size(game, players, options))
        encoder = _encoders[key] = built
    return encoder


def fingerprint(game: Game[Any], players: int, options: Any, deals: int = 3) -> str:
    """A checksum of every seat's observation of the opening position of a few seeded deals: it
    changes when the encoder's layout or meaning does, so that weights trained on one observation
    are not used with another. Deterministic."""
    options = game.parse_options(options)
    encoder = encoder_for(game, players, options)
    checksum = 0
    for seed in range(deals):
        state = game.new(players, seed=seed, options=options)
        for seat in range(players):
            checksum = zlib.crc32(np.ascontiguousarray(observe(encoder, state, seat), np.float32).tobytes(), checksum)
    return f"{checksum:08x}"


def bounds(encoder: ObservationEncoder) -> tuple[np.ndarray, np.ndarray]:
    """The encoder's (low, high) as float32 arrays of its shape."""
    low = np.broadcast_to(np.asarray(getattr(encoder, "low", -FLOAT32_MAX), np.float32), encoder.shape)
    high = np.broadcast_to(np.asarray(getattr(encoder, "high", FLOAT32_MAX), np.float32), encoder.shape)
    return low.copy(), high.copy()
