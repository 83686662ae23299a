"""Actions: frozen dataclasses that print, round-trip through JSON and map to integer ids.

A game declares its action classes by subclassing `Action` with `@dataclass(frozen=True)`; fields
hold only ints, strings, bools, None and (nested) tuples of those. `ActionCodec` turns them into
`{"type": "ClassName", field: value, ...}` and back, decoding each field strictly by its annotated
type (a bool is not an int, a string is not a list), and `ActionSpace` gives each action of a game a
fixed integer id for reinforcement learning.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable, Iterable, Mapping, Sequence
from operator import attrgetter
from typing import Any, ClassVar, Protocol

from bigtop.core.errors import IllegalAction


@dataclasses.dataclass(frozen=True)
class Action:
    """Base of every game's actions. Subclasses are frozen dataclasses.

    `typed`, on an action class, names the action a person may give instead of one of this class
    by typing text (a band name of their own instead of one from a list): a class whose one field
    is that text. `legal_actions` lists only the actions of this class, so the choices stay finite
    and the action space fixed; a front end offers to type, and the game says in `apply` whether
    the text is accepted."""

    typed: ClassVar[type[Action] | None] = None

    def __str__(self) -> str:
        fields = dataclasses.fields(self)
        if not fields:
            return type(self).__name__
        args = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in fields)
        return f"{type(self).__name__}({args})"


def _to_json_value(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_to_json_value(v) for v in value]
    return value


MAX_FIELD_ITEMS = 1000  # a list in an action field longer than this is refused


def _decode(value: Any, kind: Any) -> Any:
    """`value` (parsed JSON) as the annotated type `kind`; `TypeError` saying what was expected."""
    if kind is Any:
        return _decode_any(value, 0)
    if kind is bool:
        if type(value) is not bool:
            raise TypeError(f"expected true or false, got {_shown(value)}")
        return value
    if kind is int:
        if type(value) is not int:
            raise TypeError(f"expected a whole number, got {_shown(value)}")
        return value
    if kind is float:
        if type(value) not in (int, float):
            raise TypeError(f"expected a number, got {_shown(value)}")
        return float(value)
    if kind is str:
        if type(value) is not str:
            raise TypeError(f"expected text, got {_shown(value)}")
        return value
    if kind is type(None):
        if value is not None:
            raise TypeError(f"expected null, got {_shown(value)}")
        return None
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if origin in (typing.Union, types.UnionType):
        for option in sorted(args, key=lambda a: a is not type(None)):  # null first: cheap to rule out
            try:
                return _decode(value, option)
            except TypeError:
                continue
        raise TypeError(f"expected {' or '.join(_named(a) for a in args)}, got {_shown(value)}")
    if origin is typing.Literal:
        if not any(type(value) is type(a) and value == a for a in args):
            raise TypeError(f"expected one of {', '.join(map(repr, args))}, got {_shown(value)}")
        return value
    if origin is tuple:
        if type(value) is not list:
            raise TypeError(f"expected a list, got {_shown(value)}")
        if len(value) > MAX_FIELD_ITEMS:
            raise TypeError(f"a list of at most {MAX_FIELD_ITEMS} items, got {len(value)}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_decode(v, args[0]) for v in value)
        if len(value) != len(args):
            raise TypeError(f"expected a list of {len(args)} items, got {len(value)}")
        return tuple(_decode(v, a) for v, a in zip(value, args, strict=True))
    raise TypeError(f"cannot read a field of type {_named(kind)} from JSON")


def _decode_any(value: Any, depth: int) -> Any:
    """A field without a precise annotation: plain JSON values and (not too deeply) nested lists."""
    if isinstance(value, list):
        if depth >= 8 or len(value) > MAX_FIELD_ITEMS:
            raise TypeError("a list nested too deeply or too long")
        return tuple(_decode_any(v, depth + 1) for v in value)
    if isinstance(value, dict):
        raise TypeError("objects are not allowed inside an action field")
    return value


def _named(kind: Any) -> str:
    return {int: "a whole number", bool: "true or false", str: "text", float: "a number",
            type(None): "null"}.get(kind, str(kind))


def _shown(value: Any) -> str:
    text = "null" if value is None else "true" if value is True else "false" if value is False else repr(value)
    return text if len(text) <= 40 else text[:39] + "…"


class ActionCodec:
    """Converts a game's actions to JSON-ready dicts and back, refusing anything malformed."""

    def __init__(self, action_types: Iterable[type[Action]]) -> None:
        self.types: dict[str, type[Action]] = {t.__name__: t for t in action_types}
        self._fields = {name: tuple(f.name for f in dataclasses.fields(t)) for name, t in self.types.items()}
        self._kinds = {name: _field_types(t) for name, t in self.types.items()}

    def to_json(self, action: Action) -> dict[str, Any]:
        """`{"type": name, **fields}` with tuples as lists."""
        out: dict[str, Any] = {"type": type(action).__name__}
        for name in self._fields[type(action).__name__]:
            out[name] = _to_json_value(getattr(action, name))
        return out

    def from_json(self, data: Any) -> Action:
        """The action a `to_json` dict stands for; `IllegalAction` if it is malformed."""
        if not isinstance(data, Mapping):
            raise IllegalAction(f"malformed action: expected an object, got {type(data).__name__}")
        kind = data.get("type")
        cls = self.types.get(kind) if isinstance(kind, str) else None
        if cls is None or not isinstance(kind, str):
            raise IllegalAction(f"malformed action: unknown type {kind!r}; known types: {', '.join(sorted(self.types))}")
        expected = self._fields[kind]
        given = set(data) - {"type"}
        if given != set(expected):
            missing = sorted(set(expected) - given)
            extra = sorted(given - set(expected))
            raise IllegalAction(f"malformed action {kind}: missing fields {missing}, unknown fields {extra}")
        kinds = self._kinds[kind]
        values = {}
        for name in expected:
            try:
                values[name] = _decode(data[name], kinds[name])
            except TypeError as exc:
                raise IllegalAction(f"malformed action {kind}: field {name}: {exc}") from None
        try:
            return cls(**values)
        except (TypeError, ValueError) as exc:
            raise IllegalAction(f"malformed action {kind}: {exc}") from None


def _field_types(cls: type[Action]) -> dict[str, Any]:
    """The annotated type of each field of an action class (`Any` where it cannot be resolved)."""
    try:
        hints = typing.get_type_hints(cls)
    except (NameError, TypeError):
        hints = {}
    return {f.name: hints.get(f.name, Any) for f in dataclasses.fields(cls)}


class ActionSpace(Protocol):
    """A fixed numbering of every action a game (with given players and options) can ever take."""

    size: int

    def encode(self, action: Action) -> int:
        """The id of an action, in range(size)."""
        ...

    def decode(self, index: int) -> Action:
        """The action with this id."""
        ...

    def encode_all(self, actions: Sequence[Action]) -> list[int]:
        """The ids of a game's own legal actions (at once: the interfaces ask for them every step)."""
        ...


class RemembersIds:
    """Base of an action space that remembers the id it gave each action object it encoded, by
    object identity: `encode_all` looks them up there, and encodes with `_encode_fresh` (which a
    space implements) only lists holding an object it has not seen.

    Games hand out the same action objects decision after decision (tables built once), and the
    interfaces ask for the ids of every legal list: an `id()` and a dict look-up cost less than
    hashing an action or reading its fields. The memory is a pair (ids by `id()`, the objects
    remembered) and the invariant: every key of its dict is the `id()` of an object in its list, so
    no other object can have that id while the entry lives (actions are frozen, so an object's id
    in the space never changes). The memory starts over at `LIMIT` objects (so fresh objects made
    at every decision cannot make it grow without bound) by replacing the pair, never by emptying
    it: a thread sharing the space that still writes to the old pair keeps the invariant. A copy or
    an unpickled space starts with an empty memory (its keys would name objects of another copy or
    process)."""

    LIMIT = 1 << 12

    def __init__(self) -> None:
        self._memory: tuple[dict[int, int], list[Action]] = ({}, [])

    def _encode_fresh(self, actions: Sequence[Action]) -> list[int]:
        raise NotImplementedError

    def encode_all(self, actions: Sequence[Action]) -> list[int]:
        """The ids of a game's own legal actions (at once: the interfaces ask for them every step)."""
        known, held = self._memory
        out = []
        try:
            for a in actions:  # a plain loop: cheaper than a comprehension's call for a short list
                out.append(known[id(a)])
            return out
        except KeyError:
            pass
        ids = self._encode_fresh(actions)  # raises for an action that is not in the space
        if len(held) + len(actions) > self.LIMIT:
            known, held = self._memory = ({}, [])
        for action, index in zip(actions, ids, strict=True):
            if id(action) not in known:
                known[id(action)] = index
                held.append(action)
        return ids

    def __getstate__(self) -> dict[str, Any]:
        state = self.__dict__.copy()
        state["_memory"] = ({}, [])
        return state


class EnumeratedActionSpace(RemembersIds):
    """An action space built from the complete list of a game's possible actions."""

    def __init__(self, actions: Sequence[Action]) -> None:
        super().__init__()
        self.actions: tuple[Action, ...] = tuple(actions)
        self.size = len(self.actions)
        self._ids = {a: i for i, a in enumerate(self.actions)}
        if len(self._ids) != self.size:
            raise ValueError("EnumeratedActionSpace: duplicate actions")
        # by action class: a C-level getter of the fields (the class itself for a class without
        # fields) and the ids by those values, which hash much faster than the dataclass does
        self._by_type: dict[type[Action], tuple[Callable[[Action], Any], dict[Any, int]]] = {}
        for i, a in enumerate(self.actions):
            entry = self._by_type.get(type(a))
            if entry is None:
                names = [f.name for f in dataclasses.fields(a)]
                entry = self._by_type[type(a)] = (attrgetter(*names) if names else attrgetter("__class__"), {})
            entry[1][entry[0](a)] = i

    def encode(self, action: Action) -> int:
        try:
            return self._ids[action]
        except (KeyError, TypeError):
            raise IllegalAction(f"{action} is not in this game's action space") from None

    def decode(self, index: int) -> Action:
        if not isinstance(index, int) or not 0 <= index < self.size:
            raise IllegalAction(f"action id {index!r} is outside 0..{self.size - 1}")
        return self.actions[index]

    def _encode_fresh(self, actions: Sequence[Action]) -> list[int]:
        by_type = self._by_type
        out = []
        try:
            for a in actions:
                fields, ids = by_type[type(a)]
                out.append(ids[fields(a)])
        except KeyError:
            return [self.encode(a) for a in actions]  # raises for the action that is not in the space
        return out


def copies_as_one(action: Action, first_copy: Callable[[Any], Any]) -> Action:
    """`action` with its `card` (if it has one) replaced by `first_copy(card)`, the first card of
    those printed alike: the `choice_key` of a game whose cards come in copies."""
    card = getattr(action, "card", None)
    if card is None:
        return action
    first = first_copy(card)
    return action if first == card else dataclasses.replace(action, card=first)  # type: ignore[call-arg]  # the game's own action, with a card

