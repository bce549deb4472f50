"""Spectators cannot lock players out (issue 27, points 1 and 2): spectators and seats are
counted apart. Spectators are capped in all, per game, and per client address of both (an
IPv6 address by its /64), across the server processes sharing a PostgreSQL database; a seat's
token always gets in, and a seat holding too many connections of its own has its oldest closed.
On SQLite and, with SAVANNA_TEST_DATABASE_URL, on PostgreSQL (whose caps are counted in the
database, live/cluster.py)."""

from __future__ import annotations

import contextlib
import time
import socket

import pytest

pytest.importorskip("fastapi")

from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from test_web_slow_readers import refused
from test_web_ws import recv_until, state
from web_apps import create_app
from web_databases import ENV, fresh_database


HUMAN = {"kind": "human"}


def served(monkeypatch, db, *options):
    """The app `savanna serve --db DB OPTIONS` would run (uvicorn not started)."""
    import gc

    import uvicorn

    from savanna.cli import main

    apps = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: apps.append(app))
    monkeypatch.setattr(gc, "freeze", lambda: None)
    monkeypatch.setattr(gc, "set_threshold", lambda *a: None)
    with socket.socket() as s:  # (serve checks that its port is free)
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    assert main(["serve", "--db", db, "--port", str(port), "--create-limit", "none", "--computer-delay", "0",
                 "--allowed-host", "testserver",
                 *options]) == 0
    return apps[0]


def new_games(client, n):
    return [client.post("/api/games", json={"seats": [HUMAN, HUMAN]}).json() for _ in range(n)]


def watch(stack, client, game_id):
    """A spectator's connection, open until `stack` closes: True if let in, else the refusal."""
    ws = stack.enter_context(client.websocket_connect(f"/ws/games/{game_id}"))
    try:
        assert ws.receive_json()["type"] == "state"
        return True
    except WebSocketDisconnect as e:  # refused: closed at once, before any view
        return e


def play(client, game):
    """Seat 0 joins with its token and gets its whole view (as a player, not a spectator)."""
    with client.websocket_connect(f"/ws/games/{game['id']}?token={game['seats'][0]['token']}") as ws:
        m = state(ws)
        assert m["seats"] == [0] and m["view"]["seats"][0]["connected"]
        return m["view"]


def test_an_address_flooding_spectators_over_many_games_locks_no_player_out(db, monkeypatch):
    # the caps' former names (read as the caps on spectators they became): before, they capped
    # every connection, and a player's token was refused once spectators had taken the places
    app = served(monkeypatch, db, "--max-connections", "24", "--max-game-connections", "6")
    with TestClient(app) as client:
        with contextlib.ExitStack() as stack:
            games = new_games(client, 5)
            got = [watch(stack, client, g["id"]) for g in games for _ in range(6)]  # 30 from one address
            for g in games:  # every player still gets in, to any game, full or not
                assert play(client, g)["spectators"] == (6 if g is not games[-1] else 0)
            assert got.count(True) == 24
            for e in got[24:]:
                assert e.code == 1013 and e.reason == "too many spectators on this server (at most 24)"
            live = app.state.parts.live
            assert sum(len(c) for c in live.connections.values()) == 24  # nothing kept of the refused ones
        # all gone with them, once the last leavers' news has gone out (while the server runs)
        deadline = time.monotonic() + 10
        while (live.connections or live.admission.tally or live.publisher.feeds) and time.monotonic() < deadline:
            time.sleep(0.02)
        assert not live.connections and not live.admission.tally and not live.publisher.feeds


def test_a_game_full_of_spectators_still_lets_its_seats_in(db):
    app = create_app(db, autoplay=False)  # the defaults: 64 spectators of a game, 16 from one address
    with TestClient(app) as client, contextlib.ExitStack() as stack:
        game = new_games(client, 1)[0]
        let_in = 0
        for n in range(5):  # 80 spectators from five addresses: 64 let in
            other = TestClient(app, client=(f"203.0.113.{n + 1}", 4000))
            got = [watch(stack, other, game["id"]) for _ in range(16)]
            let_in += got.count(True)
        assert let_in == 64 and play(client, game)["spectators"] == 64
        e = refused(client, f"/ws/games/{game['id']}")
        assert e.code == 1013 and e.reason == "too many spectators of this game (at most 64)"
        with client.websocket_connect(f"/ws/games/{game['id']}?token={game['seats'][1]['token']}") as ws:
            seat1 = state(ws)  # the other seat too, and it plays
            ws.send_json({"type": "action", "action": seat1["view"]["legal_actions"][0]})
            # (not its turn: the game answers, as to anyone seated)
            assert recv_until(ws, lambda m: m["type"] in ("error", "accepted"))["type"] == "error"


def test_one_address_gets_a_bounded_share_of_the_spectators_of_the_server_and_of_a_game(db):
    app = create_app(db, autoplay=False, max_spectators=10, max_address_spectators=4, max_address_game_spectators=2)
    with TestClient(app) as client, contextlib.ExitStack() as stack:
        a, b, c = new_games(client, 3)
        assert [watch(stack, client, a["id"]) for _ in range(3)][:2] == [True, True]
        e = refused(client, f"/ws/games/{a['id']}")
        assert e.reason == "too many spectators of this game from your address (at most 2)"
        assert watch(stack, client, b["id"]) is True and watch(stack, client, b["id"]) is True
        e = refused(client, f"/ws/games/{c['id']}")
        assert e.code == 1013 and e.reason == "too many spectators on this server from your address (at most 4)"
        other = TestClient(app, client=("198.51.100.9", 4000))
        assert watch(stack, other, c["id"]) is True  # another address has its own share
        assert play(client, c)["spectators"] == 1  # and the first address's players get in


def test_an_ipv6_clients_share_is_its_64(db, monkeypatch):
    app = served(monkeypatch, db, "--max-address-connections", "2")  # (the former name of the per-game share)
    with TestClient(app) as client, contextlib.ExitStack() as stack:
        game = new_games(client, 1)[0]

        def watcher(host):
            return TestClient(app, client=(host, 4000))

        assert watch(stack, watcher("2001:db8:1:2::1"), game["id"]) is True
        assert watch(stack, watcher("2001:db8:1:2:ffff:ffff:ffff:fffe"), game["id"]) is True
        e = watch(stack, watcher("2001:db8:1:2:aaaa::7"), game["id"])  # a third address of the same /64
        assert e.code == 1013 and e.reason == "too many spectators of this game from your address (at most 2)"
        assert watch(stack, watcher("2001:db8:1:3::1"), game["id"]) is True  # the next /64: its own share
        # IPv4 by address (an IPv4-mapped IPv6 address is its IPv4 address)
        assert watch(stack, watcher("192.0.2.1"), game["id"]) is True
        assert watch(stack, watcher("::ffff:192.0.2.1"), game["id"]) is True
        assert watch(stack, watcher("192.0.2.1"), game["id"]) is not True
        assert watch(stack, watcher("192.0.2.2"), game["id"]) is True
        seat = watcher("2001:db8:1:2::99")  # a seat from the full /64 gets in all the same
        assert play(seat, game)["spectators"] == 6


def test_a_seat_over_its_own_cap_closes_its_oldest_connection_not_the_newest(db):
    app = create_app(db, autoplay=False)  # the default: 8 connections a seat
    with TestClient(app) as client, contextlib.ExitStack() as stack:
        game = new_games(client, 1)[0]
        path = f"/ws/games/{game['id']}?token={game['seats'][0]['token']}"
        mine = []
        for _ in range(9):
            ws = stack.enter_context(client.websocket_connect(path))
            state(ws)
            mine.append(ws)
        oldest = mine[0]
        oldest.send_json({"type": "ping"})
        with pytest.raises(WebSocketDisconnect) as e:  # closed before it could answer (no "pong")
            recv_until(oldest, lambda m: m["type"] == "pong")
        assert e.value.code == 4409
        assert e.value.reason == "this seat was opened in a newer connection (at most 8 at once): this one is closed"
        for ws in mine[1:]:  # the eight others are served
            ws.send_json({"type": "ping", "ref": 1})
            assert recv_until(ws, lambda m: m["type"] == "pong")["ref"] == 1
        # a spectator that signs in as the seat counts as one of the seat's: the oldest goes
        watcher = stack.enter_context(client.websocket_connect(f"/ws/games/{game['id']}"))
        state(watcher)
        watcher.send_json({"type": "auth", "token": game["seats"][0]["token"]})
        assert state(watcher)["seats"] == [0]
        with pytest.raises(WebSocketDisconnect) as e:
            recv_until(mine[1], lambda m: False)
        assert e.value.code == 4409
        # another seat's connections are its own
        with client.websocket_connect(f"/ws/games/{game['id']}?token={game['seats'][1]['token']}") as ws:
            assert state(ws)["seats"] == [1]
        mine[2].send_json({"type": "ping", "ref": 2})
        assert recv_until(mine[2], lambda m: m["type"] == "pong")["ref"] == 2


@pytest.mark.skipif(ENV not in __import__("os").environ, reason=f"{ENV} names no PostgreSQL database")
def test_the_shares_hold_across_two_servers_on_one_database(tmp_path):
    url = fresh_database("postgresql", tmp_path)
    one, two = (create_app(url, autoplay=False, max_spectators=8, max_game_spectators=3, max_address_spectators=4,
                           max_address_game_spectators=2) for _ in range(2))
    with TestClient(one) as a, TestClient(two) as b, contextlib.ExitStack() as stack:
        g, h, k = new_games(a, 3)
        assert watch(stack, a, g["id"]) is True and watch(stack, b, g["id"]) is True
        e = watch(stack, a, g["id"])  # its third of g, where it has one on each server
        assert e.code == 1013 and e.reason == "too many spectators of this game from your address (at most 2)"
        assert watch(stack, b, h["id"]) is True and watch(stack, a, k["id"]) is True
        e = watch(stack, b, k["id"])  # its fifth, on either server
        assert e.code == 1013 and e.reason == "too many spectators on this server from your address (at most 4)"
        other = TestClient(two, client=("198.51.100.9", 4000))
        assert watch(stack, other, g["id"]) is True
        e = watch(stack, TestClient(one, client=("198.51.100.10", 4000)), g["id"])
        assert e.code == 1013 and e.reason == "too many spectators of this game (at most 3)"
        for client in (a, b):  # the players get in through either server
            for game in (g, h, k):
                assert play(client, game)


@pytest.mark.skipif(ENV not in __import__("os").environ, reason=f"{ENV} names no PostgreSQL database")
def test_a_seats_oldest_connection_is_closed_on_whichever_server_holds_it(tmp_path):
    url = fresh_database("postgresql", tmp_path)
    one, two = (create_app(url, autoplay=False, max_seat_connections=2) for _ in range(2))
    with TestClient(one) as a, TestClient(two) as b, contextlib.ExitStack() as stack:
        game = new_games(a, 1)[0]
        path = f"/ws/games/{game['id']}?token={game['seats'][0]['token']}"
        # A socket is accepted before its hold is taken: each is in (its view come) before the next opens
        first = stack.enter_context(b.websocket_connect(path))  # the oldest, on the second server
        state(first)
        second = stack.enter_context(a.websocket_connect(path))
        state(second)
        third = stack.enter_context(a.websocket_connect(path))  # one more, on the first server
        assert state(third)["seats"] == [0]
        with pytest.raises(WebSocketDisconnect) as e:  # closed by the server that holds it, told by the database
            recv_until(first, lambda m: False)
        assert e.value.code == 4409
        for ws in (second, third):
            ws.send_json({"type": "ping", "ref": 3})
            assert recv_until(ws, lambda m: m["type"] == "pong")["ref"] == 3


def test_refused_sockets_are_dropped_at_once_even_if_their_client_never_answers(tmp_path):
    """A refused spectator's socket is closed by the server within about a second, though its
    client reads the close frame and never answers it (it held the socket 10 s before)."""
    import base64
    import os
    import selectors
    import time

    from web_remote import ServerProcess, request

    server = ServerProcess(str(tmp_path / "games.db"), log=tmp_path / "server.log",
                           options=["--max-game-connections", "1"])  # (the former name: one spectator)
    server.start()
    try:
        _, game = request(server.base, "POST", "/api/games", {"seats": [HUMAN, HUMAN]})
        socks = []
        for _ in range(21):  # one let in, twenty refused
            s = socket.create_connection(("127.0.0.1", server.port))
            key = base64.b64encode(os.urandom(16)).decode()
            s.sendall(f"GET /ws/games/{game['id']} HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nUpgrade: websocket\r\n"
                      f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode())
            socks.append(s)
        t0 = time.monotonic()
        got = {s: b"" for s in socks}
        dropped = {}  # socket: seconds until the server dropped it
        with selectors.DefaultSelector() as sel:
            for s in socks:
                sel.register(s, selectors.EVENT_READ)
            while len(dropped) < 20 and time.monotonic() < t0 + 8:
                for key, _ in sel.select(timeout=0.1):  # read what the server sends, answer nothing
                    chunk = key.fileobj.recv(65536)
                    got[key.fileobj] += chunk
                    if not chunk:
                        dropped[key.fileobj] = time.monotonic() - t0
                        sel.unregister(key.fileobj)
        assert len(dropped) == 20  # all but the one let in
        for s in dropped:  # each closed with its reason, and dropped
            assert b"\x88" in got[s] and (b"too many spectators" in got[s] or b"too many connections" in got[s])
        assert max(dropped.values()) < 4, sorted(dropped.values())
    finally:
        for s in socks:
            s.close()
        server.stop()
