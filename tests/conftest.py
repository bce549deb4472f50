import os
import pathlib
import sys

import pytest

# tests import their shared builders (tests/builders.py) as a plain module
sys.path.insert(0, str(pathlib.Path(__file__).parent))


def pytest_collection_modifyitems(config, items):
    """Tests marked slow (pyproject's markers) run only when asked: SAVANNA_SLOW=1, or -m naming them."""
    if os.environ.get("SAVANNA_SLOW") == "1" or "slow" in (config.getoption("markexpr") or ""):
        return
    skip = pytest.mark.skip(reason="slow: run with SAVANNA_SLOW=1 (or -m slow)")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)
