"""The clocks kept by real `savanna serve` processes (live/clocks.py): a server killed with
SIGKILL mid-turn and started again resumes the running clock where it stood, and says for how
long it was away; two servers on one PostgreSQL database act on a flag fall once, and when the
server holding the game's lease is killed, the other acts on it as soon as the lease is free.
The restart test runs on SQLite, and on PostgreSQL too when SAVANNA_TEST_DATABASE_URL is set."""

from __future__ import annotations

import os
import time
from datetime import datetime

import pytest

pytest.importorskip("fastapi")

from web_apps import CHEAP
from web_databases import BACKENDS, ENV, count, fresh_database
from web_remote import ServerProcess, request
from web_servers import get

from savanna.web.live.clocks import AWAY_AFTER, BEAT
from savanna.web.live.cluster import DEAD_AFTER, HEARTBEAT, LEASES, SERVERS
from savanna.web.store.accounts import AccountStore
from savanna.web.store.ratings import HISTORY, RATED
from savanna.web.store.storage import Store
from savanna.web.table.accounts import Accounts

HUMAN, COMPUTER = {"kind": "human"}, {"kind": "computer", "player": "medium"}
needs_postgres = pytest.mark.skipif(not os.environ.get(ENV), reason=f"{ENV} names no PostgreSQL database")


def epoch(iso: str) -> float:
    return datetime.fromisoformat(iso.replace("Z", "+00:00")).timestamp()


def left(clock, now):
    """The running seat's seconds left at `now` (epoch), from a view's clock (figures as of "at")."""
    return clock["remaining"][clock["running"]] - max(0.0, now - epoch(clock["at"]))


def timed_game(server, clock, seed, seats=(HUMAN, HUMAN)):
    status, body = request(server.base, "POST", "/api/games", {"seats": list(seats), "seed": seed, "clock": clock})
    assert status == 201, body
    return body["id"], [s.get("token") for s in body["seats"]]


def first_moves(server, gid, tokens):
    """Every seat makes its first move (its first-move window over, its clock runs from then on):
    returns the view after, the clock of a seat who has moved running. A computer seat (no token)
    is waited for."""
    while True:
        v = get(server, f"/api/games/{gid}")
        clock = v["clock"]
        if clock["running"] is not None and not clock["first_move"] and len({h["seat"] for h in v["history"]}) == 2:
            return v
        token = tokens[v["current_player"]]
        if token is None:
            time.sleep(0.05)
            continue
        mine = get(server, f"/api/games/{gid}?token={token}")
        status, body = request(server.base, "POST", f"/api/games/{gid}/actions",
                               {"token": token, "action": mine["legal_actions"][0], "version": mine["version"]})
        assert status == 200, body


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_server_killed_mid_turn_resumes_the_clock_where_it_stood_and_says_how_long_it_was_away(backend, tmp_path):
    server = ServerProcess(fresh_database(backend, tmp_path), log=tmp_path / "server.log")
    server.start()
    try:
        gid, tokens = timed_game(server, {"base": 600, "increment": 0}, 7)
        first_moves(server, gid, tokens)
        time.sleep(BEAT + 0.5)  # (the mark beaten at least once since the game began)
        before = get(server, f"/api/games/{gid}")
        seat = before["clock"]["running"]
        killed = time.time()
        server.kill()
        left_at_kill = left(before["clock"], killed)
        time.sleep(AWAY_AFTER + 1.5)  # no server up: longer than a missed beat
        starting = time.time()
        server.start()
        up = time.time()
        after = get(server, f"/api/games/{gid}")
        looked = time.time()
        clock = after["clock"]
        assert after["status"] == "playing" and after["version"] == before["version"] + 1  # the credit: one write
        assert clock["running"] == seat
        # the time the server was away is not on the seat's clock: what was left at the kill is
        # left now, give or take the time from its last beat to the kill and from its start to now
        left_now = left(clock, looked)
        assert left_at_kill - 1.5 <= left_now <= left_at_kill + BEAT + 1.0, (left_at_kill, left_now)
        away = clock["away"]
        assert away is not None, clock
        assert starting - killed <= away["seconds"] <= up - killed + BEAT + 1.0, (away, up - killed)
        assert epoch(away["from"]) <= killed + 0.5 and starting - 0.5 <= epoch(away["to"]) <= up + 0.5
        # and the other seat's clock was not touched
        assert clock["remaining"][1 - seat] == before["clock"]["remaining"][1 - seat]
        # the clock runs again from there: the next move spends the time since the restart only
        mine = get(server, f"/api/games/{gid}?token={tokens[seat]}")
        status, body = request(server.base, "POST", f"/api/games/{gid}/actions",
                               {"token": tokens[seat], "action": mine["legal_actions"][0]})
        assert status == 200, body
        took = get(server, f"/api/games/{gid}")["times"][-1]
        assert took <= (time.time() - epoch(before["clock"]["at"])) - (starting - killed) + 0.1  # not the outage
    finally:
        server.stop()


@needs_postgres
def test_two_servers_on_postgresql_act_on_each_flag_fall_once(tmp_path):
    url = fresh_database("postgresql", tmp_path)
    servers = [ServerProcess(url, log=tmp_path / f"server-{n}.log") for n in "ab"]
    for s in servers:
        s.start()
    store = Store(url)
    try:
        accounts = Accounts(AccountStore(store.engine), hasher=CHEAP)
        ann, bob = (accounts.register(name, "savanna-lion-42").account.id for name in ("ann", "bob"))
        games = []
        for i in range(4):  # games on both servers, their flags falling at about the same moment
            server = servers[i % 2]
            gid, tokens = timed_game(server, {"base": 3, "increment": 0}, 20 + i)
            if i < 2:  # rated, between two accounts (as claims.py leaves a game whose seats were claimed)
                rec = store.get(gid)
                store.rewrite(rec, actions=rec.actions, status=rec.status, summary=rec.summary,
                              seats=[dict(s, account=a) for s, a in zip(rec.seats, (ann, bob))],
                              meta={**rec.meta, "rated": True})
            games.append((gid, first_moves(server, gid, tokens)))
        deadline = time.monotonic() + 30
        while any(store.get(gid).status != "over" for gid, _ in games):
            assert time.monotonic() < deadline, "a flag did not fall"
            time.sleep(0.1)
        time.sleep(2.0)  # both servers' loops have looked again since
        for gid, before in games:
            rec = store.get(gid)
            seat = before["clock"]["running"]
            timed_out = [r for r in rec.meta.get("resignations", []) if r.get("by") == "time"]
            assert [r["seat"] for r in timed_out] == [seat], rec.meta.get("resignations")
            assert rec.meta["ended"]["reason"] == "time" and rec.meta["ended"]["seat"] == seat
            assert rec.version == before["version"] + 1  # one write: the fall, by one server
            assert rec.actions == [h["action"] for h in before["history"]]
            for server in servers:  # and both servers show it
                v = get(server, f"/api/games/{gid}")
                assert v["status"] == "over" and v["ended_by"] == "time" and v["clock"]["flagged"] == [seat]
        for gid, before in games[:2]:  # the rated ones settled once, the seat out of time last
            assert count(store.engine, RATED, game_id=gid) == 1 and count(store.engine, HISTORY, game_id=gid) == 2
            fallen = (ann, bob)[before["clock"]["running"]]
            assert count(store.engine, HISTORY, game_id=gid, account_id=fallen, rank=2) == 1
        logs = "".join(s.log.read_text(errors="replace") for s in servers)
        for gid, _ in games:
            assert logs.count(f"game {gid}: the flag fell") == 1, logs[-3000:]
    finally:
        store.close()
        for s in servers:
            s.stop()


@needs_postgres
def test_the_server_holding_a_games_lease_killed_another_server_acts_on_its_flag_fall_once(tmp_path):
    url = fresh_database("postgresql", tmp_path)
    # A drives the game's computer seat, pausing after each of its actions (--computer-delay) with
    # the game's lease held, the computer's clock running: A is killed so, and the seat's time runs out
    a = ServerProcess(url, computer_delay=60, log=tmp_path / "server-a.log")
    b = ServerProcess(url, log=tmp_path / "server-b.log")
    a.start()
    b.start()
    store = Store(url)
    try:
        gid, tokens = timed_game(a, {"base": 3, "increment": 0}, 31, seats=(HUMAN, COMPUTER))
        before = first_moves(a, gid, tokens)  # the person's first turn; the computer's begun (of several actions)
        clock = before["clock"]
        due = epoch(clock["deadline"])
        assert clock["running"] == 1 and before["history"][-1]["seat"] == 1, before["history"]
        with store.engine.connect() as con:
            holder = con.execute(LEASES.select().where(LEASES.c.game_id == gid)).first()
            assert holder is not None, "no server holds the game's lease"
            a_row = con.execute(SERVERS.select().where(SERVERS.c.id == holder.server_id)).first()
        assert a_row.pid == a.proc.pid  # A holds it
        assert time.time() < due - 0.5, "the person's time ran out before A was killed: too slow to tell"
        a.kill()
        killed = time.time()
        # B cannot take the lease until A's last heartbeat is DEAD_AFTER old (at least the one read)
        free = max(due, a_row.heartbeat.timestamp() + DEAD_AFTER)
        limit = time.monotonic() + DEAD_AFTER + HEARTBEAT + 15
        while True:
            looked = time.time()
            if store.get(gid).status == "over":
                break
            playing = looked  # (the game was still playing at some moment after this)
            assert time.monotonic() < limit, "the flag did not fall"
            time.sleep(0.1)
        time.sleep(1.0)  # B's loop has looked again since
        rec = store.get(gid)
        timed_out = [r for r in rec.meta.get("resignations", []) if r.get("by") == "time"]
        assert [r["seat"] for r in timed_out] == [1], rec.meta.get("resignations")
        fell = epoch(timed_out[0]["at"])  # (to the second, rounded down)
        assert free - 0.5 <= playing, (due, free, playing, killed)  # B kept off while A's lease held
        assert fell <= killed + DEAD_AFTER + HEARTBEAT + 2.0, (fell, killed)  # and took over once A was dead
        assert rec.meta["ended"]["reason"] == "time" and rec.meta["ended"]["seat"] == 1
        assert rec.version == before["version"] + 1  # one write: the fall
        assert rec.actions == [h["action"] for h in before["history"]]
        v = get(b, f"/api/games/{gid}")
        assert v["status"] == "over" and v["ended_by"] == "time" and v["clock"]["flagged"] == [1]
        assert b.log.read_text(errors="replace").count(f"game {gid}: the flag fell") == 1, b.log_tail()
        assert f"game {gid}: the flag fell" not in a.log.read_text(errors="replace")
    finally:
        store.close()
        a.stop()
        b.stop()
