"""The web app's database migrations (Alembic): env.py, and versions/ in order. Run by
savanna.web.store.upgrade when a Store opens a database; a change to schema.py is a new
revision in versions/ (`upgrade.revision(message)` makes its file, compared with the schema)."""
