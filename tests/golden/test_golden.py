"""Golden playthroughs: one seeded game per game, written out step by step and checked in.

A change of behaviour (a view, a legal action, a log entry, a score) shows as a diff of the file.
When the change is intended, rewrite the files with `pytest tests/golden --update-golden` and
commit them with the change that explains them.
"""

from __future__ import annotations

import difflib
import re
from pathlib import Path

import pytest

from bigtop import games
from golden.playthrough import playthrough

HERE = Path(__file__).parent
NAME = re.compile(r"(?P<game>[a-z]+)-(?P<players>\d+)p-seed(?P<seed>\d+)\.txt")
GOLDEN = sorted(HERE.glob("*.txt"))


def test_every_game_has_a_golden_playthrough() -> None:
    covered = {NAME.fullmatch(path.name)["game"] for path in GOLDEN}
    shipped = {name for name in games.names() if games.get(name).__module__.startswith("bigtop.games.")}
    assert shipped and covered >= shipped


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_the_game_plays_as_its_golden_file_says(path: Path, request: pytest.FixtureRequest) -> None:
    match = NAME.fullmatch(path.name)
    assert match, f"{path.name}: golden files are named GAME-Np-seedS.txt"
    text = playthrough(match["game"], int(match["players"]), int(match["seed"]))
    if request.config.getoption("--update-golden"):
        path.write_text(text, encoding="utf-8")
        return
    expected = path.read_text(encoding="utf-8")
    if text != expected:
        diff = difflib.unified_diff(expected.splitlines(), text.splitlines(), "golden", "now", lineterm="", n=1)
        shown = "\n".join(list(diff)[:60])
        pytest.fail(f"{path.name} no longer matches the game (rewrite with --update-golden if intended):\n{shown}")
