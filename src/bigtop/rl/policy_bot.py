"""Any policy as a bigtop bot: `policy(observation, legal ids) -> id`, seated in the arena, on a web
table or anywhere a bot spec goes. NumPy only (the web server and the arena import it).

    from bigtop import bots
    from bigtop.rl.policy_bot import policy_bot
    bots.register("mine", policy_bot(my_policy))          # then: bigtop arena ... --bots mine,heuristic
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from bigtop.bots.base import Bot
from bigtop.core.actions import Action
from bigtop.core.errors import BigtopError
from bigtop.rl.actions import action_space_for
from bigtop.rl.encoding import encoder_for, observe

SeatPolicy = Callable[[np.ndarray, np.ndarray], int]  # (observation, legal ids) -> the id to play


class PolicyBot:
    """A bigtop bot playing `policy(observation, legal ids) -> id`: the observation of its seat in
    the copy of the game it is handed (determinized from its seat, which shows that seat exactly
    what the true game does), through the game's encoder, and the legal ids of the `actions` space
    ("flat" or "compact", `bigtop.rl.actions`). NumPy only."""

    name = "policy"
    needs_state = True

    def __init__(self, game: Any, policy: SeatPolicy, actions: str = "flat") -> None:
        self.game = game
        self.policy = policy
        self.actions = actions

    def choose(self, state: Any, player: int, legal: Sequence[Action]) -> Action:
        obs = observe(encoder_for(self.game, state.players, state.options), state, player).ravel()
        space = action_space_for(self.game, state.players, state.options, self.actions)
        ids = space.legal(state, player)
        index = int(self.policy(obs, np.asarray(ids)))
        if index not in ids:
            raise BigtopError(f"the policy chose action id {index}, which is not legal now (legal: {ids[:12]})")
        chosen = space.action(state, player, index)
        return next(a for a in legal if a == chosen)  # the object of `legal` (the copy's own actions)


def policy_bot(policy: SeatPolicy, actions: str = "flat") -> Callable[..., Bot]:
    """A bot factory for `bigtop.bots.register(name, policy_bot(policy))`: a module that does this
    at import, given to `bigtop arena --import`, seats the policy in any tournament."""

    def factory(game: Any, seed: int, **params: Any) -> Bot:
        if params:
            raise BigtopError(f"a policy bot takes no parameters, got {', '.join(params)}")
        return PolicyBot(game, policy, actions)

    return factory
