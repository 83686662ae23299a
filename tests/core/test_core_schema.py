"""`bigtop.core.schema`: a content file checked against the tables a game declares."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import Field

from bigtop.core import DataError
from bigtop.core.data import Entry
from bigtop.core.schema import ContentSchema, Table, check_content, locate


class Effect(Entry):
    provenance: str = "reconstructed"  # type: ignore[assignment]
    kind: str
    amount: int = 1


class Card(Entry):
    id: str
    cost: int = Field(ge=0)
    pass_: str = Field("", alias="pass")
    effects: tuple[Effect, ...] = ()


SHIPPED = '''
[[card]]
id = "a"
cost = 2
provenance = "rulebook"

[[card]]
id = "b"
cost = 6
provenance = "rulebook"

[[card]]
id = "c"
cost = 4
provenance = "rulebook"
'''


@pytest.fixture
def schema(tmp_path: Path) -> ContentSchema:
    shipped = tmp_path / "shipped.toml"
    shipped.write_text(SHIPPED)
    return ContentSchema({"card": Table(Card, shipped), "rule": Table(Card, required=False)}, "card file")


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "mine.toml"
    path.write_text(text)
    return path


def test_locate_skips_strings_and_multi_line_values() -> None:
    text = '''top = 1
note = """
[[not_a_table]]
cost = 3
"""
[[card]]
id = "a"  # [[also not]]
list = [
  { kind = "x", amount = 2 },
  "]]",
]
cost = 4
[rule.inner]
x = 1
'''
    top, blocks = locate(text)
    assert top == {"top": 1, "note": 2}
    assert [(b.name, b.line, b.array) for b in blocks] == [("card", 6, True), ("rule.inner", 13, False)]
    assert blocks[0].keys == {"id": 7, "list": 8, "cost": 12} and blocks[0].end == 12


def test_every_error_of_a_file_at_once_with_lines_and_closest_names(tmp_path: Path, schema: ContentSchema) -> None:
    path = write(tmp_path, '''[[card]]
id = "a"
cots = 2
provenance = "rulebook"

[[card]]
id = "b"
cost = -1
effects = [
  { kind = "coins", amunt = 2 },
]
provenance = "rulebook"
pas = "red"

[[cards]]
id = "z"

[[card]]
id = "a"
cost = 1
provenance = "rulebook"
''')
    report = check_content(path, schema)
    assert report.errors == [
        "unknown table [[cards]] at line 15; did you mean [[card]]?",
        "unknown field cots at line 3 in card 0 (a); did you mean cost?",
        "card 1 (b): field cost at line 8: Input should be greater than or equal to 0",
        "unknown field effects.0.amunt at line 10 in card 1 (b); did you mean amount?",
        "unknown field pas at line 13 in card 1 (b); did you mean pass?",
        "card 2 (a) at line 18: duplicate id (as card 0)",
    ]
    with pytest.raises(DataError, match=r"mine.toml: 6 errors:\n  unknown table \[\[cards\]\] at line 15"):
        report.raise_errors()


def test_a_wrong_kind_of_table_and_unknown_keys(tmp_path: Path, schema: ContentSchema) -> None:
    path = write(tmp_path, 'colour = "red"\n[card]\nid = "a"\n')
    assert check_content(path, schema).errors == [
        "unknown key colour at line 1",
        "[card] at line 2 must be an array of tables: write [[card]]",
    ]
    assert check_content(write(tmp_path, '[[rule]]\nid = "r"\ncost = 1\nprovenance = "rulebook"\n'), schema).errors == [
        "no [[card]] entries: the file must hold this table",
    ]


def test_far_values_and_missing_entries_are_warnings(tmp_path: Path, schema: ContentSchema) -> None:
    path = write(tmp_path, '[[card]]\nid = "a"\ncost = 999\nprovenance = "rulebook"\n\n[[card]]\nid = "b"\ncost = 9\nprovenance = "rulebook"\n')
    report = check_content(path, schema)
    assert report.errors == []
    assert report.warnings == [
        "cost 999 at line 3 in card 0 (a) is far outside the shipped range 2 to 6",
        "[[card]]: 1 shipped entry is not in this file (c): the game is played without it",
    ]
    assert [c.cost for c in report.entries["card"]] == [999, 9]
