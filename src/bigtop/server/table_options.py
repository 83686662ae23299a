"""The options a table created from the web (or an uploaded record) may have.

Every option is checked by the game (`Game.check_options`) before anything is stored, so no stored
table can fail to load. Options from a request are read strictly by their JSON type: a whole
number is a JSON integer (not `0.9`, `" 1 "` or `true`), text is a string, a list a list. Two kinds
are refused: options that name a file on the server's disk (a game's `file_options`, its `cards`:
custom content is for the command line), from any request, a table's or a record's; and options
that fix what chance deals (a game's `hidden_order_options`: deck, tile and token orders) unless
the table is a practice table, which the lobby and the table show to everyone as such.
"""

from __future__ import annotations

import dataclasses
import math
import types
import typing
from typing import Any, Union

from bigtop.core.api import Game
from bigtop.server.errors import ServerError


def request_options(game: Game[Any], options: Any) -> Any:
    """The parsed options a request gives for `game`, or `ServerError` / `OptionError` saying what
    is refused: a file option, a value of the wrong JSON type, an unknown option."""
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise ServerError("options must be a JSON object")
    named = sorted(key for key in game.file_options if options.get(key) not in (None, ""))
    if named:
        raise ServerError(
            f"option {', '.join(named)} names a file on the server: nothing sent over the network may; "
            "custom content files are for the command line (bigtop play --cards FILE)"
        )
    hints = typing.get_type_hints(game.options_type)
    known = {f.name for f in dataclasses.fields(game.options_type)}
    for key, value in options.items():
        if key in known:
            _check_type(key, value, hints[key])
    return game.parse_options(options)


def web_options(game: Game[Any], players: int, options: Any, practice: bool) -> Any:
    """The parsed options for a new web table, or `ServerError` / `OptionError` saying what is refused."""
    parsed = request_options(game, options)
    defaults = game.parse_options(None)
    fixed = sorted(name for name in game.hidden_order_options if getattr(parsed, name) != getattr(defaults, name))
    if fixed and not practice:
        raise ServerError(
            f"option(s) {', '.join(fixed)} fix what chance deals: only a practice table may set them "
            "(create it with practice: true; everyone sees it is a practice table)"
        )
    return game.check_options(players, parsed)


def _check_type(name: str, value: Any, kind: Any) -> None:
    """`ServerError` unless `value` (parsed JSON) has the JSON type of option type `kind`."""
    origin = typing.get_origin(kind)
    if origin in (Union, types.UnionType):
        if value is None:
            return
        kinds = [k for k in typing.get_args(kind) if k is not type(None)]
        _check_type(name, value, kinds[0])
        return
    if origin is tuple:
        if not isinstance(value, list):
            raise ServerError(f"option {name}: expected a list, got {_shown(value)}")
        for item in value:
            _check_type(name, item, typing.get_args(kind)[0])
        return
    expected = {bool: "true or false", int: "a whole number", float: "a number", str: "text"}.get(kind)
    if expected is None:
        return
    if kind is float:
        fits = isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
    else:
        fits = type(value) is kind
    if not fits:
        raise ServerError(f"option {name}: expected {expected}, got {_shown(value)}")


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:59] + "…"
