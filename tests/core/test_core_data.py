import pytest

from bigtop.core import DataError
from bigtop.core.data import Entry
from bigtop.core.schema import ContentSchema, Table


class Card(Entry):
    id: str
    cost: int


CARDS = ContentSchema({"card": Table(Card)}, "card file")


def test_valid_file_loads(tmp_path) -> None:
    path = tmp_path / "cards.toml"
    path.write_text('[[card]]\nid = "a"\ncost = 2\nprovenance = "rulebook"\n')
    assert CARDS.load(path)["card"][0].cost == 2


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[[card]]\nid = "a"\ncost = "two"\nprovenance = "rulebook"\n', r"cards.toml: card 0 \(a\): field cost at line 3"),
        ('[[card]]\nid = "a"\ncost = 2\n', "field provenance"),
        ('[[card]]\nid = "a"\ncost = 2\nprovenance = "guess"\n', "field provenance"),
        ('[[card]]\nid = "a"\ncost = 2\nprovenance = "rulebook"\ncolour = 1\n', r"unknown field colour at line 5 in card 0 \(a\)"),
        ('card = 3\n', r"\[card\] at line 1 must be an array of tables"),
        ('[[tile]]\nid = "a"\n', r"no \[\[card\]\] entries"),
        ('[[card]\n', "not valid TOML"),
    ],
)
def test_bad_file_names_file_entry_and_field(tmp_path, text: str, message: str) -> None:
    path = tmp_path / "cards.toml"
    path.write_text(text)
    with pytest.raises(DataError, match=message):
        CARDS.load(path)


def test_missing_file(tmp_path) -> None:
    with pytest.raises(DataError, match="cannot read"):
        CARDS.load(tmp_path / "none.toml")
