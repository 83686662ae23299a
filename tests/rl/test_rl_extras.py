"""`bigtop[rl]` installs what OpenSpiel's agents import (torch aside: see docs/rl.md, "Recipes")."""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path

import open_spiel


def test_every_module_openspiels_pytorch_agents_import_is_installed() -> None:
    folder = Path(open_spiel.__file__).parent / "python" / "pytorch"
    agents = [p for p in folder.glob("*.py") if not p.name.endswith("_test.py")]
    assert agents
    imported: set[str] = set()
    for path in agents:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                imported.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                imported.add(node.module.split(".")[0])
    assert "tree" in imported  # dm-tree, which NFSP imports
    missing = sorted(name for name in imported - {"torch"} if importlib.util.find_spec(name) is None)
    assert missing == []
