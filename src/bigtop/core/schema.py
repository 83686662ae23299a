"""A game's content file checked against the tables the game declares, so that no edit is ever
silently ignored.

A game declares a `ContentSchema`: the arrays of tables a content file may hold (`[[performer]]`,
`[[award]]`...), each entry's pydantic model, which tables the file must hold, and the shipped file
each table comes from. `check_content(path, schema)` reads the file and reports every problem at
once, each with its line in the file (tomllib gives none, so `locate` finds them):

- errors: an unknown table or top-level key (with the tables the file may hold, and for a table
  the game reads only from its own data, `ContentSchema.fixed`, that it is fixed there), a table
  that is not an array of tables, an unknown field or a value not among the allowed ones (with the
  closest valid one, difflib's), a missing or invalid field, a value of the wrong type (validation
  is strict: "3", 3.0 or true is not the integer 3, 1 is not true), a field the entry's kind never
  reads (`read_by`), a duplicate id;
- warnings: a number far outside the range of the same field in the shipped table, a value of an
  open field that no shipped entry has (`Table.open_fields`), what a game's own `Table.warn` finds
  in an entry, a shipped entry missing from a table the file replaces (the game is then played
  without it; with the ids the file adds, and a likely rename).

`load_content_file` returns the validated entries, or raises one `DataError` listing every error.
`check_playable` then runs the game's own checks across its tables (`ContentSchema.playable`), whose
errors name their line with `entry_line`.
"""

from __future__ import annotations

import difflib
import json
import re
import typing
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError, ValidationInfo, field_validator

from bigtop.core.data import Entry, read_toml
from bigtop.core.errors import DataError


@dataclass(frozen=True)
class Table:
    """One array of tables a content file may hold: its entries' model, the shipped file it comes
    from (for the warnings), whether the file must hold it, the field naming an entry, and the open
    fields: free text that names something new when no shipped entry has the value (an artist's
    instrument), which is warned about since a typo makes one too; `warn`, the game's own warnings
    about a valid entry, each as (field, message)."""

    model: type[Entry]
    shipped: Path | None = None
    required: bool = True
    key: str = "id"
    open_fields: tuple[str, ...] = ()
    warn: Callable[[Any], Iterable[tuple[str, str]]] | None = None


@dataclass(frozen=True)
class ContentSchema:
    """What a game's content file may hold: its tables by name (`[[name]]`); `fixed`, the tables the
    game reads only from its own data, each with why ("the Big Top's tokens are fixed in the game's
    data (tokens.toml)");
    `playable`, the game's own checks across the tables of a file (`check_playable`)."""

    tables: Mapping[str, Table]
    what: str = "content file"
    fixed: Mapping[str, str] = field(default_factory=dict)
    playable: Callable[[Path], object] | None = None

    def load(self, path: str | Path) -> dict[str, list[Any]]:
        """The validated entries of each table the file holds; `DataError` listing every error."""
        return load_content_file(path, self)


@dataclass
class ContentReport:
    """What `check_content` found: errors (the file cannot be played), warnings (it can, but
    probably not as meant), and the validated entries of each table when there is no error."""

    path: str
    errors: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    entries: dict[str, list[Any]] = field(default_factory=dict)

    def raise_errors(self) -> None:
        """Raise one `DataError` naming the file and listing every error, if there is any."""
        if len(self.errors) == 1:
            raise DataError(f"{self.path}: {self.errors[0]}")
        if self.errors:
            listed = "\n".join(f"  {e}" for e in self.errors)
            raise DataError(f"{self.path}: {len(self.errors)} errors:\n{listed}")


# ---------------------------------------------------------------------------- line numbers
@dataclass
class Block:
    """A table header of the file (`[name]` or `[[name]]`) and the lines of its keys."""

    name: str
    line: int
    array: bool
    end: int = 0  # the last line of the block
    keys: dict[str, int] = field(default_factory=dict)


_HEADER = re.compile(r"\s*(\[\[?)\s*([^\]]+?)\s*\]\]?\s*(#.*)?$")
_KEY = re.compile(r"""\s*("[^"]*"|'[^']*'|[A-Za-z0-9_-]+)\s*[.=]""")


def _scan(line: str, depth: int, string: str | None) -> tuple[int, str | None]:
    """The bracket depth and the open multi-line string delimiter after `line` (strings and
    comments skipped)."""
    i = 0
    while i < len(line):
        if string is not None:
            close = line.find(string, i)
            if close < 0:
                return depth, string
            i, string = close + 3, None
            continue
        c = line[i]
        if c == "#":
            break
        if line.startswith('"""', i) or line.startswith("'''", i):
            string, i = line[i : i + 3], i + 3
            continue
        if c in "\"'":
            i += 1
            while i < len(line) and line[i] != c:
                i += 2 if c == '"' and line[i] == "\\" else 1
        elif c in "[{":
            depth += 1
        elif c in "]}":
            depth -= 1
        i += 1
    return depth, string


def locate(text: str) -> tuple[dict[str, int], list[Block]]:
    """Where things are in a TOML text: the lines of the top-level keys, and every table header
    with the lines of its keys (1-based line numbers)."""
    top: dict[str, int] = {}
    blocks: list[Block] = []
    depth, string = 0, None
    lines = text.splitlines()
    for number, line in enumerate(lines, start=1):
        if depth == 0 and string is None:
            header = _HEADER.match(line)
            if header:
                if blocks:
                    blocks[-1].end = number - 1
                blocks.append(Block(header.group(2).strip().strip("\"'"), number, header.group(1) == "[["))
                continue
            key = _KEY.match(line)
            if key:
                (blocks[-1].keys if blocks else top).setdefault(key.group(1).strip("\"'"), number)
        depth, string = _scan(line, depth, string)
    if blocks:
        blocks[-1].end = len(lines)
    return top, blocks


def _entry_blocks(blocks: Sequence[Block], table: str) -> list[Block]:
    return [b for b in blocks if b.array and b.name == table]


def _field_line(text_lines: Sequence[str], block: Block | None, loc: Sequence[Any]) -> int | None:
    """The line of the field at `loc` (inside an entry) in its entry's block: the line of its
    top-level key, or of a nested key's name further on."""
    if block is None:
        return None
    if not loc or not isinstance(loc[0], str) or loc[0] not in block.keys:
        return block.line
    line = block.keys[loc[0]]
    nested = [part for part in loc[1:] if isinstance(part, str)]
    if nested:
        pattern = re.compile(rf"""(^|[\s{{,]){re.escape(nested[-1])}\s*=""")
        for number in range(line, block.end + 1):
            if pattern.search(text_lines[number - 1]):
                return number
    return line


# ---------------------------------------------------------------------------- field names
def _models_in(annotation: Any) -> list[type[BaseModel]]:
    """The pydantic models inside a field's annotation (through Optional, tuple, list...)."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    return [m for arg in typing.get_args(annotation) if arg is not Ellipsis for m in _models_in(arg)]


def _field_names(model: type[BaseModel]) -> list[str]:
    return [info.alias or name for name, info in model.model_fields.items()]


def _model_at(model: type[BaseModel], loc: Sequence[Any]) -> type[BaseModel]:
    """The model that holds the last part of `loc`, a path of field names and list indexes."""
    for part in loc[:-1]:
        if not isinstance(part, str):
            continue
        info = next((i for n, i in model.model_fields.items() if part in (n, i.alias)), None)
        inner = _models_in(info.annotation) if info is not None else []
        if not inner:
            break
        model = inner[0]
    return model


def _closest(name: str, valid: Iterable[str]) -> str | None:
    found = difflib.get_close_matches(name, list(valid), n=1, cutoff=0.6)
    return found[0] if found else None


def _did_you_mean(name: str | None, shown: str = "{}") -> str:
    return f"; did you mean {shown.format(name)}?" if name else ""


# ---------------------------------------------------------------------------- the check
def validate_strict(model: type[Entry], raw: Any) -> Any:
    """`raw` (an entry as TOML gives it) validated as `model` without coercion: a string, a float or
    a boolean is never taken for an integer, nor an integer for a boolean. JSON's strict mode
    still makes tuples of arrays; a TOML date is given as its text."""
    return model.model_validate_json(json.dumps(raw, default=str), strict=True)


def read_by(readers: Mapping[str, Collection[str]], kind: str = "kind") -> Any:
    """A field validator for the fields of `readers`, each with the kinds (values of the field
    `kind`, declared before them) whose rules read it: given to an entry of another kind with a
    value other than its default, the field would be ignored, so it is refused."""

    def check(cls: type[BaseModel], value: Any, info: ValidationInfo) -> Any:
        name, own = info.field_name, info.data.get(kind)
        assert name is not None
        if own is not None and own not in readers[name] and value != cls.model_fields[name].default:
            them = ", ".join(readers[name])
            raise ValueError(f"not read by {cls.__name__.lower()} of {kind} {own}, only of {them}: remove it or change the {kind}")
        return value

    return field_validator(*readers)(check)


def _entry_label(table: str, spec: Table, raw: Any, index: int) -> str:
    """An entry as messages name it: its table, its index in the table, its id."""
    if isinstance(raw, dict) and isinstance(raw.get(spec.key), str | int):
        return f"{table} {index} ({raw[spec.key]})"
    return f"{table} {index}"


def _entry_errors(
    table: str, spec: Table, index: int, raw: Any, block: Block | None, text_lines: Sequence[str],
) -> tuple[list[str], Any]:
    """The errors of one entry (every one pydantic finds), and the validated entry if none."""
    label = _entry_label(table, spec, raw, index)
    at = f" at line {block.line}" if block else ""
    if not isinstance(raw, dict):
        return [f"{label}{at}: not a table"], None
    try:
        return [], validate_strict(spec.model, raw)
    except ValidationError as exc:
        found = exc.errors()
    unknown = [e for e in found if e["type"] == "extra_forbidden"]
    guesses: dict[tuple[Any, ...], str | None] = {}
    for err in unknown:
        loc = err["loc"]
        valid = _field_names(_model_at(spec.model, loc))
        guesses[tuple(loc)] = _closest(str(loc[-1]), valid)
    explained = {(*loc[:-1], guess) for loc, guess in guesses.items() if guess}
    errors = []
    missing = [".".join(map(str, e["loc"])) for e in found if e["type"] == "missing" and tuple(e["loc"]) not in explained]
    if missing:
        errors.append(f"{label}{at}: missing field{'s' if len(missing) > 1 else ''} {', '.join(missing)}")
    for err in found:
        loc = tuple(err["loc"])
        line = _field_line(text_lines, block, loc)
        where = f" at line {line}" if line else at
        path = ".".join(str(part) for part in loc)
        if err["type"] == "extra_forbidden":
            errors.append(f"unknown field {path}{where} in {label}{_did_you_mean(guesses[loc])}")
        elif err["type"] == "missing":
            continue
        elif loc:
            errors.append(f"{label}: field {path}{where}: {err['msg'].removeprefix('Value error, ')}{_given(err)}{_allowed_guess(err)}")
        else:
            errors.append(f"{label}{at}: {err['msg'].removeprefix('Value error, ')}")
    return errors, None


def _given(err: Any) -> str:
    """What was written instead, for an error of a value's type ("Input should be a valid integer")."""
    if not err["type"].endswith("_type") or isinstance(err["input"], dict | list):
        return ""
    return f", not {json.dumps(err['input'], default=str)}"


def _allowed_guess(err: Any) -> str:
    """The closest allowed value, for a value not among them ("Input should be 'white', 'yellow'...")."""
    if err["type"] != "literal_error" or not isinstance(err["input"], str):
        return ""
    return _did_you_mean(_closest(err["input"], re.findall(r"'([^']*)'", err["ctx"]["expected"])))


@cache
def _shipped_rows(path: Path) -> dict[str, Any]:
    return read_toml(path)


def _range_warnings(table: str, spec: Table, rows: Sequence[Any], blocks: Sequence[Block]) -> list[str]:
    """Numbers far outside the shipped range of their field, new values of open fields, and shipped
    entries left out."""
    if spec.shipped is None:
        return []
    shipped = [row for row in _shipped_rows(spec.shipped).get(table, []) if isinstance(row, dict)]
    warnings = []
    numbers: dict[str, list[float]] = {}
    for row in shipped:
        for name, value in row.items():
            if isinstance(value, int | float) and not isinstance(value, bool):
                numbers.setdefault(name, []).append(value)
    for index, row in enumerate(rows):
        if not isinstance(row, dict):
            continue
        block = blocks[index] if index < len(blocks) else None
        for name in spec.open_fields:
            known = {str(r[name]) for r in shipped if name in r}
            if isinstance(row.get(name), str) and row[name] not in known:
                line = block.keys.get(name, block.line) if block else None
                warnings.append(
                    f"{name} {row[name]!r}{f' at line {line}' if line else ''} in {_entry_label(table, spec, row, index)} is "
                    f"new: no shipped entry has it{_did_you_mean(_closest(row[name], known), '{!r}')}"
                )
        for name, value in row.items():
            if name not in numbers or not isinstance(value, int | float) or isinstance(value, bool):
                continue
            low, high = min(numbers[name]), max(numbers[name])
            width = max(high - low, abs(low), abs(high), 1)
            if not low - width <= value <= high + width:
                line = block.keys.get(name, block.line) if block else None
                warnings.append(
                    f"{name} {value:g}{f' at line {line}' if line else ''} in {_entry_label(table, spec, row, index)} is far "
                    f"outside the shipped range {low:g} to {high:g}"
                )
    warnings += _left_out(table, spec, shipped, rows)
    return warnings


def _left_out(table: str, spec: Table, shipped: Sequence[Any], rows: Sequence[Any]) -> list[str]:
    """The shipped entries the file leaves out, with the ids it adds and what looks like a rename."""
    have = [str(row[spec.key]) for row in rows if isinstance(row, dict) and spec.key in row]
    known = [str(row[spec.key]) for row in shipped if spec.key in row]
    missing = [key for key in known if key not in have]
    if not missing:
        return []
    added = [key for key in have if key not in known]
    them = "it" if len(missing) == 1 else "them"
    message = (f"[[{table}]]: {len(missing)} shipped {'entry is' if len(missing) == 1 else 'entries are'} not in this file "
               f"({', '.join(missing)}): the game is played without {them}")
    if added:
        message += f"; the file adds {len(added)} new {'entry' if len(added) == 1 else 'entries'} ({', '.join(added)})"
        renames = {missing[0]: added[0]} if len(missing) == len(added) == 1 else {
            old: new for old in missing if (new := _closest(old, added))}
        if renames:
            shown = ", ".join(f"{old} to {new}" for old, new in renames.items())
            message += (f": {'it looks like a rename' if len(renames) == 1 else 'they look like renames'} ({shown}); "
                        "a renamed id is a new entry, so keep the shipped id to change an entry")
    return [message]


def _entry_warnings(table: str, spec: Table, index: int, raw: Any, entry: Any, block: Block | None) -> list[str]:
    """The game's own warnings about a valid entry (`Table.warn`), each with its field's line."""
    if spec.warn is None or entry is None:
        return []
    label = _entry_label(table, spec, raw, index)
    out = []
    for name, message in spec.warn(entry):
        line = block.keys.get(name, block.line) if block else None
        out.append(f"{label}: field {name}{f' at line {line}' if line else ''}: {message}")
    return out


def check_content(path: str | Path, schema: ContentSchema) -> ContentReport:
    """Every error and warning of the content file at `path` (see the module's docstring)."""
    report = ContentReport(str(path))
    data = read_toml(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):  # read_toml has just read it: nothing to locate then
        text = ""
    top, blocks = locate(text)
    text_lines = text.splitlines()
    shown = "[[{}]]"
    for name, value in data.items():
        if name in schema.tables:
            if not isinstance(value, list):
                line = top.get(name) or next((b.line for b in blocks if b.name == name), None)
                report.errors.append(f"[{name}]{f' at line {line}' if line else ''} must be an array of tables: write [[{name}]]")
            continue
        guess = _closest(name, schema.tables)
        is_table = isinstance(value, dict | list)
        line = top.get(name) if not is_table else next((b.line for b in blocks if b.name.split(".")[0] == name), top.get(name))
        at = f" at line {line}" if line else ""
        if is_table:
            kind = "table [[{}]]" if isinstance(value, list) else "table [{}]"
            report.errors.append(f"unknown {kind.format(name)}{at}{_unknown_table_hint(schema, name, guess)}")
        else:
            report.errors.append(f"unknown key {name}{at}{_did_you_mean(guess, shown)}")
    present = [name for name in schema.tables if isinstance(data.get(name), list)]
    for name, spec in schema.tables.items():
        if spec.required and name not in data:
            report.errors.append(f"no [[{name}]] entries: the file must hold this table")
    if not any(spec.required for spec in schema.tables.values()) and not present and not report.errors:
        report.errors.append(f"holds none of the tables of a {schema.what} ({', '.join(f'[[{t}]]' for t in schema.tables)})")
    for name in present:
        spec = schema.tables[name]
        entry_blocks = _entry_blocks(blocks, name)
        entries = []
        seen: dict[Any, int] = {}
        for index, raw in enumerate(data[name]):
            block = entry_blocks[index] if index < len(entry_blocks) else None
            errors, entry = _entry_errors(name, spec, index, raw, block, text_lines)
            report.errors.extend(errors)
            report.warnings.extend(_entry_warnings(name, spec, index, raw, entry, block))
            entries.append(entry)
            key = raw.get(spec.key) if isinstance(raw, dict) else None
            if isinstance(key, str | int):
                if key in seen:
                    at = f" at line {block.line}" if block else ""
                    report.errors.append(f"{_entry_label(name, spec, raw, index)}{at}: duplicate {spec.key} (as {name} {seen[key]})")
                seen.setdefault(key, index)
        report.warnings.extend(_range_warnings(name, spec, data[name], entry_blocks))
        report.entries[name] = entries
    if report.errors:
        report.entries = {}
    return report


def _unknown_table_hint(schema: ContentSchema, name: str, guess: str | None) -> str:
    """After an unknown table: that the game reads it only from its own data, or the closest
    table, or the tables the file may hold."""
    holds = "holds" if all(spec.required for spec in schema.tables.values()) else "may hold"
    tables = f"a {schema.what} {holds} {', '.join(f'[[{t}]]' for t in schema.tables)}"
    if name in schema.fixed:
        return f": [[{name}]] is not read from a cards file: {schema.fixed[name]}; {tables}"
    return _did_you_mean(guess, "[[{}]]") or f": {tables}"


def entry_line(path: str | Path, table: str, index: int | None = None, name: str | None = None) -> str:
    """" at line N": where entry `index` of `[[table]]` (its field `name` if given; the table's first
    entry without an index) is in the file at `path`; "" if it cannot be found."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return ""
    blocks = _entry_blocks(locate(text)[1], table)
    block = blocks[index or 0] if (index or 0) < len(blocks) else None
    if block is None:
        return ""
    return f" at line {block.keys.get(name, block.line) if name else block.line}"


def suggest(name: str, valid: Iterable[str]) -> str:
    """"; did you mean X?" with the closest of `valid` to `name`, or ""."""
    return _did_you_mean(_closest(name, valid), "{!r}")


def check_playable(path: str | Path, schema: ContentSchema) -> None:
    """The game's own checks across the tables of a file the schema accepts (`ContentSchema.playable`):
    `DataError` naming the file, and the place and the entry where the game cannot be played."""
    if schema.playable is None:
        return
    try:
        schema.playable(Path(path))
    except DataError as exc:
        message = str(exc).removeprefix(f"{path}: ")
        raise DataError(f"{path}: the game cannot be played with this file: {message}") from None


def load_content_file(path: str | Path, schema: ContentSchema) -> dict[str, list[Any]]:
    """The validated entries of each table the file holds; one `DataError` listing every error."""
    report = check_content(path, schema)
    report.raise_errors()
    return report.entries

