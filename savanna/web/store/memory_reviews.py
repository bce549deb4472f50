"""Reviews of finished games in memory (`MemoryReviews`): what reviews.ReviewStore does, in a
dict, for tests of the layers above the store (memory.py says why). The same semantics: one
review per game (`ask` queues it once; a failed one is queued again keeping its entries), a
lease taken by compare-and-set (`claim`: queued or running reviews that are free, or whose
lease ran out, or already this holder's; the least recently changed first), every write made
by the holder alone (`save` is refused to anyone else), a status other than running letting
the lease go. Nothing is shared with other servers: `dead_after` (the heartbeats of a
cluster's servers, PostgreSQL's) has none to read and changes nothing."""

from __future__ import annotations

import dataclasses
import json
import threading
from collections.abc import Iterable
from datetime import datetime, timezone
from typing import Any

from .reviews import ACTIVE, Review, progress


def _now() -> datetime:
    return datetime.now(timezone.utc)


def _copy(review: Review) -> Review:
    """A copy of a stored review: what the caller changes of it is not stored."""
    return dataclasses.replace(review, seats=None if review.seats is None else list(review.seats),
                               entries=json.loads(json.dumps(review.entries)))


class MemoryReviews:
    """The reviews in a dict (module docstring). Thread-safe: one lock around every call."""

    def __init__(self) -> None:
        self._reviews: dict[str, Review] = {}
        self._updated: dict[str, tuple[datetime, int]] = {}  # when each last changed (and a tie's order)
        self._changes = 0
        self._lock = threading.Lock()

    def _changed(self, game_id: str) -> None:
        self._changes += 1
        self._updated[game_id] = (_now(), self._changes)

    def get(self, game_id: str) -> Review | None:
        with self._lock:
            review = self._reviews.get(game_id)
            return None if review is None else _copy(review)

    def ask(self, game_id: str, seats: Iterable[int] | None, budget: float) -> bool:
        with self._lock:
            review = self._reviews.get(game_id)
            if review is None:
                self._reviews[game_id] = Review(game_id, "queued", None if seats is None else sorted(seats), [], 0, 0,
                                                budget, None, None, 0)
                self._changed(game_id)
                return True
            if review.status == "failed":
                self._reviews[game_id] = dataclasses.replace(review, status="queued", failures=0, holder=None,
                                                             lease_until=None)
                self._changed(game_id)
            return False

    def claim(self, holder: str, until: float, now: float, dead_after: float | None = None) -> Review | None:
        with self._lock:
            free = [gid for gid, r in self._reviews.items() if r.status in ACTIVE and (
                r.holder is None or r.holder == holder or (r.lease_until is not None and r.lease_until < now))]
            if not free:
                return None
            gid = min(free, key=lambda g: self._updated[g])
            self._reviews[gid] = dataclasses.replace(self._reviews[gid], holder=holder, lease_until=until,
                                                     status="running")
            self._changed(gid)
            return _copy(self._reviews[gid])

    def save(self, game_id: str, holder: str, until: float, *, entries: list[dict[str, Any]] | None = None,
             total: int | None = None, status: str | None = None, failures: int | None = None) -> bool:
        with self._lock:
            review = self._reviews.get(game_id)
            if review is None or review.holder != holder:
                return False
            values = progress(until, None if entries is None else json.loads(json.dumps(entries)), total,
                              status, failures)  # (a copy, as the database keeps)
            self._reviews[game_id] = dataclasses.replace(review, **values)
            self._changed(game_id)
            return True

    def release(self, game_id: str, holder: str) -> None:
        with self._lock:
            review = self._reviews.get(game_id)
            if review is not None and review.holder == holder:
                self._reviews[game_id] = dataclasses.replace(review, holder=None, lease_until=None)

    def release_all(self) -> int:
        with self._lock:
            held = [gid for gid, r in self._reviews.items() if r.holder is not None]
            for gid in held:
                self._reviews[gid] = dataclasses.replace(self._reviews[gid], holder=None, lease_until=None)
            return len(held)

    def delete(self, game_ids: Iterable[str]) -> None:
        with self._lock:
            for gid in game_ids:
                self._reviews.pop(gid, None)
                self._updated.pop(gid, None)
