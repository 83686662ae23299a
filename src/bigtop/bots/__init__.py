"""Bots and the bot registry: `make("random", game, seed)`, `make("heuristic", ...)`,
`make("ismcts:iterations=2000", ...)`, `make("learned:weights=policy.npz", ...)` (a network trained by
`bigtop rl train`, NumPy only), `make("tutorial:chapter=1", ...)` (a tutorial's scripted seat), with
parameters as `name:key=value,key=value`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bigtop.bots.base import Bot
from bigtop.bots.random_bot import RandomBot
from bigtop.core.errors import BigtopError

BotFactory = Callable[..., Bot]


def _heuristic(game: Any, seed: int, **params: Any) -> Bot:
    try:
        bot: Bot = game.heuristic_bot(seed, **params)
        return bot
    except (TypeError, ValueError) as exc:  # a parameter the bot does not take, or a bad value
        raise BigtopError(f"heuristic bot of {game.title}: {exc}") from None


def _random(game: Any, seed: int, **params: Any) -> Bot:
    if params:
        raise BigtopError(f"the random bot takes no parameters, got {', '.join(params)}")
    return RandomBot(seed)


def _ismcts(game: Any, seed: int, **params: Any) -> Bot:
    from bigtop.bots.ismcts import make_ismcts

    return make_ismcts(game, seed, **params)


def _learned(game: Any, seed: int, **params: Any) -> Bot:
    from bigtop.rl.learned import make_learned

    return make_learned(game, seed, **params)


def _tutorial(game: Any, seed: int, **params: Any) -> Bot:
    from bigtop.tutorial.bot import make_scripted

    return make_scripted(game, seed, make, **params)


_FACTORIES: dict[str, BotFactory] = {
    "random": _random, "heuristic": _heuristic, "ismcts": _ismcts, "learned": _learned, "tutorial": _tutorial,
}


STRENGTHS = {"random": "Easy", "heuristic": "Normal", "ismcts": "Strong", "learned": "Learned"}
"""Each shipped bot's strength, the word the web table and the terminal name it by."""


def display_name(spec: str) -> str:
    """A bot as people see it at a table: "Easy bot" (random), "Normal bot" (heuristic), "Strong
    bot" (ismcts, whatever its parameters), "Learned bot"; another bot by its registered name."""
    name = spec.strip().partition(":")[0]
    return f"{STRENGTHS.get(name, name)} bot"


def register(name: str, factory: BotFactory) -> None:
    """Make a bot kind available to `make` (factory(game, seed, **params) -> Bot)."""
    _FACTORIES[name] = factory


def names() -> list[str]:
    return sorted(_FACTORIES)


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """`"ismcts:iterations=2000,c=0.7"` as `("ismcts", {"iterations": "2000", "c": "0.7"})`."""
    name, _, rest = spec.strip().partition(":")
    params: dict[str, str] = {}
    for part in filter(None, rest.split(",")):
        key, sep, value = part.partition("=")
        if not sep or not key:
            raise BigtopError(f"bad bot parameter {part!r} in {spec!r}: expected key=value")
        params[key.strip()] = value.strip()
    return name, params


def make(spec: str, game: Any, seed: int) -> Bot:
    """A bot from its spec string; `BigtopError` naming the known bots if the name is unknown."""
    name, params = parse_spec(spec)
    factory = _FACTORIES.get(name)
    if factory is None:
        raise BigtopError(f"unknown bot {name!r}; known bots: {', '.join(names())}")
    return factory(game, seed, **params)


__all__ = ["STRENGTHS", "Bot", "RandomBot", "display_name", "make", "names", "parse_spec", "register"]
