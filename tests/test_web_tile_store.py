"""A user's tile set in the web app's store (issue 27, point 6): stored once by the hash of its
content however many games play on it, its notes bounded, read only when its game is opened
(never by the start-up scan nor the lobby), and databases from before moved over without a
game lost; on SQLite and on PostgreSQL (SAVANNA_TEST_DATABASE_URL)."""

from __future__ import annotations

import json
import os
import random

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("sqlalchemy")

from fastapi.testclient import TestClient  # noqa: E402
from sqlalchemy import Column, MetaData, Table, Text, create_engine, event, func, inspect, select, text  # noqa: E402
from sqlalchemy.engine import Engine  # noqa: E402
from web_apps import create_app  # noqa: E402

from savanna import safari  # noqa: E402
from savanna.safari import limits as SL  # noqa: E402
from savanna.safari import tileset  # noqa: E402
from savanna.safari.tileset import packaged_data  # noqa: E402
from savanna.web.store.storage import DATA, GAMES, Store, data_key  # noqa: E402

IMPORTS = 50


def big_set(mark: str = "") -> dict:
    """real-1 as a user's own set, its notes as long as allowed: `source` at NOTE characters and
    the others filling NOTES (the issue's set had a 122 KB source)."""
    d = packaged_data("real-1")
    d["version"] = "mine" + mark
    d["source"] = ("a user's own set " + mark).ljust(SL.NOTE, ".")
    d["note"] = ""
    d["note"] = "n" * (SL.NOTES - sum(len(t) for _, t in SL.notes(d)))
    assert sum(len(t) for _, t in SL.notes(d)) == SL.NOTES
    return d


def saved_game(tiles: dict | str, moves: int = 6, seed: int = 1) -> dict:
    g = safari.new_game(players=2, seed=seed, tiles=tiles)
    rng = random.Random(seed)
    for _ in range(moves):
        g.apply(rng.choice(g.legal_actions()))
    return json.loads(g.to_json())


def import_game(client, saved: dict) -> dict:
    r = client.post("/api/games/import", json=saved)
    assert r.status_code == 201, r.text
    return r.json()


def _url(db: str) -> str:
    return db if "://" in db else "sqlite:///" + db


def stored_text(engine) -> int:
    """Characters of JSON the games and their own data take in the database."""
    with engine.connect() as con:
        games = con.execute(select(func.sum(func.length(GAMES.c.settings.cast(Text()))))).scalar() or 0
        data = con.execute(select(func.sum(func.length(DATA.c.data.cast(Text()))))).scalar() or 0
    return games + data


# ------------------------------------------------------------- stored once


def test_fifty_imports_of_one_big_set_store_it_once(db):
    """The issue's flood in small: the same game with a fat tile set imported 50 times keeps one
    row of the set, named by every game, and the database grows by far less than 50 sets."""
    saved = saved_game(big_set())
    size = len(json.dumps(saved["tiles"], separators=(",", ":")))
    with TestClient(create_app(db, autoplay=False, create_limit=None)) as client:
        store = client.app.state.parts.store
        import_game(client, saved)  # the first stores the set
        if store.backend == "sqlite":
            with store.engine.begin() as con:
                con.execute(text("PRAGMA wal_checkpoint(TRUNCATE)"))
            file0 = os.path.getsize(db)
        text0 = stored_text(store.engine)
        ids = [import_game(client, saved)["id"] for _ in range(IMPORTS - 1)]
        with store.engine.connect() as con:
            assert con.execute(select(func.count()).select_from(DATA)).scalar() == 1
            hashes = set(con.execute(select(GAMES.c.data_hash).where(GAMES.c.id.in_(ids))).scalars())
        assert hashes == {data_key({"tiles": saved["tiles"]})}
        grown = stored_text(store.engine) - text0
        assert grown < size, f"{IMPORTS - 1} imports stored {grown} characters; the set has {size}"
        if store.backend == "sqlite":
            with store.engine.begin() as con:
                con.execute(text("PRAGMA wal_checkpoint(TRUNCATE)"))
            grown = os.path.getsize(db) - file0
            assert grown < 5 * size, f"the file grew by {grown} bytes for {IMPORTS - 1} imports of a {size}-byte set"
        # and each game still holds its set whole
        assert store.get(ids[-1]).settings["tiles"] == saved["tiles"]


def test_a_set_no_game_plays_on_any_more_goes_with_its_last_game(db):
    saved = saved_game(big_set())
    with TestClient(create_app(db, autoplay=False, create_limit=None)) as client:
        store = client.app.state.parts.store
        a, b = import_game(client, saved), import_game(client, saved)

        def rows() -> int:
            with store.engine.connect() as con:
                return con.execute(select(func.count()).select_from(DATA)).scalar()

        for g, left in ((a, 1), (b, 0)):
            r = client.request("DELETE", f"/api/games/{g['id']}", json={"token": g["creator_token"]})
            assert r.status_code == 200, r.text
            assert rows() == left


# ------------------------------------------------- read when a game is opened


def test_start_up_reads_no_tile_set_and_a_game_opened_plays_on_its_set(db, monkeypatch):
    """A server started over many games on big sets of their own (people's, nobody's turn a
    computer's) reads none of them, nor their settings whole; a game opened then reads its own,
    from the stored sets, and plays on it; its download holds it whole, notes and all."""
    sets = [big_set(str(i)) for i in range(3)]
    made = []
    with TestClient(create_app(db, autoplay=False, create_limit=None)) as client:
        for i in range(24):
            saved = saved_game(sets[i % 3], seed=i + 1)
            made.append((import_game(client, saved), saved))
    statements: list[str] = []

    def seen(conn, cursor, statement, parameters, context, executemany):
        statements.append(statement)

    built = []
    real_init = tileset.TileSet.__init__

    def counted(self, data, *args, **kwargs):
        built.append(data.get("version"))
        real_init(self, data, *args, **kwargs)

    monkeypatch.setattr(tileset, "_USERS", [])  # nothing read before counts
    monkeypatch.setattr(tileset.TileSet, "__init__", counted)
    event.listen(Engine, "before_cursor_execute", seen)
    try:
        client = TestClient(create_app(db, create_limit=None, search_processes=False))
        client.__enter__()  # started: the lifespan's scan of the games, the expiry's sweep
        client.get("/api/games")  # and the lobby
        at_start = list(statements)
    finally:
        event.remove(Engine, "before_cursor_execute", seen)
    try:
        assert built == [], f"start-up built tile sets {built}"
        reads = [s for s in at_start if "FROM games" in s or "FROM game_data" in s]
        assert reads, at_start
        for s in reads:
            assert "FROM game_data" not in s, s
            columns = s.split("FROM")[0]
            whole = columns.count("games.settings")
            picked = columns.upper().count("JSON_EXTRACT(GAMES.SETTINGS") + columns.count("games.settings ->")
            assert whole == picked, s  # no game's settings read whole at start-up
        (g, saved) = made[4]
        statements.clear()
        event.listen(Engine, "before_cursor_execute", seen)
        try:
            v = client.get(f"/api/games/{g['id']}").json()
        finally:
            event.remove(Engine, "before_cursor_execute", seen)
        assert any("FROM game_data" in s for s in statements), statements  # its set read when opened
        assert built == [saved["tiles"]["version"]] and v["rules"]["tiles"] == "custom"
        assert v["moves"] == len(saved["actions"])
        r = client.post(f"/api/games/{g['id']}/actions", json={"token": g["hotseat_token"],
                                                                "action": v["legal_actions"][0]})
        assert r.status_code == 200, r.text
        game = safari.new_game(players=2, seed=saved["seed"], tiles=saved["tiles"])
        for a in [*saved["actions"], v["legal_actions"][0]]:
            game.apply(a)
        stored = client.app.state.parts.store.get(g["id"])
        assert stored.actions == [str(a) for a in game.history] and stored.summary["scores"] == game.scores
        out = json.loads(client.get(f"/api/games/{g['id']}/export", params={"token": g["hotseat_token"]}).text)
        assert out["tiles"] == saved["tiles"]  # whole, its notes too
    finally:
        client.__exit__(None, None, None)


# ------------------------------------------------------------- the bound


def test_a_note_over_its_bound_is_refused_naming_the_field(client_for_notes):
    client = client_for_notes
    long_source = big_set()
    long_source["source"] += "x"
    tile_note = packaged_data("real-1")
    tile_note["version"] = "mine"
    tile_note["tiles"][2]["description"] = "d" * (SL.NOTE + 1)
    too_many = big_set()
    too_many["edge_kinds"]["s"] += "!"
    cases = [(long_source, f"tile set: 'source' has {SL.NOTE + 1} characters; at most {SL.NOTE} allowed"),
             (tile_note, f"tile set: tile {tile_note['tiles'][2]['id']}: 'description' has {SL.NOTE + 1} characters; "
                         f"at most {SL.NOTE} allowed"),
             (too_many, f"tile set: its notes (source and every other field the rules do not read) have "
                        f"{SL.NOTES + 1} characters in all; at most {SL.NOTES} allowed")]
    for tiles, message in cases:
        with pytest.raises(ValueError) as e:
            safari.load_tiles(tiles)
        assert str(e.value) == message
        saved = saved_game(big_set())
        saved["tiles"] = tiles
        r = client.post("/api/games/import", json=saved)
        assert r.status_code == 422 and r.json()["code"] == "bad_import", r.text
        assert message in r.json()["message"]
        r = client.post("/api/tiles", json=tiles)
        assert r.status_code == 400 and message in r.json()["message"], r.text


@pytest.fixture
def client_for_notes(tmp_path):
    with TestClient(create_app(str(tmp_path / "games.db"), autoplay=False, create_limit=None)) as client:
        yield client


def test_a_set_at_the_bound_and_the_packaged_sets_pass():
    for d in (big_set(), packaged_data("real-1"), packaged_data("reconstruction-1")):
        safari.load_tiles(d)
        assert SL.fit_notes(d) is d


# ------------------------------------------------------ a database from before


def old_database(url: str) -> None:
    """Empty the database and make its games table as the web app made it before sets were
    stored apart (no data_hash, no game_data table, and no migrations: no alembic_version)."""
    engine = create_engine(url)
    try:
        with engine.begin() as con:
            for table in ("games", "game_data", "store_marks", "alembic_version"):
                con.execute(text(f"DROP TABLE IF EXISTS {table}"))
        old = MetaData()
        Table("games", old, *(Column(c.name, c.type, primary_key=c.primary_key, index=c.index)
                              for c in GAMES.columns if c.name != "data_hash"))
        old.create_all(engine)
    finally:
        engine.dispose()


def test_a_database_from_before_is_moved_over_and_every_game_plays_on(db, tmp_path):
    """Games stored with their set inline (as before; two on one set, one on another, one with
    the issue's 122 KB note, one on a packaged set) are moved over when a server opens the
    database: each set stored once (the over-long note cut to its bound), every game as it was
    and playable, the packaged one untouched."""
    scratch = str(tmp_path / "scratch.db")
    plan = [("a", 1), ("a", 1), ("b", 2), ("fat", 3), ("real-1", 4)]  # (the set, the seed)
    rows = []
    with TestClient(create_app(scratch, autoplay=False, create_limit=None)) as client:
        for which, seed in plan:
            saved = saved_game("real-1" if which == "real-1" else big_set(which), seed=seed)
            g = import_game(client, saved)
            rows.append((g, client.app.state.parts.store.get(g["id"])))
    fat = big_set("fat")
    fat["source"] = "x" * 122_000  # the issue's, stored before notes were bounded
    url = _url(db)
    old_database(url)
    engine = create_engine(url)
    try:
        with engine.begin() as con:
            table = Table("games", MetaData(), autoload_with=con)
            for i, (g, rec) in enumerate(rows):
                settings = dict(rec.settings)
                if plan[i][0] == "fat":
                    settings["tiles"] = fat
                con.execute(table.insert().values(
                    id=rec.id, game=rec.game, settings=settings, seats=rec.seats, actions=rec.actions,
                    status=rec.status, summary=rec.summary, listed=rec.listed, version=rec.version,
                    created_at=rec.created_at, updated_at=rec.updated_at, meta=rec.meta))
    finally:
        engine.dispose()

    with TestClient(create_app(db, autoplay=False, create_limit=None)) as client:
        store = client.app.state.parts.store
        with store.engine.connect() as con:
            kept = {r.hash: r.data for r in con.execute(select(DATA.c.hash, DATA.c.data))}
            named = dict(con.execute(select(GAMES.c.id, GAMES.c.data_hash)).all())
            inline = [gid for gid, s in con.execute(select(GAMES.c.id, GAMES.c.settings)).all()
                      if isinstance(s.get("tiles"), dict)]
        assert len(kept) == 3 and inline == []
        assert any(i["column_names"] == ["data_hash"] for i in inspect(store.engine).get_indexes("games"))
        assert named[rows[0][1].id] == named[rows[1][1].id] != named[rows[2][1].id]
        assert named[rows[4][1].id] is None
        for i, (g, rec) in enumerate(rows):
            now = store.get(rec.id)
            want = dict(rec.settings)
            if plan[i][0] == "fat":
                assert len(now.settings["tiles"]["source"]) == SL.NOTE  # cut, with an ellipsis
                want["tiles"] = {**fat, "source": now.settings["tiles"]["source"]}
            assert now.settings == want and now.actions == rec.actions and now.version == rec.version
            v = client.get(f"/api/games/{rec.id}").json()
            assert v["moves"] == len(rec.actions), v
            r = client.post(f"/api/games/{rec.id}/actions", json={"token": g["hotseat_token"],
                                                                  "action": v["legal_actions"][0]})
            assert r.status_code == 200, r.text
    store = Store(db)  # opened again: moved once for all
    try:
        assert store._move_own_data() == 0
    finally:
        store.close()
