"""The base game never names its expansion: the modules of the base turn loop over what the
expansions declare (expansions.py) and contain no name, string or import of Under the Big Top."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from bigtop.games.carcassonne.expansions import EXPANSIONS

PACKAGE = Path(__file__).resolve().parents[3] / "src" / "bigtop" / "games" / "carcassonne"
BASE = ["actions.py", "bot.py", "content.py", "game.py", "log.py", "names.py", "observation.py", "options.py",
        "render.py", "rules.py", "search.py", "state.py"]
WORDS = ("bigtop", "big_top", "ringmaster", "acrobat", "pyramid", "circus", "token")


def code_words(path: Path) -> set[str]:
    """Identifiers, attribute names, non-docstring strings and imported module names of a module."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef)) and node.body
        and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)
    }
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            out.add(node.id)
        elif isinstance(node, ast.Attribute):
            out.add(node.attr)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            out.add(node.value)
        elif isinstance(node, ast.ImportFrom):
            out.add((node.module or "").removeprefix("bigtop."))  # the project's own package is not the expansion
            out.update(a.name for a in node.names)
    return out


@pytest.mark.parametrize("module", BASE)
def test_the_base_game_never_names_its_expansion(module: str) -> None:
    """The options dataclass holds the options the expansions own (`Expansion.options`) as fields."""
    owned = {option for e in EXPANSIONS for option in e.options}
    named = sorted(w for w in code_words(PACKAGE / module) - owned if any(word in w.lower() for word in WORDS))
    assert not named, f"{module} names the expansion: {named}"


def test_the_base_games_words_never_name_its_expansion() -> None:
    """The expansion's words come with its capabilities (`Capability.text`), not in the base catalog."""
    text = (PACKAGE / "data" / "text.toml").read_text(encoding="utf-8").lower()
    assert [word for word in WORDS if word in text] == []
