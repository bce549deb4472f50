"""The web app's storage: where the database is, what a game row holds, and the version
check that keeps two writers from both appending an action.

Runs on a temporary SQLite file, and on PostgreSQL too when SAVANNA_TEST_DATABASE_URL is
set (see web_databases.py).
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

pytest.importorskip("sqlalchemy")

from web_client import service_view

from savanna import safari
from savanna.web.table.position import Position
from savanna.web.table.seats import hash_token
from savanna.web.table.service import GameService
from savanna.web.store.storage import (
    StorageError,
    Store,
    VersionConflict,
    database_url,
    default_database_path,
    redact,
)


def new(store, **kw):
    args = {"settings": {"players": 2, "seed": 1, "final_scoring": "all"},
            "seats": [{"kind": "human", "player": None, "name": "Ann", "token_hash": "ab", "hotseat": False},
                      {"kind": "computer", "player": "greedy", "name": "Cy", "token_hash": None, "hotseat": False}],
            "actions": [], "status": "playing", "summary": {"current_player": 0}}
    args.update(kw)
    return store.create(**args)


# ------------------------------------------------------------------ where


def test_the_database_is_the_given_one_then_database_url_then_the_data_dir(monkeypatch, tmp_path):
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("LOCALAPPDATA", str(tmp_path / "data"))
    assert default_database_path().parent.name == "savanna"
    assert database_url() == "sqlite:///" + str(default_database_path())
    monkeypatch.setenv("DATABASE_URL", "postgres://u:pw@db.example/games")
    assert database_url() == "postgresql://u:pw@db.example/games"  # the old scheme name is accepted
    assert database_url(str(tmp_path / "my.db")) == "sqlite:///" + str(tmp_path / "my.db")  # given wins
    assert database_url("sqlite:///x.db") == "sqlite:///x.db"
    assert database_url("~/g.db") == "sqlite:///" + str(Path.home() / "g.db")
    assert "pw" not in redact("postgresql://u:pw@db.example/games")


def test_the_default_database_is_created_in_the_data_dir(monkeypatch, tmp_path):
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("LOCALAPPDATA", str(tmp_path / "data"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    s = Store()
    try:
        assert s.get(new(s).id) is not None
        assert default_database_path().exists()
        assert str(tmp_path) in str(default_database_path())
    finally:
        s.close()


def test_an_unusable_database_is_a_clear_error(tmp_path):
    with pytest.raises(StorageError, match="not a database URL"):
        Store("://nowhere")
    with pytest.raises(StorageError, match="driver|cannot"):
        Store("nosuchdriver://x/y")
    with pytest.raises(StorageError) as e:
        Store("postgresql+psycopg2://user:secret@127.0.0.1:1/none")
    assert "secret" not in str(e.value)
    (tmp_path / "dir.db").mkdir()
    with pytest.raises(StorageError, match="cannot open"):
        Store(str(tmp_path / "dir.db"))


# ------------------------------------------------------------------- rows


def test_a_game_row_round_trips(store):
    rec = new(store, listed=False)
    assert len(rec.id) >= 8 and rec.version == 0 and rec.status == "playing" and not rec.listed
    got = store.get(rec.id)
    assert got == rec
    assert got.created_at.tzinfo is not None
    assert store.get("nope") is None and store.get("") is None and store.get("x" * 500) is None


def test_ids_are_random_and_url_safe(store):
    ids = {new(store).id for _ in range(20)}
    assert len(ids) == 20
    assert all(i.replace("-", "").replace("_", "").isalnum() for i in ids)


def test_a_write_lands_only_on_the_version_it_read(store):
    rec = new(store)
    saved = store.save(rec.id, 0, actions=["T0,-1@0"], status="playing", summary={"current_player": 0})
    assert saved.version == 1 and saved.actions == ["T0,-1@0"] and saved.updated_at >= rec.updated_at
    with pytest.raises(VersionConflict):
        store.save(rec.id, 0, actions=["T1,-1@0"], status="playing", summary={})
    with pytest.raises(VersionConflict):
        store.save("nosuchgame", 0, actions=[], status="playing", summary={})
    assert store.get(rec.id).actions == ["T0,-1@0"] and store.get(rec.id).version == 1
    assert store.save(rec.id, 1, actions=["T0,-1@0", "pass"], status="over", summary={}).version == 2
    with pytest.raises(ValueError):
        store.save(rec.id, 2, actions=[], status="paused", summary={})


def test_lists_are_newest_first_and_filtered(store):
    a = new(store)
    time.sleep(0.002)
    b = new(store, status="over")
    time.sleep(0.002)
    c = new(store, listed=False)
    time.sleep(0.002)
    store.save(a.id, 0, actions=["pass"], status="playing", summary={})
    assert [r.id for r in store.list_games()] == [a.id, b.id]
    assert [r.id for r in store.list_games("over")] == [b.id]
    assert [r.id for r in store.list_games(listed_only=False)] == [a.id, c.id, b.id]
    assert [r.id for r in store.list_games(limit=1)] == [a.id]
    assert {r.id for r in store.playing()} == {a.id, c.id}


# --------------------------------------------------------------- service


def test_a_game_is_stored_as_seed_rules_and_actions_and_rebuilt_by_the_engine(store):
    svc = GameService(store)
    c = svc.create(seats=[{"kind": "human"}, {"kind": "human"}], seed=42, final_scoring="majority")
    rec = store.get(c.id)
    assert rec.settings == {"players": 2, "seed": 42, "final_scoring": "majority", "tiles": "real-1", "deal": "chosen"}
    assert rec.actions == [] and rec.status == "playing"
    assert rec.seats[0]["token_hash"] == hash_token(c.seats[0]["token"])
    assert c.seats[0]["token"] not in repr(rec)
    token = c.seats[0]["token"]
    g = safari.new_game(players=2, seed=42, final_scoring="majority")
    for _ in range(6):
        v = service_view(svc, c.id)
        seat = v["current_player"]
        a = v["legal_actions"][-1]
        svc.act(c.id, c.seats[seat]["token"] if seat is not None else token, a)
        g.apply(a)
    rec = store.get(c.id)
    assert rec.actions == [str(a) for a in g.history] and rec.version == 6
    fresh = GameService(store)  # no cache: rebuilt from the row
    pos = fresh.position(rec)
    assert pos.game.to_json() == g.to_json()
    assert rec.summary["scores"] == g.scores and rec.summary["current_player"] == g.current_player


def test_positions_are_never_changed_by_a_refused_or_later_action(store):
    svc = GameService(store)
    c = svc.create(seats=[{"kind": "human"}, {"kind": "human"}], seed=5)
    rec = store.get(c.id)
    pos = svc.position(rec)
    before = pos.game.to_json()
    with pytest.raises(ValueError):
        pos.advanced("pass")
    nxt = pos.advanced(pos.game.legal_actions()[0])
    assert pos.game.to_json() == before and len(nxt.game.history) == 1
    assert Position.rebuild("safari", rec.settings, []).game.to_json() == before


def test_a_cached_game_catches_up_with_moves_stored_elsewhere_without_a_rebuild(store, monkeypatch):
    here, there = GameService(store), GameService(store)  # two servers on one database
    c = here.create(seats=[{"kind": "human"}, {"kind": "human"}], seed=8)
    rec = store.get(c.id)
    old = here.position(rec)
    for _ in range(3):  # moves stored by the other server
        v = service_view(there, c.id)
        there.act(c.id, c.seats[v["current_player"]]["token"], v["legal_actions"][0])
    rebuilt = []
    real = Position.rebuild
    monkeypatch.setattr(Position, "rebuild", classmethod(lambda cls, *a, **k: rebuilt.append(a) or real(*a, **k)))
    ahead = store.get(c.id)
    pos = here.position(ahead)
    assert rebuilt == [] and len(pos.game.history) == 3
    assert pos.game.to_json() == there.position(ahead).game.to_json()
    assert here.position(rec).game.to_json() == old.game.to_json()  # an older record: rebuilt, not the cache's
    assert len(rebuilt) == 1 and here.position(ahead) is pos  # and the latest stays cached
