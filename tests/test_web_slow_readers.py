"""Slow readers and many sockets must not grow the server's memory (issue 14, point 5): a
connection's outgoing queue is bounded in bytes, whole views waiting there collapse into the
newest, a connection over its bound is closed and forgotten, and spectators are capped per
game, per client address and in all (test_web_spectators.py tells more). Last, a real server flooded by clients that never read."""

from __future__ import annotations

import asyncio
import base64
import json
import os
import socket
import threading
import time
from pathlib import Path

import pytest

pytest.importorskip("fastapi")

from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from test_web_ws import recv_until, state
from web_apps import create_app
from web_databases import fresh_database

from savanna.web.live.feed import Feed, Mirror, Whole
from savanna.web.live.connection import Connection, Limits
from savanna.web.live.games import LiveGames
from savanna.web.live.outbox import QUEUE_BYTES, Outbox

HUMAN = {"kind": "human"}

# ------------------------------------------------------------- the outbox


class StuckSocket:
    """A client that does not read: send_text does not return until `release` is set."""

    def __init__(self):
        self.sent: list[str] = []
        self.release = asyncio.Event()
        self.closed: tuple[int, str] | None = None

    async def send_text(self, text: str) -> None:
        await self.release.wait()
        self.sent.append(text)

    async def close(self, code: int = 1000, reason: str = "") -> None:
        self.closed = (code, reason)


def big_view(i: int) -> dict:
    """About 52 KB, like a Safari view late in the game; changes a little each time."""
    return {"version": i, "board": [{"x": k, "tile": "T" * 40, "seen": k <= i} for k in range(800)],
            "history": [{"move": m} for m in range(i)]}


def churning_view(i: int) -> dict:
    """A view whose every change is a 12 KB patch."""
    return {"version": i, "text": f"{i:06d}" * 2000}


def publish(feed: Feed, conn: Connection, view: dict, whole: bool = False, ref=None) -> None:
    """What LiveGames._render and _deliver do for one connection."""
    frame = feed.update({None: view})[None]
    message = frame.message(conn.has, None, conn.seats, whole, ref)
    if message is not None:
        conn.has = (frame.rev, None)
        conn.send(message, view=True)


def test_a_connection_that_does_not_read_keeps_one_whole_view_and_stays_under_its_bound():
    async def run():
        sock, feed = StuckSocket(), Feed()
        conn = Connection(sock, "g", None, frozenset())
        conn.start()
        publish(feed, conn, big_view(0))  # the first view: the writer takes it and is stuck sending it
        await asyncio.sleep(0)
        assert len(feed.frames[None].view_json) > 50_000
        for i in range(1, 300):  # moves (patches), the client asking for the whole view, replies
            publish(feed, conn, big_view(i), whole=i % 3 == 0, ref=i if i % 3 == 0 else None)
            if i % 7 == 0:
                conn.send({"type": "accepted", "version": i})
            assert conn.outbox.views() <= 1
            assert conn.outbox.bytes <= QUEUE_BYTES
        assert not conn.closed and sock.closed is None
        # the whole view asked for last waits, with its ref, and the patches after it
        sock.release.set()
        await conn.stop()
        kinds = [json.loads(t)["type"] for t in sock.sent]
        assert kinds.count("state") == 2  # the first, and the newest asked for
        assert kinds.count("accepted") == 42  # replies are never dropped, and keep their order
        versions = [json.loads(t)["version"] for t in sock.sent if '"accepted"' in t]
        assert versions == sorted(versions)
        newest = [json.loads(t) for t in sock.sent if t.startswith('{"type":"state"')][-1]
        assert newest["ref"] == 297
        # a client applying them in order ends with the latest view, and never misses a base
        mirror = Mirror()
        for t in sock.sent:
            assert mirror.take(json.loads(t)) in ("view", None)
        assert mirror.gaps == 0 and mirror.view == big_view(299)

    asyncio.run(run())


def test_a_collapsed_whole_view_answers_the_request_of_the_one_it_replaced():
    feed = Feed()
    frame = feed.update({None: {"a": 1}})[None]
    box = Outbox()
    box.put(Whole(frame, frozenset(), ref="r1"))
    box.put('{"type":"pong"}')
    box.put(Whole(frame, frozenset()))  # sent for another reason (auth, a missed base): no ref of its own
    assert len(box) == 2 and box.views() == 1
    assert json.loads(box.pop()) == {"type": "pong"}
    assert json.loads(box.pop())["ref"] == "r1"
    assert box.pop() is None and box.bytes == 0


def test_a_connection_over_its_byte_bound_is_closed_and_forgotten():
    async def run():
        live = LiveGames(service=None, autoplay=False, limits=Limits(queue_bytes=200_000))
        try:
            sock, feed = StuckSocket(), Feed()
            conn = live.join(sock, "g", None, frozenset())
            live.publisher.feeds["g"] = feed
            publish(feed, conn, churning_view(0))
            await asyncio.sleep(0)
            i = 1
            while not conn.closed:  # patches only: nothing collapses them
                publish(feed, conn, churning_view(i))
                assert conn.outbox.bytes <= 200_000
                i += 1
            assert 15 < i < 20  # the bound in bytes closed it, long before its 256 messages
            await asyncio.wait_for(conn.closing, 5)
            await asyncio.sleep(0)
            assert sock.closed == (1013, "too slow: reconnect to get the game again")
            assert len(conn.outbox) == 0 and conn.outbox.bytes == 0  # its memory given back at once
            assert conn.writer.done()
            assert "g" not in live.connections and "g" not in live.publisher.feeds  # nothing of it left here
            conn.send({"type": "pong"})  # later messages go nowhere
            assert len(conn.outbox) == 0
        finally:
            live._moves.shutdown(wait=False)

    asyncio.run(run())


def test_one_message_larger_than_the_bound_still_goes_when_nothing_waits():
    box = Outbox(max_bytes=1000)
    assert box.put("x" * 5000)
    assert not box.put("y")
    assert box.pop() == "x" * 5000 and box.put("y")


# ------------------------------------------------------------------ caps


def refused(client, path) -> WebSocketDisconnect:
    """The close that refuses a connection: it comes first, before any view."""
    with client.websocket_connect(path) as ws:
        with pytest.raises(WebSocketDisconnect) as e:
            ws.receive_json()
    return e.value


def test_spectators_over_a_cap_are_refused_and_the_others_go_on(tmp_path):
    app = create_app(fresh_database("sqlite", tmp_path), autoplay=False, max_spectators=2, max_game_spectators=1)
    with TestClient(app) as client:
        games = [client.post("/api/games", json={"seats": [HUMAN, HUMAN]}).json() for _ in range(2)]
        a, b = (g["id"] for g in games)
        token = games[0]["seats"][0]["token"]
        with client.websocket_connect(f"/ws/games/{a}?token={token}") as player, \
                client.websocket_connect(f"/ws/games/{a}") as watcher:
            view = state(player, lambda v: v["spectators"] == 1)["view"]
            state(watcher)
            e = refused(client, f"/ws/games/{a}")
            assert e.code == 1013 and e.reason == "too many spectators of this game (at most 1)"
            with client.websocket_connect(f"/ws/games/{b}") as other:  # another game: its own count
                assert other.receive_json()["type"] == "state"
                e = refused(client, f"/ws/games/{b}")
                assert e.code == 1013 and e.reason == "too many spectators on this server (at most 2)"
            # the connections let in are served as before (the refused ones never counted as watching)
            player.send_json({"type": "action", "action": view["legal_actions"][0], "ref": 1})
            assert recv_until(player, lambda m: m["type"] == "accepted")["ref"] == 1
            assert state(watcher, lambda v: v["version"] == 1)["view"]["spectators"] == 1
        with client.websocket_connect(f"/ws/games/{a}") as again:  # the places are free again
            assert again.receive_json()["type"] == "state"


def test_spectators_per_address_are_capped(tmp_path):
    app = create_app(fresh_database("sqlite", tmp_path), autoplay=False, max_address_game_spectators=1)
    with TestClient(app) as client:
        a, b = (client.post("/api/games", json={"seats": [HUMAN, HUMAN]}).json()["id"] for _ in range(2))
        with client.websocket_connect(f"/ws/games/{a}") as ws:
            assert ws.receive_json()["type"] == "state"
            e = refused(client, f"/ws/games/{a}")
            assert e.code == 1013 and e.reason == "too many spectators of this game from your address (at most 1)"
            with client.websocket_connect(f"/ws/games/{b}") as other:
                assert other.receive_json()["type"] == "state"


def test_serve_passes_its_caps_to_the_app(monkeypatch):
    uvicorn = pytest.importorskip("uvicorn")
    import gc

    from savanna.cli import main

    apps = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: apps.append(app))
    monkeypatch.setattr(gc, "freeze", lambda: None)
    monkeypatch.setattr(gc, "set_threshold", lambda *a: None)
    assert main(["serve", "--db", "sqlite://", "--max-spectators", "10", "--max-game-spectators", "5",
                 "--max-address-spectators", "4", "--max-address-game-spectators", "2", "--max-seat-connections",
                 "3", "--max-queued-kb", "300"]) == 0
    assert apps[0].state.parts.live.limits == Limits(spectators=10, game_spectators=5, address_spectators=4,
                                               address_game_spectators=2, seat_connections=3, queue_bytes=300 * 1024)
    # the former names set the caps on spectators they became
    assert main(["serve", "--db", "sqlite://", "--max-connections", "10", "--max-game-connections", "5",
                 "--max-address-connections", "2"]) == 0
    assert apps[1].state.parts.live.limits == Limits(spectators=10, game_spectators=5, address_game_spectators=2)
    for wrong in (["--max-game-connections", "0"], ["--max-seat-connections", "0"], ["--max-queued-kb", "100"]):  # (a whole view must fit)
        with pytest.raises(SystemExit):
            main(["serve", *wrong])


# ----------------------------------------------------- a real server, flooded

SILENT = 20  # clients that never read
ASKS = 10  # whole views each asks for a second (the server's rate limit allows 10/s after a burst of 30)
FLOOD = 12.0  # seconds
GROWTH = 25  # MB the server may grow by; before the bounds it grew by 73 in these 12 s (now by 6)


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS")


def silent_client(port: int, path: str) -> socket.socket:
    """A WebSocket client that, after the handshake, never reads (a small receive buffer, so
    that what the server sends waits in the server)."""
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    s.connect(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    s.sendall((f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
               f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
    head = b""
    while not head.endswith(b"\r\n\r\n"):  # byte by byte: not one byte of the frames after it
        head += s.recv(1)
    assert head.startswith(b"HTTP/1.1 101"), head
    return s


def frame(text: str) -> bytes:
    """A masked text frame, as a client sends it (short messages only)."""
    data, mask = text.encode(), os.urandom(4)
    return bytes([0x81, 0x80 | len(data)]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data))


def test_a_server_flooded_by_clients_that_never_read_keeps_its_memory_and_serves_the_others(tmp_path):
    pytest.importorskip("websockets")
    from web_remote import RemoteSeat, ServerProcess, random_choice, request

    server = ServerProcess(str(tmp_path / "games.db"), log=tmp_path / "server.log",
                           options=["--computer-only-games"])  # (the big game plays itself)
    server.start()
    try:
        status, big = request(server.base, "POST", "/api/games", {"seats": [{"kind": "computer", "player": "random"}] * 2,
                                                                  "seed": 7})
        assert status == 201, big
        deadline = time.monotonic() + 60
        while (view := request(server.base, "GET", f"/api/games/{big['id']}")[1])["status"] != "over":
            assert time.monotonic() < deadline, "the computer game did not finish"
            time.sleep(0.2)
        assert len(json.dumps(view)) > 45_000  # a whole view as large as the issue's
        status, small = request(server.base, "POST", "/api/games", {"seats": [HUMAN, {"kind": "computer",
                                                                                      "player": "random"}]})
        assert status == 201, small

        socks = [silent_client(server.port, f"/ws/games/{big['id']}") for _ in range(SILENT)]
        time.sleep(1)
        base = rss_mb(server.proc.pid)
        peak, stop = [base], threading.Event()

        def flood():
            ask = frame(json.dumps({"type": "state"}))
            for s in socks:  # the rate limit's burst at once, then ASKS a second
                s.sendall(ask * 30)
            while not stop.wait(1 / ASKS):
                for s in socks:
                    s.sendall(ask)
                peak.append(rss_mb(server.proc.pid))

        async def play() -> RemoteSeat:
            seat = RemoteSeat(server.ws_base, small["id"], small["seats"][0]["token"], random_choice(1),
                              think=lambda: 0.15)  # within its own rate limit
            task = asyncio.create_task(seat.run())
            await asyncio.wait([task], timeout=FLOOD)
            task.cancel()
            return seat

        flooder = threading.Thread(target=flood)
        flooder.start()
        try:
            seat = asyncio.run(play())
        finally:
            stop.set()
            flooder.join()
        for s in socks:
            s.close()
        growth = max(peak) - base
        print(f"server RSS {base:.0f} MB, at most {max(peak):.0f} MB under the flood (+{growth:.0f} MB)")
        assert growth < GROWTH, f"the server grew by {growth:.0f} MB under {SILENT} clients that never read"
        # the player in the other game was answered all along
        lat = sorted(seat.latencies)
        assert len(lat) >= 10 and not seat.errors, (len(lat), seat.errors)
        assert lat[len(lat) // 2] < 0.5 and lat[-1] < 3, lat
    finally:
        server.stop()
