"""The suite, report and testing packages import each other without cycles (lazy, in-function
imports count too; imports under ``TYPE_CHECKING`` do not): kinds <- spec/messages, kinds <- report
model <- renderers, report <- runner, and testing above all of them."""

from __future__ import annotations

import pytest

grimp = pytest.importorskip("grimp")

CHECKED = ("perturbkit.suite", "perturbkit.report", "perturbkit.testing", "perturbkit.pytest_plugin")


def _cycles(graph) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph.find_modules_directly_imported_by(v):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for m in sorted(graph.modules):
        if m not in index:
            visit(m)
    return out


def test_no_import_cycles_through_suite_report_or_testing():
    graph = grimp.build_graph("perturbkit", exclude_type_checking_imports=True)
    bad = [c for c in _cycles(graph) if any(m == p or m.startswith(p + ".") for m in c for p in CHECKED)]
    assert bad == []


def test_the_report_reads_the_kinds_and_the_kinds_know_no_report():
    graph = grimp.build_graph("perturbkit", exclude_type_checking_imports=True)
    assert graph.direct_import_exists(importer="perturbkit.report.model", imported="perturbkit.kinds")
    assert not graph.chain_exists(importer="perturbkit.kinds", imported="perturbkit.report", as_packages=True)
    assert not graph.chain_exists(importer="perturbkit.suite.messages", imported="perturbkit.suite.spec")
