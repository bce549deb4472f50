"""Where reviews of finished games live: one row per game (table/reviews.py says what a review
is, live/reviews.py computes them).

    reviews = ReviewStore(store.engine)

The row holds the review's status ("queued", "running", "done", "failed"), the seats reviewed
(null: all), the entries judged so far (JSON, in history order), the progress (done, total:
0 until the review starts and counts its decisions) and the seconds of search per decision.

Computed ONCE across server processes: a server works on a review only while it holds the
row's lease (`holder`, `lease_until` in epoch seconds), taken by compare-and-set (`claim`: an
UPDATE whose WHERE says the row is free, or its lease ran out, or, on PostgreSQL with other
servers, its holder's heartbeat stopped), renewed as it goes, and every write of entries is
made only by the holder (`save`: UPDATE ... WHERE holder = me). A server that lost the lease
(it stalled past it) finds its write refused and stops; the entries stored stay, and whoever
claims the row next resumes from them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from datetime import datetime, timezone
from typing import Any

from sqlalchemy import select, text, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from ..jsontext import JSONObject, dumps, loads
from .schema import REVIEWS
from .storage import make_tables

ACTIVE = ("queued", "running")


def progress(until: float, entries: list[JSONObject] | None, total: int | None, status: str | None,
             failures: int | None) -> dict[str, Any]:
    """The fields a holder's progress write sets (`save`, here and in memory_reviews.py): the
    lease renewed to `until`, what is given; a status other than running lets the lease go."""
    values: dict[str, Any] = {"lease_until": until}
    if entries is not None:
        values.update(entries=entries, done=len(entries))
    if total is not None:
        values["total"] = total
    if failures is not None:
        values["failures"] = failures
    if status is not None:
        values["status"] = status
        if status not in ACTIVE:
            values.update(holder=None, lease_until=None)
    return values


@dataclasses.dataclass(frozen=True)
class Review:
    game_id: str
    status: str
    seats: list[int] | None
    entries: list[dict[str, Any]]
    done: int
    total: int
    budget: float
    holder: str | None
    lease_until: float | None
    failures: int

    @classmethod
    def of(cls, row: Any) -> Review:
        return cls(row.game_id, row.status, None if row.seats is None else loads(row.seats), loads(row.entries),
                   row.done, row.total, row.budget, row.holder, row.lease_until, row.failures)


def _now() -> datetime:
    return datetime.now(timezone.utc)


class ReviewStore:
    """The reviews table (module docstring). Thread-safe: each call its own connection."""

    def __init__(self, engine: Engine):
        self.engine = engine
        make_tables(engine)

    def get(self, game_id: str) -> Review | None:
        with self.engine.connect() as con:
            row = con.execute(select(REVIEWS).where(REVIEWS.c.game_id == game_id)).first()
        return None if row is None else Review.of(row)

    def ask(self, game_id: str, seats: Iterable[int] | None, budget: float) -> bool:
        """Queue the game's review (True), unless it has one already (False; a failed one is
        queued again, keeping its entries)."""
        try:
            with self.engine.begin() as con:
                con.execute(REVIEWS.insert().values(
                    game_id=game_id, status="queued", seats=None if seats is None else dumps(sorted(seats)),
                    entries="[]", done=0, total=0, budget=budget, failures=0, updated=_now()))
            return True
        except IntegrityError:
            with self.engine.begin() as con:
                con.execute(update(REVIEWS).where(REVIEWS.c.game_id == game_id, REVIEWS.c.status == "failed")
                            .values(status="queued", failures=0, holder=None, lease_until=None, updated=_now()))
            return False

    def claim(self, holder: str, until: float, now: float, dead_after: float | None = None) -> Review | None:
        """Take the lease of a review to compute (queued, or running under a lease that ran out,
        or, `dead_after` given (PostgreSQL with cluster.py's servers), whose holder's heartbeat is
        older than that), oldest first; None if there is none. Compare-and-set: of servers
        claiming at once one UPDATE matches."""
        free = (REVIEWS.c.holder.is_(None)) | (REVIEWS.c.lease_until < now) | (REVIEWS.c.holder == holder)
        if dead_after is not None:
            free = free | text("NOT EXISTS (SELECT 1 FROM servers s WHERE s.id = reviews.holder AND "
                               f"s.heartbeat > now() - make_interval(secs => {float(dead_after)}))")
        with self.engine.connect() as con:
            ids = con.execute(select(REVIEWS.c.game_id).where(REVIEWS.c.status.in_(ACTIVE), free)
                              .order_by(REVIEWS.c.updated).limit(8)).scalars().all()
        for gid in ids:
            with self.engine.begin() as con:
                got = con.execute(update(REVIEWS).where(REVIEWS.c.game_id == gid, REVIEWS.c.status.in_(ACTIVE), free)
                                  .values(holder=holder, lease_until=until, status="running", updated=_now()))
            if got.rowcount == 1:
                return self.get(gid)
        return None

    def save(self, game_id: str, holder: str, until: float, *, entries: list[JSONObject] | None = None,
             total: int | None = None, status: str | None = None, failures: int | None = None) -> bool:
        """Write the holder's progress and renew its lease to `until` (True), or nothing if
        `holder` no longer holds it (False). A status other than running lets the lease go."""
        values = progress(until, entries, total, status, failures)
        values["updated"] = _now()
        if entries is not None:
            values["entries"] = dumps(entries)
        with self.engine.begin() as con:
            got = con.execute(update(REVIEWS).where(REVIEWS.c.game_id == game_id, REVIEWS.c.holder == holder)
                              .values(**values))
        return got.rowcount == 1

    def release(self, game_id: str, holder: str) -> None:
        """Let go of the lease (a server closing): the next to claim resumes from the entries."""
        with self.engine.begin() as con:
            con.execute(update(REVIEWS).where(REVIEWS.c.game_id == game_id, REVIEWS.c.holder == holder)
                        .values(holder=None, lease_until=None))

    def release_all(self) -> int:
        """Let go of every lease (one server alone on a SQLite file, starting: whoever held them
        is gone). Returns how many were held."""
        with self.engine.begin() as con:
            return con.execute(update(REVIEWS).where(REVIEWS.c.holder.is_not(None))
                               .values(holder=None, lease_until=None)).rowcount

    def delete(self, game_ids: Iterable[str]) -> None:
        ids = list(game_ids)
        if ids:
            with self.engine.begin() as con:
                con.execute(REVIEWS.delete().where(REVIEWS.c.game_id.in_(ids)))
