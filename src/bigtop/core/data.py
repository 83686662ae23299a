"""Game content as TOML data, validated with pydantic when loaded.

Every entry derives from `Entry` and so says where it comes from (`provenance`). A file is read
with `read_toml` and checked against its tables by `schema.py`, which raises `DataError` naming the
file, the entry, the field and its line.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from bigtop.core.errors import DataError


class Entry(BaseModel):
    """One card, tile, city... Unknown fields are errors; `provenance` is required."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    provenance: Literal["rulebook", "reconstructed"]


def first_copies(entries: Iterable[Any]) -> dict[str, str]:
    """Per entry id, the id of the first entry printed alike (every field but `id` and
    `provenance` equal): copies of one card, which do the same thing (`State.choice_key`)."""
    first: dict[Any, str] = {}
    out = {}
    for entry in entries:
        printed = repr(sorted(entry.model_dump(exclude={"id", "provenance"}).items()))
        out[entry.id] = first.setdefault(printed, entry.id)
    return out


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
