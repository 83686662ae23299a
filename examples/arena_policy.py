"""Evaluate any policy with `bigtop arena`: a Python callable seated as a bot through `--import`.

    bigtop arena drumroll -p 2 --bots cautious,heuristic -n 200 --seed 1000 --import examples/arena_policy.py

A policy is `policy(observation, legal_ids) -> id`: the seat's observation through the game's
encoder (NumPy float32) and its legal action ids. `policy_bot` makes it a bot factory, and
registering it when this file is imported makes the name `cautious` available to `--bots` in every
worker process of the arena. Put a trained network here instead (NumPy, or any library the
workers can import).
"""

from __future__ import annotations

import numpy as np

from bigtop import bots
from bigtop.rl.policy_bot import policy_bot


def cautious(observation: np.ndarray, legal_ids: np.ndarray) -> int:
    """A stand-in for a trained policy: the legal id whose number is lowest."""
    return int(legal_ids.min())


bots.register("cautious", policy_bot(cautious))
