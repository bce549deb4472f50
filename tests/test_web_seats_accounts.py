"""Seats that count (issue 28): a logged-in person claims a join link's seat and plays it by their
session on any device (REST and WebSocket), seats invited by name and open seats taken by the
first logged-in person (two servers on one database included), the store's seat_accounts and
GET /api/me/games, and the rules of rated games (table/claims.py). On SQLite, and on PostgreSQL
when SAVANNA_TEST_DATABASE_URL is set (web_databases.py)."""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("argon2")

from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import select

from test_web_accounts import ORIGIN, PASSWORD, app_on, app_options, changing, client_options, error  # noqa: F401 (fixtures)
from web_databases import BACKENDS, fresh_database
from web_remote import ServerProcess

from savanna.web.store.storage import SEAT_ACCOUNTS

HUMAN, COMPUTER = {"kind": "human"}, {"kind": "computer", "player": "random"}


@pytest.fixture
def anon(client):
    """A browser not logged in."""
    return client


def person(app, name):
    """A browser of its own (its own cookies), logged in as a new account `name`."""
    c = TestClient(app, raise_server_exceptions=False)
    r = c.post("/api/accounts", json={"name": name, "password": PASSWORD})
    assert r.status_code == 201, r.text
    return c


def create(c, seats, session=False, **kw):
    body = {"seats": seats, **kw}
    r = changing(c, "POST", "/api/games", body) if session else c.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def view(c, gid, token=None):
    return c.get(f"/api/games/{gid}" + (f"?token={token}" if token else "")).json()


def act(c, gid, token=None, **headers):
    """Play the first legal action: by `token`, else by the session."""
    v = view(c, gid, token)
    body = {"action": v["legal_actions"][0], **({"token": token} if token else {})}
    if token:
        return c.post(f"/api/games/{gid}/actions", json=body)
    return changing(c, "POST", f"/api/games/{gid}/actions", body, **headers)


def finish_turn(c, gid, seat, token=None):
    """Play on while it is `seat`'s turn (a turn may have several actions)."""
    while view(c, gid, token)["current_player"] == seat:
        r = act(c, gid, token)
        assert r.status_code == 200, r.text


def claim(c, gid, token, csrf=None):
    return changing(c, "POST", f"/api/games/{gid}/claim", {"token": token}, csrf=csrf)


def take(c, gid, seat, csrf=None):
    return changing(c, "POST", f"/api/games/{gid}/seats/{seat}/take", csrf=csrf)


def seat_rows(app, gid):
    with app.state.parts.store.engine.connect() as con:
        return sorted((r.seat, r.account_id) for r in con.execute(
            select(SEAT_ACCOUNTS).where(SEAT_ACCOUNTS.c.game_id == gid)))


def account_id(app, name):
    return app.state.parts.accounts.named(name)[0]


# ------------------------------------------------------------------ claiming


def test_a_logged_in_person_claims_a_join_links_seat_and_plays_it_without_the_token(app, anon):
    zaza = person(app, "Zaza")
    g = create(anon, [HUMAN, HUMAN])
    gid, t0, t1 = g["id"], g["seats"][0]["token"], g["seats"][1]["token"]
    error(anon.post(f"/api/games/{gid}/claim", json={"token": t0}), 401, "not_logged_in")
    error(claim(zaza, gid, t0, csrf="wrong"), 403, "bad_csrf_token")
    r = claim(zaza, gid, t0)
    assert r.status_code == 200 and r.json()["outcome"] == "claimed" and r.json()["seat"] == 0, r.text
    assert claim(zaza, gid, t0).json()["outcome"] == "already"  # again: nothing changes
    seat = view(anon, gid)["seats"][0]
    assert seat["claimed"] and seat["name"] == "Zaza"
    assert app.state.parts.store.get(gid).seats[0]["token_hash"] is None
    assert seat_rows(app, gid) == [(0, account_id(app, "Zaza"))]
    # the old token now says why it fails; the session plays, with its CSRF token only
    error(act(anon, gid, t0), 403, "claimed")
    error(act(zaza, gid, csrf="wrong"), 403, "bad_csrf_token")
    error(zaza.post(f"/api/games/{gid}/actions", json={"action": "pass"}, headers={"Origin": "http://evil.example",
                                                                                     "X-CSRF-Token": zaza.cookies.get("savanna_csrf")}),
          403, "bad_origin")
    assert act(zaza, gid).status_code == 200
    # on another device: the same account logged in again plays it
    phone = TestClient(app, raise_server_exceptions=False)
    assert phone.post("/api/session", json={"name": "zaza", "password": PASSWORD}).status_code == 200
    finish_turn(phone, gid, 0)
    error(act(phone, gid), 409, "not_your_turn")
    finish_turn(anon, gid, 1, t1)
    assert act(phone, gid).status_code == 200
    # another account: the seat is taken; a bad token; no token at all
    momo = person(app, "Momo")
    error(claim(momo, gid, t0), 409, "seat_taken")
    error(claim(momo, gid, "not-a-token"), 403, "bad_token")
    error(claim(momo, gid, None), 401, "missing_token")
    error(act(momo, gid), 403, "no_seat")
    error(claim(momo, "nosuchgame", t1), 404, "not_found")


def test_hotseat_and_finished_games_cannot_be_claimed(app, anon):
    zaza = person(app, "Zaza")
    g = create(anon, [HUMAN, HUMAN], hotseat=True)
    error(claim(zaza, g["id"], g["hotseat_token"]), 409, "cannot_claim")
    g = create(anon, [HUMAN, COMPUTER])
    assert anon.post(f"/api/games/{g['id']}/resign", json={"token": g["seats"][0]["token"]}).status_code == 200
    error(claim(zaza, g["id"], g["seats"][0]["token"]), 403, "bad_token")  # resigned: its token was dropped


def test_the_session_is_a_credential_on_every_seat_route(app, anon):
    zaza = person(app, "Zaza")
    g = create(anon, [HUMAN, COMPUTER], seed=5)
    gid = g["id"]
    claim(zaza, gid, g["seats"][0]["token"])
    # the export before the end: the account plays every human seat
    assert zaza.get(f"/api/games/{gid}/export").status_code == 200
    error(anon.get(f"/api/games/{gid}/export"), 403, "hidden")
    assert act(zaza, gid).status_code == 200
    app.state.parts.service.computer_step(gid)
    r = changing(zaza, "POST", f"/api/games/{gid}/takeback", {})
    assert r.status_code == 200 and r.json()["outcome"] == "done", r.text
    error(changing(zaza, "POST", f"/api/games/{gid}/takeback/answer", {"accept": True}), 409, "stale")
    error(zaza.post(f"/api/games/{gid}/resign", json={}, headers=ORIGIN), 403, "bad_csrf_token")
    # resigned: the seat keeps its account for the record, which plays it no more
    r = changing(zaza, "POST", f"/api/games/{gid}/resign", {})
    assert r.status_code == 200 and r.json()["outcome"] == "ended", r.text
    stored = app.state.parts.store.get(gid).seats[0]
    assert stored["account"] == account_id(app, "Zaza") and stored["resigned"]
    assert seat_rows(app, gid) == [(0, account_id(app, "Zaza"))]
    g = create(anon, [HUMAN, HUMAN])
    claim(zaza, g["id"], g["seats"][0]["token"])
    assert changing(zaza, "POST", f"/api/games/{g['id']}/resign", {}).json()["outcome"] == "computer"
    error(act(zaza, g["id"]), 403, "no_seat")
    # an ended session is a spectator's view, and refused for a change
    zaza.cookies.set("savanna_session", "x" * 43, domain="testserver.local", path="/")
    assert view(zaza, g["id"])["id"] == g["id"]
    error(act(zaza, g["id"]), 401, "not_logged_in")


def test_the_websocket_takes_the_session_as_a_token(app, anon):
    zaza = person(app, "Zaza")
    g = create(anon, [HUMAN, HUMAN])
    gid, t0 = g["id"], g["seats"][0]["token"]
    claim(zaza, gid, t0)
    with zaza.websocket_connect(f"/ws/games/{gid}") as ws:
        state = ws.receive_json()
        assert state["type"] == "state" and state["seats"] == [0]
        ws.send_json({"type": "action", "action": state["view"]["legal_actions"][0], "ref": 1})
        while (m := ws.receive_json())["type"] != "accepted":
            assert m["type"] in ("state", "patch"), m
    with anon.websocket_connect(f"/ws/games/{gid}?token={t0}") as ws:  # the old token: a spectator, told why
        msgs = [ws.receive_json(), ws.receive_json()]
        assert msgs[0]["seats"] == [] and msgs[1]["code"] == "bad_token"
    with anon.websocket_connect(f"/ws/games/{gid}") as ws:  # no session: a spectator
        assert ws.receive_json()["seats"] == []


def test_a_deleted_account_resigns_its_seats_in_unfinished_games(app, anon):
    zaza = person(app, "Zaza")
    on = create(anon, [{"kind": "human", "account": "Zaza"}, HUMAN, HUMAN])  # a computer plays the seat on
    ends = create(anon, [HUMAN, {"kind": "human", "account": "Zaza"}], on_resign="end")
    done = create(anon, [{"kind": "human", "account": "Zaza"}, HUMAN], on_resign="end")
    assert anon.post(f"/api/games/{done['id']}/resign", json={"token": done["seats"][1]["token"]}).status_code == 200
    r = changing(zaza, "DELETE", "/api/me", {"password": PASSWORD})
    assert r.status_code == 200, r.text
    assert sorted(r.json()["resigned"]) == sorted([on["id"], ends["id"]])
    v = view(anon, on["id"])
    assert v["status"] == "playing" and v["seats"][0]["resigned"] and v["seats"][0]["kind"] == "computer"
    v = view(anon, ends["id"])
    assert v["status"] == "over" and v["seats"][1]["resigned"] and v["winners"] == [0]
    v = view(anon, done["id"])  # a finished game stays as it ended
    assert v["status"] == "over" and not v["seats"][0]["resigned"]


def test_a_websocket_opened_by_a_session_acts_no_more_once_it_ends(app, anon):
    zaza = person(app, "Zaza")
    g = create(anon, [{"kind": "human", "account": "Zaza"}, HUMAN])
    gid = g["id"]
    with zaza.websocket_connect(f"/ws/games/{gid}") as ws:
        state = ws.receive_json()
        assert state["seats"] == [0]
        assert changing(zaza, "DELETE", "/api/session").status_code == 200  # logged out (in another tab)
        ws.send_json({"type": "action", "action": state["view"]["legal_actions"][0], "ref": 1})
        while (m := ws.receive_json())["type"] != "error":
            assert m["type"] in ("state", "patch"), m
        assert m["code"] == "not_logged_in" and m["ref"] == 1
        ws.send_json({"type": "resign", "ref": 2})
        assert ws.receive_json()["code"] == "not_logged_in"
        ws.send_json({"type": "ping", "ref": 3})  # reading goes on
        assert ws.receive_json()["type"] == "pong"
    assert anon.get(f"/api/games/{gid}").json()["moves"] == 0


# ------------------------------------------------------------- invited, open


def test_seats_invited_by_name_and_unknown_or_deleted_names(app, anon):
    zaza, momo = person(app, "Zaza"), person(app, "Momo")
    g = create(anon, [{"kind": "human", "account": "ZAZA"}, {"kind": "human", "account": "Momo"}, HUMAN])
    assert [s["token"] is None for s in g["seats"]] == [True, True, False]
    assert [s["claimed"] for s in g["seats"]] == [True, True, False] and g["seats"][0]["name"] == "Zaza"
    gid = g["id"]
    assert seat_rows(app, gid) == [(0, account_id(app, "Zaza")), (1, account_id(app, "Momo"))]
    finish_turn(zaza, gid, 0)
    error(act(zaza, gid), 409, "not_your_turn")
    assert act(momo, gid).status_code == 200
    body = error(anon.post("/api/games", json={"seats": [{"kind": "human", "account": "Nobody"}, HUMAN]}), 400,
                 "unknown_account")
    assert "Nobody" in body["message"]
    deleted = person(app, "Gone Soon")
    assert changing(deleted, "DELETE", "/api/me", {"password": PASSWORD}).status_code == 200
    error(anon.post("/api/games", json={"seats": [{"kind": "human", "account": "Gone Soon"}, HUMAN]}), 400,
          "unknown_account")
    for bad in ({"kind": "human", "account": "Zaza", "open": True}, {"kind": "computer", "account": "Zaza"},
                {"kind": "human", "account": "Zaza", "hotseat": True}, {"kind": "human", "account": ""}):
        error(anon.post("/api/games", json={"seats": [bad, HUMAN]}), 422, "bad_settings")
    error(anon.post("/api/games", json={"seats": [{"kind": "human", "account": 7}, HUMAN]}), 400, "bad_request")


def test_an_open_seat_is_taken_by_the_first_logged_in_person(app, anon):
    zaza, momo = person(app, "Zaza"), person(app, "Momo")
    g = create(anon, [HUMAN, {"kind": "human", "open": True}])
    gid = g["id"]
    assert g["seats"][1]["token"] is None and g["seats"][1]["open"]
    listed = next(x for x in anon.get("/api/games").json()["open"] if x["id"] == gid)
    assert listed["open_seats"] == [1] and listed["rated"] is False
    error(anon.post(f"/api/games/{gid}/seats/1/take"), 401, "not_logged_in")
    error(take(zaza, gid, 1, csrf="wrong"), 403, "bad_csrf_token")
    error(take(zaza, gid, 0), 409, "not_open")
    error(take(zaza, gid, 7), 400, "bad_request")
    r = take(zaza, gid, 1)
    assert r.status_code == 200 and r.json()["outcome"] == "taken", r.text
    assert take(zaza, gid, 1).json()["outcome"] == "already"
    error(take(momo, gid, 1), 409, "seat_taken")
    assert next(x for x in anon.get("/api/games").json()["open"] if x["id"] == gid)["open_seats"] == []
    assert seat_rows(app, gid) == [(1, account_id(app, "Zaza"))]
    finish_turn(anon, gid, 0, g["seats"][0]["token"])
    assert act(zaza, gid).status_code == 200


def test_two_servers_race_for_an_open_seat_and_one_wins(url):
    """Two server processes on one database (two apps, each with its own store and locks): the
    one that read the seat open but writes second finds it taken."""
    first, second = app_on(url), app_on(url)
    with TestClient(first) as a, TestClient(second) as b:
        zaza, momo = person(first, "Zaza"), person(second, "Momo")
        gid = create(a, [HUMAN, {"kind": "human", "open": True}])["id"]
        service = second.state.parts.service
        save = service.save

        def rival_first(*args, **kw):  # the other server takes the seat between this one's read and write
            service.save = save
            assert take(zaza, gid, 1).status_code == 200
            return save(*args, **kw)

        service.save = rival_first
        body = error(take(momo, gid, 1), 409, "seat_taken")
        assert "another account" in body["message"]
        assert b.get(f"/api/games/{gid}").json()["seats"][1]["name"] == "Zaza"
        assert seat_rows(first, gid) == [(1, account_id(first, "Zaza"))]
        # and all at once: of many takes through both servers, exactly one wins
        gid = create(a, [HUMAN, {"kind": "human", "open": True}])["id"]
        people = [person(app, f"Racer {n}") for n, app in enumerate([first, second] * 3)]
        barrier, got = threading.Barrier(len(people)), []

        def go(c):
            barrier.wait()
            got.append(take(c, gid, 1))

        threads = [threading.Thread(target=go, args=(c,)) for c in people]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        codes = sorted(r.status_code for r in got)
        assert codes == [200] + [409] * (len(people) - 1), [r.text for r in got]
        assert all(r.json()["code"] == "seat_taken" for r in got if r.status_code == 409)
        assert len(seat_rows(first, gid)) == 1


def call(base, method, path, body=None, session=None):
    """A request to a real server: (status, JSON body, the session cookie it set or None); with
    `session` (cookie, CSRF token), sent as a page of that server sends it."""
    headers = {"Content-Type": "application/json"}
    if session:
        headers.update({"Cookie": f"savanna_session={session[0]}", "X-CSRF-Token": session[1], "Origin": base})
    req = urllib.request.Request(base + path, method=method, headers=headers,
                                 data=None if body is None else json.dumps(body).encode())
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            status, text, cookies = r.status, r.read(), r.headers.get_all("Set-Cookie") or []
    except urllib.error.HTTPError as e:
        status, text, cookies = e.code, e.read(), []
    cookie = next((c.split(";")[0].split("=", 1)[1] for c in cookies if c.startswith("savanna_session=")), None)
    return status, json.loads(text), cookie


@pytest.mark.slow
@pytest.mark.skipif("postgresql" not in BACKENDS, reason="needs SAVANNA_TEST_DATABASE_URL")
def test_two_server_processes_race_for_an_open_seat(tmp_path):
    url = fresh_database("postgresql", tmp_path)
    servers = [ServerProcess(url, log=tmp_path / f"server-{n}.log", create_limit="none",
                             options=["--register-limit", "none", "--login-limit", "none"]) for n in "ab"]
    try:
        for server in servers:
            server.start()
        people = []
        for n in range(6):
            base = servers[n % 2].base
            status, body, cookie = call(base, "POST", "/api/accounts", {"name": f"Racer {n}", "password": PASSWORD})
            assert status == 201, body
            people.append((base, (cookie, body["csrf_token"])))
        for _ in range(3):
            status, game, _ = call(servers[0].base, "POST", "/api/games",
                                   {"seats": [HUMAN, {"kind": "human", "open": True}]})
            assert status == 201, game
            barrier, got = threading.Barrier(len(people)), []

            def go(base, session, gid=game["id"], barrier=barrier, got=got):
                barrier.wait()
                got.append(call(base, "POST", f"/api/games/{gid}/seats/1/take", session=session)[:2])

            threads = [threading.Thread(target=go, args=p) for p in people]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            assert sorted(status for status, _ in got) == [200] + [409] * (len(people) - 1), got
            assert all(body["code"] == "seat_taken" for status, body in got if status == 409), got
            seats = [call(s.base, "GET", f"/api/games/{game['id']}")[1]["seats"][1] for s in servers]
            assert seats[0] == seats[1] and seats[0]["claimed"] and not seats[0]["open"]
    finally:
        for server in servers:
            server.stop()


# -------------------------------------------------------------------- store


def test_my_games_and_seat_accounts_kept_with_the_seats(app, anon):
    zaza, momo = person(app, "Zaza"), person(app, "Momo")
    error(anon.get("/api/me/games"), 401, "not_logged_in")
    playing = create(anon, [{"kind": "human", "account": "Zaza"}, {"kind": "human", "account": "Momo"}])
    waiting = create(anon, [{"kind": "human", "account": "Momo"}, {"kind": "human", "account": "Zaza"}],
                     listed=False)
    over = create(anon, [{"kind": "human", "account": "Zaza"}, COMPUTER])
    assert changing(zaza, "POST", f"/api/games/{over['id']}/resign", {}).status_code == 200
    doomed = create(anon, [{"kind": "human", "account": "Zaza"}, HUMAN])
    mine = zaza.get("/api/me/games").json()
    assert {g["id"] for g in mine["playing"]} == {playing["id"], waiting["id"], doomed["id"]}
    assert {g["id"] for g in mine["to_move"]} == {playing["id"], doomed["id"]}
    assert [g["id"] for g in mine["over"]] == [over["id"]] and mine["over"][0]["seat"] == 0
    assert next(g for g in mine["playing"] if g["id"] == waiting["id"])["seat"] == 1
    assert {g["id"] for g in momo.get("/api/me/games").json()["to_move"]} == {waiting["id"]}
    # deleted by its creator: its rows go with it
    r = anon.request("DELETE", f"/api/games/{doomed['id']}", json={"token": doomed["creator_token"]})
    assert r.status_code == 200 and seat_rows(app, doomed["id"]) == []
    assert doomed["id"] not in {g["id"] for g in zaza.get("/api/me/games").json()["playing"]}
    # expired: its rows go too
    from datetime import datetime, timedelta, timezone
    gone = app.state.parts.store.expire(datetime.now(timezone.utc) + timedelta(days=1))
    assert playing["id"] in gone and seat_rows(app, playing["id"]) == []
    found = app.state.parts.store.games_of_account(account_id(app, "Zaza"), limit=1)
    assert [(f.listing.id, f.seats) for f in found] == [(over["id"], (0,))]


def test_a_database_from_before_seat_accounts_gets_the_table(tmp_path):
    from savanna.web.store.storage import Store

    old = Store(str(tmp_path / "old.db"))
    with old.engine.begin() as con:
        con.exec_driver_sql("DROP TABLE seat_accounts")
        con.exec_driver_sql("DROP TABLE alembic_version")  # (an older version: no migrations)
    old.close()
    with TestClient(app_on(str(tmp_path / "old.db"))) as c:  # opened again: the table is made
        zaza = person(c.app, "Zaza")
        gid = create(c, [{"kind": "human", "account": "Zaza"}, HUMAN])["id"]
        assert [g["id"] for g in zaza.get("/api/me/games").json()["playing"]] == [gid]


# -------------------------------------------------------------------- rated


def test_a_rated_game_waits_for_its_players_then_plays_without_takebacks(app, anon):
    zaza, momo = person(app, "Zaza"), person(app, "Momo")
    seats = [COMPUTER, {"kind": "human", "account": "Zaza"}, {"kind": "human", "open": True}]
    g = create(zaza, seats, session=True, rated=True)
    gid = g["id"]
    stored = app.state.parts.store.get(gid)
    assert stored.meta["rated"] is True and stored.meta["creator_account"] == account_id(app, "Zaza")
    assert view(anon, gid)["rated"] is True
    assert next(x for x in anon.get("/api/games").json()["open"] if x["id"] == gid)["rated"] is True
    # the computer sits first: it waits for every seat to be taken, and so do people
    assert app.state.parts.service.computer_step(gid) is False
    assert app.state.parts.service.games_waiting_for_computers() == []
    error(take(zaza, gid, 2), 409, "already_seated")
    assert take(momo, gid, 2).status_code == 200
    assert app.state.parts.service.computer_step(gid) is True
    while app.state.parts.service.computer_step(gid):
        pass
    assert act(zaza, gid).status_code == 200
    error(changing(zaza, "POST", f"/api/games/{gid}/takeback", {}), 409, "rated_game")
    error(changing(momo, "POST", f"/api/games/{gid}/takeback/answer", {"accept": True}), 409, "rated_game")


def test_a_rated_game_keeps_its_seed_and_is_not_deleted_once_begun(app, anon):
    zaza = person(app, "Zaza")
    alone = [{"kind": "human", "account": "Zaza"}, COMPUTER]
    g = create(zaza, alone, session=True, rated=True)
    assert anon.request("DELETE", f"/api/games/{g['id']}", json={"token": g["creator_token"]}).status_code == 200
    g = create(zaza, alone, session=True, rated=True)
    gid = g["id"]
    error(zaza.get(f"/api/games/{gid}/export"), 403, "hidden")  # though Zaza plays every human seat
    assert act(zaza, gid).status_code == 200
    error(anon.request("DELETE", f"/api/games/{gid}", json={"token": g["creator_token"]}), 409, "rated_game")
    assert changing(zaza, "POST", f"/api/games/{gid}/resign", {}).json()["outcome"] == "ended"
    assert zaza.get(f"/api/games/{gid}/export").status_code == 200


def test_people_wait_for_a_rated_games_open_seat(app):
    zaza = person(app, "Zaza")
    gid = create(zaza, [{"kind": "human", "account": "Zaza"}, {"kind": "human", "open": True}], session=True,
                 rated=True)["id"]
    body = error(act(zaza, gid), 409, "waiting_for_players")
    assert "[1]" in body["message"]


def test_rated_games_are_refused_unless_every_rule_holds(app, anon):
    zaza = person(app, "Zaza")
    person(app, "Momo")
    pair = [{"kind": "human", "account": "Zaza"}, {"kind": "human", "account": "Momo"}]
    error(anon.post("/api/games", json={"seats": pair, "rated": True}), 401, "not_logged_in")
    error(zaza.post("/api/games", json={"seats": pair, "rated": True}, headers=ORIGIN), 403, "bad_csrf_token")
    assert "seed" in error(changing(zaza, "POST", "/api/games", {"seats": pair, "rated": True, "seed": 7}), 422,
                           "bad_settings")["message"]
    assert "hotseat" in error(changing(zaza, "POST", "/api/games", {"seats": pair, "rated": True, "hotseat": True}),
                              422, "bad_settings")["message"]
    assert "seat 1" in error(changing(zaza, "POST", "/api/games", {"seats": [pair[0], HUMAN], "rated": True}), 422,
                             "bad_settings")["message"]
    error(changing(zaza, "POST", "/api/games", {"seats": [pair[0], {"kind": "human", "account": "zaza"}],
                                                "rated": True}), 422, "bad_settings")
    assert changing(zaza, "POST", "/api/games", {"seats": pair, "rated": True}).status_code == 201
    # never by upload
    g = create(anon, [HUMAN, COMPUTER], seed=3)
    app.state.parts.service.computer_step(g["id"])
    saved = anon.get(f"/api/games/{g['id']}/export?token={g['seats'][0]['token']}").json()
    error(anon.post("/api/games/import", json={"saved": saved, "rated": True}), 422, "bad_import")
    error(anon.post("/api/games/import", json={**saved, "rated": True}), 422, "bad_import")


# --------------------------------------------------------------- bad input

ODD = st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=False) \
    | st.text(max_size=30) | st.sampled_from(["Zaza", "zaza", "ＺＡＺＡ", "Momo", "\x00", "\ud800", "x" * 300]) \
    | st.lists(st.integers(), max_size=2) | st.dictionaries(st.text(max_size=5), st.integers(), max_size=2)
SEAT = st.fixed_dictionaries({}, optional={"kind": st.sampled_from(["human", "computer"]) | ODD, "account": ODD,
                                           "open": ODD, "hotseat": ODD, "name": ODD, "player": ODD})
CREATE = st.fixed_dictionaries({"seats": st.lists(SEAT, max_size=4) | ODD},
                               optional={"rated": ODD, "seed": ODD, "hotseat": ODD})


@pytest.fixture(scope="module")
def fuzzed(tmp_path_factory):
    app = app_on(str(tmp_path_factory.mktemp("seats-fuzz") / "games.db"), create_limit="none")
    with TestClient(app, raise_server_exceptions=False) as c:
        c.post("/api/accounts", json={"name": "Zaza", "password": PASSWORD})
        c.post("/api/accounts", json={"name": "Momo", "password": PASSWORD})
        c.headers.update({**ORIGIN, "X-CSRF-Token": c.cookies.get("savanna_csrf")})  # logged in as Momo
        g = c.post("/api/games", json={"seats": [HUMAN, {"kind": "human", "open": True}]}).json()
        yield c, g


def answered(r):
    assert r.status_code < 500, r.text
    if r.status_code >= 400:
        body = r.json()
        assert body["code"] and body["message"], body


@settings(max_examples=80, deadline=None, suppress_health_check=list(HealthCheck))
@given(body=CREATE)
def test_any_seats_invited_open_or_rated_get_a_game_or_a_clear_error(fuzzed, body):
    c, _ = fuzzed
    r = c.post("/api/games", content=json.dumps(body), headers={"Content-Type": "application/json"})
    answered(r)
    if r.status_code == 201 and body.get("rated") is True:
        seats = c.app.state.parts.store.get(r.json()["id"]).seats
        claimed = [s["account"] for s in seats if s.get("account") is not None]
        assert len(set(claimed)) == len(claimed)
        assert all(s["kind"] == "computer" or s.get("account") is not None or s.get("open") for s in seats)


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(token=ODD, seat=st.sampled_from(["0", "1", "-1", "99", "x", "1.5", "%00", "99999999999999999999999"]),
       gid=st.sampled_from(["nosuchgame", "%00", "a" * 40]) | st.just(None))
def test_hostile_claims_and_takes_never_fail_the_server(fuzzed, token, seat, gid):
    c, g = fuzzed
    gid = gid or g["id"]
    answered(c.post(f"/api/games/{gid}/claim", content=json.dumps({"token": token}),
                    headers={"Content-Type": "application/json"}))
    answered(c.post(f"/api/games/{gid}/seats/{seat}/take"))
