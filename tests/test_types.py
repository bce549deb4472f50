"""The types are checked, not only documented: `mypy` with the configuration of pyproject.toml
(strict on the engines, savanna/games.py and the web core, default mode elsewhere) finds no error."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

try:
    import tomllib
except ImportError:  # Python 3.10
    tomllib = None

ROOT = Path(__file__).resolve().parent.parent
STRICT_MODULES = {"savanna.safari.*", "savanna.africa.*", "savanna.games", "savanna.web.*"}
# strict's flags, named one by one in pyproject.toml (an override cannot say `strict = true`)
STRICT_FLAGS = {"disallow_any_generics", "disallow_subclassing_any", "disallow_untyped_calls", "disallow_untyped_defs",
                "disallow_incomplete_defs", "check_untyped_defs", "disallow_untyped_decorators", "warn_unused_ignores",
                "warn_return_any", "no_implicit_reexport", "strict_equality", "extra_checks"}

pytest.importorskip("mypy")


def _overrides() -> list[dict]:
    with open(ROOT / "pyproject.toml", "rb") as f:
        return tomllib.load(f)["tool"]["mypy"]["overrides"]


@pytest.mark.skipif(tomllib is None, reason="tomllib needs Python 3.11")
def test_the_engines_registry_and_web_core_are_strict():
    """Dropping a strict flag, or a package from the strict list, fails here (mypy itself would pass)."""
    strict = [o for o in _overrides() if STRICT_MODULES <= set(o["module"])]
    assert strict, f"no override names {sorted(STRICT_MODULES)}"
    assert all(strict[0].get(flag) is True for flag in STRICT_FLAGS), sorted(STRICT_FLAGS - set(strict[0]))


@pytest.mark.skipif(tomllib is None, reason="tomllib needs Python 3.11")
def test_no_web_module_goes_unchecked():
    skipped = {m for o in _overrides() if o.get("ignore_errors") for m in o["module"]}
    assert not {m for m in skipped if m == "savanna.web" or m.startswith("savanna.web.")}, sorted(skipped)


def test_mypy_finds_no_error():
    """Its cache goes to a temporary folder: a run from nothing, the same as CI's."""
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        r = subprocess.run([sys.executable, "-m", "mypy", "--cache-dir", cache], cwd=ROOT, env=env,
                           capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout[-8000:] + r.stderr[-2000:]
    assert r.stdout.startswith("Success: no issues found"), r.stdout
