"""The bench/ scripts as modules, for the tests that run them (bench/ is no package)."""

from __future__ import annotations

import importlib.util
import pathlib
from types import ModuleType

BENCH = pathlib.Path(__file__).resolve().parent.parent / "bench"


def load_bench(name: str) -> ModuleType:
    """bench/<name>.py, imported afresh."""
    spec = importlib.util.spec_from_file_location(name, BENCH / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
