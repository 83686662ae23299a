"""bigtop games as PettingZoo AEC environments.

    from bigtop.rl import pettingzoo as bz
    env = bz.env("drumroll", players=3, reward="margin")
    env.reset(seed=7)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        action = None if terminated or truncated else choose(obs["observation"], obs["action_mask"])
        env.step(action)

Agents are `player_0` ... `player_{n-1}` (seat i is `player_i`). An observation is a dict with
`observation` (the acting seat's view through the game's encoder, float32) and `action_mask`
(int8 over the game's action ids, the dtype gymnasium's `Discrete.sample(mask=...)` requires). During a sealed simultaneous step the seats choose one after
the other in seat order; their views hide the choices already sealed.
"""

from __future__ import annotations

import io
import os
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils.env_logger import EnvLogger

from bigtop import games
from bigtop.core.api import Game, State
from bigtop.core.errors import BigtopError, IllegalAction
from bigtop.core.rng import Rng
from bigtop.rl.actions import action_id
from bigtop.rl.encoding import bounds, encoder_for, observe
from bigtop.rl.rewards import check_reward, final_rewards

OBSERVATIONS = ("eager", "lazy")


class ActionMask(np.ndarray):
    """An int8 action mask (a NumPy array like any other) that also carries the legal ids it marks,
    in `ids`, so that `mask_ids` need not scan it."""

    ids: np.ndarray | None = None

    def __array_finalize__(self, obj: Any) -> None:
        self.ids = None  # a view or a copy may be changed: only the mask the environment made knows


def mask_for(size: int, legal: list[int] | None) -> ActionMask:
    """The int8 mask over `size` action ids marking the ids `legal` (None: none), carrying them."""
    mask = np.zeros(size, np.int8).view(ActionMask)
    if legal:
        ids = np.array(legal)  # converted once, for the mask and for `mask_ids`
        mask[ids] = 1
        mask.ids = ids
    else:
        mask.ids = np.zeros(0, np.intp)
    return mask


def mask_ids(action_mask: np.ndarray) -> np.ndarray:
    """The action ids an `action_mask` allows, in order: the ids an environment's mask carries, or
    the mask read as bool (much faster than `np.flatnonzero(action_mask)`: about 40 times on
    Carcassonne's 171,159 ids)."""
    ids = getattr(action_mask, "ids", None)
    if ids is not None:
        return ids
    return action_mask.view(np.bool_).nonzero()[0]


class Observation(dict):
    """An agent's observation with `observations="lazy"`: `{"observation": ..., "action_mask": ...}`,
    a dict like any other, except that the observation is encoded when it is first read (an agent
    that only needs the mask, such as a random or scripted one or a bigtop bot, never pays for it).
    It must be read before the game moves on: a later first read raises `BigtopError` (the
    position it was made in is gone, and replaying the game to it would cost as much as the whole
    game so far)."""

    def __init__(self, action_mask: np.ndarray, encode: Any, state: State, seat: int) -> None:
        super().__init__(action_mask=action_mask)
        self._source: tuple[Any, State, int, int] | None = (encode, state, seat, state.move_count)

    def _settle(self) -> None:
        source = self._source
        if source is None:
            return
        encode, state, seat, moves = source
        if state.move_count != moves:
            raise BigtopError(
                f"this observation (seat {seat}, after move {moves}) was first read after the game moved on to move "
                f"{state.move_count}: with observations='lazy' read it before the next step, or make the environment "
                "with observations='eager' (the default), which encodes every observation when it is made (PettingZoo's "
                "api_test reads observations late: run it on the default)"
            )
        dict.__setitem__(self, "observation", encode(state, seat))
        self._source = None

    def __missing__(self, key: str) -> Any:
        if key != "observation" or self._source is None:
            raise KeyError(key)
        self._settle()
        return dict.__getitem__(self, key)

    def __contains__(self, key: object) -> bool:
        return key == "observation" or dict.__contains__(self, key)

    def get(self, key: str, default: Any = None) -> Any:
        return self[key] if key in self else default

    def keys(self) -> Any:
        self._settle()
        return dict.keys(self)

    def values(self) -> Any:
        self._settle()
        return dict.values(self)

    def items(self) -> Any:
        self._settle()
        return dict.items(self)

    def __iter__(self) -> Any:
        self._settle()
        return dict.__iter__(self)

    def __len__(self) -> int:
        return 2

    def __eq__(self, other: object) -> bool:
        self._settle()
        return dict.__eq__(self, other)

    __hash__ = None

    def __repr__(self) -> str:
        self._settle()
        return dict.__repr__(self)

    def copy(self) -> dict[str, np.ndarray]:
        return dict(self.items())

    def __reduce__(self) -> Any:
        return dict, (dict(self.items()),)


def render_text(game: Game[Any], state: State, seat: int | None) -> str:
    """The game's terminal drawing as plain text (Rich renderables are printed without colour)."""
    drawing = game.render(state, seat)
    if isinstance(drawing, str):
        return drawing
    from rich.console import Console

    buffer = io.StringIO()
    Console(file=buffer, width=120, color_system=None).print(drawing)
    return buffer.getvalue()


def render_for(game: Game[Any], state: State | None, render_mode: str | None) -> str | None:
    """What an environment's `render()` gives: the spectator's drawing, returned for "ansi",
    printed for "human"; a warning without a render mode, an error before `reset()`."""
    if render_mode is None:
        gymnasium.logger.warn("render() called without a render_mode; pass one when making the environment")
        return None
    if state is None:
        raise BigtopError("call reset() before render()")
    text = render_text(game, state, None)
    if render_mode == "human":
        print(text)
        return None
    return text


class BigtopAECEnv(AECEnv):
    """One bigtop game as a PettingZoo AEC environment (see the module docstring)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "name": "bigtop_v0", "is_parallelizable": False}

    def __init__(
        self,
        game: str | Game[Any],
        players: int | None = None,
        options: Any = None,
        reward: str = "win",
        max_cycles: int | None = None,
        render_mode: str | None = None,
        seed: int | None = None,
        observations: str = "eager",
    ) -> None:
        super().__init__()
        self.game = games.get(game) if isinstance(game, str) else game
        self.players = self.game.check_players(self.game.default_players() if players is None else players)
        if max_cycles is not None and max_cycles <= 0:
            raise BigtopError(f"max_cycles must be positive, not {max_cycles}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise BigtopError(f"unknown render mode {render_mode!r}; known: {', '.join(self.metadata['render_modes'])}")
        self.options = self.game.bots_only_options(options)  # every seat is a program
        self.reward = check_reward(reward)
        if observations not in OBSERVATIONS:
            raise BigtopError(f"observations must be one of {', '.join(OBSERVATIONS)}, not {observations!r}")
        self.lazy = observations == "lazy"
        self.max_cycles = max_cycles
        self._step_limit = None if max_cycles is None else max_cycles * self.players  # steps before truncation
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"bigtop_{self.game.name}_v0"}
        self.encoder = encoder_for(self.game, self.players, self.options)
        self.possible_agents = [f"player_{seat}" for seat in range(self.players)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.action_size = self.game.action_space(self.players, self.options).size
        low, high = bounds(self.encoder)
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(low, high, dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, (self.action_size,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(self.action_size) for agent in self.possible_agents}
        self._seeder = Rng(int.from_bytes(os.urandom(6), "big") if seed is None else seed)
        self.game_state: State | None = None
        self._steps = 0
        self._playing = False  # a game is on and no agent is terminated or truncated

    def observation_space(self, agent: str) -> gymnasium.spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game. `seed` gives the game `game.new(players, seed=seed)` would; without
        one the next seed comes from the last seed given (or from the `seed` of the constructor).
        Game options are fixed when the environment is made; `options` here is ignored."""
        if seed is not None:
            self._seeder = Rng(seed)
            game_seed = seed
        else:
            game_seed = self._seeder.next64() >> 16
        self.game_state = self.game.new(self.players, seed=game_seed, options=self.options)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._steps = 0
        self._playing = True
        self.agent_selection = self._mover()

    def _mover(self) -> str:
        assert self.game_state is not None
        movers = self.game_state.to_move()
        if not movers:
            raise BigtopError(f"{self.game.name}: nobody to move in an unfinished game")
        return self.possible_agents[min(movers)]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """`agent`'s view through the encoder (with `observations="lazy"` encoded when first read,
        see `Observation`), and its action mask (all zero unless it acts now)."""
        state = self.game_state
        if state is None:
            raise self._not_started("observe")
        seat = self._seat[agent]
        mask = mask_for(self.action_size, state.legal_ids(seat) if self._playing and agent == self.agent_selection else None)
        if self.lazy:
            return Observation(mask, self._encode, state, seat)
        return {"observation": observe(self.encoder, state, seat), "action_mask": mask}

    def _encode(self, state: State, seat: int) -> np.ndarray:
        return observe(self.encoder, state, seat)

    def last(self, observe: bool = True) -> tuple[dict[str, np.ndarray] | None, float, bool, bool, dict[str, Any]]:
        """The selected agent's observation (if `observe`), reward so far, terminated, truncated, info."""
        if self.game_state is None:
            raise self._not_started("last")
        agent = self.agent_selection
        return (
            self.observe(agent) if observe else None, self._cumulative_rewards[agent], self.terminations[agent],
            self.truncations[agent], self.infos[agent],
        )

    def step(self, action: Any) -> None:
        """Apply the selected agent's action id (None once it is terminated or truncated).
        An illegal id, or an action that is not an integer, raises `IllegalAction` and changes nothing."""
        state = self.game_state
        if state is None:
            raise self._not_started("step")
        if not self._playing:
            if not self.agents:
                EnvLogger.warn_step_after_terminated_truncated()
            else:
                self._was_dead_step(action)
            return
        agent = self.agent_selection
        if action is None:
            raise IllegalAction(f"{agent} has a decision to make: got no action")
        state.apply_id(self._seat[agent], action_id(action))
        self._steps += 1
        # rewards are all zero until the game ends, so the reward dicts need no work before then
        if state.is_over():
            self._end(terminated=True)
        elif self._step_limit is not None and self._steps >= self._step_limit:
            self._end(terminated=False)
        else:
            self.agent_selection = self._mover()
        if self.render_mode == "human":
            self.render()

    @staticmethod
    def _not_started(call: str) -> BigtopError:
        """The error for `call` before `reset()`."""
        return BigtopError(f"call reset() before {call}()")

    def _end(self, terminated: bool) -> None:
        """The game ended (or was cut off): every agent is done; the final rewards if it ended."""
        assert self.game_state is not None
        self._playing = False
        self._cumulative_rewards[self.agent_selection] = 0.0
        self._clear_rewards()
        if terminated:
            self.rewards = dict(zip(self.agents, final_rewards(self.game_state, self.reward), strict=True))
        done = self.terminations if terminated else self.truncations
        done.update(dict.fromkeys(self.agents, True))
        self._accumulate_rewards()
        self._deads_step_first()

    def render(self) -> str | None:
        """The board as a spectator sees it: returned for "ansi", printed for "human"."""
        return render_for(self.game, self.game_state, self.render_mode)

    def close(self) -> None:
        """Nothing to release."""


def env(game: str | Game[Any], players: int | None = None, **kwargs: Any) -> BigtopAECEnv:
    """The environment for `game`. It checks the order of calls itself (`step`, `observe` and
    `render` before `reset` are errors, `step` after every agent is done a warning), so it needs
    none of PettingZoo's wrappers.

    Keyword arguments: `options` (game options), `reward` ("win" or "margin"), `max_cycles`
    (truncate every agent after that many steps per agent), `render_mode` ("ansi" or "human"),
    `seed` (where the seeds of games reset without one come from), `observations` ("eager", the
    default: encoded when made; "lazy": encoded when first read, which must be before the next
    step)."""
    return BigtopAECEnv(game, players, **kwargs)


raw_env = env
"""PettingZoo's other conventional name: the same environment, which has no wrapper to leave off."""
