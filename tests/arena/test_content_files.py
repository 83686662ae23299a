"""A designer's content file through the real `bigtop` command, for every game: each kind of broken
file is refused with its line and the closest valid name, every error at once; values far from the
shipped ones are warned about; a good file is really played (`cards`, `sim`, `arena`)."""

from __future__ import annotations

import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parents[1] / "terminal"))
from cli_process import bigtop  # noqa: E402

from bigtop import games  # noqa: E402


def shipped(game: str, name: str) -> str:
    module = sys.modules[type(games.get(game)).__module__]
    return (Path(module.__file__).parent / "data" / name).read_text(encoding="utf-8")


@dataclass(frozen=True)
class Case:
    """One game's content file and the edits that break it: `table` a table name to misspell,
    `field_line` a line of its first entry whose key is misspelled, `far` text to replace so that
    `far_value` (field, value) is far outside the shipped range, `drop` the start of an entry to
    leave out and its id."""

    game: str
    file: str
    table: str
    field_line: str
    far: tuple[str, str]
    far_value: tuple[str, str]
    drop: tuple[str, str]
    warn_file: str = ""  # the file the far value and the dropped entry are in, if not `file`


CASES = {
    "drumroll": Case("drumroll", "cards.toml", "personnel", "cost = 2",
                     ('kind = "orchestra"\nprovenance = "reconstructed"\ncost = 5', 'kind = "orchestra"\nprovenance = "reconstructed"\ncost = 999'),
                     ("cost", "999"), ('[[performer]]\nid = "tumbler"', "tumbler")),
    "trollfest": Case("trollfest", "festival.toml", "award", "first = 10", ('id = "tour_bus"\nname = "Tour Bus"\nkind = "tour"\ncopies = 4',
                      'id = "tour_bus"\nname = "Tour Bus"\nkind = "tour"\ncopies = 10'), ("copies", "10"),
                      ('[[action]]\nid = "dragon_tamer"', "dragon_tamer"), "actions.toml"),
    "carcassonne": Case("carcassonne", "tiles.toml", "tile", 'expansion = "base"',
                        ('id = "B"\nexpansion = "base"\ncount = 4', 'id = "B"\nexpansion = "base"\ncount = 40'),
                        ("count", "40"), ('[[tile]]\nid = "cfff.bt"', "cfff.bt")),
}


def line_of(text: str, fragment: str, after: int = 0) -> int:
    return text[: text.index(fragment, after)].count("\n") + 1


def write(tmp_path: Path, text: str, name: str = "mine.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def errors_of(proc) -> list[str]:
    assert proc.returncode == 2, (proc.returncode, proc.stdout[-1500:], proc.stderr[-1500:])
    assert proc.stdout.strip() == ""
    assert proc.stderr.startswith("bigtop: error: ")
    return proc.stderr.strip().splitlines()


@pytest.mark.parametrize("game", sorted(CASES))
def test_a_misspelled_table_is_refused_with_its_line_and_the_right_name(tmp_path: Path, game: str) -> None:
    case = CASES[game]
    text = shipped(game, case.file)
    header = f"[[{case.table}]]"
    last = text.rindex(header)
    broken = text[:last] + f"[[{case.table}s]]" + text[last + len(header):]
    path = write(tmp_path, broken)
    line = line_of(broken, f"[[{case.table}s]]")
    for command in (("cards", game, "--cards", str(path), "--check"), ("cards", game, "--cards", str(path)),
                    ("sim", game, "-n", "1", "--cards", str(path))):
        (error,) = errors_of(bigtop(*command))
        assert f"unknown table [[{case.table}s]] at line {line}; did you mean [[{case.table}]]?" in error, error


@pytest.mark.parametrize("game", sorted(CASES))
def test_every_error_is_reported_at_once_with_its_line(tmp_path: Path, game: str) -> None:
    case = CASES[game]
    text = shipped(game, case.file)
    at = text.index(f"[[{case.table}]]")
    field_at = text.index(case.field_line, at)
    key, _, value = case.field_line.partition(" = ")
    wrong = key[:-2] + key[-1] + key[-2]  # two letters swapped: cost -> cots
    broken = "colour_scheme = 3\n" + text[:field_at] + f"{wrong} = {value}" + text[field_at + len(case.field_line):]
    broken += f'\n[[{case.table}]]\nid = "extra"\nprovenance = "guessed"\n'
    path = write(tmp_path, broken)
    lines = errors_of(bigtop("cards", game, "--cards", str(path), "--check"))
    assert re.fullmatch(r"bigtop: error: .*mine\.toml: \d+ errors:", lines[0]), lines[0]
    listed = "\n".join(lines[1:])
    assert "unknown key colour_scheme at line 1" in listed
    assert f"unknown field {wrong} at line {line_of(broken, f'{wrong} = ')}" in listed and f"did you mean {key}?" in listed
    assert f"missing field {key}" not in listed.split(f"unknown field {wrong}")[0]  # the misspelling explains it
    extra = line_of(broken, 'id = "extra"') - 1
    assert re.search(rf"{case.table} \d+ \(extra\) at line {extra}: missing field", listed), listed
    assert re.search(rf"{case.table} \d+ \(extra\): field provenance at line {extra + 2}: Input should be 'rulebook' or 'reconstructed'", listed)
    assert len(lines) >= 5


@pytest.mark.parametrize("game", sorted(CASES))
def test_far_values_and_removed_entries_are_warned_about_not_refused(tmp_path: Path, game: str) -> None:
    case = CASES[game]
    text = shipped(game, case.warn_file or case.file)
    assert case.far[0] in text and case.drop[0] in text
    edited = text.replace(case.far[0], case.far[1])
    start = edited.index(case.drop[0])
    end = edited.find("\n[[", start + 3)
    edited = edited[:start] + (edited[end + 1:] if end >= 0 else "")
    path = write(tmp_path, edited)
    proc = bigtop("cards", game, "--cards", str(path), "--check")
    assert proc.returncode == 0, proc.stderr[-2000:]
    warnings = [line for line in proc.stderr.splitlines() if line.startswith("bigtop: warning: ")]
    field_name, far_value = case.far_value
    far_line = line_of(edited, f"{field_name} = {far_value}")
    assert any(f"{field_name} {far_value} at line {far_line}" in w and "far outside the shipped range" in w for w in warnings), warnings
    assert any(f"({case.drop[1]}):" in w and "played without it" in w for w in warnings), warnings
    assert f"no errors, {len(warnings)} warnings" in proc.stdout


@pytest.mark.parametrize("game", sorted(CASES))
def test_check_passes_the_shipped_content(game: str) -> None:
    proc = bigtop("cards", game, "--check")
    assert proc.returncode == 0 and "no errors, 0 warnings" in proc.stdout and proc.stderr == "", proc.stderr


def test_trollfest_cards_prints_the_file_it_is_given(tmp_path: Path) -> None:
    text = shipped("trollfest", "festival.toml").replace('id = "one_species"\npoints = 8', 'id = "one_species"\npoints = 13')
    path = write(tmp_path, text)
    mine = bigtop("cards", "trollfest", "--cards", str(path))
    plain = bigtop("cards", "trollfest")
    assert mine.returncode == 0 and plain.returncode == 0
    one_species = [line for line in mine.stdout.splitlines() if "One-species band" in line]
    assert one_species and "13" in one_species[0], one_species
    assert "13" not in next(line for line in plain.stdout.splitlines() if "One-species band" in line)


def test_arena_plays_the_content_file_it_is_given(tmp_path: Path) -> None:
    """Drum Roll's Orchestra at cost 0 and salary 0 is hired by every heuristic bot that sees it."""
    text = shipped("drumroll", "cards.toml").replace(
        'name = "Orchestra"\nkind = "orchestra"\nprovenance = "reconstructed"\ncost = 5\nsalary = 2',
        'name = "Orchestra"\nkind = "orchestra"\nprovenance = "reconstructed"\ncost = 0\nsalary = 0',
    )
    path = write(tmp_path, text)
    runs = {}
    for name, extra in (("shipped", ()), ("mine", ("--cards", str(path)))):
        out = tmp_path / name
        proc = bigtop("arena", "drumroll", "--bots", "heuristic", "-p", "3", "-n", "3", "--out", str(out), *extra, timeout=600)
        assert proc.returncode == 0, proc.stderr[-2000:]
        runs[name] = json.loads((out / "summary.json").read_text())
    assert runs["mine"]["tournament"]["options"]["cards"] == str(path)
    assert "--cards" in runs["mine"]["tournament"]["command"] or "cards=" in runs["mine"]["tournament"]["command"]
    rows = json.loads((tmp_path / "mine" / "games.json").read_text())
    record = json.loads((tmp_path / "mine" / rows[0]["record"]).read_text())
    assert record["options"]["cards"] == str(path)
    assert runs["mine"]["decided"] != runs["shipped"]["decided"]
