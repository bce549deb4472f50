"""The columns and indexes added to tables after an earlier version had made them.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-07

Before migrations a server added them itself when it opened a database (the games' nullable
columns, by `ALTER TABLE`), or not at all (an index added to a table already made): each is
added here if it is missing, so that a database made by any earlier version ends with the
schema of revision 0001. Each added column is nullable: the rows already stored keep loading.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from alembic import op
from sqlalchemy import JSON, Column, DateTime, Float, ForeignKey, String, inspect

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

# in the order they were added: (table, column)
COLUMNS: list[tuple[str, Callable[[], Column[Any]]]] = [
    ("games", lambda: Column("touched_at", DateTime(timezone=True), nullable=True)),
    ("games", lambda: Column("meta", JSON, nullable=True)),
    ("games", lambda: Column("data_hash", String(64), ForeignKey("game_data.hash"), nullable=True)),
    ("games", lambda: Column("deadline", Float, nullable=True)),
]
# (name, table, columns)
INDEXES = [
    ("ix_games_data_hash", "games", ["data_hash"]),
    ("ix_games_deadline", "games", ["deadline"]),
    ("ix_account_sessions_seen_at", "account_sessions", ["seen_at"]),
]


def upgrade() -> None:
    con = op.get_bind()
    look = inspect(con)
    for table, column in COLUMNS:
        col = column()
        if col.name in {c["name"] for c in look.get_columns(table)}:
            continue
        if con.dialect.name == "sqlite" and col.foreign_keys:
            # SQLite adds a column with its REFERENCES clause, but alters no constraint (what alembic
            # would do after adding it): as the servers before migrations added it
            ddl = f"ALTER TABLE {table} ADD COLUMN {col.name} {col.type.compile(con.dialect)}"
            for fk in col.foreign_keys:
                ddl += f" REFERENCES {fk.target_fullname.split('.')[0]} ({fk.target_fullname.split('.')[1]})"
            op.execute(ddl)
        else:
            op.add_column(table, col)
    look = inspect(con)  # (what it read of the tables is cached)
    for name, table, columns in INDEXES:
        if name not in {i["name"] for i in look.get_indexes(table)}:
            op.create_index(name, table, columns)


def downgrade() -> None:
    raise NotImplementedError("the columns of earlier versions are not taken away")
