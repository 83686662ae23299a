import pytest

from bigtop.core import DataError
from bigtop.core.data import Entry, load_entries


class Card(Entry):
    id: str
    cost: int


def test_valid_file_loads(tmp_path) -> None:
    path = tmp_path / "cards.toml"
    path.write_text('[[card]]\nid = "a"\ncost = 2\nprovenance = "rulebook"\n')
    assert load_entries(path, "card", Card)[0].cost == 2


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[[card]]\nid = "a"\ncost = "two"\nprovenance = "rulebook"\n', r"cards.toml: card 0 \(a\): field cost"),
        ('[[card]]\nid = "a"\ncost = 2\n', "field provenance"),
        ('[[card]]\nid = "a"\ncost = 2\nprovenance = "guess"\n', "field provenance"),
        ('[[card]]\nid = "a"\ncost = 2\nprovenance = "rulebook"\ncolour = 1\n', "field colour"),
        ('card = 3\n', r"\[\[card\]\] must be an array"),
        ('[[tile]]\nid = "a"\n', r"no \[\[card\]\] entries"),
        ('[[card]\n', "not valid TOML"),
    ],
)
def test_bad_file_names_file_entry_and_field(tmp_path, text: str, message: str) -> None:
    path = tmp_path / "cards.toml"
    path.write_text(text)
    with pytest.raises(DataError, match=message):
        load_entries(path, "card", Card)


def test_missing_file(tmp_path) -> None:
    with pytest.raises(DataError, match="cannot read"):
        load_entries(tmp_path / "none.toml", "card", Card)
