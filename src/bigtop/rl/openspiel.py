"""bigtop games as OpenSpiel Python games: `pyspiel.load_game("bigtop_<name>(players=3)")`.

Importing this module registers every game of `bigtop.games.names()` (call `register(name)` for a
game registered later). Parameters: `players` (default: 3 where allowed), `seed` (the seeds of
fresh games come from it, default 0), `reward` ("win" or "margin", as in `bigtop.rl.rewards`),
`options` (the game's options as "key=value;key=value", use the dict form of `load_game`),
`chance` ("sampled" or "explicit"), `open` (true: every seat sees the whole state) and `infostate`
("hashed" or "history": the lossless action-observation history, a string).

Modelling choices:
- Sampled chance (the default): bigtop draws chance inside an action from the state's own seeded
  RNG, so there is no chance node, but each fresh initial state is a new deal: OpenSpiel's
  `SAMPLED_STOCHASTIC` chance mode. Each fresh initial state draws its game seed from the game's
  `seed` parameter when first used (one loaded game deals a reproducible sequence of games); clones
  carry the RNG along, so the same actions on a clone give the same state. OpenSpiel's C++
  serialization of such a game asks it for its RNG (`GetRNGState`), which a Python game cannot
  give: `pyspiel.serialize_game_and_state` is replaced by `serialize_game_and_state` below, and
  `random_sim_test` needs `serialize=False`.
- Explicit chance: every draw is a chance node with its outcomes and probabilities
  (`bigtop.rl.chance`): `EXPLICIT_STOCHASTIC`.
- Sealed simultaneous steps are played one seat after the other, lowest seat first
  (`SEQUENTIAL` dynamics); a seat's view hides the choices sealed before it.
- Utility: zero-sum at two players (both rewards), general-sum otherwise.
- Observation string and tensor: the current player's view (`state.view(p)`, through the game's
  observation encoder). Information-state string: the view plus every log entry the seat may read
  and its own past actions (perfect recall). Information-state tensor: the observation tensor
  followed by a fixed-size hashed count of those entries (by kind) and of its own actions.
  With `infostate=history` the information-state string is the seat's action-observation history
  (who acted at each step, its own actions, its view after each step), which loses nothing; no
  information-state tensor then.
  With `open=true` the game has perfect information: every seat observes the whole state
  (`state.snapshot()`, the RNG included), strings only.
- `resample_from_infostate(p, sampler)` is `state.determinize(p, rng)` with an RNG seeded from
  the sampler, and a fresh RNG for the chance still to come; its history has the original's length
  and players, `p`'s own actions and `INVALID_ACTION` (-1) for the others.
- Serialization: a state is its game seed, its resamplings and its action ids; it is rebuilt by
  replaying them (`state.serialize()`, `game.deserialize_state`, `pickle`).
- History: `apply_action` called from Python is carried out in Python, and the state keeps its
  own history (`history`, `full_history`, `history_str`, `move_number`, `is_initial_state` read
  it), whichever side applied the actions; C++ code reading OpenSpiel's `State::History`
  directly sees only the actions applied through C++.
"""

from __future__ import annotations

import json
import operator
import weakref
import zlib
from typing import Any, NamedTuple

import numpy as np
import pyspiel

from bigtop import games
from bigtop.core.api import Game, State
from bigtop.core.errors import BigtopError
from bigtop.core.options import parse_pairs
from bigtop.core.rng import Rng
from bigtop.rl.chance import CHANCE, ChanceNeeded, ChanceNode, scripted, widest_draw
from bigtop.rl.encoding import encoder_for, observe
from bigtop.rl.lengths import max_game_length
from bigtop.rl.rewards import check_reward, final_rewards, reward_bounds
from bigtop.rl.spiel_guard import guard_cpp_bots

PREFIX = "bigtop_"
HISTORY_SIZE = 256  # buckets of the hashed recall summary in the information-state tensor
CHANCE_MODES = ("sampled", "explicit")
INFOSTATES = ("hashed", "history")  # the information state: view, log and own actions; or the action-observation history
CHANCE_PLAYER = int(pyspiel.PlayerId.CHANCE)
TERMINAL = int(pyspiel.PlayerId.TERMINAL)
INVALID_ACTION = int(pyspiel.INVALID_ACTION)

_registered: set[str] = set()


def short_name(name: str) -> str:
    """The OpenSpiel name of bigtop game `name`."""
    return PREFIX + name


class _Shared:
    """What every state of one loaded game shares (deep copies return it as is)."""

    def __init__(
        self, game: Game[Any], players: int, options: Any, reward: str, seed: int, explicit: bool, open_: bool,
        history: bool = False,
    ) -> None:
        self.game = game
        self.players = players
        self.options = options
        self.reward = reward
        self.explicit = explicit
        self.open = open_
        self.history = history  # information states are action-observation histories (`_RecallBox`)
        self.box = _RecallBox if history else _Box
        self.space = game.action_space(players, options)
        self.encoder = encoder_for(game, players, options)
        self.seeds = Rng(seed)
        self.seen = _Seen(self)
        self.game_string = ""  # the loaded game's OpenSpiel name with its parameters, once it is made
        self._upcoming: State | None = None

    def new_kernel(self, seed: int) -> State:
        """A fresh kernel game of this game's players and options (with explicit chance, its
        chance comes from the script in force, and `seed` only names it)."""
        return self.game.new(self.players, seed=seed, options=self.options, chance=CHANCE if self.explicit else None)

    def upcoming(self) -> State:
        """The game the next fresh state will get; only looked at (by observers) until taken."""
        if self._upcoming is None:
            self._upcoming = self.new_kernel(self.seeds.copy().next64() >> 16)
        return self._upcoming

    def take(self) -> State:
        """The upcoming game, for a fresh state now in use; the next one gets the next seed."""
        state = self.upcoming()
        self._upcoming = None
        self.seeds.next64()
        return state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self


_shared_by_game: weakref.WeakValueDictionary[str, _Shared] = weakref.WeakValueDictionary()


def _shared_for(game_string: str) -> _Shared:
    """The shared part of the loaded game `game_string` (loading it if no state of it is alive)."""
    shared = _shared_by_game.get(game_string)
    if shared is None:
        shared = pyspiel.load_game(game_string).shared
    return shared


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


class PlayerAction(NamedTuple):
    """An entry of `BigtopSpielState.full_history()`, read as OpenSpiel's `PlayerAction` is."""

    player: int
    action: int


class _Pending:
    """With explicit chance: a set-up (`seat` None) or a decision waiting for chance outcomes."""

    __slots__ = ("seat", "action", "outcomes", "node")

    def __init__(self, seat: int | None, action: int, outcomes: tuple[int, ...], node: ChanceNode) -> None:
        self.seat = seat
        self.action = action
        self.outcomes = outcomes
        self.node = node


class _Box:
    """The bigtop state inside an OpenSpiel state, taken on first use; a deep copy is a kernel
    clone. `seed` names the kernel game, `world` lists the resamplings that led to it and `trail`
    the OpenSpiel actions since with their players (a linked list of (older, player, action), cheap
    to share between clones): together they rebuild it. `past` (player, action) stands for the
    history before the last resampling (see `_resampled`); with the trail it is the state's
    OpenSpiel history, whichever side applied the actions (see `BigtopSpielState.apply_action`). `pending`
    is a draw waiting for its outcome (explicit chance).

    `mover` is the current player, or None until it is worked out: OpenSpiel asks for it at every
    step (`is_terminal`, `legal_actions`, C++'s `apply_action`). It holds while `state` and
    `pending` do, so every change of either resets it (`start`, `_run`) or sets it anew (`apply`,
    after a seat's action, since the next step asks for it anyway); the kernel state is changed
    only through the box (`bigtop_state` is for reading)."""

    __slots__ = ("shared", "explicit", "state", "seed", "world", "past", "trail", "pending", "mover")

    def __init__(self, shared: _Shared, state: State | None = None, world: tuple[Any, ...] = (), seed: int = 0) -> None:
        self.shared = shared
        self.explicit = shared.explicit  # read at every action
        self.state = state
        self.seed = seed
        self.world = world
        self.past: tuple[tuple[int, int], ...] = ()
        self.trail: tuple[Any, int, int] | None = None
        self.pending: _Pending | None = None
        self.mover: int | None = None

    def get(self) -> State:
        """The kernel state (raises during the chance nodes of an explicit set-up, before it exists)."""
        state = self.state
        if state is None:
            self.start()
            state = self.state
            if state is None:
                raise BigtopError("the game is being set up: no state before the set-up's chance nodes are resolved")
        return state

    def start(self) -> None:
        """Take the fresh game (sampled chance), or begin an explicit set-up."""
        if self.state is not None or self.pending is not None:
            return
        self.mover = None
        if self.shared.explicit:
            self._run(None, 0, ())
        else:
            self.state = self.shared.take()
            self.seed = self.state.seed

    def peek(self) -> State | None:
        """The state without taking a fresh game's seed (observers use this: OpenSpiel observes
        throwaway fresh states to learn tensor shapes); None during an explicit set-up."""
        if self.state is not None:
            return self.state
        return None if self.shared.explicit else self.shared.upcoming()

    def current_player(self) -> int:
        """The lowest seat with a decision, CHANCE or TERMINAL."""
        mover = self.mover
        if mover is None:
            state = self.state
            if state is None:
                self.start()
                state = self.state
            if self.pending is not None or state is None:
                mover = CHANCE_PLAYER
            else:
                movers = state.to_move()  # nobody is to move once the game is over
                mover = min(movers) if movers else TERMINAL
            self.mover = mover
        return mover

    def apply(self, action: int) -> None:
        """Apply the current player's action id, or a chance outcome at a chance node."""
        player = self.mover  # usually known: OpenSpiel's `apply_action` asks `current_player` first
        if player is None:
            player = self.current_player()
        pending = self.pending
        if pending is None and not self.explicit:  # the common case first
            state = self.state
            assert state is not None  # current_player took the fresh game
            state.apply_id(player, action)
            movers = state.to_move()  # asked for next anyway; nobody is to move once the game is over
            self.mover = movers[0] if len(movers) == 1 else min(movers) if movers else TERMINAL
        elif pending is not None:
            if action not in pending.node.outcomes:
                raise BigtopError(f"{action} is not an outcome of this chance node: {pending.node.outcomes}")
            self._run(pending.seat, pending.action, (*pending.outcomes, action))
        else:
            self._run(player, action, ())
        self.trail = (self.trail, player, action)

    def _run(self, seat: int | None, action: int, outcomes: tuple[int, ...]) -> None:
        """Carry out the set-up (`seat` None) or `seat`'s action on a copy, with these chance
        outcomes; the copy replaces the state, or the next draw becomes a chance node."""
        try:
            with scripted(outcomes):
                if seat is None:
                    state = self.shared.new_kernel(self.seed)
                else:
                    assert self.state is not None
                    state = self.state.clone()
                    state.apply_id(seat, action)
        except ChanceNeeded as need:
            self.pending = _Pending(seat, action, outcomes, need.node)
            self.mover = None
            return
        self.pending = None
        self.state = state
        self.mover = None

    def chance_outcomes(self) -> list[tuple[int, float]]:
        self.current_player()
        return [] if self.pending is None else self.pending.node.pairs()

    def history(self) -> list[int]:
        return [action for _, action in self.full_history()]

    def full_history(self) -> list[tuple[int, int]]:
        """(player, action) of every OpenSpiel action, oldest first (before the last resampling,
        as `_resampled` left it)."""
        return [*self.past, *self.since()]

    def since(self) -> list[tuple[int, int]]:
        """(player, action) of every OpenSpiel action since the last resampling, oldest first."""
        out = []
        node = self.trail
        while node is not None:
            node, player, action = node
            out.append((player, action))
        out.reverse()
        return out

    def copy(self) -> _Box:
        """An independent box in the same position (a fresh state takes its deal first)."""
        self.start()
        other = type(self)(self.shared, self.state.clone() if self.state is not None else None, self.world, self.seed)
        other.past = self.past
        other.trail = self.trail
        other.pending = self.pending
        other.mover = self.mover
        return other

    def __deepcopy__(self, memo: dict[int, Any]) -> _Box:
        return self.copy()

    def inherit(self, before: _Box) -> None:
        """Take what a resampled box keeps of the box it was resampled from (nothing here)."""

    def recipe(self) -> tuple[int, tuple[Any, ...], tuple[int, ...]]:
        """What rebuilds this box: its kernel game's seed, its resamplings (the actions before,
        the seat, the seed of each) and its actions since (taking a fresh state's deal)."""
        self.start()
        return self.seed, self.world, tuple(action for _, action in self.since())

    def __reduce__(self) -> Any:
        return _rebuild_box, (self.shared.game_string, *self.recipe())


class _RecallBox(_Box):
    """A box that also keeps every seat's action-observation history (`infostate=history`):
    `seen` is a linked list of (older, actor, action id, each seat's view after the step as JSON),
    starting with the views of the opening position (actor None), each view as the JSON text of its
    top-level entries. Kept only when asked for, since it costs a view per seat per step."""

    __slots__ = ("seen",)

    def __init__(self, shared: _Shared, state: State | None = None, world: tuple[Any, ...] = (), seed: int = 0) -> None:
        super().__init__(shared, state, world, seed)
        self.seen: tuple[Any, int | None, int | None, tuple[dict[str, str], ...]] | None = None

    def _views(self) -> tuple[dict[str, str], ...]:
        """Each seat's view now, as the JSON text of each of its top-level entries."""
        state = self.state
        if state is None:  # an explicit set-up still dealing: nobody sees anything yet
            return ({},) * self.shared.players
        return tuple(
            {key: json.dumps(value, sort_keys=True, default=str) for key, value in state.view(p).items()}
            for p in range(self.shared.players)
        )

    def _opening(self) -> None:
        """Record the views of the position before the first step, once."""
        if self.seen is None:
            self.current_player()  # takes a fresh game's deal
            self.seen = (None, None, None, self._views())

    def apply(self, action: int) -> None:
        self._opening()
        player = self.current_player()
        super().apply(action)
        self.seen = (self.seen, player, action, self._views())

    def copy(self) -> _Box:
        other = super().copy()
        assert isinstance(other, _RecallBox)
        other.seen = self.seen
        return other

    def inherit(self, before: _Box) -> None:
        """A resampled world keeps the history it was resampled from: the resampling seat's own is
        the same in both, the other seats' is of no use in a world made for that seat."""
        assert isinstance(before, _RecallBox)
        self.seen = before.seen

    def history_of(self, player: int) -> list[list[Any]]:
        """Seat `player`'s action-observation history: per step, [who acted (None: the opening
        position; CHANCE: a chance outcome), its own action id (None unless it acted), the top-level
        entries of its view whose value changed, the keys of the entries removed], oldest first;
        the first step holds the whole opening view."""
        self._opening()
        steps = []
        node = self.seen
        while node is not None:
            node, actor, action, views = node
            steps.append((actor, action, views[player]))
        steps.reverse()
        out: list[list[Any]] = []
        previous: dict[str, str] = {}
        for actor, action, view in steps:
            changed = {key: json.loads(text) for key, text in view.items() if previous.get(key) != text}
            removed = sorted(key for key in previous if key not in view)
            out.append([actor, action if actor == player else None, changed, removed])
            previous = view
        return out


def _rebuild_box(game_string: str, seed: int, world: tuple[Any, ...], actions: tuple[int, ...]) -> _Box:
    """The box `_Box.recipe` describes, in the loaded game `game_string`."""
    box = _replay_world(_shared_for(game_string), seed, world)
    for action in actions:
        box.apply(action)
    return box


def _replay_world(shared: _Shared, seed: int, world: tuple[Any, ...]) -> _Box:
    """The kernel game `seed` replayed through each resampling of `world`."""
    box = shared.box(shared, seed=seed)
    if not shared.explicit:
        box.state = shared.new_kernel(seed)
    for before, player, sample_seed in world:
        for action in before:
            box.apply(action)
        box = _resampled(box, player, sample_seed)
    return box


def _resampled(box: _Box, player: int, seed: int) -> _Box:
    """A new box whose state is `box`'s determinized from `player` with `Rng(seed)` (explicit
    chance: the copy keeps drawing through chance nodes). No sequence of actions leads to the
    determinized world, so its history keeps the length and the players of `box`'s, `player`'s own
    actions, and `INVALID_ACTION` for every other seat's action and chance outcome (which `player`
    may not know)."""
    if box.pending is not None:
        raise BigtopError("cannot resample at a chance node")
    world = box.get().determinize(player, Rng(seed))
    if box.shared.explicit:
        world.rng = CHANCE
    since = tuple(action for _, action in box.since())
    other = box.shared.box(box.shared, world, (*box.world, (since, player, seed)), box.seed)
    other.past = tuple((actor, action if actor == player else INVALID_ACTION) for actor, action in box.full_history())
    other.inherit(box)
    return other


class BigtopSpielGame(pyspiel.Game):
    """One bigtop game with fixed players, options, reward and chance, as an OpenSpiel game.

    Each bigtop game gets its own subclass (see `register`) naming it in `bigtop_name`."""

    bigtop_name: str

    def __init__(self, params: dict[str, Any]) -> None:
        game = games.get(self.bigtop_name)
        players = int(params["players"])
        options = game.bots_only_options(parse_pairs([p for p in str(params["options"]).split(";") if p.strip()]))
        reward = check_reward(str(params["reward"]))
        chance = str(params["chance"])
        if chance not in CHANCE_MODES:
            raise BigtopError(f"unknown chance mode {chance!r}; known: {', '.join(CHANCE_MODES)}")
        open_ = bool(params["open"])
        infostate = str(params["infostate"])
        if infostate not in INFOSTATES:
            raise BigtopError(f"unknown information state {infostate!r}; known: {', '.join(INFOSTATES)}")
        game.check_players(players)
        self.shared = _Shared(
            game, players, options, reward, int(params["seed"]), chance == "explicit", open_, infostate == "history",
        )
        low, high = reward_bounds(game, players, options, reward)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.shared.space.size,
            max_chance_outcomes=widest_draw(game, players, options) if chance == "explicit" else 0,
            num_players=players,
            min_utility=low,
            max_utility=high,
            utility_sum=0.0 if players == 2 else None,
            max_game_length=max_game_length(game, players, options),
        )
        super().__init__(game_type(game, players, chance, open_, infostate), info, dict(params))
        self.shared.game_string = str(self)
        _shared_by_game[self.shared.game_string] = self.shared

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

    def serialize(self) -> str:
        """The game's string (OpenSpiel's own would ask a sampled game for `GetRNGState`)."""
        return str(self)

    # What OpenSpiel's Python algorithms read as attributes of a game (minimax names them in errors).
    @property
    def chance_mode(self) -> pyspiel.GameType.ChanceMode:
        return self.get_type().chance_mode

    @property
    def information(self) -> pyspiel.GameType.Information:
        return self.get_type().information

    @property
    def dynamics(self) -> pyspiel.GameType.Dynamics:
        return self.get_type().dynamics

    @property
    def utility(self) -> pyspiel.GameType.Utility:
        return self.get_type().utility

    def __reduce__(self) -> Any:
        """Pickled as its parameters and where its sequence of fresh seeds has got to."""
        return _restore_game, (self.bigtop_name, self.get_parameters(), self.shared.seeds.state)


def _restore_game(name: str, params: dict[str, Any], seeds: int) -> BigtopSpielGame:
    register(name)
    game = pyspiel.load_game(short_name(name), params)
    game.shared.seeds.state = seeds
    return game


class BigtopSpielState(pyspiel.State):
    """An OpenSpiel state wrapping a kernel state; `bigtop_state` is the kernel state itself."""

    def __init__(self, game: BigtopSpielGame) -> None:
        super().__init__(game)
        self._box = game.shared.box(game.shared)

    @property
    def bigtop_state(self) -> State:
        return self._box.get()

    # The methods OpenSpiel calls at every decision read the box's `mover` first: when it is known,
    # that spares a call.
    def current_player(self) -> int:
        """The lowest seat with a decision, CHANCE or TERMINAL."""
        mover = self._box.mover
        return self._box.current_player() if mover is None else mover

    def _legal_actions(self, player: int) -> list[int]:
        return self._box.get().legal_ids(player)

    def legal_actions(self, player: int | None = None) -> list[int]:
        """What OpenSpiel's own `legal_actions` gives (the current player's legal ids or a chance
        node's outcomes, sorted; none for another seat or at the end), answered here: from Python
        this saves the half-dozen calls back and forth between C++ and Python; C++ algorithms
        still reach `_legal_actions`."""
        box = self._box
        current = box.mover
        if current is None:
            current = box.current_player()
        if current >= 0:
            if player is not None and player != current:
                return []
            state = box.state
            assert state is not None  # a seat is to move
            return list(state.legal_ids(current))
        if current == CHANCE_PLAYER and player in (None, CHANCE_PLAYER):
            return sorted(o for o, _ in box.chance_outcomes())
        return []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The outcomes of the draw waiting at a chance node and their probabilities."""
        return self._box.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self._box.apply(action)

    # OpenSpiel's C++ `apply_action` asks `current_player` and then `_apply_action` back through
    # pybind and records the action in a history of its own. From Python it is answered here
    # instead, a microsecond a decision less, and the box's trail is the history: every method
    # that reads the history reads the trail. C++ callers (`random_sim_test`, `child`, OpenSpiel's
    # C++ algorithms) still reach `_apply_action`, which writes the trail too; only the C++ side's
    # own copy (`State::History` read from C++) misses the actions applied from Python.
    def apply_action(self, action: int) -> None:
        """Apply the current player's action id, or a chance outcome at a chance node."""
        self._box.apply(action if type(action) is int else operator.index(action))

    def history(self) -> list[int]:
        """The actions applied since the state was made, chance outcomes included (after a
        resampling, `INVALID_ACTION` for those the resampling seat may not know: `_resampled`)."""
        return self._box.history()

    def full_history(self) -> list[PlayerAction]:
        return [PlayerAction(player, action) for player, action in self._box.full_history()]

    def history_str(self) -> str:
        return ", ".join(map(str, self._box.history()))

    def move_number(self) -> int:
        return len(self._box.history())

    def is_initial_state(self) -> bool:
        return self._box.trail is None and not self._box.past

    def _action_to_string(self, player: int, action: int) -> str:
        if player == CHANCE_PLAYER:
            pending = self._box.pending
            return f"draw {pending.node.label(action) if pending is not None else action}"
        return str(self._box.shared.space.decode(int(action)))

    def is_terminal(self) -> bool:
        mover = self._box.mover
        return (self._box.current_player() if mover is None else mover) == TERMINAL

    def returns(self) -> list[float]:
        if self.current_player() != TERMINAL:
            return [0.0] * self._box.shared.players
        return final_rewards(self._box.get(), self._box.shared.reward)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> BigtopSpielState:
        """A copy in which everything `player_id` cannot know is resampled (`state.determinize`)
        with an RNG seeded from `probability_sampler()`; the chance to come is reseeded too."""
        seed = int(probability_sampler() * (1 << 53))
        other = self.get_game().new_initial_state()
        other._box = _resampled(self._box, player_id, seed)
        return other

    def __str__(self) -> str:
        """The game seed, the resamplings it went through (actions before, seat, seed) and the
        action ids since: together they determine the state."""
        box = self._box
        box.start()
        world = f" world={list(box.world)}" if box.world else ""
        return f"{box.shared.game.name} seed={box.seed}{world} actions={[action for _, action in box.since()]}"

    def __reduce__(self) -> Any:
        """Pickled as its game's parameters and what rebuilds it."""
        game = self.get_game()
        return _restore_state, (game.bigtop_name, game.get_parameters(), *self._box.recipe())


def _restore_state(name: str, params: dict[str, Any], seed: int, world: tuple[Any, ...], actions: tuple[int, ...]) -> BigtopSpielState:
    """The state `BigtopSpielState.__reduce__` describes, its OpenSpiel history replayed too."""
    register(name)
    game = pyspiel.load_game(short_name(name), params)
    state = game.new_initial_state()
    state._box = _replay_world(game.shared, seed, world)
    for action in actions:
        state.apply_action(action)
    return state


class BigtopObserver:
    """OpenSpiel's Python observer interface (`tensor`, `dict`, `set_from`, `string_from`).
    With `open=true`: strings only, of the whole state."""

    def __init__(self, shared: _Shared, perfect_recall: bool) -> None:
        self.shared = shared
        self.perfect_recall = perfect_recall
        view_size = 0 if shared.open or (perfect_recall and shared.history) else int(np.prod(shared.encoder.shape))
        history = HISTORY_SIZE if perfect_recall and not shared.open and not shared.history else 0
        self.tensor = np.zeros(view_size + history, np.float32)
        self.dict = {"view": self.tensor[:view_size]}
        if history:
            self.dict["history"] = self.tensor[view_size:]

    def set_from(self, state: BigtopSpielState, player: int) -> None:
        kernel, seen = state._box.peek(), self.shared.seen
        if kernel is None or not len(self.tensor):  # an explicit set-up still dealing; or no tensor
            self.tensor[:] = 0.0
            return
        self.dict["view"][:] = seen.get(kernel, player, "vector")
        if self.perfect_recall:
            self.dict["history"][:] = seen.get(kernel, player, "recall_vector")

    def string_from(self, state: BigtopSpielState, player: int) -> str:
        kernel, seen = state._box.peek(), self.shared.seen
        if kernel is None:
            return json.dumps({"setup": state.history()})
        if self.shared.open:
            text: dict[str, Any] = {"state": kernel.snapshot()}
            if self.perfect_recall:
                text["actions"] = state.history()
            return json.dumps(text, sort_keys=True, default=str)
        if self.perfect_recall and self.shared.history:
            box = state._box
            assert isinstance(box, _RecallBox)
            return json.dumps(box.history_of(player), sort_keys=True, default=str)
        text = {"view": seen.get(kernel, player, "view")}
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


def game_type(
    game: Game[Any], players: int | None = None, chance: str = "sampled", open_: bool = False, infostate: str = "hashed",
) -> pyspiel.GameType:
    """The OpenSpiel game type of a bigtop game with `players` seats (its default without),
    chance mode and openness."""
    players = game.default_players() if players is None else players
    Type = pyspiel.GameType  # noqa: N806
    return Type(
        short_name=short_name(game.name),
        long_name=game.title,
        dynamics=Type.Dynamics.SEQUENTIAL,
        chance_mode=Type.ChanceMode.EXPLICIT_STOCHASTIC if chance == "explicit" else Type.ChanceMode.SAMPLED_STOCHASTIC,
        information=Type.Information.PERFECT_INFORMATION if open_ else Type.Information.IMPERFECT_INFORMATION,
        utility=Type.Utility.ZERO_SUM if players == 2 else Type.Utility.GENERAL_SUM,
        reward_model=Type.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=not open_ and infostate == "hashed",
        provides_observation_string=True,
        provides_observation_tensor=not open_,
        parameter_specification={
            "players": game.default_players(), "seed": 0, "reward": "win", "options": "", "chance": "sampled", "open": False,
            "infostate": "hashed",
        },
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


def load_game(
    name: str, players: int | None = None, seed: int = 0, reward: str = "win", options: dict[str, Any] | None = None,
    chance: str = "sampled", open: bool = False,  # noqa: A002 - OpenSpiel's parameter name
    infostate: str = "hashed",
) -> pyspiel.Game:
    """`pyspiel.load_game` for bigtop game `name` (registering it first if needed)."""
    game = games.get(name)
    params: dict[str, Any] = {
        "players": game.default_players() if players is None else players,
        "seed": seed,
        "reward": check_reward(reward),
        "options": ";".join(f"{k}={v}" for k, v in (options or {}).items()),
        "chance": chance,
        "open": open,
        "infostate": infostate,
    }
    return pyspiel.load_game(register(name), params)


_CPP_SERIALIZE_GAME_AND_STATE = pyspiel.serialize_game_and_state


def serialize_game_and_state(game: pyspiel.Game, state: pyspiel.State) -> str:
    """`pyspiel.serialize_game_and_state`, which importing this module replaces: for a bigtop game
    with sampled chance, OpenSpiel's text without the game RNG section it cannot get from a Python
    game (the state carries its own RNG); `pyspiel.deserialize_game_and_state` reads it back."""
    if not isinstance(game, BigtopSpielGame) or game.shared.explicit:
        return _CPP_SERIALIZE_GAME_AND_STATE(game, state)
    return (
        "# Automatically generated by OpenSpiel SerializeGameAndState\n[Meta]\nVersion: 1\n\n"
        f"[Game]\n{game.serialize()}\n[State]\n{state.serialize()}\n"
    )


register_all()

pyspiel.serialize_game_and_state = serialize_game_and_state
guard_cpp_bots(BigtopSpielGame, BigtopSpielState)
