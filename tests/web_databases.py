"""The databases the web tests run on: a temporary SQLite file always, and the PostgreSQL
database named by SAVANNA_TEST_DATABASE_URL too when it is set (`.ci/run` starts a server
on loopback and sets it). That database is emptied before each test that uses it: give
one you can spare. Tests run in parallel (pytest-xdist) each worker on a database of its
own beside it (`<name>_gw0`, ...), made on first use: workers never empty each other's."""

from __future__ import annotations

import os
from pathlib import Path

ENV = "SAVANNA_TEST_DATABASE_URL"
BACKENDS = ["sqlite"] + (["postgresql"] if os.environ.get(ENV) else [])
_made: set[str] = set()


def postgresql_url() -> str:
    """SAVANNA_TEST_DATABASE_URL, or under pytest-xdist this worker's own database beside it."""
    url = os.environ[ENV]
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if not worker:
        return url
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    base = make_url(url)
    name = f"{base.database}_{worker}"
    if name not in _made:
        engine = create_engine(base, isolation_level="AUTOCOMMIT")
        try:
            with engine.connect() as con:
                if not con.execute(text("SELECT 1 FROM pg_database WHERE datname = :n"), {"n": name}).scalar():
                    con.execute(text(f'CREATE DATABASE "{name}"'))
        finally:
            engine.dispose()
        _made.add(name)
    return base.set(database=name).render_as_string(hide_password=False)


def fresh_database(backend: str, tmp_path: Path) -> str:
    """A URL or path of an empty games database on `backend`."""
    if backend == "sqlite":
        return str(tmp_path / "games.db")
    from sqlalchemy import inspect

    from savanna.web.store.schema import META
    from savanna.web.store.storage import Store

    url = postgresql_url()
    store = Store(url)
    try:  # every table of the schema, those that name others first (sorted_tables reversed)
        have = set(inspect(store.engine).get_table_names())
        with store.engine.begin() as con:
            for table in reversed(META.sorted_tables):
                if table.name in have:
                    con.execute(table.delete())
    finally:
        store.close()
    return url


def count(engine, table, **where) -> int:
    """Rows of `table` whose columns have the values given."""
    from sqlalchemy import func, select

    q = select(func.count()).select_from(table)
    for k, v in where.items():
        q = q.where(table.c[k] == v)
    with engine.connect() as con:
        return con.execute(q).scalar()
