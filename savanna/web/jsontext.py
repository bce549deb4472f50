"""JSON text, fast: orjson when it is installed (the web extra installs it; five times faster
on a view), else the standard library. Used for every message, view and stored column."""

from __future__ import annotations

import json
import re
from datetime import datetime
from typing import Any

try:
    import orjson
except ImportError:  # pragma: no cover - the web extra installs it
    orjson = None  # type: ignore[assignment]  # (the module's name kept for "is it installed")

# What a stored column, a message or a view holds once read: JSON, whose shape its reader knows
# (the view's models are in views/models.py; the rest is checked where it is read).
JSON = Any
JSONObject = dict[str, JSON]  # a JSON object ({"a": ...}): a game's settings, seats, summary, meta


def dumps(data: JSON) -> str:
    """Compact JSON text of `data`."""
    if orjson is not None:
        try:
            return str(orjson.dumps(data), "utf-8")
        except TypeError:  # what orjson does not take (keys that are not text, huge ints): the standard encoder
            pass
    return json.dumps(data, separators=(",", ":"), check_circular=False)


# orjson reads an integer beyond 64 bits as a float, silently: a game's seed has 128 bits.
# Text with a run of 19 digits or more (rare: seeds and nothing else) goes to the standard library
_LONG_NUMBER = re.compile(r"\d{19}")
_LONG_NUMBER_BYTES = re.compile(rb"\d{19}")


def loads(text: str | bytes) -> JSON:
    if orjson is None:
        return json.loads(text)
    if isinstance(text, str):
        if _LONG_NUMBER.search(text):
            return json.loads(text)
    elif _LONG_NUMBER_BYTES.search(text):
        return json.loads(bytes(text))
    return orjson.loads(text)


def iso(t: datetime) -> str:
    """A time as the API writes it: UTC, ISO 8601, to the second ("2025-01-31T12:00:00Z")."""
    return t.strftime("%Y-%m-%dT%H:%M:%SZ")
