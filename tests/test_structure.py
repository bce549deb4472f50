"""The code's structure, as contracts that fail the build when an arrow runs the wrong way:
the import-linter contracts of pyproject.toml (the web core's layers, the engines independent
and below everything else), no import circle anywhere in savanna/ (imports inside functions
included), and a computer search's worker process importing no more of the web app than a
game's position."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

grimp = pytest.importorskip("grimp")


def test_the_import_contracts_are_kept():
    """`lint-imports` (import-linter, with the contracts in pyproject.toml) passes."""
    r = subprocess.run([sys.executable, "-c", "import sys; from importlinter.cli import lint_imports_command; "
                                              "sys.exit(lint_imports_command())"],
                       cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout[-4000:] + r.stderr[-2000:]
    assert "0 broken" in r.stdout


def circles(imports: dict[str, set[str]]) -> list[list[str]]:
    """The import circles of a graph {module: modules it imports}: its strongly connected
    components of more than one module (or a module importing itself), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []
    counter = 0
    for root in sorted(imports):  # Tarjan's algorithm, without recursion
        if root in index:
            continue
        work = [(root, iter(sorted(imports.get(root, ()))))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(imports.get(child, ())))))
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
                if len(component) > 1 or node in imports.get(node, ()):
                    out.append(sorted(component))
    return out


def test_the_circle_finder_finds_a_circle():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set(), "e": {"e"}}
    assert sorted(circles(graph)) == [["a", "b", "c"], ["e"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_no_import_circle_is_left_anywhere():
    """Every import counts, those inside functions too: one placed there only to dodge a
    circle is the circle still."""
    graph = grimp.build_graph("savanna", include_external_packages=False)
    imports = {m: set(graph.find_modules_directly_imported_by(m)) for m in graph.modules}
    found = circles(imports)
    assert not found, "import circles: " + "; ".join(" <-> ".join(c) for c in found)


WORKER = """
import json, sys
from savanna.web.live import worker
job = worker.Job("g", "{game}", {{"players": 2, "seed": 5}}, (), "greedy", 1)
action = worker.think(job)
print(json.dumps({{"action": action, "modules": sorted(sys.modules)}}))
"""


@pytest.mark.parametrize("game", ["safari", "africa"])
def test_a_search_worker_imports_only_the_engine_and_the_position(game):
    """What a worker process runs chooses a move and loads no database, server or view."""
    r = subprocess.run([sys.executable, "-c", WORKER.format(game=game)], cwd=ROOT, capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["action"]
    web = {m for m in out["modules"] if m.startswith("savanna.web")}
    assert web == {"savanna.web", "savanna.web.live", "savanna.web.live.worker", "savanna.web.table",
                   "savanna.web.table.position"}, web
    heavy = {m.split(".")[0] for m in out["modules"]} & {"sqlalchemy", "fastapi", "starlette", "uvicorn", "pydantic"}
    assert not heavy, heavy
    assert f"savanna.{game}" in out["modules"]
