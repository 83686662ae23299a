from dataclasses import dataclass

import pytest

from bigtop.core import OptionError, parse_options
from bigtop.core.options import options_to_json, parse_pairs


@dataclass(frozen=True)
class Opts:
    rounds: int = 3
    fast: bool = False
    deck: tuple[str, ...] = ()
    cards: str | None = None


def test_defaults_instances_and_strings() -> None:
    assert parse_options(Opts, None) == Opts()
    assert parse_options(Opts, Opts(rounds=2)) == Opts(rounds=2)
    parsed = parse_options(Opts, parse_pairs(["rounds=5", "fast=yes", "deck=a,b", "cards=x.toml"]))
    assert parsed == Opts(5, True, ("a", "b"), "x.toml")
    assert parse_options(Opts, options_to_json(parsed)) == parsed


@pytest.mark.parametrize(
    ("given", "message"),
    [
        ({"speed": "1"}, "unknown option speed"),
        ({"rounds": "many"}, "expected a whole number"),
        ({"fast": "perhaps"}, "expected true or false"),
        ({"rounds": True}, "expected a whole number"),
    ],
)
def test_bad_options_are_named(given: dict, message: str) -> None:
    with pytest.raises(OptionError, match=message):
        parse_options(Opts, given)


def test_pairs_need_an_equals_sign() -> None:
    with pytest.raises(OptionError, match="key=value"):
        parse_pairs(["rounds"])


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [
        ("drumroll", 3, {"regions": ["zzz"]}),
        ("drumroll", 3, {"performer_order": "zzz"}),
        ("drumroll", 5, None),
        ("drumroll", 3, {"no_such_option": 1}),
    ],
)
def test_check_options_refuses_what_cannot_be_played(game: str, players: int, options: object) -> None:
    from bigtop import games

    with pytest.raises(OptionError):
        games.get(game).check_options(players, options)


def test_check_options_answers_the_parsed_options() -> None:
    from bigtop import games

    g = games.get("carcassonne")
    assert g.check_options(2, {"expansions": ""}) == g.parse_options({"expansions": []})
