"""Research interfaces: bigtop games as gymnasium, PettingZoo and OpenSpiel environments.

`bigtop.rl.SeatEnv(game, players, opponents=[...])` is one seat against bots as a `gymnasium.Env`;
`bigtop.rl.pettingzoo.env(name, players=...)` gives a PettingZoo AEC environment and
`bigtop.rl.parallel.parallel_env(...)` a Parallel one; importing `bigtop.rl.openspiel` registers
every game with OpenSpiel as `bigtop_<name>`. All see a seat only through `state.view(seat)`,
turned into numbers by an observation encoder (`bigtop.rl.encoding`). The submodules are imported
on demand, so importing `bigtop.rl` is cheap.
"""

from __future__ import annotations

from typing import Any


def __getattr__(name: str) -> Any:
    if name == "SeatEnv":
        from bigtop.rl.seat import SeatEnv

        return SeatEnv
    raise AttributeError(f"module 'bigtop.rl' has no attribute {name!r}")


__all__ = ["SeatEnv"]
