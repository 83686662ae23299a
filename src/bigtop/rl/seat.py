"""One seat of a bigtop game as a single-agent `gymnasium.Env`, the other seats played by bots.

    from bigtop.rl import SeatEnv
    env = SeatEnv("drumroll", players=2, opponents=["heuristic"], seat="random", seed=0)
    obs, info = env.reset(seed=7)
    while True:
        action = choose(obs, env.action_masks())          # a bool mask over the action ids
        obs, reward, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            break

The observation is the learner's view through the game's encoder (a float32 array, encoded when
the step returns it: it never changes afterwards). `action_masks()` (the name sb3-contrib's
MaskablePPO calls) and `info["action_mask"]` are bool arrays over the action ids; `legal_ids()`
lists them. The opponents act in between the learner's decisions: a bot spec plays from a copy of
the game determinized from its seat (as in the arena), never from the true state. Rewards come at
the end, as in the PettingZoo environment (`win` or `margin`, `bigtop.rl.rewards`).

An id outside the mask does not change the game: by default (`illegal="lose"`) it ends the episode
as a loss (the lowest reward, `terminated`, `info["illegal_action"]` naming the id and what was
legal), the convention of PettingZoo's `TerminateIllegalWrapper`, which lets gymnasium's
`check_env` (which steps with unmasked samples) pass; `illegal="raise"` raises `IllegalAction`.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from bigtop import bots, games
from bigtop.core.api import Game, State
from bigtop.core.errors import BigtopError, IllegalAction
from bigtop.core.rng import Rng
from bigtop.rl.actions import action_id, action_space_for
from bigtop.rl.encoding import bounds, encoder_for, observe
from bigtop.rl.policies import bot_action
from bigtop.rl.rewards import check_reward, final_rewards, reward_bounds

Opponent = Callable[[State, int], int]  # (the true state, its seat) -> a flat action id
"""An opponent as the environment calls it (`PolicyOpponent`, `RandomOpponent`, `BotOpponent`:
top-level classes, so an environment pickles); see `opponent` for what a user may pass."""
OpponentEntry = str | Callable[[np.ndarray, np.ndarray], int]
"""A bot spec (`bigtop.bots.make`), or a policy `(observation, legal flat ids) -> flat id` called with
its own seat's observation (for self-play against a network)."""
ILLEGAL = ("lose", "raise")


class PolicyOpponent:
    """A policy callable `(observation, legal ids) -> id`, given its own seat's observation."""

    def __init__(self, policy: Callable[[np.ndarray, np.ndarray], int], encoder: Any) -> None:
        self.policy = policy
        self.encoder = encoder

    def __call__(self, state: State, seat: int) -> int:
        return int(self.policy(observe(self.encoder, state, seat), np.asarray(state.legal_ids(seat))))


class RandomOpponent:
    """A uniformly random legal id."""

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)

    def __call__(self, state: State, seat: int) -> int:
        legal = state.legal_ids(seat)
        return legal[self.rng.below(len(legal))]


class BotOpponent:
    """A bigtop bot, handed a copy of the game determinized from its seat, as in the arena."""

    def __init__(self, bot: Any, seed: int) -> None:
        self.bot = bot
        self.rng = Rng(seed)

    def __call__(self, state: State, seat: int) -> int:
        return state.action_space.encode(bot_action(self.bot, state, seat, self.rng))


def opponent(entry: OpponentEntry, game: Game[Any], seed: int, players: int, options: Any) -> Opponent:
    """`entry` as an opponent: a policy callable, "random", or any other bigtop bot spec."""
    if callable(entry):
        return PolicyOpponent(entry, encoder_for(game, players, options))
    if entry == "random":
        return RandomOpponent(seed)
    return BotOpponent(bots.make(entry, game, seed), seed)


class SeatEnv(gymnasium.Env):
    """One seat of a bigtop game against bots (see the module docstring).

    `opponents` are taken in turn, one per episode: each entry is a bot spec or a policy callable
    for every other seat, or a list of them, one per other seat in seat order. `seat` is the
    learner's seat, or "random" (drawn at each reset from the environment's generator).
    `actions="compact"` uses the game's compact action space where it has one (Carcassonne,
    `bigtop.rl.actions`). `reset(options={"seat": s, "opponents": entry})` overrides both for one
    episode."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 1}

    def __init__(
        self,
        game: str | Game[Any],
        players: int | None = None,
        opponents: Sequence[OpponentEntry | Sequence[OpponentEntry]] = ("random",),
        seat: int | str = "random",
        seed: int | None = None,
        *,
        options: Any = None,
        reward: str = "win",
        actions: str = "flat",
        illegal: str = "lose",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.game = games.get(game) if isinstance(game, str) else game
        self.players = self.game.check_players(self.game.default_players() if players is None else players)
        self.options = self.game.bots_only_options(options)  # every seat is a program
        self.reward = check_reward(reward)
        if illegal not in ILLEGAL:
            raise BigtopError(f"illegal must be one of {', '.join(ILLEGAL)}, not {illegal!r}")
        self.illegal = illegal
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise BigtopError(f"unknown render mode {render_mode!r}; known: {', '.join(self.metadata['render_modes'])}")
        self.render_mode = render_mode
        self.seat = self._check_seat(seat)
        self.opponents = list(opponents)
        if not self.opponents:
            raise BigtopError("give at least one opponent (a bot spec such as 'random' or 'heuristic')")
        for entry in self.opponents:  # a bad spec fails now, not at the first reset
            self._opponents_for(entry, 0)
        self.encoder = encoder_for(self.game, self.players, self.options)
        self.actions = action_space_for(self.game, self.players, self.options, actions)
        low, high = bounds(self.encoder)
        self.observation_space = spaces.Box(low, high, dtype=np.float32)
        self.action_space = spaces.Discrete(self.actions.size)
        self.reward_range = reward_bounds(self.game, self.players, self.options, self.reward)
        self._game_seeds = Rng(int.from_bytes(os.urandom(6), "big") if seed is None else seed)
        self._first_seed = seed  # seeds `np_random` (the random seat) at the first reset without a seed
        self._episodes = 0
        self.game_state: State | None = None
        self.learner = 0
        self._others: dict[int, Opponent] = {}
        self._legal: list[int] = []  # the learner's legal ids in this space, while it is to move
        self._done = False  # the episode has ended (the game is over, or an illegal id ended it)

    def _check_seat(self, seat: int | str) -> int | str:
        if seat == "random":
            return seat
        if isinstance(seat, bool) or not isinstance(seat, (int, np.integer)) or not 0 <= seat < self.players:
            raise BigtopError(f"seat must be 'random' or a seat from 0 to {self.players - 1}, not {seat!r}")
        return int(seat)

    def _opponents_for(self, entry: OpponentEntry | Sequence[OpponentEntry], seed: int) -> list[Opponent]:
        """One opponent per other seat, in seat order, from an entry of `opponents`."""
        others = self.players - 1
        if isinstance(entry, str) or callable(entry):
            entries: list[OpponentEntry] = [entry] * others
        else:
            entries = list(entry)
            if len(entries) != others:
                raise BigtopError(f"an entry of opponents lists {len(entries)} bots for {others} other seats")
        return [opponent(e, self.game, seed * 7919 + i, self.players, self.options) for i, e in enumerate(entries)]

    # ------------------------------------------------------------------ gymnasium
    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        """A new game: `seed` gives the deal `game.new(players, seed=seed)` gives (without one, the
        next seed of the constructor's `seed`, which also seeds the random seat's generator at the
        first reset); options may name this episode's `seat` and `opponents` entry."""
        super().reset(seed=self._first_seed if seed is None else seed)
        self._first_seed = None
        options = options or {}
        if seed is not None:
            self._game_seeds = Rng(seed)
            game_seed = seed
        else:
            game_seed = self._game_seeds.next64() >> 16
        seat = self._check_seat(options.get("seat", self.seat))
        self.learner = int(self.np_random.integers(self.players)) if seat == "random" else int(seat)
        entry = options.get("opponents", self.opponents[self._episodes % len(self.opponents)])
        others = self._opponents_for(entry, game_seed)
        self._others = dict(zip([p for p in range(self.players) if p != self.learner], others, strict=True))
        self._episodes += 1
        self._done = False
        self.game_state = self.game.new(self.players, seed=game_seed, options=self.options)
        self._play_others()
        return self._observation(), self._info()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        """Play the learner's action id, then the opponents until the learner is to move again
        or the game ends. An action that is not an integer raises `IllegalAction` (whatever
        `illegal` says: it is not an id)."""
        state = self.game_state
        if state is None:
            raise BigtopError("call reset() before step()")
        if self._done:
            raise BigtopError("the episode has ended: call reset() before step()")
        index = action_id(action)
        if index not in self._legal:
            return self._illegal(index)
        self.actions.apply(state, self.learner, index)
        self._play_others()
        over = self._done = state.is_over()
        reward = final_rewards(state, self.reward)[self.learner] if over else 0.0
        return self._observation(), reward, over, False, self._info()

    def _illegal(self, index: int) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        shown = ", ".join(map(str, self._legal[:12])) + (" ..." if len(self._legal) > 12 else "")
        message = f"action id {index} is not legal for seat {self.learner} now; legal ids: {shown}"
        if self.illegal == "raise":
            raise IllegalAction(message)
        self._legal = []
        self._done = True
        info = self._info()
        info["illegal_action"] = message  # the game is left as it was; the episode ends
        return self._observation(), float(self.reward_range[0]), True, False, info

    def _play_others(self) -> None:
        """The opponents' decisions until the learner is to move or the game is over (in a sealed
        step, the seats choose in seat order; each sees only its own choice)."""
        state = self.game_state
        assert state is not None
        while True:
            movers = state.to_move()
            if not movers:
                break
            seat = min(movers)
            if seat == self.learner:  # the learner is the lowest seat left to choose
                break
            state.apply_id(seat, self._others[seat](state, seat))
        self._legal = self.actions.legal(state, self.learner) if movers else []

    def _observation(self) -> np.ndarray:
        assert self.game_state is not None
        return observe(self.encoder, self.game_state, self.learner)

    def _info(self) -> dict[str, Any]:
        """The mask, the seat and (once the game is over) the final scores."""
        info: dict[str, Any] = {"action_mask": self.action_masks(), "seat": self.learner}
        state = self.game_state
        if state is not None and state.is_over():
            info["scores"] = list(state.scores())
            info["winners"] = list(state.result().winners)
        return info

    # ------------------------------------------------------------------ masks
    def legal_ids(self) -> np.ndarray:
        """The learner's legal action ids now, in increasing order (empty once the episode ended)."""
        return np.asarray(self._legal, np.int64)

    def action_masks(self) -> np.ndarray:
        """A bool array over the action ids: True where the learner may play now."""
        mask = np.zeros(self.actions.size, np.bool_)
        mask[self._legal] = True
        return mask

    def render(self) -> str | None:
        """The board as a spectator sees it ("ansi")."""
        from bigtop.rl.pettingzoo import render_for

        return render_for(self.game, self.game_state, self.render_mode)
