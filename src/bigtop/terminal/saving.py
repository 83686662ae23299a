"""Where the terminal writes records: never over an existing file unless asked, never half a file."""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from bigtop.core.errors import BigtopError
from bigtop.terminal.text import plural


def check_record_file(path: Path, force: bool) -> None:
    """Refuse `--save FILE` before a game starts if the file cannot be written or would replace
    another (unless `force`)."""
    if path.is_dir():
        raise BigtopError(f"--save: {path} is a folder; give a file name")
    if not path.parent.is_dir():
        raise BigtopError(f"--save: no such folder {path.parent}")
    if path.exists() and not force:
        raise BigtopError(f"--save: {path} already exists; choose another name, or add --force to replace it")


def check_record_folder(folder: Path, names: Iterable[str], force: bool) -> None:
    """Refuse `--save FOLDER` if it is a file, or holds records of these names (unless `force`)."""
    if folder.exists() and not folder.is_dir():
        raise BigtopError(f"--save: {folder} is a file; --save takes a folder to write the records in")
    clash = [name for name in names if (folder / name).exists()]
    if clash and not force:
        raise BigtopError(
            f"--save: {folder} already holds {plural(len(clash), 'record')} of these games ({clash[0]}"
            f"{', ...' if len(clash) > 1 else ''}); choose another folder, or add --force to replace them"
        )


def save_record(state: Any, path: Path) -> None:
    """Write the record of `state`'s game to `path`, replacing it whole: a crash leaves the old file."""
    partial = path.with_name(path.name + ".part")
    try:
        state.record().save(partial)
        os.replace(partial, path)
    except OSError as exc:
        partial.unlink(missing_ok=True)
        raise BigtopError(f"cannot save the game to {path}: {exc.strerror}") from None
