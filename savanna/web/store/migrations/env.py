"""Alembic's environment for the web app's database: run on the connection that upgrade.py
hands over (in its transaction, under its lock), against the one schema (schema.META)."""

from __future__ import annotations

from alembic import context

from savanna.web.store.schema import META

connection = context.config.attributes.get("connection")
if connection is None:  # (alembic's command line: savanna.web.store.upgrade is the way in)
    raise RuntimeError("run the migrations with savanna.web.store.upgrade.upgrade(engine)")
context.configure(connection=connection, target_metadata=META, render_as_batch=True)
with context.begin_transaction():  # (the caller's transaction: alembic starts none of its own)
    context.run_migrations()
