"""The layering contract ([tool.importlinter] in pyproject.toml) holds, and no module import cycle."""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path
from typing import ClassVar

import pytest
from support import REPO

grimp = pytest.importorskip("grimp", reason="import-linter is a test dependency (pip install -e '.[test]')")


def test_layering_contract_is_kept() -> None:
    exe = shutil.which("lint-imports") or str(Path(sys.executable).with_name("lint-imports"))
    done = subprocess.run([exe, "--config", str(REPO / "pyproject.toml"), "--no-cache"], cwd=REPO,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 broken" in done.stdout


def cycles(graph: grimp.ImportGraph) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(graph.modules):
        if start in index:
            continue
        work = [(start, iter(sorted(graph.find_modules_directly_imported_by(start))))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.find_modules_directly_imported_by(child)))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    m = stack.pop()
                    on_stack.discard(m)
                    component.append(m)
                    if m == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_cycles_finds_a_cycle() -> None:
    class Graph:
        modules: ClassVar[set[str]] = {"a", "b", "c", "d"}
        edges: ClassVar[dict[str, set[str]]] = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}

        def find_modules_directly_imported_by(self, m: str) -> set[str]:
            return self.edges.get(m, set())

    assert cycles(Graph()) == [["a", "b", "c"]]  # type: ignore[arg-type]


def test_no_module_imports_itself_through_others() -> None:
    """Imports inside functions count: a lazy import that closes a loop is still a loop."""
    graph = grimp.build_graph("claimaudit", exclude_type_checking_imports=True)
    assert cycles(graph) == []
