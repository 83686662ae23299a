"""Which bots a web table may seat and how long they may think: bounds on a bot spec from the web.

The command line plays any bot spec; a web table takes one only within these caps, so that no
table's bots can take the server's time from the others. A bot's parameters are for `ismcts` only:
at most `MAX_ITERATIONS` iterations, or `time=` at most `MAX_SECONDS` seconds, with a playout
`depth` of at most `MAX_DEPTH`; a tutorial's scripted bot names its chapter (`tutorial:chapter=N`);
the other bots play as shipped, without parameters.
"""

from __future__ import annotations

import functools
import math
from typing import Any

from bigtop import bots
from bigtop.core.errors import BigtopError
from bigtop.server.errors import ServerError

MAX_ITERATIONS = 5000
MAX_SECONDS = 2.0
MAX_DEPTH = 100
_ISMCTS_BOUNDS: dict[str, tuple[type, float, float]] = {
    "iterations": (int, 1, MAX_ITERATIONS),
    "time": (float, 0.001, MAX_SECONDS),
    "depth": (int, 0, MAX_DEPTH),
    "c": (float, 0.0, 100.0),
    "margin": (float, 0.0, 1.0),
}


def learned_players(game: Any) -> list[int]:
    """The player counts the learned bot's weights shipped for `game` were trained for (none: no weights)."""
    return sorted(_learned_options(game.name))


def learned_options(game: Any) -> dict[str, dict[str, Any]]:
    """Per player count (as a JSON key) whose weights ship for `game`, the options they were
    trained with: a table of other variants is refused the learned bot."""
    return {str(players): options for players, options in sorted(_learned_options(game.name).items())}


@functools.cache
def _learned_options(name: str) -> dict[int, dict[str, Any]]:
    """Read once per process: player count -> the options of the weights shipped for it."""
    from bigtop.rl.learned import shipped_players, shipped_weights
    from bigtop.rl.network import load_meta

    return {players: load_meta(str(shipped_weights(name, players)))["options"] for players in shipped_players(name)}


def searches(spec: str) -> bool:
    """Whether a bot of this spec searches (`ismcts`): the bots that take the workers' time."""
    return spec.partition(":")[0].strip() == "ismcts"


def check_web_bot(spec: str, game: Any, players: int | None = None, options: Any = None) -> None:
    """Refuse (`ServerError`) a bot spec a web table of `players` with `options` may not seat,
    naming the limit it breaks."""
    try:
        name, params = bots.parse_spec(spec)
    except BigtopError as exc:
        raise ServerError(str(exc)) from None
    if name not in bots.names():
        raise ServerError(f"unknown bot {name!r}; known bots: {', '.join(bots.names())}")
    if name == "tutorial":
        if set(params) != {"chapter"}:
            raise ServerError(f"a web table's tutorial bot takes only chapter=N ({spec!r})")
        params = {}
    if name == "learned" and players is not None and players not in learned_players(game):
        shipped = ", ".join(map(str, learned_players(game))) or "no"
        raise ServerError(f"no learned bot is shipped for {game.title} at {players} players (weights for {shipped} players)")
    if name == "learned" and players is not None and options is not None:
        from bigtop.rl.learned import fits

        if not fits(game, {"players": players, "options": _learned_options(game.name)[players]}, players, options):
            raise ServerError(
                f"the learned bot for {game.title} was trained with the game's standard variants: choose them, or another bot"
            )
    if params and name != "ismcts":
        raise ServerError(f"a web table plays the {name} bot as shipped: no parameters ({spec!r})")
    for key, value in params.items():
        bound = _ISMCTS_BOUNDS.get(key)
        if bound is None:
            raise ServerError(f"ismcts: unknown parameter {key!r}; known: {', '.join(_ISMCTS_BOUNDS)}")
        kind, low, high = bound
        try:
            number = kind(value)
        except ValueError:
            raise ServerError(f"ismcts: {key}={value!r} is not a {'whole ' if kind is int else ''}number") from None
        if not (math.isfinite(number) and low <= number <= high):
            raise ServerError(f"ismcts: {key} must be between {low:g} and {high:g} on a web table, not {value}")
    try:
        bots.make(spec, game, 0)
    except BigtopError as exc:
        raise ServerError(str(exc)) from None
