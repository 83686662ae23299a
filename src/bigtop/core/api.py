"""The kernel API every game implements: `Game` (what a game is) and `State` (one game in progress).

A game subclasses both. The kernel owns what is common: validating an action before it touches
the state, the move history and its record, the event log, undo, cheap clones, ranking. The game
supplies the rules through the underscore hooks (`_legal_actions`, `_apply`, `_copy_into`, ...)
and the public `to_move`, `view`, `is_over`, `scores`, `determinize`.
"""

from __future__ import annotations

import dataclasses
import os
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from contextvars import ContextVar
from typing import Any, ClassVar, Generic, TypeVar

from bigtop.core.actions import Action, ActionCodec, ActionSpace
from bigtop.core.errors import BigtopError, IllegalAction
from bigtop.core.events import Event, EventLog, fill_template, seat_values
from bigtop.core.options import options_to_json, parse_options
from bigtop.core.record import Record
from bigtop.core.result import Result, rank_by
from bigtop.core.rng import Rng
from bigtop.core.sealed import SealedChoices
from bigtop.core.text import COMMON, DEFAULT_LANGUAGE, Catalog, by_seat

S = TypeVar("S", bound="State")

_SHOWN_LEGAL = 12  # how many legal actions an IllegalAction message lists
_CHANCE: ContextVar[Rng | None] = ContextVar("bigtop_chance", default=None)  # see Game.new


class State(ABC):
    """One game in progress. Mutated only through `apply`; copied with `clone`.

    A game may keep some fields in `__slots__`. CPython 3.11 keeps at most 29 of an object's
    attributes in its compact layout; past that every attribute read and method call on the object
    goes through a dictionary (a method call about half as slow again). A game state with more
    fields lists its containers in `__slots__` so that its instance dict stays within 29
    (`test_a_state_keeps_its_instance_dict_within_the_compact_layout`), and its `_copy_into` sets
    every one of them on the copy (`clone` copies the rest)."""

    game: Game[Any]
    players: int
    seed: int
    options: Any
    rng: Rng
    log: EventLog
    _silent: bool = False  # see `silence`
    _annotations: tuple[Any, int, Event] | None = None  # see `annotate`: (older, moves played, entry)
    derived_fields: ClassVar[frozenset[str]] = frozenset()  # fields worked out from the options: not in a snapshot

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "determinize" in cls.__dict__:
            raise TypeError(f"{cls.__name__}: implement _determinize; the kernel's determinize reseeds the copy")
        slots = [c.__dict__.get("__slots__", ()) for c in cls.__mro__]
        cls._slot_fields = tuple(
            name for names in slots for name in ((names,) if isinstance(names, str) else names)
            if name not in ("__dict__", "__weakref__")
        )

    _slot_fields: ClassVar[tuple[str, ...]] = ()  # the fields a game keeps in `__slots__`

    def __getstate__(self) -> dict[str, Any]:
        """Every field, those in `__slots__` included (for pickling and `snapshot`)."""
        fields = dict(self.__dict__)
        for name in self._slot_fields:
            if hasattr(self, name):
                fields[name] = getattr(self, name)
        return fields

    def __setstate__(self, fields: dict[str, Any]) -> None:
        for name, value in fields.items():
            setattr(self, name, value)

    def __init__(self, game: Game[Any], players: int, seed: int, options: Any) -> None:
        self.game = game
        self.players = players
        self.seed = seed
        self.options = options
        chance = _CHANCE.get()
        self.rng = Rng(seed) if chance is None else chance
        self.log = EventLog()
        self._history: tuple[Any, int, Action, bool] | None = None
        self._moves = 0
        # (player, legal actions, their ids in increasing order and in the actions' order, or None
        # and None until asked for)
        self._legal_cache: tuple[int, list[Action], list[int] | None, list[int] | None] | None = None
        self._revealed = False
        self._space: ActionSpace | None = None  # looked up on first use

    # ----------------------------------------------------------------- what a game implements
    @abstractmethod
    def to_move(self) -> tuple[int, ...]:
        """The players who have a decision now (several during a simultaneous step; none when over)."""

    def secret_step(self) -> SealedChoices[Any] | None:
        """The secret sealed step in progress (`SealedChoices.secret`), if any: a game that asks
        such questions says so here."""
        return None

    def seen_to_move(self) -> tuple[int, ...]:
        """The players everyone is shown as having a decision: `to_move()`, except in a secret sealed
        step, where every player asked counts until all have answered."""
        step = self.secret_step()
        return self.to_move() if step is None else step.players

    @abstractmethod
    def _legal_actions(self, player: int) -> list[Action]:
        """Every action `player` may take now (never empty for a player in `to_move()`)."""

    @abstractmethod
    def _apply(self, player: int, action: Action) -> None:
        """Carry out a legal action. Draw chance only from `self.rng`; call `self.reveal()` when the
        action shows anyone something that was hidden; write events with `self.emit`."""

    @abstractmethod
    def _copy_into(self, other: State) -> None:
        """Replace, in `other` (a shallow copy of self), every mutable container by its own copy,
        and set every field the game keeps in `__slots__` (which the shallow copy leaves out)."""

    @abstractmethod
    def view(self, player: int | None) -> dict[str, Any]:
        """A JSON-ready dict of what seat `player` may know (None: a spectator, who sees no secret)."""

    @abstractmethod
    def is_over(self) -> bool:
        """Whether the game has ended."""

    @abstractmethod
    def scores(self) -> tuple[float, ...]:
        """Each seat's score now (final scores once the game is over)."""

    def tiebreaks(self) -> Sequence[Sequence[float]]:
        """Per seat, the values compared after the score (higher is better). None by default."""
        return [() for _ in range(self.players)]

    def check_invariants(self) -> None:
        """Raise AssertionError if a conservation law of the game is broken (tests call it every step)."""
        return None

    def result_details(self) -> dict[str, Any]:
        """The game's final scoring breakdown, shown on the end screen."""
        return {}

    def score_breakdown(self) -> dict[str, tuple[float, ...]]:
        """Each seat's points per scoring category, in the order to show them; the categories add
        up to `scores()`. Keys name categories (English labels in `Game.score_categories`). By
        default one category, the score itself."""
        return {"points": tuple(self.scores())}

    def _determinize(self: S, player: int | None, rng: Rng) -> S:
        """A copy in which everything `player` cannot know (other hands, deck orders, face-down
        tokens, others' sealed choices) is resampled with `rng`. The default suits games of perfect
        information: a plain clone."""
        return self.clone()

    # ----------------------------------------------------------------- what the kernel provides
    def determinize(self: S, player: int | None, rng: Rng) -> S:
        """A copy consistent with everything `player` knows, the rest resampled with `rng` (never
        the game's RNG). The copy's own RNG is reseeded from `rng` too, so that play on the copy
        cannot foresee the true game's future draws."""
        other = self._determinize(player, rng)
        other.rng = Rng(rng.next64())
        other.rng.draws = self.rng.draws
        cache = self._legal_cache
        # the seat's own moves are the same in every world it may be in (the conformance suite checks
        # it): a list made for it is kept; one made for another seat may no longer hold
        other._legal_cache = cache if cache is not None and cache[0] == player else None
        return other

    def legal_actions(self, player: int) -> list[Action]:
        """Every action `player` may take now; empty if it is not their turn. Do not mutate the list."""
        cache = self._legal_cache
        if cache is not None and cache[0] == player:
            return cache[1]
        if player not in self.to_move():  # nobody is to move once the game is over
            return []
        actions = self._legal_actions(player)
        self._legal_cache = (player, actions, None, None)
        return actions

    def forget_legal_actions(self) -> None:
        """Drop the cached legal actions, after the state was changed other than by `apply`."""
        self._legal_cache = None

    def choice_key(self, action: Action) -> Any:
        """What `action` does, as a choice: two legal actions of a seat with equal keys do the same
        thing (two copies of one card), so a table asks about them as one (`distinct_choices`).
        The action itself, unless the game's cards come in copies (`copies_as_one`)."""
        return action

    def distinct_choices(self, actions: Sequence[Action], keep: Action | None = None) -> list[Action]:
        """`actions` without those that do what an earlier one does (`choice_key`), in their order;
        `keep`, if listed, stands for its copies instead of the first of them."""
        key = self.choice_key
        kept = key(keep) if keep is not None and keep in actions else None
        seen: set[Any] = set()
        out = []
        for action in actions:
            k = key(action)
            if k in seen or (k == kept and action != keep):
                continue
            seen.add(k)
            out.append(action)
        return out

    def is_legal(self, player: int, action: Action) -> bool:
        """Whether `player` may take `action` now."""
        return action in self.legal_actions(player)

    def apply(self, player: int, action: Action) -> None:
        """Carry out `player`'s action, or raise `IllegalAction` and leave the state untouched."""
        cache = self._legal_cache
        if cache is not None and cache[0] == player:  # listed for this very state: player is to move
            for listed in cache[1]:
                if listed is action:  # the common case: an action taken from `legal_actions`
                    self._commit(player, action)
                    return
        self._check(player, action)
        self._commit(player, action)

    def _check(self, player: int, action: Action) -> None:
        """Raise `IllegalAction` saying what is wrong unless `player` may take `action` now."""
        if self.is_over():
            raise IllegalAction("the game is over: no more actions")
        movers = self.to_move()
        if player not in movers:
            raise IllegalAction(f"it is not seat {player}'s turn; waiting for seat(s) {', '.join(map(str, movers))}")
        if not isinstance(action, Action) or type(action).__name__ not in self.game.codec.types:
            raise IllegalAction(f"malformed action {action!r}: not an action of {self.game.name}")
        if not self.is_legal(player, action):
            legal = self.legal_actions(player)
            shown = ", ".join(map(str, legal[:_SHOWN_LEGAL])) + (" ..." if len(legal) > _SHOWN_LEGAL else "")
            raise IllegalAction(f"{action} is not allowed now for seat {player}; allowed: {shown}")

    def _commit(self, player: int, action: Action) -> None:
        """Carry out an action known to be legal and record it."""
        draws = self.rng.draws
        self._revealed = False
        self._legal_cache = None
        self._apply(player, action)
        self._legal_cache = None
        self._history = (self._history, player, action, self._revealed or self.rng.draws != draws)
        self._moves += 1

    def apply_json(self, player: int, data: Any) -> Action:
        """Apply an action given as JSON (as `Game.codec.to_json` writes it); returns the action."""
        action = self.game.codec.from_json(data)
        self.apply(player, action)
        return action

    def apply_id(self, player: int, index: int) -> Action:
        """Apply the action with this id in `action_space`; returns the action."""
        cache = self._legal_cache
        if cache is not None and cache[0] == player and cache[3] is not None and type(index) is int:
            try:  # listed for this very state: a listed id is legal and names the listed action
                action = cache[1][cache[3].index(index)]
            except ValueError:
                pass
            else:
                self._commit(player, action)
                return action
        action = self.action_space.decode(index)
        self.apply(player, action)
        return action

    @property
    def action_space(self) -> ActionSpace:
        """The fixed numbering of this game's actions (for players and options of this state)."""
        space = self._space
        if space is None:
            space = self._space = self.game.action_space(self.players, self.options)
        return space

    def legal_ids(self, player: int) -> list[int]:
        """The ids of `player`'s legal actions, in increasing order. Do not mutate the list."""
        cache = self._legal_cache
        if cache is not None and cache[0] == player:  # listed for this very state
            if cache[2] is not None:
                return cache[2]
            actions, ids = cache[1], cache[3]
        elif player in self.to_move():  # `legal_actions` written out: the interfaces ask at every step
            actions, ids = self._legal_actions(player), None
        else:
            return []
        if ids is None:  # not listed with its ids yet (`legal_with_ids`)
            space = self._space
            ids = (self.action_space if space is None else space).encode_all(actions)
        in_order = sorted(ids) if len(ids) > 1 else ids
        self._legal_cache = (player, actions, in_order, ids)
        return in_order

    def legal_with_ids(self, player: int) -> tuple[list[Action], list[int]]:
        """`player`'s legal actions and the id of each in `action_space`, in the same order (a search
        keys its statistics by them; unlike `legal_ids`, nothing is sorted). Do not mutate the lists."""
        cache = self._legal_cache
        if cache is not None and cache[0] == player:
            if cache[3] is not None:
                return cache[1], cache[3]
            actions = cache[1]
        elif player in self.to_move():
            actions = self._legal_actions(player)
        else:
            return [], []
        space = self._space
        ids = (self.action_space if space is None else space).encode_all(actions)
        self._legal_cache = (player, actions, None, ids)
        return actions, ids

    def legal_mask(self, player: int) -> Any:
        """A NumPy bool array over `action_space`: True where the action is legal for `player`."""
        import numpy as np

        mask = np.zeros(self.action_space.size, dtype=bool)
        mask[self.legal_ids(player)] = True
        return mask

    def reveal(self) -> None:
        """Mark the action being applied as showing hidden information (it cannot be undone)."""
        self._revealed = True

    def emit(self, kind: str, audience: Sequence[int] | None = None, **data: Any) -> None:
        """Write a log entry; `audience` None means everyone (nothing once `silence()` was called)."""
        if self._silent:
            return
        self.log.add(kind, data, None if audience is None else tuple(audience))

    def annotate(self, kind: str, audience: Sequence[int] | None = None, **data: Any) -> None:
        """Write a log entry that is no move's (a table's note, such as "seat 1 used a hint"): an
        undo keeps it, after the moves it followed that are kept."""
        self.emit(kind, audience, **data)
        entry = Event(kind, data, None if audience is None else tuple(audience))
        self._annotations = (self._annotations, self._moves, entry)

    def silence(self) -> None:
        """Write no more log entries on this state and its future clones: for the throwaway copies
        a search plays on, whose log nobody reads. The rules never read the log, so play is the same."""
        self._silent = True

    @property
    def events(self) -> list[Event]:
        """The whole log, oldest first (filter with `Event.visible_to`)."""
        return self.log.to_list()

    @property
    def move_count(self) -> int:
        """How many actions have been applied."""
        return self._moves

    def moves(self) -> list[tuple[int, Action]]:
        """Every (player, action) applied so far, oldest first."""
        out: list[tuple[int, Action]] = []
        node = self._history
        while node is not None:
            node, player, action, _ = node
            out.append((player, action))
        out.reverse()
        return out

    def record(self) -> Record:
        """This game as a `Record` (JSON-ready, replays to this exact state)."""
        return Record.of(self)

    def clone(self: S) -> S:
        """An independent copy: what happens to one never shows in the other."""
        other = object.__new__(type(self))
        for name, value in self.__dict__.items():  # one by one: `other.__dict__.update` would give the
            setattr(other, name, value)  # copy a dict instead of CPython's compact layout (see `State`)
        other.rng = self.rng.copy()
        other.log = self.log.copy()
        self._copy_into(other)
        return other

    def undo_refusal(self, player: int) -> str | None:
        """Why `player` may not undo now, or None if `undo(player)` would succeed (cheap: for
        showing an undo button). The reasons: "nothing" (no action yet), "sealed" (a secret sealed
        step is in progress: taking an answer back, or being refused, would tell who has answered),
        "other_seat" (the last action was another player's), "irreversible" (it drew at random or
        revealed something)."""
        node = self._history
        if node is None:
            return "nothing"
        if self.secret_step() is not None:
            return "sealed"
        if node[1] != player:
            return "other_seat"
        return "irreversible" if node[3] else None

    def undo(self: S, player: int) -> S:
        """The state before `player`'s last action, following the table rule: never across a random
        draw, a reveal or another player's move. Raises `IllegalAction` when that is not allowed."""
        refusal = self.undo_refusal(player)
        if refusal == "nothing":
            raise IllegalAction("nothing to undo")
        assert self._history is not None
        _, last_player, action, _ = self._history
        if refusal == "sealed":
            raise IllegalAction("cannot undo: the answers to this question stay sealed until every seat has answered")
        if refusal == "other_seat":
            raise IllegalAction(f"cannot undo: the last action was seat {last_player}'s, not yours")  # not what it was: it may be hidden
        if refusal == "irreversible":
            raise IllegalAction(f"cannot undo {action}: it drew at random or revealed something")
        notes: list[tuple[int, Event]] = []
        node = self._annotations
        while node is not None:
            node, after, entry = node
            notes.append((after, entry))
        notes.reverse()
        state: S = self.game.new(self.players, seed=self.seed, options=self.options)
        for p, a in self.moves()[:-1]:
            while notes and notes[0][0] <= state._moves:
                _, entry = notes.pop(0)
                state.annotate(entry.kind, entry.audience, **entry.data)
            state.apply(p, a)
        for _, entry in notes:
            state.annotate(entry.kind, entry.audience, **entry.data)
        return state

    def result(self) -> Result:
        """Ranks (tied keys share a rank), winners, and the scoring breakdown."""
        scores = self.scores()
        keys = [(s, *t) for s, t in zip(scores, self.tiebreaks(), strict=False)]
        return rank_by(keys, scores, self.result_details())

    def common_view(self, player: int | None) -> dict[str, Any]:
        """The part of every view the kernel knows: game, seats, whose turn, over or not."""
        return {
            "game": self.game.name,
            "players": self.players,
            "seat": player,
            "to_move": self.to_move_seen_by(player),
            "over": self.is_over(),
        }

    def to_move_seen_by(self, player: int | None) -> list[int]:
        """Who `player` sees as having a decision: `seen_to_move()`, less `player` itself once it has
        answered (it knows its own answer)."""
        movers = self.to_move()
        return [q for q in self.seen_to_move() if q != player or q in movers]

    def snapshot(self) -> Any:
        """Everything in the true state, JSON-ready (for tests and debugging; never for players)."""
        hidden = {"game", "log", "_history", "_legal_cache", "_revealed", "_space", "_silent", "_annotations", "options"}
        hidden |= self.derived_fields
        return _plain({k: v for k, v in self.__getstate__().items() if k not in hidden})


def _plain(value: Any) -> Any:
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    if isinstance(value, Rng):
        return [value.state, value.draws]
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in sorted(value.items(), key=lambda kv: repr(kv[0]))}
    if isinstance(value, (set, frozenset)):
        return sorted((_plain(v) for v in value), key=repr)
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if hasattr(value, "__dict__"):
        return {k: _plain(v) for k, v in vars(value).items()}
    if hasattr(value, "__slots__"):
        return {k: _plain(getattr(value, k)) for k in value.__slots__ if hasattr(value, k)}
    return repr(value)


class Game(ABC, Generic[S]):
    """A registered game: its name, player counts, options, actions, and how a new state is made."""

    name: ClassVar[str]
    title: ClassVar[str]
    version: ClassVar[str] = "1"
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options_type: ClassVar[type]
    action_types: ClassVar[tuple[type[Action], ...]]

    def __init__(self) -> None:
        self.codec = ActionCodec(self.action_types)
        self._spaces: dict[tuple[int, Any], ActionSpace] = {}

    @abstractmethod
    def _create(self, players: int, seed: int, options: Any) -> S:
        """A new state at the start of the game (set-up done with the state's own rng)."""

    @abstractmethod
    def _action_space(self, players: int, options: Any) -> ActionSpace:
        """The fixed numbering of every action possible with these players and options."""

    def default_players(self) -> int:
        """Three players where the game allows it, else the nearest allowed count."""
        return min(max(3, self.min_players), self.max_players)

    def check_players(self, players: Any) -> int:
        """`players` if the game is for that many, else an `OptionError` saying who it is for."""
        if not isinstance(players, int) or isinstance(players, bool) or not self.min_players <= players <= self.max_players:
            from bigtop.core.options import OptionError

            raise OptionError(f"{self.title} is for {self.min_players} to {self.max_players} players, not {players}")
        return players

    def new(self, players: int, seed: int | None = None, options: Any = None, *, chance: Rng | None = None) -> S:
        """A new game. `seed` None picks one at random (kept in `state.seed` for the record).
        `chance`, for tools that supply chance themselves (explicit chance nodes), is the
        generator the state draws all its chance from, set-up included, instead of `Rng(seed)`."""
        self.check_players(players)
        if seed is None:
            seed = int.from_bytes(os.urandom(6), "big")
        if chance is None:
            return self._create(players, seed, self.parse_options(options))
        token = _CHANCE.set(chance)
        try:
            return self._create(players, seed, self.parse_options(options))
        finally:
            _CHANCE.reset(token)

    def parse_options(self, options: Any) -> Any:
        """The options dataclass from an instance, a mapping or None (defaults)."""
        return parse_options(self.options_type, options)

    def check_options(self, players: Any, options: Any) -> Any:
        """The parsed options if a game of `players` seats can be played with them, else an
        `OptionError` saying what is wrong. Call it wherever options come from a person (the
        command line, a web table) before anything is stored."""
        from bigtop.core.options import OptionError

        self.check_players(players)
        parsed = self.parse_options(options)
        try:
            self._check_options(players, parsed)
        except OptionError:
            raise
        except (BigtopError, ValueError, LookupError, TypeError) as exc:
            raise OptionError(f"these options do not make a playable game of {self.title}: {exc}") from None
        return parsed

    def _check_options(self, players: int, options: Any) -> None:
        """Raise `OptionError` (or any error) if `options` cannot make a playable game. A game
        overrides it to check each option against its content with a precise message; by default
        the opening position is built once and shown to every seat."""
        state = self._create(players, 0, options)
        for seat in (None, *range(players)):
            state.view(seat)
        for seat in state.to_move():
            state.legal_actions(seat)

    def options_json(self, options: Any) -> dict[str, Any]:
        return options_to_json(self.parse_options(options))

    def bots_only_options(self, options: Any) -> Any:
        """The options (parsed) of a table where no person sits, every seat a bot or a program:
        whatever seats only bots (a simulation, a web table of bots) makes its games with these.
        A game whose rules count on people to end something (Troll Fest's band-name run-offs and
        its tour, which bots could hold forever) bounds it here; by default the options are kept."""
        return self.parse_options(options)

    def max_game_length(self, players: int, options: Any) -> int | None:
        """The most moves one game with these players and options (parsed) can take, or None if the
        game states no bound. OpenSpiel is given it (100,000 without one), and `play_game` stops a
        game between bots that runs ten times past it with an error, not an endless loop."""
        return None

    def action_space(self, players: int, options: Any) -> ActionSpace:
        """The fixed numbering of every action possible with these players and options (cached).

        `options` may be the dataclass, a mapping or None (the defaults)."""
        try:
            return self._spaces[players, options]  # options already parsed: the common case
        except (KeyError, TypeError):  # not built yet, or a mapping
            options = self.parse_options(options)
        key = (players, options)
        space = self._spaces.get(key)
        if space is None:
            space = self._spaces[key] = self._action_space(players, options)
        return space

    # ------------------------------------------------------------ optional: terminal and bots
    def render(self, state: S, player: int | None, lang: str = DEFAULT_LANGUAGE, names: Sequence[str] | None = None) -> Any:
        """The board as seat `player` sees it, for the terminal (str or a Rich renderable), in
        language `lang`; with `names` (the log's, one a seat) it names each seat so, keeping what it
        adds (a colour, a band's name, "(you)" for `player`); without, by number ("seat 1")."""
        import json

        return json.dumps(state.view(player), indent=1)

    def render_question(self, state: S, player: int, lang: str = DEFAULT_LANGUAGE) -> Any:
        """What seat `player` needs to see at a question of its turn that the board printed when
        the turn began does not show (Carcassonne: the tile just laid, for the figure question),
        for the terminal, which prints `render` once a turn (in `lang`); None (the default): nothing."""
        return None

    def describe(self, state: S, action: Action, lang: str = DEFAULT_LANGUAGE) -> str:
        """An action in words in language `lang` (see `bigtop.core.text`), for menus, hints,
        reviews and logs."""
        return str(action)

    def describe_all(self, state: S, actions: Sequence[Action], lang: str = DEFAULT_LANGUAGE) -> list[str]:
        """Each of `actions` in words (`describe`), for a menu of a seat's moves. A game whose
        words read something it must first work out from the state (a view) overrides this to
        work it out once for the whole list."""
        return [self.describe(state, action, lang) for action in actions]

    tutorial_file: ClassVar[Any] = None
    """The path of the game's tutorial (`bigtop.tutorial`), or None if it has none."""

    file_options: ClassVar[frozenset[str]] = frozenset({"cards"})
    """Options whose value names a file on the disk (`cards`, which `--cards FILE` sets): the
    command line reads them; a server takes none of them from a request."""

    content_schema: ClassVar[Any] = None
    """The tables a content file given with the `cards` option may hold (a
    `bigtop.core.schema.ContentSchema`), so that commands can check such a file and report
    every problem at once; None if the game takes no content file."""

    hidden_order_options: ClassVar[frozenset[str]] = frozenset()
    """Options that fix the order of something hidden (deck, tile or token orders): a web table
    takes them only as a practice table that everyone sees as such."""

    score_categories: ClassVar[Mapping[str, str]] = {"points": "Points"}
    """English label of each key `State.score_breakdown` may use, in the order to show them."""

    text: ClassVar[Catalog] = COMMON
    """The game's words in every language (`bigtop.core.text`): the log's templates under
    `log.<event kind>`, and whatever its `describe` and `log_values` name. The one source of the
    terminal's, the web table's, the hints' and the reviews' lines."""

    log_templates: ClassVar[Mapping[str, str]] = {}
    """English log templates by event kind, read when `text` has no `log.<kind>` entry."""

    def log_values(self, kind: str, data: dict[str, Any], options: Any, lang: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
        """Template values in language `lang` that replace or add to an event's data, e.g. a
        card's printed name for its id (seats stay numbers: they are named afterwards). None by
        default."""
        return {}

    def describe_event(
        self,
        event: Event,
        names: Sequence[str] | None = None,
        options: Any = None,
        values: dict[str, Any] | None = None,
        lang: str = DEFAULT_LANGUAGE,
    ) -> str:
        """A log entry in language `lang`: the game's template for its kind, with seats by
        `names` (by default "Seat 0", "Seat 1", ...); without a template, the kind and its data.
        `values` are the event's `log_values` when the caller has them already."""
        count = event.data.get("n")
        template = (
            self.text.template(f"log.{event.kind}", lang, count)
            or self.log_templates.get(event.kind)
            or COMMON.template(f"log.{event.kind}", lang, count)
        )
        if template is None:
            args = ", ".join(f"{k}={v}" for k, v in event.data.items())
            return f"{event.kind}({args})" if args else event.kind
        if values is None:
            values = self.log_values(event.kind, event.data, self.parse_options(options), lang)
        names = names or [f"Seat {p}" for p in range(self.max_players)]
        data = {**event.data, **values}
        if isinstance(event.data.get("by_seat"), list):  # a figure per seat: "Ada 34, Bruno 28"
            data["by_seat"] = by_seat(event.data["by_seat"], names, lang)
        return fill_template(template, seat_values(data, names))

    def content(self, options: Any = None) -> dict[str, Any]:
        """The game's public, unchanging content (cards, tiles, map) as JSON, for boards to draw
        what views name only by id. Empty by default."""
        return {}

    def cards(self, options: Any = None) -> Any:
        """The game's content (cards, tiles, maps) as a Rich renderable for `bigtop cards`."""
        return f"{self.title} has no content tables."

    def heuristic_bot(self, seed: int, **params: Any) -> Any:
        """This game's hand-written bot (a `bigtop.bots.Bot`)."""

        raise BigtopError(f"{self.title} has no heuristic bot yet")
