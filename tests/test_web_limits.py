"""Limits on what one client may make, and games nobody comes back to.

Creating and importing games (together) and laying out a user's tile set are limited per
client address (create_app's `create_limit`, `savanna serve --create-limit`): the request
over the limit is answered 429 with Retry-After and says the limit and when to try again;
another address is not held back. Unfinished games without a move or a connection for
`expire_after` (`--expire-after`, 30 days) are deleted at start-up and by the hourly sweep;
finished games, recent ones and games with a connection are kept. The sweep's time is
given (no test waits for days), on SQLite and on PostgreSQL when SAVANNA_TEST_DATABASE_URL
is set (web_databases.py).
"""

from __future__ import annotations

import json
import logging
import pathlib
import time
import urllib.error
import urllib.request
from datetime import datetime, timedelta, timezone

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("sqlalchemy")
pytest.importorskip("limits")

from fastapi.testclient import TestClient
from sqlalchemy import Column, MetaData, Table, create_engine, select, text, update

from web_apps import create_app

from savanna import cli
from savanna.web.edge.ratelimit import DEFAULT_CREATE_LIMIT, CreationLimits, client_key, parse_limits
from savanna.web.store.storage import GAMES, Store

LEGACY = pathlib.Path(__file__).parent / "data" / "legacy"
PEOPLE = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]
NOW = datetime.now(timezone.utc)
DAY = timedelta(days=1)


def create(client, status=201):
    r = client.post("/api/games", json={"seats": PEOPLE, "listed": False})
    assert r.status_code == status, r.text
    return r


def refused(r, limit_words):
    """The answer over a limit: 429, Retry-After in whole seconds, the project's error shape
    saying the limit and when to retry."""
    assert r.status_code == 429, r.text
    wait = int(r.headers["Retry-After"])
    body = r.json()
    assert body["type"] == "error" and body["code"] == "rate_limited"
    assert limit_words in body["message"] and f"try again in {wait} second" in body["message"], body
    return wait


# ------------------------------------------------------------------ limits


def test_the_creation_over_the_limit_is_refused_with_retry_after_and_another_address_is_not(db):
    app = create_app(db, autoplay=False, create_limit="3/minute")
    with TestClient(app) as ann:
        for _ in range(3):
            create(ann)
        wait = refused(create(ann, 429), "at most 3 per minute")
        assert 0 < wait <= 60
        assert len(app.state.parts.store.list_games(listed_only=False)) == 3  # the refused one made nothing
        other = TestClient(app, client=("203.0.113.7", 4000))  # another address: its own count
        for _ in range(3):
            create(other)
        refused(create(other, 429), "3 per minute")
        refused(create(ann, 429), "3 per minute")  # still refused: a refusal counts for nothing, waits on


def test_imports_count_with_creations(db):
    saved = (LEGACY / "safari-finished.json").read_text()
    with TestClient(create_app(db, autoplay=False, create_limit="2/minute")) as c:
        r = c.post("/api/games/import", content=saved, headers={"Content-Type": "application/json"})
        assert r.status_code == 201, r.text
        create(c)
        r = c.post("/api/games/import", content=saved, headers={"Content-Type": "application/json"})
        refused(r, "at most 2 per minute")
        assert "games created or imported" in r.json()["message"]
        refused(create(c, 429), "2 per minute")


def test_the_default_limit_holds_at_thirty_a_minute_and_none_lifts_it(db):
    with TestClient(create_app(db, autoplay=False)) as c:  # the default: 30/minute;300/hour
        for _ in range(30):
            create(c)
        r = create(c, 429)
        refused(r, "at most 30 per minute")
        assert "30 per minute; 300 per hour" in r.json()["message"]
    with TestClient(create_app(db, autoplay=False, create_limit="none")) as c:
        for _ in range(40):
            create(c)


def test_the_tile_gallery_upload_is_limited_too(db):
    from savanna.safari.tileset import default_data

    own = default_data()
    own["version"] = "mine"
    own["tiles"] = own["tiles"][:2]
    with TestClient(create_app(db, autoplay=False, create_limit="1/minute")) as c:
        assert c.post("/api/tiles", json=own).status_code == 200
        r = c.post("/api/tiles", json=own)
        refused(r, "at most 1 per minute")
        assert "tile sets" in r.json()["message"]
        create(c)  # a count of its own: creating a game is still allowed


def test_limit_specs_are_read_or_refused_with_a_message():
    assert [str(i) for i in parse_limits("30/minute;300/hour")] == ["30 per 1 minute", "300 per 1 hour"]
    assert parse_limits(None) == parse_limits("none") == parse_limits(" OFF ") == []
    for bad in ("lots", "30/fortnight", "0/minute"):
        with pytest.raises(ValueError, match="not a rate limit"):
            parse_limits(bad)
    with pytest.raises(ValueError):
        create_app(":memory:", create_limit="often")
    assert cli.DEFAULT_CREATE_LIMIT == DEFAULT_CREATE_LIMIT
    # an IPv6 client counts by its /64, an IPv4-mapped one as its IPv4 address
    assert client_key("2001:db8:1:2:aaaa::1") == client_key("2001:db8:1:2:bbbb::9") == "2001:db8:1:2::/64"
    assert client_key("::ffff:192.0.2.1") == "192.0.2.1" and client_key(None) == "unknown"
    limits = CreationLimits("1/minute")
    limits.hit("create", "2001:db8:1:2:aaaa::1")
    with pytest.raises(Exception, match="at most 1 per minute"):
        limits.hit("create", "2001:db8:1:2:bbbb::9")
    limits.hit("create", "2001:db8:1:3::1")


def test_serve_refuses_a_bad_limit_or_expiry(capsys):
    assert cli.main(["serve", "--db", ":memory:", "--create-limit", "lots"]) == 1
    assert "--create-limit" in capsys.readouterr().err
    assert cli.main(["serve", "--db", ":memory:", "--expire-after", "-1"]) == 1
    assert "--expire-after" in capsys.readouterr().err


def _post(base, headers=None):
    req = urllib.request.Request(base + "/api/games", data=json.dumps({"seats": PEOPLE, "listed": False}).encode(),
                                 method="POST", headers={"content-type": "application/json", **(headers or {})})
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return r.status, r.headers, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, e.headers, json.loads(e.read())


@pytest.mark.parametrize("proxies", [None, "none"])
def test_a_real_server_limits_by_address_and_believes_x_forwarded_for_only_from_trusted_proxies(tmp_path, proxies):
    pytest.importorskip("uvicorn")
    from web_remote import ServerProcess

    extra = [] if proxies is None else ["--forwarded-allow-ips", proxies]
    with ServerProcess(str(tmp_path / "games.db"), create_limit="2/minute", log=tmp_path / "server.log",
                       options=extra) as server:
        assert [_post(server.base)[0] for _ in range(2)] == [201, 201]
        status, headers, body = _post(server.base)
        assert status == 429 and int(headers["Retry-After"]) > 0 and "at most 2 per minute" in body["message"]
        # a proxy on this machine (uvicorn's default trust: 127.0.0.1) names another client
        status, _, _ = _post(server.base, {"X-Forwarded-For": "198.51.100.20"})
        assert status == (201 if proxies is None else 429)


# ------------------------------------------------------------------ expiry


def set_times(store, gid, updated, touched=None):
    with store.engine.begin() as con:
        con.execute(update(GAMES).where(GAMES.c.id == gid).values(created_at=updated, updated_at=updated,
                                                                  touched_at=touched))


def touched_at(store, gid):
    with store.engine.connect() as con:
        t = con.execute(select(GAMES.c.touched_at).where(GAMES.c.id == gid)).scalar_one()
    return None if t is None else t.replace(tzinfo=timezone.utc) if t.tzinfo is None else t


def wait_touched(store, gid):
    deadline = time.monotonic() + 10
    while (t := touched_at(store, gid)) is None:
        assert time.monotonic() < deadline, "the connection did not touch its game"
        time.sleep(0.02)
    return t


def exists(client, gid):
    return client.get(f"/api/games/{gid}").status_code == 200


def test_the_sweep_deletes_only_old_untouched_unfinished_games(db, caplog):
    saved = (LEGACY / "safari-finished.json").read_text()
    app = create_app(db, autoplay=False, create_limit="none")
    store, expiry = app.state.parts.store, app.state.parts.expiry
    with TestClient(app) as c:
        old, recent, watched, visited, fresh = (create(c).json()["id"] for _ in range(5))
        r = c.post("/api/games/import", content=saved, headers={"Content-Type": "application/json"})
        finished = r.json()["id"]
        assert c.get(f"/api/games/{finished}").json()["status"] == "over"
        for gid in (old, watched, visited, finished):
            set_times(store, gid, NOW - 40 * DAY)
        set_times(store, recent, NOW - 29 * DAY)
        set_times(store, visited, NOW - 40 * DAY, touched=NOW - 2 * DAY)  # moves long ago, a visit lately
        with c.websocket_connect(f"/ws/games/{watched}") as ws:
            ws.receive_json()
            wait_touched(store, watched)
            set_times(store, watched, NOW - 40 * DAY)  # the connection's own touch undone: only it keeps the game
            with caplog.at_level(logging.INFO, logger="savanna.web"):
                gone = c.portal.call(expiry.sweep, NOW)
            assert gone == [old]
            assert "expired 1 unfinished game(s) untouched for 30 days" in caplog.text
            assert not exists(c, old)
            assert all(exists(c, g) for g in (recent, watched, visited, finished, fresh))
            assert touched_at(store, watched) == NOW  # a sweep touches the games with a connection
            # the clock moved on 31 days (injected, not waited for): the recent one has had its
            # time, but the connection keeps its game, and finished games stay forever
            later = NOW + 31 * DAY
            gone = c.portal.call(expiry.sweep, later)
            assert sorted(gone) == sorted([recent, visited, fresh])
            assert exists(c, watched) and exists(c, finished)
        deadline = time.monotonic() + 10
        while touched_at(store, watched) == later:  # leaving touches the game (at the real time, ~NOW)
            assert time.monotonic() < deadline, "leaving did not touch the game"
            time.sleep(0.02)
        assert c.portal.call(expiry.sweep, NOW + 29 * DAY) == []  # 30 days from the last connection...
        assert c.portal.call(expiry.sweep, NOW + 31 * DAY) == [watched]  # ...and no more
        assert exists(c, finished)
        assert [g.id for g in store.list_games(listed_only=False)] == [finished]


def test_an_expired_game_goes_through_the_conductor_its_viewers_told_and_its_subscribers(db):
    """A game expired with a connection to it (one that came after the sweep read who is
    connected: here, by keeping nothing) has its viewers told why and closed; the conductor's
    subscribers hear of it as of a deletion by its creator."""
    from starlette.websockets import WebSocketDisconnect

    app = create_app(db, autoplay=False, create_limit="none")
    heard = []
    with TestClient(app) as c:
        app.state.parts.conductor.subscribe(heard.append)
        gid = create(c).json()["id"]
        with c.websocket_connect(f"/ws/games/{gid}") as ws:
            ws.receive_json()
            for _ in range(500):  # the connection's touch is noted in the background: let it land first
                if touched_at(app.state.parts.store, gid) is not None:
                    break
                time.sleep(0.01)
            set_times(app.state.parts.store, gid, NOW - 40 * DAY)
            assert c.portal.call(app.state.parts.conductor.expire, NOW - 30 * DAY) == [gid]
            while (m := ws.receive_json())["type"] != "error":
                pass
            assert m["code"] == "not_found" and "nobody moved in it" in m["message"]
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 4404
        assert not exists(c, gid)
        assert [(e.game_id, e.expired) for e in heard if type(e).__name__ == "Deleted"] == [(gid, True)]


def test_a_connection_touches_its_game_when_it_comes_and_goes(db):
    app = create_app(db, autoplay=False, create_limit="none")
    store = app.state.parts.store
    with TestClient(app) as c:
        gid = create(c).json()["id"]
        assert touched_at(store, gid) is None
        with c.websocket_connect(f"/ws/games/{gid}") as ws:
            ws.receive_json()
            first = wait_touched(store, gid)  # by coming
            set_times(store, gid, NOW - 40 * DAY)
        wait_touched(store, gid)  # and by leaving
        assert touched_at(store, gid) >= first
        assert c.portal.call(app.state.parts.expiry.sweep, NOW) == []
        assert exists(c, gid)


def test_games_untouched_too_long_are_expired_at_start_up_unless_expiry_is_off(db):
    store = Store(db)
    try:
        made = store.create(settings={"players": 2, "seed": 1}, seats=[], actions=[], status="playing", summary={})
        set_times(store, made.id, NOW - 31 * DAY)
    finally:
        store.close()
    with TestClient(create_app(db, autoplay=False, expire_after=None)) as c:  # off: kept
        assert c.portal.call(c.app.state.parts.expiry.sweep, NOW) == [] and c.app.state.parts.expiry.after is None
    with TestClient(create_app(db, autoplay=False, expire_after=timedelta(days=60))) as c:  # longer: kept
        assert c.portal.call(c.app.state.parts.expiry.sweep, NOW) == []
    with TestClient(create_app(db, autoplay=False)) as c:  # the default, 30 days: gone at start-up
        # the row goes in the sweep's worker thread, the count after it in the loop: wait for both
        deadline = time.monotonic() + 10
        while c.app.state.parts.store.get(made.id) is not None or c.app.state.parts.expiry.expired == 0:
            assert time.monotonic() < deadline, "the start-up sweep did not expire the game"
            time.sleep(0.05)
        assert c.app.state.parts.expiry.expired == 1


def test_a_database_from_before_expiry_gains_the_column_and_its_games_load(db, tmp_path):
    """A games table made by an older version (no touched_at) is given the column; its rows
    load as they were, and expire by their last move."""
    url = db if "://" in db else "sqlite:///" + db
    engine = create_engine(url)
    try:
        with engine.begin() as con:
            con.execute(text("DROP TABLE IF EXISTS games"))
            con.execute(text("DROP TABLE IF EXISTS alembic_version"))  # (an older version: no migrations)
        old = MetaData()
        Table("games", old, *(Column(c.name, c.type, primary_key=c.primary_key, index=c.index)
                              for c in GAMES.columns if c.name != "touched_at"))
        old.create_all(engine)
        rec = json.loads((LEGACY / "web-record.json").read_text())
        with engine.begin() as con:
            for gid, when in (("oldgame1", NOW - 90 * DAY), ("newgame1", NOW - DAY)):
                con.execute(old.tables["games"].insert().values(
                    id=gid, game=rec["game"], settings=rec["settings"], seats=rec["seats"], actions=rec["actions"],
                    status=rec["status"], summary=rec["summary"], listed=True, version=0, created_at=when,
                    updated_at=when))
    finally:
        engine.dispose()
    with TestClient(create_app(db, autoplay=False)) as c:
        deadline = time.monotonic() + 10
        while c.app.state.parts.store.get("oldgame1") is not None:
            assert time.monotonic() < deadline, "the old game was not expired"
            time.sleep(0.05)
        v = c.get("/api/games/newgame1").json()
        assert v["moves"] == len(rec["actions"]) and [s["score"] for s in v["seats"]] == rec["summary"]["scores"]
    store = Store(db)  # opened again: nothing more to add
    try:
        assert store.get("newgame1").actions == rec["actions"]
    finally:
        store.close()
