"""The databases the web tests run on: a temporary SQLite file always, and the PostgreSQL
database named by SAVANNA_TEST_DATABASE_URL too when it is set (`.ci/run` starts a server
on loopback and sets it). That database is emptied before each test that uses it: give
one you can spare."""

from __future__ import annotations

import os
from pathlib import Path

ENV = "SAVANNA_TEST_DATABASE_URL"
BACKENDS = ["sqlite"] + (["postgresql"] if os.environ.get(ENV) else [])


def fresh_database(backend: str, tmp_path: Path) -> str:
    """A URL or path of an empty games database on `backend`."""
    if backend == "sqlite":
        return str(tmp_path / "games.db")
    from sqlalchemy import inspect, text

    from savanna.web.storage import Store

    url = os.environ[ENV]
    store = Store(url)
    try:  # the games, and what servers shared through the database (cluster.py, ratestore.py)
        have = set(inspect(store.engine).get_table_names())
        with store.engine.begin() as con:
            for table in ("games", "holds", "leases", "servers", "rate_events"):
                if table in have:
                    con.execute(text(f"DELETE FROM {table}"))
    finally:
        store.close()
    return url
