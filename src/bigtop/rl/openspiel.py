"""bigtop games as OpenSpiel Python games: `pyspiel.load_game("bigtop_<name>(players=3)")`.

Importing this module registers every game of `bigtop.games.names()` (call `register(name)` for a
game registered later). Parameters: `players` (default: 3 where allowed), `seed` (the seeds of
fresh games come from it, default 0), `reward` ("win" or "margin", as in `bigtop.rl.rewards`) and
`options` (the game's options as "key=value;key=value", use the dict form of `load_game`).

Modelling choices:
- Chance is sampled (`SAMPLED_STOCHASTIC`): bigtop draws chance inside an action from the state's
  own seeded RNG, so OpenSpiel never sees a chance node. Each fresh initial state draws its game
  seed from the game's `seed` parameter when first used; clones carry the RNG along, so the same
  actions on a clone give the same state.
- Sealed simultaneous steps are played one seat after the other, lowest seat first
  (`SEQUENTIAL` dynamics); a seat's view hides the choices sealed before it.
- Observation string and tensor: the current player's view (`state.view(p)`, through the game's
  observation encoder). Information-state string: the view plus every log entry the seat may read
  and its own past actions (perfect recall). Information-state tensor: the observation tensor
  followed by a fixed-size hashed count of those entries (by kind) and of its own actions.
- `resample_from_infostate(p, sampler)` is `state.determinize(p, rng)` with an RNG seeded from
  the sampler, and a fresh RNG for the chance still to come.
"""

from __future__ import annotations

import json
import weakref
import zlib
from typing import Any

import numpy as np
import pyspiel

from bigtop import bots, games
from bigtop.core.api import Game, State
from bigtop.core.options import parse_pairs
from bigtop.core.rng import Rng
from bigtop.rl.encoding import encoder_for, observe
from bigtop.rl.policies import bot_action
from bigtop.rl.rewards import check_reward, final_rewards

PREFIX = "bigtop_"
HISTORY_SIZE = 256  # buckets of the hashed recall summary in the information-state tensor
DEFAULT_MAX_GAME_LENGTH = 100_000
DEFAULT_SCORE_BOUNDS = (0.0, 1000.0)

_registered: set[str] = set()


def short_name(name: str) -> str:
    """The OpenSpiel name of bigtop game `name`."""
    return PREFIX + name


def max_game_length(game: Game[Any], players: int, options: Any) -> int:
    """The game's hook `max_game_length(players, options)` (most decisions in one game), or a
    generous default."""
    hook = getattr(game, "max_game_length", None)
    return int(hook(players, options)) if hook is not None else DEFAULT_MAX_GAME_LENGTH


def utility_bounds(game: Game[Any], players: int, options: Any, reward: str) -> tuple[float, float]:
    """Lowest and highest return: [-1, 1] for "win"; for "margin", from the game's hook
    `score_bounds(players, options) -> (lowest, highest score)` or a default of (0, 1000)."""
    if reward == "win":
        return -1.0, 1.0
    hook = getattr(game, "score_bounds", None)
    low, high = hook(players, options) if hook is not None else DEFAULT_SCORE_BOUNDS
    return float(low) - float(high), float(high) - float(low)


class _Shared:
    """What every state of one loaded game shares (deep copies return it as is)."""

    def __init__(self, game: Game[Any], players: int, options: Any, reward: str, seed: int) -> None:
        self.game = game
        self.players = players
        self.options = options
        self.reward = reward
        self.space = game.action_space(players, options)
        self.encoder = encoder_for(game, players, options)
        self.seeds = Rng(seed)
        self.seen = _Seen(self)
        self._upcoming: State | None = None

    def upcoming(self) -> State:
        """The game the next fresh state will get; only looked at (by observers) until taken."""
        if self._upcoming is None:
            self._upcoming = self.game.new(self.players, seed=self.seeds.copy().next64() >> 16, options=self.options)
        return self._upcoming

    def take(self) -> State:
        """The upcoming game, for a fresh state now in use; the next one gets the next seed."""
        state = self.upcoming()
        self._upcoming = None
        self.seeds.next64()
        return state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self


class _Seen:
    """What each seat sees of the few kernel states looked at last (its view, the encoded view,
    what it recalls), so the strings and tensors OpenSpiel asks for one after the other share the
    work. An entry holds while its state has made no move."""

    KEEP = 4

    def __init__(self, shared: _Shared) -> None:
        self.shared = shared
        self._entries: dict[int, tuple[weakref.ref[State], int, dict[tuple[int, str], Any]]] = {}

    def get(self, state: State, player: int, what: str) -> Any:
        """`what` ("view", "vector", "recall" or "recall_vector") of seat `player` in `state`."""
        entry = self._entries.get(id(state))
        if entry is None or entry[0]() is not state or entry[1] != state.move_count:
            if len(self._entries) >= self.KEEP:
                del self._entries[next(iter(self._entries))]
            entry = self._entries[id(state)] = (weakref.ref(state), state.move_count, {})
        items = entry[2]
        key = (player, what)
        if key not in items:
            items[key] = self._compute(state, player, what)
        return items[key]

    def _compute(self, state: State, player: int, what: str) -> Any:
        if what == "view":
            return state.view(player)
        if what == "vector":
            return observe(self.shared.encoder, state, player).ravel()
        if what == "recall":
            return _recall(state, player)
        return _recall_vector(state, player, self.shared.space)


class _Box:
    """The bigtop state inside an OpenSpiel state, taken on first use; a deep copy is a kernel
    clone. `world` lists the resamplings that led to it (see `__str__`); `mover` caches the
    current player for the state's move count `mover_at`."""

    __slots__ = ("shared", "state", "world", "mover", "mover_at")

    def __init__(self, shared: _Shared, state: State | None = None, world: tuple[Any, ...] = ()) -> None:
        self.shared = shared
        self.state = state
        self.world = world
        self.mover = 0
        self.mover_at = -1

    def get(self) -> State:
        if self.state is None:
            self.state = self.shared.take()
        return self.state

    def peek(self) -> State:
        """The state, without taking a fresh game's seed (observers use this: OpenSpiel observes
        throwaway fresh states to learn tensor shapes)."""
        return self.state if self.state is not None else self.shared.upcoming()

    def current_player(self) -> int:
        """The lowest seat with a decision, or TERMINAL."""
        state = self.get()
        if self.mover_at != state.move_count:
            self.mover = pyspiel.PlayerId.TERMINAL if state.is_over() else min(state.to_move())
            self.mover_at = state.move_count
        return self.mover

    def __deepcopy__(self, memo: dict[int, Any]) -> _Box:
        return _Box(self.shared, self.get().clone(), self.world)


class BigtopSpielGame(pyspiel.Game):
    """One bigtop game with fixed players, options and reward, as an OpenSpiel game.

    Each bigtop game gets its own subclass (see `register`) naming it in `bigtop_name`."""

    bigtop_name: str

    def __init__(self, params: dict[str, Any]) -> None:
        game = games.get(self.bigtop_name)
        players = int(params["players"])
        options = game.parse_options(parse_pairs([p for p in str(params["options"]).split(";") if p.strip()]))
        reward = check_reward(str(params["reward"]))
        game.check_players(players)
        self.shared = _Shared(game, players, options, reward, int(params["seed"]))
        low, high = utility_bounds(game, players, options, reward)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.shared.space.size,
            max_chance_outcomes=0,
            num_players=players,
            min_utility=low,
            max_utility=high,
            utility_sum=None,
            max_game_length=max_game_length(game, players, options),
        )
        super().__init__(game_type(game), info, dict(params))

    def new_initial_state(self) -> BigtopSpielState:
        """A fresh game (its seed is drawn from the `seed` parameter when the state is first used)."""
        return BigtopSpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> BigtopObserver:
        """The observer for seat views (default) or information states (perfect recall)."""
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        if iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER or not iig_obs_type.public_info:
            raise ValueError("bigtop games observe one seat's view: private_info must be SINGLE_PLAYER")
        return BigtopObserver(self.shared, iig_obs_type.perfect_recall)


class BigtopSpielState(pyspiel.State):
    """An OpenSpiel state wrapping a kernel state; `bigtop_state` is the kernel state itself."""

    def __init__(self, game: BigtopSpielGame) -> None:
        super().__init__(game)
        self._box = _Box(game.shared)

    @property
    def bigtop_state(self) -> State:
        return self._box.get()

    def current_player(self) -> int:
        """The lowest seat with a decision, or TERMINAL."""
        return self._box.current_player()

    def _legal_actions(self, player: int) -> list[int]:
        return self._box.get().legal_ids(player)

    def legal_actions(self, player: int | None = None) -> list[int]:
        """What OpenSpiel's own `legal_actions` gives (the current player's legal ids, sorted; none
        for another seat or at the end), answered here: from Python this saves the half-dozen
        calls back and forth between C++ and Python; C++ algorithms still reach `_legal_actions`."""
        current = self.current_player()
        if current < 0 or (player is not None and player != current):
            return []
        return list(self._box.get().legal_ids(current))

    def _apply_action(self, action: int) -> None:
        self._box.get().apply_id(self.current_player(), action)

    def _action_to_string(self, player: int, action: int) -> str:
        return str(self._box.shared.space.decode(int(action)))

    def is_terminal(self) -> bool:
        return self.current_player() == pyspiel.PlayerId.TERMINAL

    def returns(self) -> list[float]:
        state = self._box.get()
        if not state.is_over():
            return [0.0] * state.players
        return final_rewards(state, self._box.shared.reward)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> BigtopSpielState:
        """A copy in which everything `player_id` cannot know is resampled (`state.determinize`)
        with an RNG seeded from `probability_sampler()`; the chance to come is reseeded too."""
        seed = int(probability_sampler() * (1 << 53))
        world = self._box.get().determinize(player_id, Rng(seed))
        other = self.get_game().new_initial_state()
        other._box = _Box(self._box.shared, world, (*self._box.world, (self.history(), player_id, seed)))
        return other

    def __str__(self) -> str:
        """The game seed, the resamplings it went through (actions before, seat, seed) and the
        action ids since: together they determine the state."""
        state = self._box.get()
        world = f" world={list(self._box.world)}" if self._box.world else ""
        return f"{state.game.name} seed={state.seed}{world} actions={self.history()}"


class BigtopObserver:
    """OpenSpiel's Python observer interface (`tensor`, `dict`, `set_from`, `string_from`)."""

    def __init__(self, shared: _Shared, perfect_recall: bool) -> None:
        self.shared = shared
        self.perfect_recall = perfect_recall
        view_size = int(np.prod(shared.encoder.shape))
        self.tensor = np.zeros(view_size + (HISTORY_SIZE if perfect_recall else 0), np.float32)
        self.dict = {"view": self.tensor[:view_size]}
        if perfect_recall:
            self.dict["history"] = self.tensor[view_size:]

    def set_from(self, state: BigtopSpielState, player: int) -> None:
        kernel, seen = state._box.peek(), self.shared.seen
        self.dict["view"][:] = seen.get(kernel, player, "vector")
        if self.perfect_recall:
            self.dict["history"][:] = seen.get(kernel, player, "recall_vector")

    def string_from(self, state: BigtopSpielState, player: int) -> str:
        kernel, seen = state._box.peek(), self.shared.seen
        text: dict[str, Any] = {"view": seen.get(kernel, player, "view")}
        if self.perfect_recall:
            text.update(seen.get(kernel, player, "recall"))
        return json.dumps(text, sort_keys=True, default=str)


def _bucket(text: str) -> int:
    bucket = _BUCKETS.get(text)
    if bucket is None:
        bucket = _BUCKETS[text] = zlib.crc32(text.encode()) % HISTORY_SIZE
    return bucket


_BUCKETS: dict[str, int] = {}


def _recall_vector(state: State, player: int, space: Any) -> np.ndarray:
    """A fixed-size summary of what `player` recalls: how many log entries of each kind it could
    read and how often it took each action, hashed into `HISTORY_SIZE` buckets."""
    where = [_bucket("event:" + event.kind) for event in state.log.visible_to(player)]
    where += [_bucket(f"own:{space.encode(action)}") for seat, action in state.moves() if seat == player]
    return np.bincount(where, minlength=HISTORY_SIZE).astype(np.float32)


def _recall(state: State, player: int) -> dict[str, Any]:
    """Everything `player` has seen happen: the log entries it may read and its own actions."""
    space = state.action_space
    return {
        "events": [event.to_json() for event in state.log.visible_to(player)],
        "own": [space.encode(action) for seat, action in state.moves() if seat == player],
    }


def game_type(game: Game[Any]) -> pyspiel.GameType:
    """The OpenSpiel game type of a bigtop game."""
    return pyspiel.GameType(
        short_name=short_name(game.name),
        long_name=game.title,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": game.default_players(), "seed": 0, "reward": "win", "options": ""},
    )


def register(name: str) -> str:
    """Register bigtop game `name` with OpenSpiel (once); returns its OpenSpiel name."""
    game = games.get(name)
    if name not in _registered:
        # OpenSpiel keeps the creator until the process ends; a class (not a closure) outlives
        # the interpreter's shutdown safely, as in OpenSpiel's own Python games.
        creator = type(f"BigtopSpielGame_{name}", (BigtopSpielGame,), {"bigtop_name": name})
        pyspiel.register_game(game_type(game), creator)
        _registered.add(name)
    return short_name(name)


def register_all() -> list[str]:
    """Register every available bigtop game; returns their OpenSpiel names."""
    return [register(name) for name in games.names()]


def load_game(name: str, players: int | None = None, seed: int = 0, reward: str = "win", options: dict[str, Any] | None = None) -> pyspiel.Game:
    """`pyspiel.load_game` for bigtop game `name` (registering it first if needed)."""
    game = games.get(name)
    params: dict[str, Any] = {
        "players": game.default_players() if players is None else players,
        "seed": seed,
        "reward": check_reward(reward),
        "options": ";".join(f"{k}={v}" for k, v in (options or {}).items()),
    }
    return pyspiel.load_game(register(name), params)



def seeded_resampler(seed: int) -> Any:
    """A resampler for OpenSpiel's Python `ISMCTSBot.set_resampler` drawing from its own seeded
    RNG, so that searches are reproducible (the bot's default sampler is seeded at random)."""
    rng = Rng(seed)

    def resample(state: BigtopSpielState, player: int) -> BigtopSpielState:
        return state.resample_from_infostate(player, rng.random)

    return resample


class BigtopBot(pyspiel.Bot):
    """A bigtop bot (`bigtop.bots.make(spec, ...)`) as an OpenSpiel bot. It plays from a copy of
    the game determinized from its seat with its own RNG, never from the true state."""

    def __init__(self, spec: str, game: BigtopSpielGame, seed: int) -> None:
        pyspiel.Bot.__init__(self)
        self.bot = bots.make(spec, game.shared.game, seed)
        self.rng = Rng(seed ^ 0xB07)

    def step(self, state: BigtopSpielState) -> int:
        kernel = state.bigtop_state
        action = bot_action(self.bot, kernel, state.current_player(), self.rng)
        return kernel.action_space.encode(action)

    def restart_at(self, state: BigtopSpielState) -> None:
        """Nothing to forget: the bot keeps no memory between moves."""


register_all()
