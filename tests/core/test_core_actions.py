import copy
import pickle
from dataclasses import dataclass

import pytest

from bigtop.core import Action, ActionCodec, EnumeratedActionSpace, IllegalAction


@dataclass(frozen=True)
class Place(Action):
    x: int
    y: int
    tags: tuple[str, ...] = ()


@dataclass(frozen=True)
class Stop(Action):
    pass


codec = ActionCodec([Place, Stop])


def test_actions_print_and_round_trip() -> None:
    a = Place(1, -2, ("a", "b"))
    assert str(a) == "Place(x=1, y=-2, tags=('a', 'b'))"
    assert str(Stop()) == "Stop"
    assert codec.to_json(a) == {"type": "Place", "x": 1, "y": -2, "tags": ["a", "b"]}
    assert codec.from_json(codec.to_json(a)) == a
    assert codec.from_json({"type": "Stop"}) == Stop()


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (None, "expected an object"),
        ({"type": "Fly"}, "unknown type 'Fly'"),
        ({"type": "Place", "x": 1}, "missing fields ['tags', 'y']"),
        ({"type": "Place", "x": 1, "y": 2, "tags": [], "z": 3}, "unknown fields ['z']"),
        ({"type": "Place", "x": 1, "y": 2, "tags": {"a": 1}}, "field tags: expected a list, got {'a': 1}"),
        # strictly by the field's type: JSON's true is not the number 1, "ab" is not ["a", "b"]
        ({"type": "Place", "x": True, "y": 2, "tags": []}, "field x: expected a whole number, got true"),
        ({"type": "Place", "x": 1.0, "y": 2, "tags": []}, "field x: expected a whole number, got 1.0"),
        ({"type": "Place", "x": "1", "y": 2, "tags": []}, "field x: expected a whole number, got '1'"),
        ({"type": "Place", "x": None, "y": 2, "tags": []}, "field x: expected a whole number, got null"),
        ({"type": "Place", "x": 1, "y": 2, "tags": "ab"}, "field tags: expected a list, got 'ab'"),
        ({"type": "Place", "x": 1, "y": 2, "tags": ["a", 2]}, "field tags: expected text, got 2"),
        ({"type": "Place", "x": 1, "y": 2, "tags": [["a"]]}, "field tags: expected text, got ['a']"),
        ({"type": "Place", "x": 1, "y": 2, "tags": ["a"] * 1001}, "at most 1000 items"),
        ({"type": "Place", "x": 1, "y": "z" * 10_000, "tags": []}, "got 'zzzzzzzz"),
    ],
)
def test_malformed_json_is_an_illegal_action_with_a_reason(data: object, message: str) -> None:
    with pytest.raises(IllegalAction, match=message.replace("[", r"\[").replace("]", r"\]")):
        codec.from_json(data)


def test_a_refusal_quotes_a_huge_value_only_in_part() -> None:
    with pytest.raises(IllegalAction) as refused:
        codec.from_json({"type": "Place", "x": 1, "y": "z" * 10_000, "tags": []})
    assert len(str(refused.value)) < 120


@dataclass(frozen=True)
class Mark(Action):
    seat: int | None
    flag: bool = False


def test_optional_and_bool_fields_are_strict_too() -> None:
    marks = ActionCodec([Mark])
    assert marks.from_json({"type": "Mark", "seat": None, "flag": True}) == Mark(None, True)
    assert marks.from_json({"type": "Mark", "seat": 2, "flag": False}) == Mark(2, False)
    for seat, flag, message in [(False, False, "seat: expected a whole number or null, got false"),
                                (1, 1, "flag: expected true or false, got 1"),
                                (1, "true", "flag: expected true or false, got 'true'")]:
        with pytest.raises(IllegalAction, match=message):
            marks.from_json({"type": "Mark", "seat": seat, "flag": flag})


def test_enumerated_space_numbers_every_action() -> None:
    space = EnumeratedActionSpace([Place(0, 0), Place(0, 1), Stop()])
    assert space.size == 3
    assert [space.encode(space.decode(i)) for i in range(3)] == [0, 1, 2]
    with pytest.raises(IllegalAction):
        space.encode(Place(5, 5))
    with pytest.raises(IllegalAction):
        space.decode(3)
    with pytest.raises(ValueError):
        EnumeratedActionSpace([Stop(), Stop()])


@dataclass(frozen=True)
class Jump(Action):
    x: int


@dataclass(frozen=True)
class Hop(Action):
    x: int


def test_enumerated_space_encodes_lists_by_class_and_fields() -> None:
    actions = [Place(0, 0), Place(0, 1, ("a",)), Stop(), Jump(0), Hop(0), Jump(1)]
    space = EnumeratedActionSpace(actions)
    fresh = [Hop(0), Place(0, 1, ("a",)), Jump(1), Stop(), Jump(0)]  # equal, not the same objects
    assert space.encode_all(fresh) == [space.encode(a) for a in fresh] == [4, 1, 5, 2, 3]
    assert space.encode_all([]) == []
    for outsider in (Place(0, 1), Jump(2), Place(9, 9, ("a",))):
        with pytest.raises(IllegalAction, match="not in this game's action space"):
            space.encode_all([Stop(), outsider])
    with pytest.raises(IllegalAction):
        EnumeratedActionSpace([Stop()]).encode_all([Jump(0)])


def test_encode_all_remembers_shared_objects_and_never_a_freed_one() -> None:
    """The ids are looked up by object identity: a freed object's id() may name a new object, so
    the space keeps every object it remembers, starts over at its limit, and copies start empty."""
    space = EnumeratedActionSpace([Jump(i) for i in range(4)])
    shared = [Jump(3), Jump(1)]
    assert space.encode_all(shared) == space.encode_all(shared) == [3, 1]
    space.LIMIT = 6
    for i in range(200):  # fresh objects, dropped at once: their addresses come back in CPython
        fresh = Jump(i % 4)
        assert space.encode_all([fresh]) == [i % 4]
        assert len(space._memory[1]) <= space.LIMIT
    assert space.encode_all(shared) == [3, 1]
    for other in (copy.deepcopy(space), pickle.loads(pickle.dumps(space))):
        assert other._memory == ({}, []) and other.encode_all([Jump(2), *shared]) == [2, 3, 1]
    with pytest.raises(IllegalAction, match="not in this game's action space"):
        space.encode_all([*shared, Jump(9)])
