"""One contract for every games' store (savanna/web/store/interface.py): the SQLAlchemy Store on
SQLite (and on PostgreSQL when SAVANNA_TEST_DATABASE_URL is set) and the MemoryStore keep the
same semantics: versions and VersionConflict, what a record and a listing hold, the listings'
order, deadlines, an account's games, expiry."""

from __future__ import annotations

import time
from datetime import datetime, timedelta, timezone

import pytest

from savanna.web.store.interface import GameStore
from savanna.web.store.memory import MemoryStore
from savanna.web.store.storage import Store, VersionConflict
from web_databases import BACKENDS, fresh_database

SEATS = [{"kind": "human", "name": "ann", "token_hash": "a" * 64}, {"kind": "computer", "player": "easy"}]


@pytest.fixture(params=["memory", *BACKENDS])
def store(request, tmp_path) -> GameStore:
    s: GameStore = MemoryStore() if request.param == "memory" else Store(fresh_database(request.param, tmp_path))
    yield s
    s.close()


def test_both_stores_have_every_call_of_the_interface_as_it_is_declared():
    import inspect

    calls = [n for n, v in vars(GameStore).items() if callable(v) and not n.startswith("_")]
    assert {"create", "advance", "rewrite", "delete", "listings", "playing", "due", "next_deadline",
            "games_of_account", "expire", "touch"} <= set(calls)
    for cls in (Store, MemoryStore):
        for name in calls:
            declared, real = inspect.signature(getattr(GameStore, name)), inspect.signature(getattr(cls, name))
            assert list(real.parameters) == list(declared.parameters), (cls, name)
            assert [p.default for p in real.parameters.values()] == [p.default for p in declared.parameters.values()]


def make(store: GameStore, **kw):
    fields = {"settings": {"players": 2, "seed": 5}, "seats": SEATS, "actions": [], "status": "playing",
              "summary": {"current_player": 0}, **kw}
    return store.create(**fields)


def test_a_game_is_read_back_as_it_was_stored(store):
    rec = make(store, meta={"creator": "x"}, listed=False)
    got = store.get(rec.id)
    assert got == rec and got.version == 0 and got.listed is False and got.meta == {"creator": "x"}
    assert got.seats == SEATS and got.game == "safari" and got.created_at.tzinfo is not None
    assert store.get("nosuchgame") is None and store.get("bad id\x00") is None
    got.seats[0]["name"] = "changed"  # a record is the caller's: changing it stores nothing
    assert store.get(rec.id).seats == SEATS


def test_a_write_lands_at_the_version_read_and_a_stale_one_stores_nothing(store):
    rec = make(store)
    one = store.advance(rec, actions=["a"], status="playing", summary={"current_player": 1})
    assert one.version == 1 and store.get(rec.id) == one and one.updated_at >= rec.updated_at
    with pytest.raises(VersionConflict):
        store.advance(rec, actions=["b"], status="playing", summary={})
    with pytest.raises(VersionConflict):
        store.save(rec.id, 0, actions=["b"], status="playing", summary={})
    assert store.get(rec.id) == one
    two = store.save(rec.id, 1, actions=["a", "b"], status="over", summary={"scores": [1, 2]})
    assert (two.version, two.actions, two.status) == (2, ["a", "b"], "over")
    with pytest.raises(ValueError):
        store.advance(two, actions=[], status="lost", summary={})


def test_rewrite_changes_the_seats_and_meta_and_delete_takes_the_version_read(store):
    rec = store.advance(make(store), actions=["a", "b"], status="playing", summary={})
    seats = [dict(SEATS[0], account=7), SEATS[1]]
    back = store.rewrite(rec, actions=["a"], status="playing", summary={"x": 1}, seats=seats, meta={"takebacks": 1})
    assert store.get(rec.id) == back and back.actions == ["a"] and back.seats == seats
    assert back.meta == {"takebacks": 1} and back.version == 2
    with pytest.raises(VersionConflict):
        store.rewrite(rec, actions=[], status="playing", summary={})
    with pytest.raises(VersionConflict):
        store.delete(rec)
    store.delete(back)
    assert store.get(rec.id) is None
    with pytest.raises(VersionConflict):
        store.delete(back)


def test_listings_are_the_latest_first_with_the_settings_asked(store):
    a = make(store, settings={"players": 2, "seed": 1, "final_scoring": "all"})
    time.sleep(0.01)
    b = make(store, meta={"rated": True})
    time.sleep(0.01)
    make(store, listed=False)
    over = make(store, status="over")
    time.sleep(0.01)
    a = store.advance(a, actions=["x"], status="playing", summary={"moves": 1})
    listed = store.listings("playing", settings=["final_scoring", "nothing"])
    assert [g.id for g in listed] == [a.id, b.id]
    assert listed[0].settings == {"final_scoring": "all"} and listed[1].settings == {}
    assert listed[0].summary == {"moves": 1} and listed[0].seats == SEATS
    assert (listed[0].rated, listed[1].rated) == (False, True)
    assert [g.id for g in store.listings("over")] == [over.id]
    assert [g.id for g in store.listings("playing", limit=1)] == [a.id]
    assert [g.id for g in store.list_games("playing")] == [a.id, b.id]
    assert len(store.list_games(listed_only=False)) == 4
    assert sorted(g.id for g in store.playing()) == sorted(g.id for g in store.list_games("playing", listed_only=False))


def test_deadlines_are_kept_on_every_write(store):
    control = {"kind": "fischer", "base": 60}
    a = make(store, meta={"clock": {"control": control, "running": 0}}, deadline=100.0)
    b = make(store, deadline=50.0)
    make(store)
    assert store.due(75.0) == [b.id] and store.due(200.0) == [b.id, a.id] and store.next_deadline() == 50.0
    clock = next(g.clock for g in store.listings("playing") if g.id == a.id)
    assert clock == {"control": control, "running": 0, "deadline": 100.0}
    b = store.advance(b, actions=["x"], status="playing", summary={})  # no meta: the deadline stays
    assert store.due(75.0) == [b.id]
    b = store.advance(b, actions=["x", "y"], status="playing", summary={}, meta={"m": 1}, deadline=None)
    assert store.due(75.0) == [] and store.next_deadline() == 100.0
    a = store.rewrite(a, actions=[], status="playing", summary={})  # deadline left as it is
    assert store.due(200.0) == [a.id]
    store.rewrite(a, actions=[], status="over", summary={}, deadline=None)
    assert store.due(200.0) == [] and store.next_deadline() is None


def test_an_accounts_games_are_found_by_its_seats(store):
    mine = make(store, seats=[dict(SEATS[0], account=3), dict(SEATS[0], account=3)], listed=False)
    time.sleep(0.01)
    other = make(store, seats=[dict(SEATS[0], account=4), SEATS[1]])
    time.sleep(0.01)
    both = make(store, seats=[dict(SEATS[0], account=4), dict(SEATS[0], account=3)], status="over")
    assert [(g.listing.id, g.seats) for g in store.games_of_account(3)] == [(both.id, (1,)), (mine.id, (0, 1))]
    assert [g.listing.id for g in store.games_of_account(3, status="playing")] == [mine.id]
    assert [g.listing.id for g in store.games_of_account(4, limit=1)] == [both.id]
    store.rewrite(other, actions=[], status="playing", summary={}, seats=SEATS)
    assert [g.listing.id for g in store.games_of_account(4)] == [both.id]
    assert store.games_of_account(99) == []


def test_games_nobody_touched_expire_and_those_kept_or_over_stay(store):
    old, touched, kept = make(store), make(store), make(store)
    over = make(store, status="over")
    later = datetime.now(timezone.utc) + timedelta(hours=1)
    store.touch(touched.id, now=later + timedelta(minutes=1))
    store.touch("nosuchgame")
    assert sorted(store.expire(later, keep=[kept.id])) == [old.id]
    assert store.get(old.id) is None
    assert all(store.get(g.id) is not None for g in (touched, kept, over))


# ------------------------------------------------------ the table above it, on no database


def test_the_table_creates_and_plays_on_the_memory_store():
    """GameService (table/service.py) on a MemoryStore: create, act, a stale write refused as on
    a database (two services sharing one store, as two servers share a database), the lobby."""
    from savanna.web.table.service import GameError, GameService

    store = MemoryStore()
    here, there = GameService(store), GameService(store)
    c = here.create(seats=[{"kind": "human", "name": "ann"}, {"kind": "human", "name": "bob"}], hotseat=True, seed=3)
    token = c.seats[0]["token"]
    rec = here.record(c.id)
    assert rec.version == 0 and [s["name"] for s in rec.seats] == ["ann", "bob"]
    first = str(here.position(rec).game.legal_actions()[0])
    one = here.act(c.id, token, first)
    assert one.version == 1 and one.actions == [first] and store.get(c.id) == one
    with pytest.raises(GameError, match="malformed"):
        here.act(c.id, token, "no such action")
    assert store.get(c.id).version == 1
    there.record(c.id)  # the other server holds version 1
    two = here.act(c.id, token, str(here.position(one).game.legal_actions()[0]))
    stale = str(there.position(one).game.legal_actions()[0])
    with pytest.raises(GameError):  # its checks run again on the game as stored: not at version 1 now
        there.act(c.id, token, stale, version=1)
    assert store.get(c.id) == two
    assert [g["id"] for g in here.lobby(10, set())["open"]] == [c.id]
