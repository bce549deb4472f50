"""The front end's pure parts (the JSON Patch apply, the clocks' texts, the moves in words,
Safari's tile geometry) unit-tested outside a browser: Node's own test runner over tests/js/,
importing the page's real modules (savanna/web/static/, native ES modules).

Skipped when Node is missing, unless SAVANNA_REQUIRE_BROWSER=1 (CI), which makes that a failure."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NODE = shutil.which("node")


def test_the_pure_front_end_modules_pass_their_node_tests():
    if NODE is None:
        if os.environ.get("SAVANNA_REQUIRE_BROWSER") == "1":
            pytest.fail("Node is required (SAVANNA_REQUIRE_BROWSER=1) to run the front end's unit tests, and is missing")
        pytest.skip("the front end's unit tests need Node (node --test); it is not installed")
    tests = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "tests" / "js").glob("*.test.mjs"))
    assert tests, "no tests in tests/js"
    run = subprocess.run([NODE, "--test", *tests], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, f"node --test failed:\n{run.stdout}\n{run.stderr}"


def test_the_modules_jsdoc_types_check():
    """TypeScript's checker over the page's modules (tsconfig.json: checkJs, no emit), with the
    view's types generated from its schema (static/view-types.js); needs `npm ci` (the
    package.json's typescript), else skipped."""
    tsc = ROOT / "node_modules" / ".bin" / "tsc"
    if NODE is None or not tsc.exists():
        pytest.skip("TypeScript's checker is not installed here (npm ci installs it)")
    run = subprocess.run([str(tsc), "--noEmit", "-p", "."], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, f"tsc --noEmit -p . failed:\n{run.stdout}\n{run.stderr}"
