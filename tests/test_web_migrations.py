"""The database migrations (savanna/web/store/upgrade.py, migrations/): a database of every schema
released before them upgrades when a server opens it and its games play on; a new one, and one
made at the last schema before them, end at the head and match schema.py; servers starting
together on PostgreSQL upgrade one database once."""

from __future__ import annotations

import json
import logging
import shutil
import threading
from pathlib import Path

import pytest
from alembic import command
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, inspect, select, text

from savanna.web.app import create_app
from savanna.web.store import upgrade
from savanna.web.store.schema import GAMES, META
from savanna.web.store.storage import Store, database_url
from web_databases import BACKENDS, ENV, fresh_database, postgresql_url

SAVED = Path(__file__).parent / "data" / "databases"
VERSIONS = sorted(p.stem for p in SAVED.glob("*.db"))


def test_every_released_schema_has_a_saved_database():
    assert len(VERSIONS) == 13
    listed = (SAVED / "README.md").read_text()
    assert all(f"| {v}.db | {v} |" in listed for v in VERSIONS)


@pytest.mark.parametrize("version", VERSIONS)
def test_a_database_of_an_earlier_version_upgrades_and_its_games_play_on(version, tmp_path):
    path = tmp_path / "games.db"
    shutil.copy(SAVED / f"{version}.db", path)
    saved = json.loads((SAVED / f"{version}.json").read_text())
    with TestClient(create_app(str(path), autoplay=False, create_limit=None)) as client:
        store = client.app.state.parts.store
        with store.engine.connect() as con:
            assert upgrade.current(con) == upgrade.head()
        assert upgrade.compare(store.engine) == []
        assert "store_marks" not in inspect(store.engine).get_table_names()
        assert len(store.playing()) == 2
        rec = store.get(saved["game"])
        assert rec.actions == saved["played"] and rec.version == 3
        v = client.get(f"/api/games/{saved['game']}", params={"token": saved["token"]}).json()
        assert v["moves"] == 3, v
        r = client.post(f"/api/games/{saved['game']}/actions",
                        json={"token": saved["token"], "action": v["legal_actions"][0]})
        assert r.status_code == 200, r.text
        assert store.get(saved["game"]).version == 4
    again = Store(str(path))  # opened again: at the head, nothing done
    try:
        assert again.get(saved["game"]).version == 4
    finally:
        again.close()


@pytest.fixture(params=BACKENDS)
def url(request, tmp_path):
    return fresh_database(request.param, tmp_path)


def _empty(url: str) -> None:
    """No table at all (not even alembic_version): a database never opened."""
    engine = create_engine(database_url(url))
    try:
        with engine.begin() as con:
            META.drop_all(con)
            con.execute(text("DROP TABLE IF EXISTS alembic_version"))
            con.execute(text("DROP TABLE IF EXISTS store_marks"))
    finally:
        engine.dispose()


def test_a_new_database_is_made_at_the_head_as_the_schema_says(url):
    _empty(url)
    store = Store(url)
    try:
        with store.engine.connect() as con:
            assert upgrade.current(con) == upgrade.head() == "0003"
        assert upgrade.compare(store.engine) == []
        assert set(META.tables) <= set(inspect(store.engine).get_table_names())
    finally:
        store.close()


def test_the_revisions_alone_make_what_schema_py_says(url):
    """A new database is made from schema.py at once (upgrade.py): the revisions run one by one
    on an empty database end the same."""
    _empty(url)
    engine = create_engine(database_url(url))
    try:
        with engine.begin() as con:
            command.upgrade(upgrade.config(con), "head")
        with engine.connect() as con:
            assert upgrade.current(con) == upgrade.head()
        assert upgrade.compare(engine) == []
    finally:
        engine.dispose()


def test_a_database_at_the_last_schema_before_migrations_is_stamped_not_made_again(url, caplog):
    """As the last version before migrations left it: every table, the own data's mark, no
    alembic_version. Recognised: stamped, its rows kept, nothing made again."""
    _empty(url)
    store = Store(url)
    rec = store.create(settings={"players": 2, "seed": 1}, seats=[{"kind": "human"}] * 2, actions=[],
                       status="playing", summary={})
    with store.engine.begin() as con:
        con.execute(text("DROP TABLE alembic_version"))
        con.execute(text("CREATE TABLE store_marks (name VARCHAR(64) NOT NULL, PRIMARY KEY (name))"))
        con.execute(text("INSERT INTO store_marks (name) VALUES ('own data apart')"))
    store.close()
    with caplog.at_level(logging.INFO, logger="savanna.web"):
        store = Store(url)
    try:
        assert any("stamped 0002" in r.getMessage() for r in caplog.records)
        assert not any("upgrading it from its tables" in r.getMessage() for r in caplog.records)
        with store.engine.connect() as con:
            assert upgrade.current(con) == upgrade.head()
            assert con.execute(select(GAMES.c.id)).scalars().all() == [rec.id]
        assert store.get(rec.id).settings == rec.settings
        assert "store_marks" not in inspect(store.engine).get_table_names()
        assert upgrade.compare(store.engine) == []
    finally:
        store.close()


def test_stores_opening_one_old_sqlite_file_together_upgrade_it_once(tmp_path):
    path = tmp_path / "games.db"
    shutil.copy(SAVED / "4264a41.db", path)
    _open_together(str(path), tmp_path)
    store = Store(str(path))
    try:
        saved = json.loads((SAVED / "4264a41.json").read_text())
        assert store.get(saved["game"]).actions == saved["played"] and len(store.playing()) == 2
    finally:
        store.close()
    _open_together(str(tmp_path / "new.db"), tmp_path)  # and a new file


@pytest.mark.skipif(ENV not in __import__("os").environ, reason="needs PostgreSQL")
def test_servers_starting_together_on_postgresql_upgrade_once(tmp_path):
    url = postgresql_url()
    _empty(url)
    _open_together(url, tmp_path)
    fresh_database("postgresql", tmp_path)


def _open_together(url: str, tmp_path: Path) -> None:
    """Four stores open the database at once: each opens it, and it is upgraded once."""
    start = threading.Barrier(4)
    opened, failed = [], []

    def open_one():
        start.wait()
        try:
            opened.append(Store(url))
        except Exception as e:  # noqa: BLE001 - reported below
            failed.append(e)

    threads = [threading.Thread(target=open_one) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    try:
        assert failed == [] and len(opened) == 4
        with opened[0].engine.connect() as con:
            assert upgrade.current(con) == upgrade.head()
            assert con.execute(text("SELECT count(*) FROM alembic_version")).scalar() == 1
        assert upgrade.compare(opened[0].engine) == []
    finally:
        for s in opened:
            s.close()
