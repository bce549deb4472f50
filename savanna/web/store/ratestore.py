"""A `limits` storage in the database, so that every server process counts the same requests.

    limiter = CreationLimits(spec, storage=DatabaseStorage(engine))   # see ratelimit.py

The `limits` package has storages for Redis, Memcached and MongoDB, none for an SQL database,
and the server's only shared service is its database: this storage keeps one row per request
counted (`rate_events`: the limit's key and the time) and serves the moving-window strategy,
the one ratelimit.py uses. Taking an entry counts the key's rows in the window and adds one
in a transaction serialized per key by an advisory lock (PostgreSQL), so two processes cannot
both take the last place; rows older than the window are deleted as the key is counted.
The fixed-window strategies are not served (NotImplementedError says so).
"""

from __future__ import annotations

import time
import zlib
from typing import Any

from limits.storage import MovingWindowSupport, Storage
from sqlalchemy import delete, func, select
from sqlalchemy.engine import Engine
from sqlalchemy.exc import SQLAlchemyError

from .schema import EVENTS
from .storage import make_tables

KEY_LOCK = 0x5A7C  # advisory lock key (with a hash of the limit's key) of taking an entry


class DatabaseStorage(Storage, MovingWindowSupport):
    """Moving-window counts in the `rate_events` table (see the module docstring)."""

    STORAGE_SCHEME = None  # made with its engine, not from a URI

    def __init__(self, engine: Engine, clock: Any = time.time):
        super().__init__()
        self.engine, self.clock = engine, clock
        self._postgres = engine.dialect.name == "postgresql"
        make_tables(engine)

    @property
    def base_exceptions(self) -> type[Exception]:
        return SQLAlchemyError

    def _lock(self, con: Any, key: str) -> None:
        if self._postgres:
            con.execute(select(func.pg_advisory_xact_lock(KEY_LOCK, zlib.crc32(key.encode()) & 0x7FFFFFFF)))

    def acquire_entry(self, key: str, limit: int, expiry: int, amount: int = 1) -> bool:
        if amount > limit:
            return False
        now = self.clock()
        with self.engine.begin() as con:
            self._lock(con, key)
            con.execute(delete(EVENTS).where(EVENTS.c.key == key, EVENTS.c.at < now - expiry))
            held = con.execute(select(func.count()).where(EVENTS.c.key == key)).scalar_one()
            if held + amount > limit:
                return False
            con.execute(EVENTS.insert(), [{"key": key, "at": now}] * amount)
        return True

    def get_moving_window(self, key: str, limit: int, expiry: int) -> tuple[float, int]:
        now = self.clock()
        with self.engine.connect() as con:
            oldest, count = con.execute(select(func.min(EVENTS.c.at), func.count())
                                        .where(EVENTS.c.key == key, EVENTS.c.at >= now - expiry)).one()
        return (oldest, count) if count else (now, 0)

    def clear(self, key: str) -> None:
        with self.engine.begin() as con:
            con.execute(delete(EVENTS).where(EVENTS.c.key == key))

    def reset(self) -> int | None:
        with self.engine.begin() as con:
            return con.execute(delete(EVENTS)).rowcount

    def check(self) -> bool:
        with self.engine.connect() as con:
            con.execute(select(1))
        return True

    def incr(self, key: str, expiry: int, amount: int = 1) -> int:
        raise NotImplementedError("DatabaseStorage serves the moving-window strategy only")

    def get(self, key: str) -> int:
        raise NotImplementedError("DatabaseStorage serves the moving-window strategy only")

    def get_expiry(self, key: str) -> float:
        raise NotImplementedError("DatabaseStorage serves the moving-window strategy only")
