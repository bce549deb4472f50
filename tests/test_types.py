"""The types are checked, not only documented: `mypy` with the configuration of pyproject.toml
(strict on the engines and savanna/games.py, default mode elsewhere) finds no error."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytest.importorskip("mypy")


def test_mypy_finds_no_error():
    """Its cache goes to a temporary folder: a run from nothing, the same as CI's."""
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        r = subprocess.run([sys.executable, "-m", "mypy", "--cache-dir", cache], cwd=ROOT, env=env,
                           capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout[-8000:] + r.stderr[-2000:]
    assert r.stdout.startswith("Success: no issues found"), r.stdout
