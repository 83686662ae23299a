"""bigtop games as PettingZoo Parallel environments.

    from bigtop.rl.parallel import parallel_env
    env = parallel_env("trollfest", players=4)
    observations, infos = env.reset(seed=7)
    while env.agents:
        actions = {agent: choose(observations[agent]) for agent in env.agents if infos[agent]["acting"]}
        observations, rewards, terminations, truncations, infos = env.step(actions)

Every agent observes at every step (the same dicts as the AEC environment's, encoded when made).
The agents with a decision now are those the game lists in `to_move()`: one in a turn, several in
a sealed simultaneous step, where they all choose in the same `step` from observations made before
any of them chose (so it is genuinely simultaneous); `infos[agent]["acting"]` says which, and only
their action masks are non-zero. Their actions are applied in seat order; when one seat's choice
opens a follow-up decision of its own (a prompt in Drum Roll's sealed steps), the later seats'
choices wait, already made, and are applied when the game comes back to them. `step` takes an action for each acting agent (an illegal one
raises `IllegalAction` before any action is applied) and ignores what the others send, so a loop
that sends every live agent an action sampled from its mask works (`parallel_api_test` does).
"""

from __future__ import annotations

import os
from typing import Any

import gymnasium
from pettingzoo import ParallelEnv

from bigtop import games
from bigtop.core.api import Game, State
from bigtop.core.errors import BigtopError, IllegalAction
from bigtop.core.rng import Rng
from bigtop.rl.actions import action_id
from bigtop.rl.encoding import observe
from bigtop.rl.pettingzoo import BigtopAECEnv, mask_for, render_for
from bigtop.rl.rewards import final_rewards


class BigtopParallelEnv(ParallelEnv):
    """One bigtop game as a PettingZoo Parallel environment (see the module docstring)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "name": "bigtop_v0", "is_parallelizable": True}

    def __init__(
        self,
        game: str | Game[Any],
        players: int | None = None,
        options: Any = None,
        reward: str = "win",
        max_cycles: int | None = None,
        render_mode: str | None = None,
        seed: int | None = None,
    ) -> None:
        # the spaces, checks and encoder are the AEC environment's
        spec = BigtopAECEnv(games.get(game) if isinstance(game, str) else game, players, options, reward, max_cycles, render_mode)
        self.game, self.players, self.options, self.reward = spec.game, spec.players, spec.options, spec.reward
        self.max_cycles = max_cycles
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": spec.metadata["name"]}
        self.encoder = spec.encoder
        self.action_size = spec.action_size
        self.possible_agents = list(spec.possible_agents)
        self.observation_spaces = spec.observation_spaces
        self.action_spaces = spec.action_spaces
        self._seeder = Rng(int.from_bytes(os.urandom(6), "big") if seed is None else seed)
        self.game_state: State | None = None
        self.agents: list[str] = []
        self._steps = 0
        self._legal: dict[int, list[int]] = {}  # the acting seats' legal ids, as their masks show them
        # seat -> (its chosen id, the legal ids it chose among): a choice of a sealed step that waits
        # while another seat's choice opened a follow-up decision
        self._pending: dict[int, tuple[int, list[int]]] = {}

    def observation_space(self, agent: str) -> gymnasium.spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
        """Start a new game (`seed` as in the AEC environment; `options` is ignored: game options
        are fixed when the environment is made). Returns every agent's observation and info."""
        if seed is not None:
            self._seeder = Rng(seed)
            game_seed = seed
        else:
            game_seed = self._seeder.next64() >> 16
        self.game_state = self.game.new(self.players, seed=game_seed, options=self.options)
        self.agents = list(self.possible_agents)
        self._steps = 0
        self._pending = {}
        return self._observations(), self._infos()

    def step(self, actions: dict[str, Any]) -> tuple[dict[str, Any], ...]:
        """Apply the acting agents' actions (all of a sealed step's at once, in seat order)."""
        state = self.game_state
        if state is None:
            raise BigtopError("call reset() before step()")
        if not self.agents:
            raise BigtopError("the game is over: call reset() before step()")
        for seat, legal in self._legal.items():
            agent = self.possible_agents[seat]
            action = actions.get(agent)
            if action is None:
                raise IllegalAction(f"{agent} has a decision to make: got no action (acting: {', '.join(self._acting())})")
            index = action_id(action)
            if index not in legal:
                shown = ", ".join(map(str, legal[:12])) + (" ..." if len(legal) > 12 else "")
                raise IllegalAction(f"action id {index} is not legal for {agent} now; legal ids: {shown}")
        for seat, legal in self._legal.items():
            self._pending[seat] = (action_id(actions[self.possible_agents[seat]]), legal)
        self._play_pending()
        self._steps += 1
        over = state.is_over()
        cut = not over and self.max_cycles is not None and self._steps >= self.max_cycles
        agents = self.agents
        rewards = dict.fromkeys(agents, 0.0)
        if over:
            rewards = dict(zip(self.possible_agents, final_rewards(state, self.reward), strict=True))
        terminations = dict.fromkeys(agents, over)
        truncations = dict.fromkeys(agents, cut)
        observations, infos = self._observations(), self._infos()
        if over or cut:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminations, truncations, infos

    def _play_pending(self) -> None:
        """Apply the chosen actions whose seat is to move for the decision it chose for, lowest seat
        first, until none is (a seat's choice may open a follow-up decision of its own first)."""
        state = self.game_state
        assert state is not None
        pending = self._pending
        while pending and not state.is_over():
            ready = [seat for seat in state.to_move() if seat in pending and state.legal_ids(seat) == pending[seat][1]]
            if not ready:
                return
            seat = min(ready)
            state.apply_id(seat, pending.pop(seat)[0])
        pending.clear()

    def _acting(self) -> list[str]:
        return [self.possible_agents[seat] for seat in self._legal]

    def _observations(self) -> dict[str, Any]:
        """Every agent's observation; the masks of the seats to move now (their legal ids are kept
        to check the next step's actions)."""
        state = self.game_state
        assert state is not None
        self._legal = {seat: state.legal_ids(seat) for seat in state.to_move()}
        return {
            agent: {"observation": observe(self.encoder, state, seat), "action_mask": mask_for(self.action_size, self._legal.get(seat))}
            for seat, agent in enumerate(self.possible_agents)
        }

    def _infos(self) -> dict[str, Any]:
        return {agent: {"acting": seat in self._legal} for seat, agent in enumerate(self.possible_agents)}

    def render(self) -> str | None:
        """The board as a spectator sees it: returned for "ansi", printed for "human"."""
        return render_for(self.game, self.game_state, self.render_mode)

    def close(self) -> None:
        """Nothing to release."""


def parallel_env(game: str | Game[Any], players: int | None = None, **kwargs: Any) -> BigtopParallelEnv:
    """The Parallel environment for `game`. Keyword arguments: `options`, `reward`, `max_cycles`
    (truncate every agent after that many steps), `render_mode` ("ansi" or "human"), `seed`."""
    return BigtopParallelEnv(game, players, **kwargs)
