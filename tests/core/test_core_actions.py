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
        ({"type": "Place", "x": 1, "y": 2, "tags": {"a": 1}}, "objects are not allowed"),
    ],
)
def test_malformed_json_is_an_illegal_action_with_a_reason(data: object, message: str) -> None:
    with pytest.raises(IllegalAction, match=message.replace("[", r"\[").replace("]", r"\]")):
        codec.from_json(data)


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
