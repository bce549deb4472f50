"""The project's promises to a new user: the README's test command is what CI runs, its
Python examples and the docs' run as written, and the packaged tile set is the spec's."""

import json
import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent


def _readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text()
    quick = text.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```sh\n(.+?)\n```", quick)


def test_readme_has_exactly_two_commands_and_ci_runs_the_test_one():
    commands = _readme_commands()
    assert len(commands) == 2
    run_cmd, test_cmd = commands
    assert "savanna" in run_cmd and "pytest" in test_cmd
    ci = (ROOT / ".ci" / "run").read_text().splitlines()
    assert test_cmd in ci


@pytest.mark.parametrize("name, version", [("safari-tiles.json", "real-1"),
                                             ("safari-tiles-reconstruction.json", "reconstruction-1")])
def test_packaged_tile_sets_match_the_spec_when_present(name, version):
    spec = ROOT.parent / "shared" / "spec" / name
    packaged = json.loads((ROOT / "savanna" / "safari" / "data" / name).read_text())
    assert packaged["version"] == version
    assert sum(t["count"] for t in packaged["tiles"]) == 72
    if spec.exists():
        assert json.loads(spec.read_text()) == packaged


# the pages whose ```python blocks are examples to run (the rules pages, docs/safari.md and
# docs/africa.md, quote the engine's calls within their text instead)
EXAMPLE_PAGES = ["README.md", "docs/engines/index.md"]


@pytest.mark.parametrize("page", EXAMPLE_PAGES)
def test_the_python_examples_run_as_written(page, tmp_path, monkeypatch):
    """Every ```python block of the README and of the docs' example pages, in order, in one
    namespace per page (a later block may use what an earlier one made, as a reader would)."""
    blocks = re.findall(r"```python\n(.+?)\n```", (ROOT / page).read_text(), re.S)
    assert blocks
    monkeypatch.chdir(tmp_path)
    namespace: dict = {}
    for i, block in enumerate(blocks):
        try:
            exec(compile(block, f"{page} python block {i + 1}", "exec"), namespace)
        except Exception as e:  # say which block and what it raised
            pytest.fail(f"{page} python block {i + 1} fails: {type(e).__name__}: {e}\n{block}")


def test_every_page_with_python_examples_has_them_run():
    pages = [p for p in [ROOT / "README.md", *(ROOT / "docs").rglob("*.md")]
             if "```python" in p.read_text() and p.name not in ("safari.md", "africa.md")]
    assert {str(p.relative_to(ROOT)) for p in pages} <= set(EXAMPLE_PAGES)
