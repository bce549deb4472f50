"""When a server was last up: one mark in the database, so that a server starting knows how long
no server was, and no clock runs for that time (live/clocks.py, table/away.py).

    liveness = Liveness(store.engine)
    liveness.beat(now)                    # every live server, every few seconds
    outages = liveness.begin(now, after)  # at start: the gaps this server must credit (or [])
    liveness.done()                       # credited: the next server to start need not
    liveness.stop(now)                    # a server stopping: the gap starts now

One row (`liveness`, name "servers"): `at`, the last beat of any server (seconds since the epoch,
by the server's clock, as the game clocks are kept); `stopped`, the last server to beat said it
stopped (no later beat cleared it); `crediting`, the outages a server is crediting now
([[from, to], ...], null once done).

**Once.** `begin` claims a gap by compare-and-set on `at`: of two servers starting together
after the same outage, one's update lands and the other's finds the mark moved (a fresh mark:
nothing to credit). A server that died while crediting (its `crediting` still set, no beat
since) leaves its outages to the next one to claim a gap; crediting a game is idempotent
(table/away.py), so the games it did are not credited twice.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select, update
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.engine import Engine

from .schema import LIVENESS
from .storage import make_tables

NAME = "servers"
STOPPED_AFTER = 1.0  # seconds: a gap shorter than this after a server stopped is not worth noting


class Liveness:
    """The mark of the servers' liveness (see the module docstring)."""

    def __init__(self, engine: Engine):
        self.engine = engine
        make_tables(engine)

    def mark(self) -> dict[str, Any] | None:
        """The row as it stands ({"at", "stopped", "crediting"}), None before any server beat."""
        with self.engine.connect() as con:
            row = con.execute(select(LIVENESS).where(LIVENESS.c.name == NAME)).first()
        return None if row is None else {"at": row.at, "stopped": row.stopped, "crediting": row.crediting}

    def beat(self, now: float) -> None:
        """This server is up at `now` (the mark never goes back: machines' clocks may differ)."""
        with self.engine.begin() as con:
            con.execute(update(LIVENESS).where(LIVENESS.c.name == NAME, LIVENESS.c.at <= now)
                        .values(at=now, stopped=False))

    def stop(self, now: float) -> None:
        """This server stops at `now`: unless another beats after it, nobody is up from then on."""
        with self.engine.begin() as con:
            con.execute(update(LIVENESS).where(LIVENESS.c.name == NAME, LIVENESS.c.at <= now)
                        .values(at=now, stopped=True))

    def begin(self, now: float, away_after: float) -> list[tuple[float, float]]:
        """At a server's start: the outages it must credit to the running clocks, [(from, to)],
        claimed by this server alone (empty: none, or another server claimed them). A gap is an
        outage if the last beat is older than `away_after` seconds, or the last server to beat
        stopped (and it is over STOPPED_AFTER). Call `done` once they are credited."""
        row = self.mark()
        if row is None:  # the first server ever on this database: nothing ran before it
            self._first(now)
            row = self.mark()
            if row is None or row["at"] >= now:
                return []
        gap = now - row["at"]
        outages = [tuple(o) for o in row["crediting"] or ()]  # left by a server that died crediting them
        if gap > away_after or (row["stopped"] and gap > STOPPED_AFTER):
            outages.append((row["at"], now))
        elif outages:
            return []  # a live server is crediting them now
        if not outages:
            self.beat(now)
            return []
        with self.engine.begin() as con:  # compare-and-set: of servers starting together, one
            claimed = con.execute(update(LIVENESS).where(LIVENESS.c.name == NAME, LIVENESS.c.at == row["at"])
                                  .values(at=now, stopped=False, crediting=[list(o) for o in outages])).rowcount
        return outages if claimed == 1 else []

    def done(self) -> None:
        """The outages claimed by `begin` are credited."""
        with self.engine.begin() as con:
            con.execute(update(LIVENESS).where(LIVENESS.c.name == NAME).values(crediting=None))

    def crediting(self) -> bool:
        """Whether a server is crediting outages now (a server starting waits for it)."""
        row = self.mark()
        return row is not None and bool(row["crediting"])

    def _first(self, now: float) -> None:
        insert = postgresql_insert if self.engine.dialect.name == "postgresql" else sqlite_insert
        stmt = insert(LIVENESS).values(name=NAME, at=now, stopped=False)
        with self.engine.begin() as con:
            con.execute(stmt.on_conflict_do_nothing())
