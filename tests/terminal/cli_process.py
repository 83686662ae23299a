"""Run the installed `bigtop` command as a real process, as a person at a shell would."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

BIGTOP = Path(sys.executable).with_name("bigtop")  # the console script next to this Python


def bigtop(*args: str, cwd: Path | None = None, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """`bigtop ARGS...` with no input; its exit code and both outputs."""
    return subprocess.run(
        [str(BIGTOP), *args], capture_output=True, text=True, timeout=timeout, stdin=subprocess.DEVNULL, cwd=cwd
    )


def assert_one_error_line(proc: subprocess.CompletedProcess[str], *fragments: str) -> str:
    """The process failed as a command line should, before doing anything: exit 2, one
    `bigtop: error: ...` line on stderr naming every fragment, nothing on stdout. Returns the line."""
    lines = proc.stderr.strip().splitlines()
    assert proc.returncode == 2, (proc.returncode, proc.stderr[-2000:])
    assert len(lines) == 1 and lines[0].startswith("bigtop: error: "), proc.stderr[-2000:]
    assert proc.stdout.strip() == "", proc.stdout[-2000:]
    for fragment in fragments:
        assert fragment in lines[0], (fragment, lines[0])
    return lines[0]
