"""A game's own data (an uploaded tile set or map) moved out of its settings to game_data.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-07

Before migrations a server moved it when it first opened a database and noted that it had in a
table of marks (`store_marks`, "own data apart"). Here: unless that mark says it was done, the
games that still hold their own data in their settings have it moved (storage.move_own_data: each
fitted to its game's bounds, stored once by hash); the marks table then goes (the revision is
what says it was done). A SQLite file is vacuumed afterwards by the Store (not in a transaction).
"""

from __future__ import annotations

from alembic import context, op
from sqlalchemy import inspect, text

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

MARKS = "store_marks"
MOVED = "own data apart"


def upgrade() -> None:
    from savanna.web.store.storage import move_own_data

    con = op.get_bind()
    done = False
    if MARKS in inspect(con).get_table_names():
        done = con.execute(text(f"SELECT name FROM {MARKS} WHERE name = :n"), {"n": MOVED}).first() is not None
    if not done:
        moved = move_own_data(con)
        context.config.attributes["moved"] = context.config.attributes.get("moved", 0) + moved
    if MARKS in inspect(con).get_table_names():
        op.drop_table(MARKS)


def downgrade() -> None:
    raise NotImplementedError("the own data is not put back into the games' settings")
