"""The edge's guard: what every request and answer passes through before any route.

- `Guard`: security headers on every HTTP answer (no MIME sniffing, no Referer, a
  Content-Security-Policy), requests for a Host that is not one of the server's names refused
  (DNS rebinding), and the WebSocket handshake refused (HTTP 403) when a browser opens it from
  a page of another site;
- `BodyLimit`: request bodies over the limit of their path refused (413), by Content-Length
  or as they stream in;
- `RedactTokens`: seat tokens kept out of the server's logs.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import ipaddress
import json
import logging
import re
from collections.abc import Iterable
from typing import Any
from urllib.parse import unquote_plus, urlsplit

from fastapi import FastAPI
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Receive, Scope, Send

from savanna import games

from ..live.room import GameError

log = logging.getLogger("savanna.web")

MESSAGE_LIMIT = 4 * 1024  # a WebSocket message or an action's body
BODY_LIMIT = 16 * 1024  # any other request body
IMPORT_LIMIT = 1024 * 1024  # an uploaded game (a game's own tile set or map makes it larger)
# the paths of uploads (their bodies may be as large as IMPORT_LIMIT), and of a seat's
# requests (as small as a WebSocket message)
UPLOADS = ("/api/games/import", "/api/tiles")
SEAT_REQUESTS = ("/actions", "/takeback", "/answer", "/resign")


class BodyTooLarge(StarletteHTTPException):
    def __init__(self, limit: int):
        super().__init__(413, f"the request body is larger than {limit} bytes")


class BodyLimit:
    """Refuse request bodies over the limit of their path, by Content-Length or as they stream in."""

    def __init__(self, app: ASGIApp, message_limit: int = MESSAGE_LIMIT):
        self.app = app
        self.message_limit = message_limit

    def limit(self, path: str) -> int:
        if path in UPLOADS:
            return IMPORT_LIMIT
        if path.endswith(SEAT_REQUESTS):
            return self.message_limit
        return BODY_LIMIT

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        limit = self.limit(scope["path"])
        for key, value in scope.get("headers", ()):
            if key == b"content-length":
                try:
                    declared = int(value)
                except ValueError:
                    declared = 0
                if declared > limit:
                    resp = JSONResponse(GameError("too_large", f"the request body is {declared} bytes; at most "
                                                               f"{limit} are accepted here").as_dict(), 413)
                    return await resp(scope, receive, send)
        seen = 0

        async def limited() -> Any:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > limit:
                    raise BodyTooLarge(limit)
            return message

        await self.app(scope, limited, send)


# what every answer carries: no MIME sniffing, no Referer (a join link's path names the game),
# and a Content-Security-Policy: scripts only from /static (the pages have no inline handlers,
# and their one inline script, the import map, is allowed by its hash: `page_csp`), no
# framing. Inline styles stay allowed: the pages set colours through style attributes (seat
# swatches), which 'unsafe-inline' for styles only permits. `CSP` itself allows no inline
# script at all: answers that are not pages (tcp.py's) carry it as it is.
CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; "
       "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
# /docs and /redoc are FastAPI's: their page loads Swagger UI or ReDoc from a CDN with an inline script
DOCS_CSP = ("default-src 'self'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
            "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net https://fonts.googleapis.com; "
            "font-src 'self' https://fonts.gstatic.com; img-src 'self' data: https://fastapi.tiangolo.com "
            "https://cdn.redoc.ly; worker-src 'self' blob:; connect-src 'self'; object-src 'none'; "
            "base-uri 'none'; frame-ancestors 'none'")
DOCS_PATHS = ("/docs", "/redoc")


@functools.cache
def import_map() -> str:
    """The pages' import map, as the text of its <script type="importmap">: every game's
    modules (its description's `scripts`, GET /api/catalogue) by name, "savanna/<file>" for
    /static/<file>, which is how the pages import a game's modules (static/games.js). The
    pages' own modules import each other by relative paths."""
    modules = dict.fromkeys(m for s in games.specs() for m in s.scripts)
    return json.dumps({"imports": {f"savanna/{m}": f"/static/{m}" for m in modules}}, sort_keys=True)


@functools.cache
def page_csp() -> str:
    """`CSP` with the import map's hash in script-src: that one inline script runs, no other."""
    digest = base64.b64encode(hashlib.sha256(import_map().encode()).digest()).decode()
    return CSP.replace("script-src 'self';", f"script-src 'self' 'sha256-{digest}';", 1)


def origin_of(url: str) -> str:
    """`scheme://host[:port]` of an origin or URL, lowercased, without a default port; ValueError if
    it is not an http(s) URL."""
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError(f"not an http(s) origin: {url!r}")
    port = parts.port
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    default = {"http": 80, "https": 443}[parts.scheme]
    return f"{parts.scheme}://{host}" + (f":{port}" if port and port != default else "")


LOCAL_NAMES = ("localhost", "localhost.localdomain", "ip6-localhost")


def host_name(host: str) -> str:
    """The name or address of a Host header, without its port or brackets, lowercased."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1:host.find("]")] if "]" in host else host[1:]
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def is_address(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def origin_allowed(scope: Any, allowed: Iterable[str] = ()) -> bool:
    """Whether a request's Origin header (its ASGI `scope`'s) is this server's own (the host:port
    of its Host header) or one of `allowed` (origins as origin_of gives them). No Origin header
    (a program, not a browser) is allowed."""
    headers = {k: v for k, v in scope.get("headers", ())}
    origin = headers.get(b"origin")
    if origin is None:
        return True
    try:
        origin_text = origin_of(origin.decode("latin-1"))
    except ValueError:  # "null" (a sandboxed page, a file) or garbage
        return False
    if origin_text in allowed:
        return True
    host = headers.get(b"host", b"").decode("latin-1").strip().lower()
    scheme = origin_text.split("://", 1)[0]
    try:
        return bool(host) and origin_of(f"{scheme}://{host}") == origin_text
    except ValueError:
        return False


class Hosts:
    """The names a request's Host header may carry (`--allowed-host`), as Starlette's
    TrustedHostMiddleware checks them ("*.example.org" matches its subdomains, "*" any), and
    besides them localhost and any IP address: DNS rebinding needs a name of the attacker's,
    so an address typed in the browser is always safe, and a server on 0.0.0.0 is reached by
    its LAN address without configuration."""

    def __init__(self, names: Iterable[str]):
        self.names = {host_name(n) for n in names if n.strip()} | set(LOCAL_NAMES)
        self.any = "*" in self.names

    def allowed(self, host: str) -> bool:
        name = host_name(host)
        if self.any or name in self.names or is_address(name):
            return True
        return any(n.startswith("*.") and name.endswith(n[1:]) for n in self.names)


class Guard:
    """Security headers on every HTTP answer; a Host that is not one of `allowed_hosts`
    refused (HTTP 400, a WebSocket closed with 1008) when they are given; the WebSocket
    handshake refused (HTTP 403) when a browser opens it from a page of another site: its
    Origin must be this server's own (the host:port of the request's Host header) or one of
    `allowed_origins`. No Origin header (a program such as bench/web_load.py, not a browser)
    is allowed."""

    def __init__(self, app: ASGIApp, allowed_origins: Iterable[str] = (), allowed_hosts: Iterable[str] | None = None):
        self.app = app
        self.allowed = {origin_of(o) for o in allowed_origins}
        self.hosts = None if allowed_hosts is None else Hosts(allowed_hosts)

    def host_refused(self, scope: Any) -> str | None:
        """The Host header, when it names no host this server answers for; else None."""
        if self.hosts is None:
            return None
        host = next((v for k, v in scope.get("headers", ()) if k == b"host"), b"").decode("latin-1")
        return None if self.hosts.allowed(host) else host

    def origin_allowed(self, scope: Any) -> bool:
        return origin_allowed(scope, self.allowed)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            if (host := self.host_refused(scope)) is not None:
                log.warning("WebSocket refused: Host %r is not one of this server's names", host[:100])
                return await send({"type": "websocket.close", "code": 1008, "reason": "host not allowed"})
            if not self.origin_allowed(scope):
                log.warning("WebSocket refused: Origin %r is not this server's",
                            dict(scope.get("headers", ())).get(b"origin", b"").decode("latin-1")[:100])
                return await send({"type": "websocket.close", "code": 1008, "reason": "origin not allowed"})
            return await self.app(scope, receive, send)
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        csp = (DOCS_CSP if scope["path"] in DOCS_PATHS else page_csp()).encode()

        async def with_headers(message: Any) -> None:
            if message["type"] == "http.response.start":
                headers = [(k, v) for k, v in message.get("headers", ())
                           if k.lower() not in (b"x-content-type-options", b"referrer-policy",
                                                b"content-security-policy")]
                headers += [(b"x-content-type-options", b"nosniff"), (b"referrer-policy", b"no-referrer"),
                            (b"content-security-policy", csp)]
                message = {**message, "headers": headers}
            await send(message)

        if (host := self.host_refused(scope)) is not None:
            log.warning("request refused: Host %r is not one of this server's names", host[:100])
            resp = JSONResponse(GameError("bad_host", f"the Host header {host[:100]!r} is not one of this server's "
                                                      "names (savanna serve --allowed-host NAME adds one)").as_dict(),
                                400)
            return await resp(scope, receive, with_headers)
        await self.app(scope, receive, with_headers)


class GuardedApp(FastAPI):
    """FastAPI with `Guard` outside everything, Starlette's ServerErrorMiddleware included: an
    unexpected exception's 500 answer (made there, by the `Exception` handler) carries the
    security headers too. A middleware added with add_middleware sits inside
    ServerErrorMiddleware, and that answer would pass it by."""

    def __init__(self, *, allowed_origins: Iterable[str] = (), allowed_hosts: Iterable[str] | None = None,
                 **kwargs: Any):
        self.allowed_origins = tuple(allowed_origins)
        self.allowed_hosts = None if allowed_hosts is None else tuple(allowed_hosts)
        for origin in self.allowed_origins:  # a malformed one fails here, not at the first request
            origin_of(origin)
        super().__init__(**kwargs)

    def build_middleware_stack(self) -> Any:
        return Guard(super().build_middleware_stack(), allowed_origins=self.allowed_origins,
                     allowed_hosts=self.allowed_hosts)


class RedactTokens(logging.Filter):
    """Seat tokens out of the server's logs (a WebSocket URL or an export link may carry one).

    A query parameter is a credential by its decoded name, in any case: `?%74oken=` and
    `?Token=` are redacted like `?token=` (the access log shows the query string as sent).
    The value is replaced inside the message and each of its arguments, which keep their
    places: uvicorn's access formatter unpacks the arguments (client, method, path, HTTP
    version, status), and a record emptied of them made it fail on every such request."""

    PARAMETER = re.compile(r"(?P<name>[^?&;=\s\"'#/]+)=(?P<value>[^&;\s\"'#]*)")
    CREDENTIAL = re.compile(r"token|password|passwd|secret|api[-_]?key|auth", re.IGNORECASE)

    @classmethod
    def redact_text(cls, text: str) -> str:
        if "=" not in text:
            return text

        def one(m: re.Match[str]) -> str:
            name = unquote_plus(m["name"])
            if cls.CREDENTIAL.search(name) and m["value"]:
                return f"{m['name']}=***"
            return m[0]

        return cls.PARAMETER.sub(one, text)

    @classmethod
    def redact(cls, value: Any) -> Any:
        if isinstance(value, str):
            return cls.redact_text(value)
        if isinstance(value, (int, float, bytes, type(None))):
            return value
        try:
            text = str(value)  # a URL or path object: redacted as text, which formats the same under %s
        except Exception:
            return value
        redacted = cls.redact_text(text)
        return value if redacted == text else redacted

    def filter(self, record: logging.LogRecord) -> bool:
        record.msg = self.redact(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(self.redact(a) for a in record.args)
        elif isinstance(record.args, dict):
            record.args = {k: self.redact(v) for k, v in record.args.items()}
        return True


def redact_tokens_in_logs() -> None:
    """Install `RedactTokens` on uvicorn's loggers (once)."""
    for name in ("uvicorn.access", "uvicorn.error"):
        logger = logging.getLogger(name)
        if not any(isinstance(f, RedactTokens) for f in logger.filters):
            logger.addFilter(RedactTokens())
