"""Half-sent requests and connection floods (issue 27, point 3), on a real `savanna serve`:
a request's headers have a deadline, one client address a cap on its TCP connections, and the
server a cap in all, under its file-descriptor limit, at which half-sent connections make room
(savanna/web/edge/tcp.py). Clients "from another address" bind 127.0.0.2 or 127.0.0.3 (Linux
routes all of 127/8 to loopback); 127.0.0.1 is a trusted proxy by default."""

from __future__ import annotations

import http.client
import json
import socket
import sys
import time
from types import SimpleNamespace

import pytest

pytest.importorskip("uvicorn")

from web_remote import ServerProcess, request  # noqa: E402

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="binds 127.0.0.2 (Linux loopback)")

PART = b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Wait: "


def half_sent(server: ServerProcess, source: str = "127.0.0.2", part: bytes = PART) -> socket.socket:
    s = socket.socket()
    s.bind((source, 0))
    s.connect(("127.0.0.1", server.port))
    if part:
        s.sendall(part)
    return s


def what_came(s: socket.socket, timeout: float) -> bytes | None:
    """What the server sent before closing the connection (b"" for a bare close or a reset), or
    None if it is still open after `timeout` seconds."""
    s.settimeout(timeout)
    got = b""
    try:
        while chunk := s.recv(4096):
            got += chunk
    except (TimeoutError, socket.timeout):
        return None if not got else got
    except ConnectionResetError:
        pass
    return got


def get_from(server: ServerProcess, source: str, path: str = "/api/health") -> tuple[int, dict]:
    """GET `path` on a connection from `source`: (status, JSON body)."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=10, source_address=(source, 0)) as s:
        s.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode())
        got = what_came(s, 10) or b""
    head, _, body = got.partition(b"\r\n\r\n")
    return int(head.split()[1]), json.loads(body or b"null")


@pytest.fixture(scope="module")
def quick_timeout(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("conns")
    with ServerProcess(str(tmp / "games.db"), log=tmp / "server.log",
                       options=["--header-timeout", "1"]) as server:
        yield server


def test_half_sent_requests_are_closed_at_the_header_timeout_and_a_websocket_is_not(quick_timeout):
    from websockets.sync.client import connect

    server = quick_timeout
    status, game = request(server.base, "POST", "/api/games", {"seats": [{"kind": "human"}] * 2, "listed": False})
    assert status == 201
    with connect(f"{server.ws_base}/ws/games/{game['id']}?token={game['seats'][0]['token']}", proxy=None,
                 max_size=2**22) as ws:
        assert json.loads(ws.recv())["type"] == "state"
        t0 = time.monotonic()
        halves = [half_sent(server) for _ in range(40)]
        silent = half_sent(server, part=b"")  # connects and says nothing
        trickle = half_sent(server)  # a byte every 0.2 s: a slowloris, whom data alone does not keep
        while time.monotonic() - t0 < 1.6:
            try:
                trickle.sendall(b"a")
            except OSError:  # closed already
                break
            time.sleep(0.2)
        came = [what_came(s, 8) for s in halves]
        assert all(c is not None for c in came), "a half-sent request is still open after the header timeout"
        assert all(c.startswith(b"HTTP/1.1 408 ") and b'"request_timeout"' in c for c in came), came[0]
        assert what_came(silent, 8) == b""  # nothing sent: closed without a word
        assert (what_came(trickle, 8) or b"").startswith(b"HTTP/1.1 408 ")
        # the WebSocket, upgraded after its headers and open longer than the deadline, still answers
        time.sleep(max(0.0, t0 + 1.5 - time.monotonic()))
        ws.send(json.dumps({"type": "state"}))
        assert json.loads(ws.recv())["type"] == "state"
    for s in [*halves, silent, trickle]:
        s.close()
    # and the server answers as before, a request over a kept-alive connection included
    assert request(server.base, "GET", "/api/health")[0] == 200
    kept = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    socks = []
    for _ in range(3):  # 1.2 s on one connection, each request within its deadline
        kept.request("GET", "/api/health")
        reply = kept.getresponse()
        assert reply.status == 200 and json.loads(reply.read())["status"] == "ok"
        socks.append(kept.sock)
        time.sleep(0.6)
    kept.close()
    assert socks[0] is socks[1] is socks[2]


def test_headers_over_32_kb_are_refused(quick_timeout):
    s = half_sent(quick_timeout, source="127.0.0.3")
    try:
        for _ in range(40):
            s.sendall(b"X-Big: " + b"b" * 1000 + b"\r\n")
    except (BrokenPipeError, ConnectionResetError):
        pass
    came = what_came(s, 8)
    s.close()
    assert came is not None and came.startswith(b"HTTP/1.1 431 ") and b'"headers_too_large"' in came


def test_one_address_over_its_cap_is_refused_while_other_addresses_are_answered(tmp_path):
    """The defaults: 256 connections per address. A 257th from 127.0.0.2 is refused at once
    (503, then resets), while 127.0.0.3 and 127.0.0.1 (a health check) are answered."""
    with ServerProcess(str(tmp_path / "games.db"), log=tmp_path / "server.log") as server:
        held = [half_sent(server) for _ in range(256)]
        over = [half_sent(server) for _ in range(20)]
        came = [what_came(s, 5) for s in over]
        assert all(c is not None for c in came), "a connection over the address's cap was let in"
        assert came[0].startswith(b"HTTP/1.1 503 ") and b'"too_many_connections"' in came[0], came[0]
        assert b"from your address (at most 256" in came[0]
        assert all(what_came(s, 0.05) is None for s in held[:20]), "a connection within the cap was closed"
        assert get_from(server, "127.0.0.3")[0] == 200
        assert get_from(server, "127.0.0.1")[0] == 200
        for s in held + over:
            s.close()
        # the address is let in again once it holds fewer
        deadline = time.monotonic() + 10
        while (status := get_from(server, "127.0.0.2")[0]) != 200 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert status == 200


def test_a_trusted_proxy_is_not_capped_per_address_and_the_total_cap_makes_room(tmp_path):
    """127.0.0.1 is a trusted proxy (uvicorn's default --forwarded-allow-ips): its clients are
    capped in the proxy, not here. At --max-sockets the connection that has waited longest for
    its headers is closed to make room, so a whole request still gets in."""
    with ServerProcess(str(tmp_path / "games.db"), log=tmp_path / "server.log",
                       options=["--max-address-sockets", "5", "--max-sockets", "30"]) as server:
        proxied = [half_sent(server, source="127.0.0.1") for _ in range(10)]
        assert all(what_came(s, 0.05) is None for s in proxied)
        others = [half_sent(server, source="127.0.0.2") for _ in range(7)]
        assert all(what_came(s, 5) is not None for s in others[5:])  # over its 5
        assert all(what_came(s, 0.05) is None for s in others[:5])
        more = [half_sent(server, source=f"127.0.1.{i}") for i in range(15)]  # 10 + 5 + 15 = 30 held
        assert all(what_came(s, 0.05) is None for s in more)
        assert get_from(server, "127.0.0.3")[0] == 200  # at the cap: the oldest half-sent makes room
        assert (what_came(proxied[0], 5) or b"").startswith(b"HTTP/1.1 408 ")
        assert all(what_came(s, 0.05) is None for s in more)
        for s in proxied + others + more:
            s.close()


def test_the_doorman_counts_ipv6_by_its_64_and_a_process_keeps_descriptors_for_itself():
    from savanna.web.edge.tcp import Doorman, Limits, default_max_sockets

    class Transport:
        def __init__(self, host):
            self.host = host

        def get_extra_info(self, name):
            return (self.host, 1234, 0, 0) if name == "peername" else None

    door = Doorman(Limits(max_per_address=2, max_total=None))
    assert door.admit(Transport("2001:db8::1")) is None
    assert door.admit(Transport("2001:db8::ffff:2")) is None
    refused = door.admit(Transport("2001:db8::3"))  # the same /64
    assert refused is not None and refused.code == "too_many_connections"
    assert door.admit(Transport("2001:db8:0:1::1")) is None  # another /64
    assert door.admit(Transport("::ffff:192.0.2.1")) is None  # IPv4, mapped
    assert default_max_sockets(1024) == 768 and default_max_sockets(20_000) == 18_000


def test_the_guard_works_on_h11_as_on_httptools(monkeypatch):
    """uvicorn falls back on h11 without httptools: the same methods guard it (in this process)."""
    import threading

    import uvicorn
    from uvicorn.protocols.http.h11_impl import H11Protocol
    from websockets.sync.client import connect

    from savanna.web.edge import tcp
    from web_remote import free_port

    class GuardedH11(tcp.Guarded, H11Protocol):
        pass

    async def app(scope, receive, send):
        if scope["type"] == "websocket":
            await receive()
            await send({"type": "websocket.accept"})
            await receive()  # the client's message, sent after the deadline
            await send({"type": "websocket.send", "text": "still here"})
        elif scope["type"] == "http":
            await send({"type": "http.response.start", "status": 200, "headers": []})
            await send({"type": "http.response.body", "body": b"ok"})

    monkeypatch.setenv(tcp.SETTINGS_ENV, "{}")  # put back after the test, as the doorman is
    monkeypatch.setattr(tcp, "_doorman", None)
    tcp.configure(tcp.Limits(header_timeout=1, max_per_address=3, max_total=None))
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, http=GuardedH11,
                                           ws=tcp.GuardedWebSocket, log_level="warning", proxy_headers=False))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 10
        while not server.started:
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.05)
        at = SimpleNamespace(port=port)
        halves = [half_sent(at, source="127.0.0.1") for _ in range(3)]
        assert (what_came(half_sent(at, source="127.0.0.1"), 5) or b"").startswith(b"HTTP/1.1 503 ")
        assert all((what_came(s, 5) or b"").startswith(b"HTTP/1.1 408 ") for s in halves)
        for s in halves:
            s.close()
        with connect(f"ws://127.0.0.1:{port}/", proxy=None) as ws:
            time.sleep(1.3)
            ws.send("hello")
            assert ws.recv(timeout=5) == "still here"
    finally:
        server.should_exit = True
        thread.join(10)
    assert tcp.doorman().by_address == {}
