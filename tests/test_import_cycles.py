"""No two bigtop modules import each other at run time.

Each module's imports at module level are read with `ast` (those under `if TYPE_CHECKING:` are
for annotations only and left out; imports inside functions are left out too), and the graph of
bigtop's modules is searched for cycles (docs/kernel.md, "Types and imports").
"""

from __future__ import annotations

import ast
from pathlib import Path

import bigtop

SRC = Path(bigtop.__file__).parent


def module_names(root: Path) -> dict[str, Path]:
    """Every module of the package at `root`, by dotted name (a package by its own name)."""
    out = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imported(statements: list[ast.stmt], package: str, modules: dict[str, Path]) -> list[str]:
    """The modules of `modules` that `statements` import when they run (`from X import y`: X.y if
    it is a module, else X)."""
    out: list[str] = []
    for node in statements:
        if isinstance(node, ast.If):
            out += _imported(node.orelse, package, modules)
            if not _type_checking(node.test):
                out += _imported(node.body, package, modules)
        elif isinstance(node, ast.Try):
            for block in (node.body, node.orelse, node.finalbody, *(h.body for h in node.handlers)):
                out += _imported(block, package, modules)
        elif isinstance(node, ast.With):
            out += _imported(node.body, package, modules)
        elif isinstance(node, ast.Import):
            out += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join([*parts[: len(parts) - node.level + 1], *([node.module] if node.module else [])])
            out += [f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base for alias in node.names]
    return [name for name in out if name in modules]


def import_graph(root: Path) -> dict[str, set[str]]:
    """Module -> the modules of the same package it imports at run time, at module level."""
    modules = module_names(root)
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        imported = _imported(ast.parse(path.read_text(encoding="utf-8")).body, package, modules)
        graph[name] = set(imported) - {name}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_no_bigtop_modules_import_each_other():
    graph = import_graph(SRC)
    assert "bigtop.server.tables" in graph and "bigtop.core.api" in graph
    assert "bigtop.server.clocks" in graph["bigtop.server.tables"]  # a direction: tables -> clocks
    assert "bigtop.core.record" in graph["bigtop.core.api"]  # and api -> record
    assert cycles(graph) == []


def test_a_cycle_is_found_and_annotation_imports_are_not_one(tmp_path):
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("from pkg.a import A\n")
    (package / "a.py").write_text("from . import b\nfrom pkg.c import C\nA = 1\n")
    (package / "b.py").write_text("import pkg.a\n")
    (package / "c.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.a import A\nC = 1\n\n"
        "def later():\n    from pkg import a\n")
    graph = import_graph(package)
    assert graph["pkg.c"] == set()
    assert cycles(graph) == [["pkg.a", "pkg.b"]]
