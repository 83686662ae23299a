"""Game content as TOML data, validated with pydantic when loaded.

Every entry derives from `Entry` and so says where it comes from (`provenance`). A file that does
not validate raises `DataError` naming the file, the entry and the field.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from bigtop.core.errors import DataError

E = TypeVar("E", bound="Entry")


class Entry(BaseModel):
    """One card, tile, city... Unknown fields are errors; `provenance` is required."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    provenance: Literal["rulebook", "reconstructed"]


def read_toml(path: str | Path) -> dict[str, Any]:
    """A TOML file as a dict; `DataError` naming the file if it cannot be read or parsed."""
    try:
        with open(path, "rb") as handle:
            return tomllib.load(handle)
    except OSError as exc:
        raise DataError(f"{path}: cannot read: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise DataError(f"{path}: not a TOML file: it is not UTF-8 text") from None
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"{path}: not valid TOML: {exc}") from None


def _entry_name(raw: Any, index: int) -> str:
    if isinstance(raw, dict):
        for key in ("id", "name", "key"):
            if key in raw:
                return f"{index} ({raw[key]})"
    return str(index)


def validate_entries(path: str | Path, table: str, raw: Any, model: type[E]) -> list[E]:
    """Validate `raw` (the array of tables `[[table]]` of a file) as a list of `model` entries."""
    if not isinstance(raw, list):
        raise DataError(f"{path}: [[{table}]] must be an array of tables")
    out: list[E] = []
    for index, item in enumerate(raw):
        try:
            out.append(model.model_validate(item))
        except ValidationError as exc:
            err = exc.errors()[0]
            field = ".".join(str(x) for x in err["loc"]) or "(entry)"
            raise DataError(f"{path}: {table} {_entry_name(item, index)}: field {field}: {err['msg']}") from None
    return out


def load_entries(path: str | Path, table: str, model: type[E]) -> list[E]:
    """The validated entries of table `table` in the TOML file at `path`."""
    data = read_toml(path)
    if table not in data:
        raise DataError(f"{path}: no [[{table}]] entries")
    return validate_entries(path, table, data[table], model)
