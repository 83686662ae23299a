"""The import graph of src/bigtop, built by parsing every module: the kernel never imports a game,
and no module imports itself back through others.

Every `import` counts, at module level or inside a function (a function-level import that only
breaks a cycle is still a cycle), except those under `if TYPE_CHECKING:`, which never run.
`from package import name` is an edge to the submodule `package.name` when there is one, else to
the package.
"""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src"

# Cycles that belong to other areas, each named with why it stays for now (empty when there are none).
KNOWN_CYCLES: dict[frozenset[str], str] = {}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(SRC.glob("bigtop/**/*.py"))}


def _runtime_nodes(tree: ast.AST, annotations: bool = False) -> list[ast.AST]:
    """Every node of `tree` outside `if TYPE_CHECKING:` blocks (inside them too with `annotations`)."""
    out: list[ast.AST] = []
    stack = [tree]
    while stack:
        node = stack.pop()
        out.append(node)
        for child in ast.iter_child_nodes(node):
            if not annotations and isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                stack.extend(child.orelse)
                continue
            stack.append(child)
    return out


def imports_of(name: str, path: Path, known: dict[str, Path], annotations: bool = False) -> set[str]:
    """The bigtop modules that module `name` (at `path`) imports when it runs (and, with
    `annotations`, for its annotations only)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in _runtime_nodes(ast.parse(path.read_text(encoding="utf-8")), annotations):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(parent + ([base] if base else []))
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                out.add(sub if sub in known else base)
    return {m for m in out if m in known and m != name}


def graph(annotations: bool = False) -> dict[str, set[str]]:
    known = modules()
    return {name: imports_of(name, path, known, annotations) for name, path in known.items()}


def cycles(edges: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = set()
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.add(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(frozenset(component))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def test_the_graph_sees_every_kind_of_import() -> None:
    edges = graph()
    assert "bigtop.core.api" in edges["bigtop.core"]  # from bigtop.core.api import ...
    assert "bigtop.core.options" in edges["bigtop.core.api"]
    assert "bigtop.games.carcassonne.game" in edges["bigtop.games.carcassonne"]


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [frozenset("abc")]


def test_the_kernel_never_imports_a_game() -> None:
    edges = graph()
    bad = sorted(
        f"{m} imports {t}" for m, targets in edges.items() if m.startswith("bigtop.core") for t in targets
        if t == "bigtop.games" or t.startswith("bigtop.games.")
    )
    assert not bad, "the kernel must not know the games: " + "; ".join(bad)


def test_no_import_cycles() -> None:
    found = set(cycles(graph()))
    unexplained = [sorted(c) for c in found if c not in KNOWN_CYCLES]
    assert not unexplained, f"import cycles: {unexplained}"
    stale = [sorted(c) for c in KNOWN_CYCLES if c not in found]
    assert not stale, f"listed cycles that are gone (remove them from KNOWN_CYCLES): {stale}"


def test_the_server_reads_one_way_even_in_its_annotations() -> None:
    """The Hall (tables) uses the clocks, the messages and the live tables, which never name the
    Hall back, not even for an annotation: transport and sinks -> tables -> messages -> live_table
    -> clocks and store."""
    edges = graph(annotations=True)
    layer = {f"bigtop.server.{m}" for m in ("tables", "live_table", "clocks", "messages", "no_choice", "store")}
    assert "bigtop.server.clocks" in edges["bigtop.server.live_table"]
    assert "bigtop.server.live_table" in edges["bigtop.server.tables"]
    within = {m: edges[m] & layer for m in layer}
    assert cycles(within) == [], "a module below the Hall names tables.py"
