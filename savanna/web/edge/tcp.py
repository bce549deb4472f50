"""The server's TCP connections, guarded before a request is read: a deadline for a request's
headers, a cap per client address and a cap in all (`savanna serve --header-timeout,
--max-address-sockets, --max-sockets`).

    uvicorn.run(app, http=GuardedHttp, ws=GuardedWebSocket, ...)   # with configure(...) first

uvicorn (0.54) reads a request's headers with no deadline: its keep-alive timer runs only
between requests and any byte received stops it. httptools takes headers of any size, and
`limit_concurrency` answers 503 only once a request's headers are in, counting nothing per
address. So connections that each send part of a request and stop hold their file
descriptors as long as they like: about 20,000 of them, opened in 12 s from one address, and
the server, at its descriptor limit, answered no one. hypercorn and granian time a request's
headers but cap nothing per address either, and `savanna serve` runs without a proxy by
default; so the guard is here, as uvicorn's own protocol classes with a few methods more:

- a connection must deliver its request's headers within `header_timeout` seconds of opening,
  or of the end of the answer before it (a keep-alive connection's next request); else it is
  closed, with 408 if part of a request came. Headers over HEADER_BYTES: 431, closed. Once the
  headers are in nothing here times the request: a body is bounded by the app (edge/bodies.py),
  a WebSocket (upgraded after its headers) by its own caps (live/connection.py).
- one client address (IPv4; IPv6 by its /64, as the creation limits count) holds at most
  `max_per_address` connections; one more is answered 503 and closed at once. A trusted
  proxy's address (`--forwarded-allow-ips`) is not capped: every client comes through it, and
  it caps them (docs/operate/proxy.md shows how).
- at most `max_total` in all, under the process's file-descriptor limit (`fd_limit` raises it
  to the hard limit; `default_max_sockets` keeps a reserve for the database, the logs and the
  search workers). At the cap the connection that has waited longest for its headers is closed
  to make room, so a client that sends its request at once never waits behind half-sent ones;
  if none waits, the new one is answered 503.

The counts are each server process's (each has its own descriptors: `--workers N` holds up to
N times as many). A WebSocket counts from its first byte to its close (GuardedWebSocket lets go
of it). Refusals are logged at most every LOG_EVERY seconds, with their counts.
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import logging
import os
import time
from collections import Counter
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

from uvicorn.protocols.http.auto import AutoHTTPProtocol
from uvicorn.protocols.websockets.auto import AutoWebSocketsProtocol

from ..live.room import GameError
from .guard import CSP
from .ratelimit import client_key
from .wsclose import QuickClose

log = logging.getLogger("savanna.web")

HEADER_TIMEOUT = 10.0     # seconds: a phone on a poor network sends its headers in well under one
MAX_ADDRESS_SOCKETS = 256  # a browser holds up to 6 HTTP connections and a WebSocket per tab; a club behind one NAT
HEADER_BYTES = 32 * 1024  # nginx's default (4 buffers of 8 KB); this app's requests carry no cookies
FD_RESERVE = 256          # descriptors kept from client connections at the least (database, logs, workers)
LOG_EVERY = 10.0
ANSWERED = 16  # refusals of one address answered 503 between two log lines; more are reset (RST)
SETTINGS_ENV = "SAVANNA_CONNECTION_LIMITS"  # how `savanna serve` tells its worker processes


@dataclass(frozen=True)
class Limits:
    header_timeout: float | None = HEADER_TIMEOUT  # None: no deadline
    max_per_address: int | None = MAX_ADDRESS_SOCKETS  # None: no cap
    max_total: int | None = None  # None: no cap


def fd_limit(raise_soft: bool = True) -> int:
    """The process's limit of open file descriptors, its soft limit raised to the hard one first
    (processes started after inherit it); 1024 where the platform cannot say."""
    try:
        import resource
    except ImportError:  # not a Unix
        return 1024
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if raise_soft and soft != hard:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
            soft = hard
        except (ValueError, OSError):
            pass
    return soft if soft != resource.RLIM_INFINITY else 1 << 20


def default_max_sockets(limit: int) -> int:
    """Client connections a process with `limit` descriptors may hold: a tenth of them (at least
    FD_RESERVE) stays for its own files and pipes."""
    return max(16, limit - max(FD_RESERVE, limit // 10))


def configure(limits: Limits) -> None:
    """The limits of this process's guarded connections and of its worker processes' (through the
    environment, which they inherit)."""
    global _doorman
    os.environ[SETTINGS_ENV] = json.dumps(asdict(limits))
    _doorman = None


def _trusted(config: Any) -> tuple[bool, list[ipaddress.IPv4Network | ipaddress.IPv6Network]]:
    """(trust every address, the trusted networks) of uvicorn's --forwarded-allow-ips, when it
    believes proxies at all."""
    if not getattr(config, "proxy_headers", False):
        return False, []
    allowed = config.forwarded_allow_ips
    names = [n.strip() for n in (allowed.split(",") if isinstance(allowed, str) else allowed)]
    if "*" in names:
        return True, []
    nets = []
    for name in names:
        try:
            nets.append(ipaddress.ip_network(name, strict=False))
        except ValueError:  # a literal uvicorn would compare as text (a Unix socket's): no TCP peer
            pass
    return False, nets


class Doorman:
    """One process's count of the connections it holds, by client address; the connections
    waiting for their request's headers, the longest-waiting first."""

    def __init__(self, limits: Limits, config: Any = None):
        self.limits = limits
        self.trust_all, self.trusted_nets = _trusted(config)
        self.held: dict[Any, str] = {}  # transport -> its address's key
        self.by_address: Counter[str] = Counter()
        self.waiting: dict[Any, None] = {}  # GuardedHttp -> None, in the order they began to wait
        self.refused: Counter[str] = Counter()
        self.refused_from: Counter[str] = Counter()
        self.logged = 0.0
        self.hosts: dict[str | None, tuple[str, bool]] = {}
        self.last_key = ""

    def address(self, host: str | None) -> tuple[str, bool]:
        """(whom a connection from `host` counts for, whether it is a trusted proxy's), remembered
        for the last few thousand hosts: a flood comes from few."""
        known = self.hosts.get(host)
        if known is None:
            if len(self.hosts) >= 4096:
                self.hosts.clear()
            known = self.hosts[host] = (client_key(host), self.trust_all or self.in_trusted(host))
        return known

    def in_trusted(self, host: str | None) -> bool:
        try:
            ip = ipaddress.ip_address(host or "")
        except ValueError:
            return False
        return any(ip in net for net in self.trusted_nets)

    def admit(self, transport: Any) -> GameError | None:
        """Counts a new connection in, or says why it is refused (making room first if it can)."""
        peer = transport.get_extra_info("peername")
        key, trusted = self.address(peer[0] if isinstance(peer, tuple) else None)
        self.last_key = key
        cap, total = self.limits.max_per_address, self.limits.max_total
        if cap is not None and self.by_address[key] >= cap and not trusted:
            return self.refuse("address", key, f"too many connections from your address (at most {cap} at once); "
                                               "close some, or try again in a few seconds")
        if total is not None and len(self.held) >= total:
            if not self.waiting:
                return self.refuse("total", key, f"too many connections to this server (at most {total} at once); "
                                                 "try again in a few seconds")
            next(iter(self.waiting)).expire("evicted")
        self.held[transport] = key
        self.by_address[key] += 1
        return None

    def release(self, transport: Any) -> None:
        key = self.held.pop(transport, None)
        if key is not None:
            self.by_address[key] -= 1
            if self.by_address[key] <= 0:
                del self.by_address[key]

    def refuse(self, why: str, key: str, message: str) -> GameError:
        self.count(why, key)
        return GameError("too_many_connections", message)

    def count(self, what: str, key: str) -> None:
        """Counts a refusal or a closing, and logs the counts at most every LOG_EVERY seconds."""
        self.refused[what] += 1
        self.refused_from[key] += 1
        now = time.monotonic()
        if now - self.logged >= LOG_EVERY:
            self.logged = now
            top, n = self.refused_from.most_common(1)[0]
            words = {"address": "over the cap of one address", "total": "over the cap in all",
                     "timeout": "closed at the header timeout", "evicted": "closed to make room (at the cap in all)",
                     "too_large": "closed for headers too large"}
            log.warning("connections refused or closed since the last such line: %s (the most from %s: %d); "
                        "holding %d", ", ".join(f"{c} {words[k]}" for k, c in self.refused.items()), top, n,
                        len(self.held))
            self.refused.clear()
            self.refused_from.clear()


_doorman: Doorman | None = None


def doorman(config: Any = None) -> Doorman:
    """This process's Doorman, made at its first connection from the limits `configure` set."""
    global _doorman
    if _doorman is None:
        settings = json.loads(os.environ.get(SETTINGS_ENV) or "{}")
        _doorman = Doorman(Limits(**settings), config)
    return _doorman


def answer(transport: Any, error: GameError, retry_after: int | None = None) -> None:
    """Answers `error` as the app would ({"type": "error", ...}, its status, the security headers)
    and closes the connection."""
    from http import HTTPStatus

    body = json.dumps(error.as_dict()).encode()
    head = [f"HTTP/1.1 {error.status} {HTTPStatus(error.status).phrase}", "content-type: application/json",
            f"content-length: {len(body)}", "connection: close", "x-content-type-options: nosniff",
            "referrer-policy: no-referrer", f"content-security-policy: {CSP}"]
    if retry_after is not None:
        head.append(f"retry-after: {retry_after}")
    transport.write(("\r\n".join(head) + "\r\n\r\n").encode("latin-1") + body)
    transport.close()


if TYPE_CHECKING:  # (what Guarded is mixed into, for the checker: uvicorn's HTTP protocols, h11's and
    # httptools', have the same methods; at run time it is AutoHTTPProtocol, GuardedHttp's other base)
    from uvicorn.protocols.http.h11_impl import H11Protocol as _HttpProtocol
else:
    _HttpProtocol = object


class Guarded(_HttpProtocol):
    """What GuardedHttp adds to uvicorn's HTTP protocol (httptools', else h11's): the deadline and
    the caps. It sees a request's headers arrive as uvicorn starting a new request cycle
    (`self.cycle`), and the end of an answer as `on_response_complete`: nothing of either
    parser's own, so it guards either."""

    config: Any
    loop: asyncio.AbstractEventLoop
    transport: asyncio.Transport
    cycle: Any

    refused = False
    upgraded = False
    deadline: asyncio.TimerHandle | None = None
    heard = 0  # bytes received since the last request's headers, bodies left out

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        self.door = doorman(self.config)
        error = self.door.admit(transport)
        if error is not None:
            self.refused = True
            if self.door.refused_from[self.door.last_key] <= ANSWERED:
                answer(transport, error, retry_after=10)
            else:  # a flood: no answer, no FIN and no TIME_WAIT, the least work
                transport.abort()
            return
        super().connection_made(transport)
        self.wait_for_headers()

    def data_received(self, data: bytes) -> None:
        if self.refused:
            return
        cycle = self.cycle
        if cycle is None or not cycle.more_body:  # not a request's body: (part of) the next one's headers
            self.heard += len(data)
        super().data_received(data)
        if self.upgraded or self.transport.is_closing():
            return
        if self.cycle is not cycle:  # a request's headers are in
            self.heard = 0
            self.stop_waiting()
        elif self.heard > HEADER_BYTES:
            self.expire("too_large")

    def handle_websocket_upgrade(self, *args: Any) -> None:
        self.upgraded = True  # the transport goes to the WebSocket protocol, still counted
        self.stop_waiting()
        super().handle_websocket_upgrade(*args)

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing() and not self.upgraded and (self.cycle is None or self.cycle.response_complete):
            self.wait_for_headers()  # the next request's (none pipelined is under way)

    def connection_lost(self, exc: Exception | None) -> None:
        if self.refused:
            return
        self.stop_waiting()
        self.door.release(self.transport)
        super().connection_lost(exc)

    def wait_for_headers(self) -> None:
        self.stop_waiting()
        timeout = self.door.limits.header_timeout
        if timeout is not None:
            self.deadline = self.loop.call_later(timeout, self.expire, "timeout")
        self.door.waiting[self] = None

    def stop_waiting(self) -> None:
        if self.deadline is not None:
            self.deadline.cancel()
            self.deadline = None
        self.door.waiting.pop(self, None)

    def expire(self, why: str) -> None:
        """Closes the connection for `why` ("timeout", "evicted", "too_large"): with 408 or 431
        if part of a request came, silently if none did (an idle connection a client keeps)."""
        self.stop_waiting()
        self.door.release(self.transport)  # (connection_lost comes later; the descriptor goes now)
        if self.transport.is_closing():
            return
        peer = self.transport.get_extra_info("peername")
        self.door.count(why, self.door.address(peer[0] if isinstance(peer, tuple) else None)[0])
        if why == "too_large":
            answer(self.transport, GameError("headers_too_large", f"a request's headers are over "
                                                                  f"{HEADER_BYTES // 1024} KB"))
        elif self.heard:
            answer(self.transport, GameError("request_timeout", "the request's headers did not arrive in time"))
        else:
            self.transport.close()


class GuardedHttp(Guarded, AutoHTTPProtocol):  # type: ignore[misc, valid-type]
    """uvicorn's HTTP protocol, guarded."""


_WS = QuickClose or AutoWebSocketsProtocol  # a client that never answers a close is dropped in 1 s, not 10
if _WS is not None:
    class GuardedWebSocket(_WS):  # type: ignore[misc, valid-type]
        """uvicorn's WebSocket protocol (wsclose.py's), which lets go of its connection's count when it closes."""

        def connection_lost(self, exc: Exception | None) -> None:
            doorman(self.config).release(self.transport)
            super().connection_lost(exc)
else:  # pragma: no cover (uvicorn[standard] brings websockets)
    GuardedWebSocket = None  # type: ignore[assignment, misc]
