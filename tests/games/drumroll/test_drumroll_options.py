"""Table options checked against the content they name, each refusal saying what is wrong."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bigtop import games
from bigtop.core import OptionError

GAME = games.get("drumroll")


@pytest.mark.parametrize(
    ("players", "options", "message"),
    [
        (3, {"regions": ["zzz", "rome", "paris"]}, "regions: unknown region 'zzz'; known: london, moscow, paris, rome, vienna"),
        (3, {"regions": ["moscow", "rome", "moscow"]}, "regions: 'moscow' is given twice"),
        (3, {"regions": ["moscow", "rome"]}, "regions: 3 players need 3 region tiles (seat by seat), got 2"),
        (2, {"regions": ["moscow", "rome"]},
         "regions: 2 players need 3 region tiles (seat by seat, then the virtual region), got 2"),
        (4, {"regions": ["moscow", "rome", "paris"]}, "regions: 4 players need 4 region tiles (seat by seat), got 3"),
        (3, {"first_player": 9}, "first_player=9: Drum Roll has 3 seats here (0 to 2, or -1 to draw the starting player)"),
        (2, {"first_player": -2}, "first_player=-2: Drum Roll has 2 seats here (0 to 1, or -1 to draw the starting player)"),
        (3, {"performer_order": ["zzz"]}, "performer_order: unknown performer card 'zzz'; known: ball-juggler, "),
        (3, {"performer_order": ["orchestra"]}, "performer_order: 'orchestra' is a personnel card, not a performer card"),
        (3, {"personnel_order": ["fire-1"]}, "personnel_order: 'fire-1' is an investment card, not a personnel card"),
        (3, {"investment_order": ["fire-1", "fire-1"]}, "investment_order: 'fire-1' is given twice"),
        (3, {"investment_order": ["tumbler"]}, "investment_order: 'tumbler' is a performer card, not an investment card"),
    ],
)
def test_each_option_is_checked_against_the_content(players: int, options: dict, message: str) -> None:
    with pytest.raises(OptionError, match="^" + re.escape(message)):
        GAME.check_options(players, options)


def test_a_card_file_that_cannot_be_read_or_validated_is_named(tmp_path: Path) -> None:
    with pytest.raises(OptionError, match=r"^cards: .*missing\.toml: cannot read"):
        GAME.check_options(3, {"cards": str(tmp_path / "missing.toml")})
    bad = tmp_path / "bad.toml"
    bad.write_text('[[performer]]\nid = "x"\n', encoding="utf-8")
    with pytest.raises(OptionError, match=r"(?s)^cards: .*bad\.toml: .*performer 0 \(x\) at line 1: missing fields provenance, name"):
        GAME.check_options(3, {"cards": str(bad)})


def test_good_options_are_answered_parsed() -> None:
    options = GAME.check_options(2, {"regions": "moscow,rome,paris", "first_player": "1",
                                     "performer_order": "tumbler,giant", "investment_order": "fire-1"})
    assert options.regions == ("moscow", "rome", "paris") and options.first_player == 1
    assert GAME.check_options(4, None) == GAME.parse_options(None)
