"""The servers' liveness mark in memory (`MemoryLiveness`): what liveness.Liveness does, for tests
of the layers above the store (memory.py says why). The same semantics: the mark never goes
back, a gap longer than `away_after` (or after a stop, longer than STOPPED_AFTER) is claimed
once by the server that begins after it, outages left by a server that died crediting them go
to the next to claim a gap, and none are claimed while a live server credits them."""

from __future__ import annotations

import threading
from typing import Any

from .liveness import STOPPED_AFTER


class MemoryLiveness:
    """The mark (module docstring). Thread-safe: one lock around every call, so `begin` claims at once."""

    def __init__(self) -> None:
        self._mark: dict[str, Any] | None = None
        self._lock = threading.Lock()

    def mark(self) -> dict[str, Any] | None:
        with self._lock:
            return None if self._mark is None else dict(self._mark)

    def beat(self, now: float) -> None:
        self._set(now, stopped=False)

    def stop(self, now: float) -> None:
        self._set(now, stopped=True)

    def _set(self, now: float, stopped: bool) -> None:
        with self._lock:
            if self._mark is not None and self._mark["at"] <= now:
                self._mark.update(at=now, stopped=stopped)

    def begin(self, now: float, away_after: float) -> list[tuple[float, float]]:
        with self._lock:
            if self._mark is None:  # the first server ever: nothing ran before it
                self._mark = {"at": now, "stopped": False, "crediting": None}
                return []
            row = self._mark
            gap = now - row["at"]
            outages = [(float(a), float(b)) for a, b in row["crediting"] or ()]  # left by a server that died
            if gap > away_after or (row["stopped"] and gap > STOPPED_AFTER):
                outages.append((row["at"], now))
            elif outages:
                return []  # a live server is crediting them now
            if not outages:
                if row["at"] <= now:
                    row.update(at=now, stopped=False)
                return []
            row.update(at=now, stopped=False, crediting=[list(o) for o in outages])
            return outages

    def done(self) -> None:
        with self._lock:
            if self._mark is not None:
                self._mark["crediting"] = None

    def crediting(self) -> bool:
        with self._lock:
            return self._mark is not None and bool(self._mark["crediting"])
