"""The Drum Roll content files: validation at load, provenance, a user's own card file."""

from __future__ import annotations

from pathlib import Path

import pytest

from bigtop import games
from bigtop.core import DataError
from bigtop.games.drumroll.data import DATA, TYPES, load_content

CARDS = (DATA / "cards.toml").read_text()


def test_counts_and_fixed_points() -> None:
    """45 performers (9 per type), 15 personnel, 30 investment cards; 5 regions, every type on two tiles."""
    c = load_content()
    assert len(c.performers) == 45 and len(c.personnel) == 15 and len(c.investments) == 30
    assert all(sum(p.type == t for p in c.performers.values()) == 9 for t in TYPES)
    assert all(sum(t in r.types for r in c.regions.values()) == 2 for t in TYPES)
    rope = c.performers["rope-walker"]
    assert (rope.cost, rope.salary, rope.flip_prestige, rope.requires) == (4, 4, 2, ("red", "yellow", "white"))
    assert [e.amount for e in rope.poor + rope.good + rope.outstanding] == [3, 4, 5]
    assert c.regions["moscow"].types == ("magician", "tamer") and c.regions["moscow"].prestige == 2
    kinds = [i.kind for i in c.investments.values()]
    assert kinds.count("applause") == 5 and kinds.count("extra_resources") == 10
    assert sum(p.kind == "agent" for p in c.personnel.values()) == 5
    assert sum(p.kind == "assistant" for p in c.personnel.values()) == 5


def test_every_entry_has_provenance() -> None:
    c = load_content()
    for table in (c.performers, c.personnel, c.investments, c.regions):
        assert all(e.provenance in ("rulebook", "reconstructed") for e in table.values())


def test_bad_file_names_file_card_and_field(tmp_path: Path) -> None:
    bad = tmp_path / "cards.toml"
    bad.write_text(CARDS.replace('cost = 4\nsalary = 4', 'cost = "four"\nsalary = 4', 1))
    with pytest.raises(DataError) as err:
        load_content(str(bad))
    msg = str(err.value)
    assert str(bad) in msg and "rope-walker" in msg and "cost" in msg


def test_missing_provenance_is_an_error(tmp_path: Path) -> None:
    bad = tmp_path / "cards.toml"
    bad.write_text(CARDS.replace('provenance = "reconstructed"\n', "", 1))
    with pytest.raises(DataError, match="provenance"):
        load_content(str(bad))


def test_user_card_file_option(tmp_path: Path) -> None:
    """`--cards FILE` maps onto the `cards` option: the game is played with the user's own cards."""
    mine = tmp_path / "mine.toml"
    mine.write_text(CARDS.replace('name = "Rope Walker"', 'name = "Tightrope Star"'))
    game = games.get("drumroll")
    state = game.new(3, seed=1, options={"cards": str(mine)})
    assert state.content.performers["rope-walker"].name == "Tightrope Star"
    with pytest.raises(DataError):
        game.new(3, seed=1, options={"cards": str(tmp_path / "missing.toml")})
