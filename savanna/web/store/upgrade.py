"""Bringing a database to the schema (schema.py): the migrations (migrations/, Alembic) run when a
Store opens a database, with no alembic.ini: `upgrade(engine)` upgrades it to the head revision.

    upgrade(engine)           # Store(url) does it; the other stores on its engine find it done

Servers starting at once on one database upgrade it one at a time: on PostgreSQL under an
advisory lock (DDL_LOCK) held by the transaction the migrations run in (DDL is transactional
there: a failed upgrade leaves nothing half done); on SQLite in a transaction begun IMMEDIATE (the
file's write lock, taken before anything is read). The others then find the database at the head
and do nothing.

A new database (no table at all) is made as schema.py says and stamped at the head: what the
revisions would make step by step, at once (tests/test_web_migrations.py checks that both agree).
A database from before migrations (a games table, no alembic_version) is upgraded from its
tables: revision 0001 makes the tables its version had not made yet, 0002 adds the columns and
indexes added since, 0003 moves the games' own data apart unless its mark says it was done. One
with every table, column and index already (made by the last version before migrations) is
recognised and stamped at 0002: nothing of it is made again.
"""

from __future__ import annotations

import logging
import weakref
from functools import lru_cache
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import func, inspect, select
from sqlalchemy.engine import Connection, Engine

from .schema import DDL_LOCK, META

log = logging.getLogger("savanna.web")

MIGRATIONS = Path(__file__).parent / "migrations"
BEFORE_MIGRATIONS = "0002"  # where a database at the last schema made without migrations is stamped
_ready: weakref.WeakSet[Engine] = weakref.WeakSet()  # engines upgraded by this process


def config(connection: Connection | None = None) -> Config:
    """Alembic's configuration, without a file: the scripts here, run on `connection`."""
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.attributes["connection"] = connection
    return cfg


@lru_cache(maxsize=1)
def scripts() -> ScriptDirectory:
    return ScriptDirectory.from_config(config())


def head() -> str:
    """The newest revision: the schema of schema.py."""
    head = scripts().get_current_head()
    assert head is not None
    return head


def current(con: Connection) -> str | None:
    """The revision the database is at (None: none, a new database or one from before migrations)."""
    return MigrationContext.configure(con).get_current_revision()


def upgrade(engine: Engine) -> int:
    """Bring the database to the head revision (module docstring), once per engine. How many
    games had their own data moved apart (revision 0003), for the caller to vacuum a SQLite file."""
    if engine in _ready:
        return 0
    with engine.connect() as con:  # (at the head, as nearly always: no lock taken)
        at = current(con)
    if at == head():
        _ready.add(engine)
        return 0
    with engine.begin() as con:
        if engine.dialect.name == "postgresql":
            con.execute(select(func.pg_advisory_xact_lock(DDL_LOCK)))
        elif engine.dialect.name == "sqlite":  # (pysqlite begins nothing itself before DDL)
            con.exec_driver_sql("BEGIN IMMEDIATE")
        cfg = config(con)
        at = current(con)  # again, under the lock: another server may have upgraded it meanwhile
        tables = set(inspect(con).get_table_names())
        if at is None and not tables:  # a new database: made as schema.py says, at the head (the
            META.create_all(con)       # revisions would end the same, as the tests check; this is quicker)
            MigrationContext.configure(con).stamp(scripts(), "head")
        elif at is None and "games" in tables:
            if not _missing(con):
                log.info("database made before migrations, at the last schema: stamped %s", BEFORE_MIGRATIONS)
                command.stamp(cfg, BEFORE_MIGRATIONS)
            else:
                log.info("database made before migrations: upgrading it from its tables")
        if current(con) != head():
            command.upgrade(cfg, "head")
    _ready.add(engine)
    return int(cfg.attributes.get("moved", 0))


def _missing(con: Connection) -> list[str]:
    """What revisions 0001 and 0002 would add to the database: its tables, columns and indexes."""
    first, second = scripts().get_revision("0001").module, scripts().get_revision("0002").module
    look = inspect(con)
    have = set(look.get_table_names())
    missing = [t.name for t in first.tables().sorted_tables if t.name not in have]
    for table, column in second.COLUMNS:
        name = column().name
        if table in have and name not in {c["name"] for c in look.get_columns(table)}:
            missing.append(f"{table}.{name}")
    for name, table, _ in second.INDEXES:
        if table in have and name not in {i["name"] for i in look.get_indexes(table)}:
            missing.append(name)
    return missing


def ready(engine: Engine) -> None:
    """Make sure the database is upgraded (the stores other than the games' are handed the Store's
    engine, already upgraded: nothing is done then)."""
    if engine not in _ready:
        upgrade(engine)


def compare(engine: Engine) -> list[Any]:
    """What differs between the database and schema.py (Alembic's autogenerate comparison):
    nothing, once upgraded, while the revisions say what schema.py says."""
    from alembic.autogenerate import compare_metadata

    with engine.connect() as con:
        diffs: list[Any] = compare_metadata(MigrationContext.configure(con), META)
    return diffs
