"""Several server processes on one PostgreSQL database (cluster.py): two real `savanna serve`
processes share games, viewers, computer seats and caps; one killed with SIGKILL mid-game is
taken over by the other. Needs SAVANNA_TEST_DATABASE_URL (skipped without it), except the
test that --workers is refused on SQLite."""

from __future__ import annotations

import asyncio
import json
import os
import random
import time
from datetime import datetime, timedelta, timezone

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("websockets")

from web_databases import ENV, fresh_database
from web_remote import RemoteSeat, ServerProcess, check_game, random_choice, request, whole_view
from web_servers import get, wait_until

from savanna.cli import main
from savanna.web.views.history import RECENT

needs_postgres = pytest.mark.skipif(not os.environ.get(ENV), reason=f"{ENV} names no PostgreSQL database")
HUMAN, COMPUTER = {"kind": "human"}, {"kind": "computer", "player": "random"}
SEATS = [HUMAN, COMPUTER, HUMAN]  # seat 0 and seat 2 are people, on different servers
THINK = 0.01


def start_two(tmp_path, computer_delay=THINK, options=()):
    url = fresh_database("postgresql", tmp_path)
    servers = [ServerProcess(url, computer_delay=computer_delay, log=tmp_path / f"server-{n}.log",
                             options=list(options)) for n in "ab"]
    for s in servers:
        s.start()
    return url, servers


def new_game(server, seed):
    status, body = request(server.base, "POST", "/api/games", {"seats": SEATS, "seed": seed})
    assert status == 201, body
    return body


def game_part(view):
    """What every viewer of a finished game must agree on (who is connected may differ): its
    latest moves (those a view carries; check_game checks the whole history)."""
    return {"version": view["version"], "status": view["status"], "moves": view["moves"],
            "history": [h["action"] for h in view["history"]][-RECENT:], "scores": [s["score"] for s in view["seats"]]}


def finish_checks(server, game, seats, before=()):
    """Every viewer holds the same finished game, which has every accepted move and replays."""
    gid = game["id"]
    view = whole_view(server.base, gid)
    accepted = {}
    for s in seats:
        accepted.update(s.accepted)
        assert s.gaps == 0 and not s.errors, (s.url, s.gaps, s.errors)
        assert game_part(s.last_view) == game_part(view)  # every move reached every viewer
    saved = request(server.base, "GET", f"/api/games/{gid}/export")[1]
    assert check_game(view, json.dumps(saved), accepted, list(before)) == []
    return view


@needs_postgres
def test_two_servers_play_a_game_with_its_viewers_on_either(tmp_path):
    _, (a, b) = start_two(tmp_path, options=["--max-game-spectators", "1"])
    try:
        game = new_game(a, 11)
        gid, tokens = game["id"], [s["token"] for s in game["seats"]]
        rng = random.Random(3)
        seat0 = RemoteSeat(a.ws_base, gid, tokens[0], random_choice(rng.randrange(2**32)), think=lambda: THINK)
        seat2 = RemoteSeat(b.ws_base, gid, tokens[2], random_choice(rng.randrange(2**32)), think=lambda: THINK)
        watcher = RemoteSeat(b.ws_base, gid, None, random_choice(0))

        async def play():
            tasks = [asyncio.create_task(s.run()) for s in (seat0, seat2, watcher)]
            # each server shows who is connected through the other
            for server in (a, b):
                await wait_until(lambda: [s["connected"] for s in get(server, f"/api/games/{gid}")["seats"]]
                                 == [True, True, True] and get(server, f"/api/games/{gid}")["spectators"] == 1,
                                 10, "both servers to see both seats and the spectator")
            # the cap on the game's spectators counts both servers' spectators
            from websockets.asyncio.client import connect
            from websockets.exceptions import ConnectionClosed

            async with connect(f"{a.ws_base}/ws/games/{gid}", proxy=None) as ws:
                with pytest.raises(ConnectionClosed):
                    await ws.recv()
            assert ws.close_code == 1013 and ws.close_reason == "too many spectators of this game (at most 1)"
            await asyncio.wait_for(asyncio.gather(*tasks), 90)

        asyncio.run(play())
        view = finish_checks(b, game, [seat0, seat2, watcher])
        assert set(seat0.servers) == {seat0.urls[0]} and "127.0.0.1:%d" % b.port in seat2.url
        assert {h["seat"] for h in view["history"]} == {0, 1, 2}  # the computer seat played, once a turn
        assert view["moves"] == len(view["history"])
    finally:
        a.stop()
        b.stop()


@needs_postgres
def test_a_server_killed_mid_game_is_taken_over_by_the_other_with_nothing_lost(tmp_path):
    from sqlalchemy import create_engine, text

    url, (a, b) = start_two(tmp_path, computer_delay=0.3)
    engine = create_engine(url)

    def holder():
        with engine.connect() as con:
            return con.execute(text("SELECT server_id FROM leases WHERE game_id = :g"), {"g": gid}).scalar()

    try:
        game = new_game(a, 12)
        gid, tokens = game["id"], [s["token"] for s in game["seats"]]
        a_id, b_id = get(a, "/api/health")["cluster"]["server"], get(b, "/api/health")["cluster"]["server"]
        rng = random.Random(4)
        # seat 0 and the spectator start on a, seat 2 on b; each goes to the other server when its
        # own goes away (as behind a load balancer)
        seat0 = RemoteSeat([a.ws_base, b.ws_base], gid, tokens[0], random_choice(rng.randrange(2**32)),
                           think=lambda: THINK)
        watcher = RemoteSeat([a.ws_base, b.ws_base], gid, None, random_choice(0))
        seat2 = RemoteSeat([b.ws_base, a.ws_base], gid, tokens[2], random_choice(rng.randrange(2**32)),
                           think=lambda: THINK)
        seats = [seat0, seat2, watcher]
        seen: dict = {}

        async def play():
            tasks = [asyncio.create_task(s.run()) for s in seats]

            # killed while it drives the computer seat: the server seat 0's moves reach wakes it (a,
            # unless seat 0 had to go to b early on, as a machine under load can make it)
            def driving():
                seen.update(moves=get(b, f"/api/games/{gid}")["moves"], holder=holder())
                return seen["moves"] >= 12 and seen["holder"] in (a_id, b_id)

            try:
                await wait_until(driving, 60, "a server to hold the computer seat's lease mid-game")
            except AssertionError as e:  # say what was seen instead
                raise AssertionError(f"{e}: last seen {seen} (a is {a_id}, b {b_id}); seat 0 connected to "
                                     f"{seat0.servers}, errors {dict(seat0.errors)}\nserver a{a.log_tail()}\nserver b{b.log_tail()}")
            victim, survivor, survivor_id = (a, b, b_id) if seen["holder"] == a_id else (b, a, a_id)
            seen.update(urls=[s.url for s in seats], reconnects=[s.reconnects for s in seats])
            before = await asyncio.to_thread(get, survivor, f"/api/games/{gid}")
            await asyncio.to_thread(victim.kill)
            takers = set()
            await wait_until(lambda: takers.add(holder()) or survivor_id in takers, 40,
                             "the other server to take the computer seat's lease")
            await asyncio.wait_for(asyncio.gather(*tasks), 90)
            return before, victim, survivor

        before, victim, survivor = asyncio.run(play())
        assert before["status"] == "playing"
        view = finish_checks(survivor, game, seats, [before])
        for s, url_then, reconnects_then in zip(seats, seen["urls"], seen["reconnects"]):
            if url_then.startswith(victim.ws_base + "/"):  # cut off: it went on through the survivor
                assert s.reconnects > reconnects_then and s.servers[-1].startswith(survivor.ws_base + "/"), s.servers
            else:  # its server stayed
                assert s.reconnects == reconnects_then, s.servers
        assert any(u.startswith(victim.ws_base + "/") for u in seen["urls"])  # someone was cut off
        after = view["history"][before["moves"]:]
        assert {h["seat"] for h in after} == {0, 1, 2}  # the computer seat moved again, driven by the other
    finally:
        engine.dispose()
        a.stop()
        b.stop()


@needs_postgres
def test_workers_run_as_several_processes_sharing_the_database(tmp_path):
    server = ServerProcess(fresh_database("postgresql", tmp_path), log=tmp_path / "server.log",
                           options=["--workers", "2"])
    server.start()
    try:
        deadline = time.monotonic() + 30
        while get(server, "/api/health")["cluster"]["servers"] < 2:  # both workers registered, alive
            assert time.monotonic() < deadline, "the second worker never joined"
            time.sleep(0.1)
        game = new_game(server, 13)  # and they serve: a game made through one is seen through either
        assert get(server, f"/api/games/{game['id']}")["id"] == game["id"]
    finally:
        server.stop()


def test_workers_are_refused_on_sqlite_saying_why(tmp_path, capsys):
    assert main(["serve", "--workers", "2", "--db", str(tmp_path / "games.db")]) == 1
    err = capsys.readouterr().err
    assert "--workers 2 needs PostgreSQL" in err and "SQLite" in err
    assert not (tmp_path / "games.db").exists()  # refused before anything was made


# ------------------------------------------------- what the servers share, server by server


@pytest.fixture
def clusters(tmp_path):
    """Three servers' Cluster rows on one database (`dead_after` 1 s), registered, not beating
    on their own: a test beats for each (`beat`), or stops, as a dead server does."""
    from savanna.web.live.cluster import Cluster
    from savanna.web.store.storage import Store

    store = Store(fresh_database("postgresql", tmp_path))  # (emptied: games, holds, leases, servers, counts)
    made = [Cluster(store, dead_after=1.0) for _ in range(3)]
    for c in made:
        c.register()
    yield made
    store.close()


def let_die(survivors, seconds=1.3):
    """Time passes: only `survivors` beat (the others are dead after dead_after). Returns the
    games their sweeps named: ([leased], [with connections])."""
    deadline = time.monotonic() + seconds
    named = ([], [])
    while time.monotonic() < deadline:
        for c in survivors:
            leased, watched = c.beat()
            named[0].extend(leased)
            named[1].extend(watched)
        time.sleep(0.2)
    return named


@needs_postgres
def test_a_lease_is_held_by_one_server_and_taken_over_when_it_dies(clusters):
    a, b, c = clusters
    assert a.lease("g1") and a.lease("g1")  # taken, and held again by its holder
    assert not b.lease("g1") and not c.lease("g1")
    assert b.lease("g2") and not a.lease("g2")
    b.release("g2")
    assert a.lease("g2")  # let go: free
    let_die([b, c])  # a stops beating
    assert b.lease("g1")  # its holder is dead: taken over at once, before any sweep
    assert not c.lease("g1") and a.holder("g1") == b.id
    assert not c.lease("g2") or a.holder("g2") == c.id  # g2 (a's too) goes to one server only
    a.beat()  # a comes back from a long pause: registered again, having lost its leases
    assert not a.lease("g1")


@needs_postgres
def test_a_sweep_clears_a_dead_servers_rows_and_names_its_games(clusters):
    a, b, _ = clusters
    assert a.lease("g1")
    _, hold = a.take("connection", "g1", [], "10.0.0.1", [0])
    assert b.presence(["g1"]) == {"g1": (frozenset({0}), 0)}
    assert let_die([b]) == (["g1"], ["g1"])  # the dead one's games, for the survivor to resume
    assert b.presence(["g1"]) == {}  # its connections are not counted
    assert a.holder("g1") is None and b.beat() == ([], [])
    # it was only paused: it registers again, and its open connections count again
    assert not a.revived and a.beat() == ([], []) and a.revived
    a.hold_again([(hold, "g1", "10.0.0.1", {0})])
    assert b.presence(["g1"]) == {"g1": (frozenset({0}), 0)} and not a.revived


@needs_postgres
def test_connection_caps_count_every_servers_connections(clusters):
    a, b, c = clusters
    caps = [("all", 4, "site"), ("game", 3, "game"), ("game address", 2, "address")]
    assert isinstance(a.take("connection", "g", caps, "10.0.0.1", [0]), tuple)
    assert isinstance(b.take("connection", "g", caps, "10.0.0.1", []), tuple)
    assert c.take("connection", "g", caps, "10.0.0.1", [1]) == "address"  # two from it already, on a and b
    assert isinstance(c.take("connection", "g", caps, "10.0.0.2", [1]), tuple)
    assert a.take("connection", "g", caps, "10.0.0.3", []) == "game"
    _, other = b.take("connection", "h", caps, "10.0.0.3", [])
    assert c.take("connection", "k", caps, "10.0.0.4", []) == "site"
    b.drop(other)
    assert isinstance(c.take("connection", "k", caps, "10.0.0.4", []), tuple)
    assert a.presence(["g"], others_only=False) == {"g": (frozenset({0, 1}), 1)}
    assert a.presence(["g"]) == {"g": (frozenset({1}), 1)}  # the others' only
    # caps on spectators count spectators only, of the game or in all, from the address or any
    spectators = [("spectator address", 2, "address"), ("spectator", 3, "all")]
    assert isinstance(a.take("connection", "m", spectators, "10.0.0.1", []), tuple)  # its second (g's)
    assert b.take("connection", "n", spectators, "10.0.0.1", []) == "address"  # of g and m, on b and a
    assert b.take("connection", "n", spectators, "10.0.0.5", []) == "all"  # those of g, k and m
    assert isinstance(c.take("connection", "n", [], "10.0.0.1", [0]), tuple)  # a seat, under no cap


@needs_postgres
def test_the_cap_on_searches_holds_across_servers(clusters):
    from savanna.web.live.cluster import GlobalSlots

    a, b, _ = clusters

    async def run():
        first, second = GlobalSlots(a, 2), GlobalSlots(b, 2)
        h1 = await first.acquire("g1")
        h2 = await second.acquire("g2")
        third = asyncio.create_task(first.acquire("g3"))
        await asyncio.sleep(0.3)
        assert not third.done() and a.count("search") == 2  # both places taken, one on each server
        await second.release(h2)
        h3 = await asyncio.wait_for(third, 5)
        assert a.count("search") == 2
        for h in (h1, h3):
            await first.release(h)
        assert b.count("search") == 0

    asyncio.run(run())


@needs_postgres
def test_creation_limits_count_every_servers_requests(clusters):
    from sqlalchemy import create_engine

    from savanna.web.edge.ratelimit import CreationLimits, RateLimited
    from savanna.web.store.ratestore import DatabaseStorage

    engines = [create_engine(clusters[0].url) for _ in range(2)]  # two processes' own connections
    try:
        one, two = (CreationLimits("3/minute", storage=DatabaseStorage(e)) for e in engines)
        one.hit("create", "10.0.0.1")
        two.hit("create", "10.0.0.1")
        one.hit("create", "10.0.0.1")
        with pytest.raises(RateLimited) as e:
            two.hit("create", "10.0.0.1")
        assert "at most 3 per minute" in e.value.message and 1 <= e.value.retry_after <= 60
        two.hit("create", "10.0.0.2")  # another address counts apart
        one.hit("tiles", "10.0.0.1")  # and another kind
    finally:
        for e in engines:
            e.dispose()


@needs_postgres
def test_a_server_that_stops_hands_its_games_over_at_the_next_heartbeat(clusters):
    a, b, _ = clusters
    assert a.lease("g1")
    a.take("connection", "g1", [], None, [0])
    asyncio.run(a.close())
    assert b.presence(["g1"]) == {}  # its connections gone at once
    assert b.beat() == (["g1"], [])  # its game named for resuming by the first heartbeat after
    assert b.lease("g1")


@needs_postgres
def test_writes_notify_the_other_servers_only_while_there_are_any(tmp_path):
    import psycopg

    from savanna.web.live.cluster import GAMES_CHANNEL, libpq_url
    from savanna.web.table.service import GameService
    from savanna.web.store.storage import Store

    store = Store(fresh_database("postgresql", tmp_path))
    listener = psycopg.connect(libpq_url(store.url), autocommit=True)
    try:
        listener.execute(f"LISTEN {GAMES_CHANNEL}")
        service = GameService(store)
        game = service.create(seats=[HUMAN, HUMAN], hotseat=True)

        def move():
            rec = service.record(game.id)
            return service.act(game.id, game.hotseat_token, service.position(rec).game.legal_actions()[0])

        def told():
            return [n.payload for n in listener.notifies(timeout=0.5, stop_after=1)]

        move()
        assert told() == []  # alone: a move tells no one
        store.tell_others = True
        rec = move()
        assert told() == [f"{game.id} {rec.version}"]
        store.delete(service.record(game.id))
        assert told() == [f"{game.id} -1"]
        stale = service.create(seats=[HUMAN, HUMAN], hotseat=True)
        assert store.expire(datetime.now(timezone.utc) + timedelta(days=1)) == [stale.id]
        assert told() == [f"{stale.id} -2"]  # expired: the others close their connections to it too
    finally:
        listener.close()
        store.close()
