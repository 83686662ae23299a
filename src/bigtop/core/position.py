"""Checks a game's `position` option shares (Drum Roll's and Troll Fest's): every bad field is refused
with an `OptionError` that names it and says what it must be."""

from __future__ import annotations

import json
from typing import Any

from bigtop.core.options import OptionError


def refuse(message: str) -> OptionError:
    """The error refusing a position: "position: <message>"."""
    return OptionError(f"position: {message}")


def whole_number(value: Any, what: str, low: int, high: int | None = None) -> int:
    """`value` if it is a whole number from `low` (to `high`), else refused naming `what`."""
    if type(value) is not int or value < low or (high is not None and value > high):
        bounds = f"{low} to {high}" if high is not None else f"at least {low}"
        raise refuse(f"{what} must be a whole number, {bounds}; got {value!r}")
    return value


def id_list(value: Any, what: str, noun: str = "ids") -> list[str]:
    """`value` if it is a list of strings, else refused naming `what` ("a list of card ids")."""
    if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
        raise refuse(f"{what} must be a list of {noun}; got {value!r}")
    return value


def keyed(value: Any, what: str, known: set[str]) -> dict[str, Any]:
    """`value` if it is an object whose keys are all `known`, else refused naming `what` and the keys."""
    if not isinstance(value, dict):
        raise refuse(f"{what} must be an object; got {value!r}")
    unknown = sorted(set(value) - known)
    if unknown:
        raise refuse(f"{what}: unknown key {', '.join(map(repr, unknown))}; known: {', '.join(sorted(known))}")
    return value


def parsed(text: str, known: set[str]) -> dict[str, Any]:
    """The position option's JSON `text` as an object of `known` keys, else refused saying why."""
    try:
        position = json.loads(text)
    except json.JSONDecodeError as exc:
        raise refuse(f"not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    except RecursionError:
        raise refuse("nested too deeply to be read") from None
    return keyed(position, "the position", known)
