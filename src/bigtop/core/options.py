"""Game options: a frozen dataclass per game, parsed from JSON or from `key=value` strings."""

from __future__ import annotations

import dataclasses
import functools
import types
import typing
from collections.abc import Mapping
from typing import Any, TypeVar, Union

from bigtop.core.errors import BigtopError

Opts = TypeVar("Opts")


class OptionError(BigtopError, ValueError):
    """An option name or value the game does not accept."""


def _coerce(name: str, value: Any, kind: Any) -> Any:
    origin = typing.get_origin(kind)
    if origin in (Union, types.UnionType):
        args = [a for a in typing.get_args(kind) if a is not type(None)]
        if value is None or (isinstance(value, str) and value.lower() in ("none", "")):
            return None
        return _coerce(name, value, args[0])
    if origin is tuple:
        item = typing.get_args(kind)[0]
        if isinstance(value, str):
            value = [v for v in value.split(",") if v != ""]
        if not isinstance(value, (list, tuple)):
            raise OptionError(f"option {name}: expected a list, got {value!r}")
        return tuple(_coerce(name, v, item) for v in value)
    if kind is bool:
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.lower() in ("1", "true", "yes", "on"):
            return True
        if isinstance(value, str) and value.lower() in ("0", "false", "no", "off"):
            return False
        raise OptionError(f"option {name}: expected true or false, got {value!r}")
    if kind is int:
        if isinstance(value, bool):
            raise OptionError(f"option {name}: expected a whole number, got {value!r}")
        try:
            return int(value)
        except (TypeError, ValueError, OverflowError):  # OverflowError: int(float("inf"))
            raise OptionError(f"option {name}: expected a whole number, got {value!r}") from None
    if kind is float:
        try:
            return float(value)
        except (TypeError, ValueError):
            raise OptionError(f"option {name}: expected a number, got {value!r}") from None
    if kind is str:
        if not isinstance(value, str):
            raise OptionError(f"option {name}: expected text, got {value!r}")
        return value
    return value


@functools.cache
def _fields_of(cls: type) -> tuple[dict[str, Any], frozenset[str]]:
    """An options class's field types and names, worked out once per class (`get_type_hints`
    evaluates every annotation: about a millisecond, at each table a server opens)."""
    return typing.get_type_hints(cls), frozenset(f.name for f in dataclasses.fields(cls))


def parse_options(cls: type[Opts], given: Opts | Mapping[str, Any] | None) -> Opts:
    """An options dataclass from an instance, a mapping (JSON or CLI strings) or None (defaults)."""
    if given is None:
        return cls()
    if isinstance(given, cls):
        return given
    if not isinstance(given, Mapping):
        raise OptionError(f"options must be a mapping, got {type(given).__name__}")
    hints, known = _fields_of(typing.cast(type, cls))  # a class is hashable; the TypeVar does not say so
    unknown = sorted(set(given) - known)
    if unknown:
        raise OptionError(f"unknown option {', '.join(unknown)}; known options: {', '.join(sorted(known)) or 'none'}")
    values = {k: _coerce(k, v, hints[k]) for k, v in given.items()}
    try:
        return cls(**values)
    except (TypeError, ValueError) as exc:
        raise OptionError(str(exc)) from None


def options_to_json(options: Any) -> dict[str, Any]:
    """The options as a JSON-ready dict (tuples become lists)."""
    def plain(v: Any) -> Any:
        return [plain(x) for x in v] if isinstance(v, (tuple, list)) else v

    return {f.name: plain(getattr(options, f.name)) for f in dataclasses.fields(options)}


def parse_pairs(pairs: list[str]) -> dict[str, str]:
    """`["a=1", "b=x"]` as `{"a": "1", "b": "x"}`, for command-line options."""
    out: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise OptionError(f"expected key=value, got {pair!r}")
        out[key.strip()] = value.strip()
    return out
