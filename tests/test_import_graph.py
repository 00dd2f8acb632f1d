"""The static import graph (every ``import`` statement, also those inside functions): the registry
sits at the bottom, and the modules that used to import each other no longer do."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "perturbkit"


def import_graph() -> dict[str, set[str]]:
    """``{module: perturbkit modules it imports}`` from the source files, with ast."""
    files = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        is_pkg = parts[-1] == "__init__"
        files[".".join(parts[:-1] if is_pkg else parts)] = (path, is_pkg)
    graph: dict[str, set[str]] = {}
    for module, (path, is_pkg) in files.items():
        here = module.split(".") if is_pkg else module.split(".")[:-1]
        targets: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = ".".join(here[: len(here) - node.level + 1] + [node.module or ""]).strip(".")
                base = node.module if not node.level else base
                for a in node.names:  # `from pkg import submodule` imports the submodule
                    targets.add(f"{base}.{a.name}" if f"{base}.{a.name}" in files else base)
        graph[module] = {t for t in targets if t in files and t != module}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[set[str]]:
    """Strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    out: list[set[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = set()
            while True:
                w = stack.pop()
                comp.add(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(comp)

    for v in graph:
        if v not in index:
            visit(v)
    return out


def test_the_graph_sees_real_imports():
    graph = import_graph()
    assert "perturbkit.registry" in graph["perturbkit.io"]
    assert "perturbkit.metrics.resolve" in graph["perturbkit.metrics.runner"]
    readers = set().union(*(deps for mod, deps in graph.items() if mod.startswith("perturbkit.readers")))
    assert {"perturbkit.io", "perturbkit.example"} <= readers


def test_io_readers_and_metrics_runner_are_in_no_cycle():
    involved = {
        "perturbkit.io",
        "perturbkit.readers",
        "perturbkit.readers.mans",
        "perturbkit.readers.roc",
        "perturbkit.readers.wp",
        "perturbkit.readers.frames",
        "perturbkit.metrics",
        "perturbkit.metrics.runner",
        "perturbkit.metrics.resolve",
        "perturbkit.registry",
        "perturbkit.registry.base",
    }
    found = [sorted(c) for c in cycles(import_graph()) if c & involved]
    assert not found, f"import cycles: {found}"


def test_the_registry_imports_nothing_above_it():
    graph = import_graph()
    assert graph["perturbkit.registry"] == {"perturbkit.registry.base"}
    assert graph["perturbkit.registry.base"] == {"perturbkit.errors"}
