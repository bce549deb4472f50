"""JSON text, fast: orjson when it is installed (the web extra installs it; five times faster
on a view), else the standard library. Used for every message, view and stored column."""

from __future__ import annotations

import json
from typing import Any

try:
    import orjson
except ImportError:  # pragma: no cover - the web extra installs it
    orjson = None


def dumps(data: Any) -> str:
    """Compact JSON text of `data`."""
    if orjson is not None:
        try:
            return orjson.dumps(data).decode()
        except TypeError:  # what orjson does not take (keys that are not text, huge ints): the standard encoder
            pass
    return json.dumps(data, separators=(",", ":"), check_circular=False)


def loads(text: str | bytes) -> Any:
    return orjson.loads(text) if orjson is not None else json.loads(text)
