"""Looking at processes through /proc: which children a process has, and whether one still runs."""

from __future__ import annotations

import os
from pathlib import Path


def living_children(pid: int) -> set[int]:
    """The processes whose parent is `pid` and that are not zombies."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            stat = _stat(int(entry.name))
            if stat is not None and int(stat[1]) == pid and stat[0] != "Z":
                found.add(int(entry.name))
    return found


def alive(pid: int) -> bool:
    """Whether process `pid` exists and is not a zombie."""
    stat = _stat(pid)
    return stat is not None and stat[0] != "Z"


def cpu_seconds(pid: int) -> float:
    """The CPU time process `pid` has used (0 if it is gone)."""
    stat = _stat(pid)
    return 0.0 if stat is None else (int(stat[11]) + int(stat[12])) / os.sysconf("SC_CLK_TCK")


def _stat(pid: int) -> list[str] | None:
    """(state, parent, ...) of a process, or None if it is gone."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
