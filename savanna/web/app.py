"""The web app's server: REST under /api, live games over /ws, on FastAPI.

    create_app(database_url=None) -> FastAPI      (run it: `savanna serve`)

REST (every error answers {"type": "error", "code": ..., "message": ...}
with the HTTP status of the code, see `service.ERRORS`):

    GET  /api/players                     players, levels and options for the lobby form
    GET  /api/catalogue                   the games: {"default": name, "games": [each game's
                                          description as GameSpec.catalogue() gives it]}
    POST /api/games                       create: {"seats": [{"kind": "human", "name": "Ann"},
                                          {"kind": "computer", "player": "medium"}],
                                          "final_scoring": "all", "hotseat": false, "listed": true,
                                          "seed": null, "on_resign": "computer", "resign_player":
                                          "medium"} -> 201 {id, links, a token per human seat,
                                          creator_token} (seed: a JSON integer of up to 256 bits,
                                          read exactly; on_resign: "computer" or "end", resign.py)
    GET  /api/games                       lobby: {"open": [...], "recent": [...]}
    GET  /api/games/{id}                  the view (view.py documents it)
    GET  /api/games/{id}/replay?step=N    the view after the first N actions
    POST /api/games/{id}/actions          {"token", "action", "version"?} -> {"type": "accepted", ...}
    POST /api/games/{id}/takeback         {"token", "seat"?, "version"?} -> {"outcome": "done" | "asked"}:
                                          take back the seat's last turn (takeback.py)
    POST /api/games/{id}/takeback/answer  {"token", "accept": bool, "moves"?} -> {"outcome": "done" |
                                          "accepted" | "refused" | "withdrawn"}
    POST /api/games/{id}/resign           {"token", "seat"?} -> {"outcome": "computer" | "ended"}
    DELETE /api/games/{id}                {"token": creator token} -> {"type": "deleted"}: an
                                          unfinished game, by its creator only (resign.py)
    GET  /api/games/{id}/export[?token=]  the saved game (the command line's JSON), once over
    POST /api/games/import                a saved game, or {"saved": <it>, "seats": [...],
                                          "hotseat": bool, "listed": bool} -> 201 like create
    GET  /api/tiles[?set=real-1]          a tile set's types, each with its layout at every rotation,
                                          and its start tile (view.tile_catalogue), for the gallery
    POST /api/tiles                       the same for a user's own tile set (safari-tiles/1 JSON)
    GET  /api/health

POST /api/games and /api/games/import (together) and POST /api/tiles are limited per client
address (create_app's `create_limit`, ratelimit.py): over the limit, HTTP 429 {"code":
"rate_limited"} with a Retry-After header. Unfinished games without a move or a connection
for `expire_after` (30 days) are deleted (expiry.py); games that are over are kept.

Bodies are strict: JSON numbers and booleans as such ("2" and true are not 2 and 1).
Every answer carries X-Content-Type-Options: nosniff, Referrer-Policy: no-referrer and
the Content-Security-Policy `CSP` (see `Guard`), a crash's 500 {"code": "server_error"} too.

WebSocket /ws/games/{id}?token=TOKEN (no token: a spectator):

    server -> {"type": "state", "seats": [seats this connection acts for], "rev": 7, "view": {...}}
              the whole view: on connect, after "auth", and when asked for
              {"type": "patch", "base": 7, "rev": 8, "patch": [...]}
              after every change of the game (moves, people connecting): a JSON Patch
              (RFC 6902) of the view at rev `base`; a client holding another rev has
              missed one and asks for the whole view (feed.py tells more)
              {"type": "accepted", "action", "version"}   your action was stored
              {"type": "pong"}
              {"type": "error", "code", "message"}        nothing changed; the connection stays
    client -> {"type": "action", "action": "T0,-1@0", "version": 17?}
              {"type": "takeback", "seat"?, "version"?}   as POST .../takeback, answered
              {"type": "takeback_answer", "accept": true, "moves"?}   {"type": "takeback", ...} etc.
              {"type": "resign", "seat"?}
              {"type": "ping"}
              {"type": "auth", "token": "..."}            act for another token's seats from now on
              {"type": "state"}                           send me the whole view again
    Any message may carry "ref" (a string or number), echoed in the reply to it.
    A browser's handshake from another site's page (its Origin is neither this server's own
    host:port nor one of create_app's allowed_origins) is refused with HTTP 403; no Origin
    header (a program, not a browser) is allowed.
    An unknown game: an error message, then the connection closes with code 4404.
    Over a cap (create_app's max_connections in all, max_game_connections to the game,
    max_address_connections to it from one address) the connection closes at once with
    code 1013 and a reason naming the cap. A client that leaves more than max_queued_bytes
    unread is closed with 1013 too; whole views waiting for it collapse into the newest
    (outbox.py), so one that asks for the whole view again and again holds one.
    Messages over 4 KB, malformed JSON, unknown types, a missing or wrong token, acting
    out of turn and illegal actions each get an error reply, and nothing changes.

Pages (the browser UI in static/, which talks to the API above): / the lobby,
/play/{id} a game, /replay/{id} its replay. Join links are /play/{id}#token=TOKEN
(the token in the fragment never reaches the server's logs); /play/{id} alone is
the watch link. /tiles is the tile gallery: every tile type of a set drawn by the
board's own code, at every rotation (?set=VERSION for another packaged set). Their
sentences come in the browser's language from GET /api/messages/{lang} (i18n.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
from collections.abc import Iterable
from contextlib import asynccontextmanager
from datetime import timedelta
from pathlib import Path
from typing import Annotated, Any, Literal
from urllib.parse import urlsplit

from fastapi import Body, FastAPI, Query, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.websockets import WebSocketDisconnect, WebSocketState

from savanna import __version__, games, limits
from savanna.limits import SEED_BITS
from savanna.safari import DEFAULT_TILE_SET, TILE_SETS, load_tiles

from .cluster import Cluster, GlobalSlots
from .computers import MAX_THINK, Searches
from .expiry import DEFAULT_EXPIRE_AFTER, Expiry
from .live import CLOSE_UNKNOWN_GAME, SEND_ERRORS, TRY_LATER, Connection, Limits, LiveGames
from .ratelimit import DEFAULT_CREATE_LIMIT, CreationLimits
from .ratestore import DatabaseStorage
from .service import (
    MAX_ITERATIONS,
    NAME_LIMIT,
    GameError,
    GameService,
)
from . import i18n
from . import resign as resigning
from . import takeback as takebacks
from .storage import Store, redact
from .view import tile_catalogue

log = logging.getLogger("savanna.web")

MESSAGE_LIMIT = 4 * 1024  # a WebSocket message or an action's body
BODY_LIMIT = 16 * 1024  # any other request body
IMPORT_LIMIT = 1024 * 1024  # an uploaded game (a custom tile set makes it larger)

# Africa's hidden-treasure option, as the lobby states it (README.md says the same): what it
# hides, and what it cannot hide, since every pick-up happens on the public board
HIDDEN_TREASURE = ("the rules' option: each player's gold and gem totals are shown only to that player until "
                   "the final scoring")
HIDDEN_TREASURE_NOTE = ("Hidden from the other players, spectators, the lobby, replays and the API: the totals. "
                        "Not hidden, as at the table: gold and gems lie face up until a base camp that explores "
                        "takes them, and the board and the move log show every such pick-up, so anyone watching "
                        "closely, or stepping through the replay, can add up each player's totals.")


# ------------------------------------------------------------------ bodies


class SeatIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)  # JSON types as they are: "2" and true are not 2 and 1
    kind: Literal["human", "computer"] = Field("human", description="a person, or a computer player")
    name: str | None = Field(None, description=f"display name, at most {NAME_LIMIT} characters")
    player: str | None = Field(None, description="computer seats: a level (easy, medium, hard) or a spec such "
                                                 "as 'mcts:time=2' (see GET /api/players); default medium")
    hotseat: bool = Field(False, description="human seats: played from the shared hotseat token")


class CreateIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)  # JSON types as they are: "2" and true are not 2 and 1
    seats: list[SeatIn] | None = Field(None, max_length=limits.PLAYERS,
                                       description="2 to 5 seats, in turn order; default: you against the medium "
                                                   "computer player")
    players: int | None = Field(None, description="number of seats (checked against seats if both are given)")
    game: Literal["safari", "africa"] = Field("safari", description="the game: Carcassonne Safari or Knizia's Africa")
    final_scoring: str | None = Field(None, description="Safari: 'all' (English rulebook, the default) or "
                                                        "'majority' (German edition)")
    hidden_treasure: bool | None = Field(None, description="Africa: the rules' option of hidden gold and gems "
                                                           "(default false)")
    seed: int | None = Field(None, description=(
        f"seed of the shuffles: a JSON integer of at most {SEED_BITS} bits, either sign (default: a random "
        "128-bit one; kept hidden until the end, then shown in the view as a decimal string). Sent and "
        "read exactly, at any size: a JavaScript client writes the digits into the JSON text itself (as "
        "the lobby does), since a Number keeps only 53 bits. A string (\"7\") is refused, as everywhere "
        "in these bodies."))
    hotseat: bool = Field(False, description="every human seat plays from one shared token (one screen)")
    listed: bool = Field(True, description="shown in the lobby list")
    on_resign: Literal["computer", "end"] = Field("computer", description="what a resignation does: the seat "
                                                  "passes to a computer player, or the game ends (resign.py)")
    resign_player: str = Field("medium", description="the computer player a resigned seat passes to")


class TokenIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    token: str | None = Field(None, description="the seat's secret token (from its join link); for DELETE, "
                                                "the creator token")
    seat: int | None = Field(None, description="which of the token's seats (a hotseat token plays several)")
    version: int | None = Field(None, description="the view's version the request was made from (optional): "
                                                  "refused as stale if the game has moved on")


class AnswerIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    token: str | None = Field(None, description="the answering seat's token")
    accept: bool = Field(..., description="true: agree to the takeback; false: refuse it (the asker: withdraw it)")
    moves: int | None = Field(None, description="the game's length the request was made at (the view's "
                                                "takeback.request.moves): refused as stale if it has moved on")


class ActionIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)  # JSON types as they are: "2" and true are not 2 and 1
    token: str | None = Field(None, description="the seat's secret token (from its join link)")
    action: str = Field(..., description="an action in notation, e.g. 'T0,-1@0', 'M:trail:S', 'pass'")
    version: int | None = Field(None, description="the view's version the action was chosen from (optional): "
                                                  "refused as stale if the game has moved on")


class BodyTooLarge(StarletteHTTPException):
    def __init__(self, limit: int):
        super().__init__(413, f"the request body is larger than {limit} bytes")


class BodyLimit:
    """Refuse request bodies over the limit of their path, by Content-Length or as they stream in."""

    def __init__(self, app: Any, message_limit: int = MESSAGE_LIMIT):
        self.app = app
        self.message_limit = message_limit

    def limit(self, path: str) -> int:
        if path in ("/api/games/import", "/api/tiles"):
            return IMPORT_LIMIT
        if path.endswith(("/actions", "/takeback", "/answer", "/resign")):
            return self.message_limit
        return BODY_LIMIT

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
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
# and a Content-Security-Policy: scripts only from /static (the pages have no inline script
# and no inline handlers), no framing. Inline styles stay allowed: the pages set colours
# through style attributes (seat swatches), which 'unsafe-inline' for styles only permits.
CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; "
       "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
# /docs and /redoc are FastAPI's: their page loads Swagger UI or ReDoc from a CDN with an inline script
DOCS_CSP = ("default-src 'self'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
            "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net https://fonts.googleapis.com; "
            "font-src 'self' https://fonts.gstatic.com; img-src 'self' data: https://fastapi.tiangolo.com "
            "https://cdn.redoc.ly; worker-src 'self' blob:; connect-src 'self'; object-src 'none'; "
            "base-uri 'none'; frame-ancestors 'none'")
DOCS_PATHS = ("/docs", "/redoc")


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


class Guard:
    """Security headers on every HTTP answer; the WebSocket handshake refused (HTTP 403) when a
    browser opens it from a page of another site: its Origin must be this server's own (the
    host:port of the request's Host header) or one of `allowed_origins`. No Origin header (a
    program such as bench/web_load.py, not a browser) is allowed."""

    def __init__(self, app: Any, allowed_origins: Iterable[str] = ()):
        self.app = app
        self.allowed = {origin_of(o) for o in allowed_origins}

    def origin_allowed(self, scope: Any) -> bool:
        headers = {k: v for k, v in scope.get("headers", ())}
        origin = headers.get(b"origin")
        if origin is None:
            return True
        try:
            origin_text = origin_of(origin.decode("latin-1"))
        except ValueError:  # "null" (a sandboxed page, a file) or garbage
            return False
        if origin_text in self.allowed:
            return True
        host = headers.get(b"host", b"").decode("latin-1").strip().lower()
        scheme = origin_text.split("://", 1)[0]
        try:
            return bool(host) and origin_of(f"{scheme}://{host}") == origin_text
        except ValueError:
            return False

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "websocket":
            if not self.origin_allowed(scope):
                log.warning("WebSocket refused: Origin %r is not this server's",
                            dict(scope.get("headers", ())).get(b"origin", b"").decode("latin-1")[:100])
                return await send({"type": "websocket.close", "code": 1008, "reason": "origin not allowed"})
            return await self.app(scope, receive, send)
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        csp = (DOCS_CSP if scope["path"] in DOCS_PATHS else CSP).encode()

        async def with_headers(message: Any) -> None:
            if message["type"] == "http.response.start":
                headers = [(k, v) for k, v in message.get("headers", ())
                           if k.lower() not in (b"x-content-type-options", b"referrer-policy",
                                                b"content-security-policy")]
                headers += [(b"x-content-type-options", b"nosniff"), (b"referrer-policy", b"no-referrer"),
                            (b"content-security-policy", csp)]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, with_headers)


class GuardedApp(FastAPI):
    """FastAPI with `Guard` outside everything, Starlette's ServerErrorMiddleware included: an
    unexpected exception's 500 answer (made there, by the `Exception` handler) carries the
    security headers too. A middleware added with add_middleware sits inside
    ServerErrorMiddleware, and that answer would pass it by."""

    def __init__(self, *, allowed_origins: Iterable[str] = (), **kwargs: Any):
        self.allowed_origins = tuple(allowed_origins)
        for origin in self.allowed_origins:  # a malformed one fails here, not at the first request
            origin_of(origin)
        super().__init__(**kwargs)

    def build_middleware_stack(self) -> Any:
        return Guard(super().build_middleware_stack(), allowed_origins=self.allowed_origins)


def _validation_message(errors: list[dict[str, Any]]) -> str:
    parts = []
    for e in errors[:5]:
        loc = [str(x) for x in e.get("loc", ()) if x != "body"]
        parts.append((".".join(loc) + ": " if loc else "") + str(e.get("msg", "invalid")))
    return "; ".join(parts) or "the request is not valid"


class RedactTokens(logging.Filter):
    """Seat tokens out of the server's logs (a WebSocket URL or an export link may carry one).

    The token is replaced inside the message and each of its arguments, which keep their
    places: uvicorn's access formatter unpacks the arguments (client, method, path, HTTP
    version, status), and a record emptied of them made it fail on every such request."""

    PATTERN = re.compile(r"(token=)[^&\s\"']+")

    @classmethod
    def redact(cls, value: Any) -> Any:
        if isinstance(value, str):
            return cls.PATTERN.sub(r"\1***", value) if "token=" in value else value
        if isinstance(value, (int, float, bytes, type(None))):
            return value
        try:
            text = str(value)  # a URL or path object: redacted as text, which formats the same under %s
        except Exception:
            return value
        return cls.PATTERN.sub(r"\1***", text) if "token=" in text else value

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


def _error(code: str, message: str) -> JSONResponse:
    return JSONResponse(GameError(code, message).as_dict(), status_code=GameError(code, message).status)


# -------------------------------------------------------------------- page

STATIC = Path(__file__).with_name("static")


# ---------------------------------------------------------------------- app

APP_OPTIONS_ENV = "SAVANNA_APP_OPTIONS"  # create_app's options, as JSON, for `savanna serve --workers`


def app_from_environment() -> FastAPI:
    """create_app with the options `savanna serve --workers N` put in $SAVANNA_APP_OPTIONS
    (JSON; expire_after in seconds): uvicorn calls it in each worker process."""
    import gc
    import os

    options = json.loads(os.environ[APP_OPTIONS_ENV])
    url = options.pop("database_url")
    if options.get("expire_after") is not None:
        options["expire_after"] = timedelta(seconds=options["expire_after"])
    app = create_app(url, **options)
    gc.freeze()  # as `savanna serve` does in one process (cli.py says why)
    gc.set_threshold(20_000, 10, 10)
    return app



def create_app(database_url: str | None = None, *, autoplay: bool = True, computer_delay: float = 0.0,
               message_limit: int = MESSAGE_LIMIT, allowed_origins: Iterable[str] = (),
               max_think: float = MAX_THINK, search_workers: int | None = None, search_processes: bool = True,
               computer_only: bool = False, create_limit: str | None = DEFAULT_CREATE_LIMIT,
               expire_after: timedelta | None = DEFAULT_EXPIRE_AFTER,
               max_connections: int = Limits.connections, max_game_connections: int = Limits.game_connections,
               max_address_connections: int | None = Limits.address_connections,
               max_queued_bytes: int = Limits.queue_bytes) -> FastAPI:
    """The web app on the database at `database_url` (a URL or a SQLite file path; default
    $DATABASE_URL, else savanna.db in the user's data directory). `autoplay=False` leaves
    computer seats waiting (for tests and maintenance); `computer_delay` pauses that many
    seconds after each computer move, so people can follow. `allowed_origins`: the origins
    (https://example.org) of pages elsewhere that may open its WebSockets, besides its own.
    Computer play (computers.py): `max_think` seconds a move at most; `search_workers` searches at
    once (default: all cores but one), in worker processes unless `search_processes` is False
    (threads: for tests); `computer_only` allows games without a human seat.
    `create_limit`: how many games one client address may create or import (together), and
    tile sets lay out, in the `limits` package's notation ("30/minute;300/hour", the default;
    None or "none": no limit; ratelimit.py). `expire_after`: unfinished games without a move
    or a connection for that long are deleted (default 30 days; None: never; expiry.py).
    WebSockets: at most `max_connections` in all, `max_game_connections` to one game and
    `max_address_connections` (None: any number) to one game from one client address; one
    whose client has not read `max_queued_bytes` of messages is closed (see outbox.py).
    On PostgreSQL the app joins the other server processes sharing the database (cluster.py):
    moves reach their viewers, and the caps and limits count theirs too."""
    redact_tokens_in_logs()
    creation_limits = CreationLimits(create_limit)  # a bad spec fails here, before the database is opened
    store = Store(database_url)
    service = GameService(store, max_think=max_think, computer_only=computer_only)
    searches = Searches(search_workers, processes=search_processes, max_think=max_think)
    limits = Limits(connections=max_connections, game_connections=max_game_connections,
                    address_connections=max_address_connections, queue_bytes=max_queued_bytes)
    cluster = None
    if store.backend == "postgresql":  # other server processes may share it: what they share lives there
        cluster = Cluster(store)
        searches.gate = GlobalSlots(cluster, searches.workers)
        creation_limits = CreationLimits(create_limit, storage=DatabaseStorage(store.engine))
    live = LiveGames(service, autoplay=autoplay, computer_delay=computer_delay, searches=searches, limits=limits,
                     cluster=cluster)
    expiry = Expiry(store, service, live, after=expire_after)

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        log.info("savanna web app on %s", redact(store.url))
        await live.start()
        await expiry.start()
        try:
            yield
        finally:
            await expiry.close()
            await live.close()
            store.close()

    app = GuardedApp(allowed_origins=allowed_origins, title="savanna", version=__version__, lifespan=lifespan,
                     description="Carcassonne Safari: games, seats, live updates and replays. The rules are the "
                                 "engine's; actions are the notation of SAFARI.md.")
    app.state.store = store
    app.state.service = service
    app.state.live = live
    app.state.limits = creation_limits
    app.state.expiry = expiry
    app.add_middleware(BodyLimit, message_limit=message_limit)
    # Guard is outermost (GuardedApp): its headers on every answer, a crash's 500 included

    # ---------------------------------------------------------- errors

    @app.exception_handler(GameError)
    async def game_error(_: Request, e: GameError) -> JSONResponse:
        return JSONResponse(e.as_dict(), status_code=e.status, headers=getattr(e, "headers", None))

    @app.exception_handler(RequestValidationError)
    async def invalid(_: Request, e: RequestValidationError) -> JSONResponse:
        errors = list(e.errors())
        bad = [x for x in errors if x.get("type") == "json_invalid"]
        if bad:
            detail = (bad[0].get("ctx") or {}).get("error", "")
            return _error("bad_json", "the body is not valid JSON" + (f": {detail}" if detail else ""))
        return _error("bad_request", _validation_message(errors))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_: Request, e: StarletteHTTPException) -> JSONResponse:
        code = {404: "not_found", 405: "method_not_allowed", 413: "too_large"}.get(e.status_code, "bad_request")
        return JSONResponse({"type": "error", "code": code, "message": str(e.detail)}, status_code=e.status_code,
                            headers=getattr(e, "headers", None))

    @app.exception_handler(Exception)
    async def crashed(_: Request, e: Exception) -> JSONResponse:
        log.exception("unexpected error")
        return _error("server_error", "the server failed to answer; nothing was changed")

    def links(request: Request, game_id: str, token: str | None = None) -> dict[str, str]:
        base = str(request.base_url).rstrip("/")
        path = f"/play/{game_id}" + (f"#token={token}" if token else "")
        return {"path": path, "link": base + path}

    def created(request: Request, c: Any) -> JSONResponse:
        seats = []
        for s in c.seats:
            entry = dict(s)
            if s["token"]:
                ln = links(request, c.id, s["token"])
                entry.update(join_link=ln["link"], join_path=ln["path"])
            else:
                entry.update(join_link=None, join_path=None)
            seats.append(entry)
        watch = links(request, c.id)
        body = {"id": c.id, "watch_link": watch["link"], "watch_path": watch["path"],
                "view_url": f"/api/games/{c.id}", "ws_url": f"/ws/games/{c.id}", "seats": seats,
                "hotseat_token": c.hotseat_token,
                "hotseat_link": links(request, c.id, c.hotseat_token)["link"] if c.hotseat_token else None,
                "creator_token": c.creator_token}
        return JSONResponse(body, status_code=201)

    # ------------------------------------------------------------ pages

    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    def page(name: str) -> FileResponse:
        return FileResponse(STATIC / name, media_type="text/html", headers={"Cache-Control": "no-cache"})

    @app.get("/", include_in_schema=False)
    async def home() -> FileResponse:
        """The lobby."""
        return page("lobby.html")

    @app.get("/play/{game_id}", include_in_schema=False)
    async def play_page(game_id: str) -> FileResponse:
        """A game: a seat's join link (/play/{id}#token=...), the hotseat link, or watching."""
        return page("game.html")

    @app.get("/replay/{game_id}", include_in_schema=False)
    async def replay_page(game_id: str) -> FileResponse:
        """A game's replay, move by move."""
        return page("game.html")

    @app.get("/tiles", include_in_schema=False)
    async def tiles_page() -> FileResponse:
        """The tile gallery: every tile type drawn as the board draws it."""
        return page("safari-tiles.html")

    # -------------------------------------------------------------- api

    @app.get("/api/health", tags=["server"])
    async def health() -> dict[str, Any]:
        out = {"status": "ok", "version": __version__, "database": store.backend, "computers": searches.stats()}
        if cluster is not None:
            out["cluster"] = await asyncio.to_thread(cluster.stats)
        return out

    @app.get("/api/players", tags=["lobby"])
    async def players() -> dict[str, Any]:
        """Computer players, strength levels and options, for the lobby's form."""
        from savanna.ai.base import LEVELS, OPTIONS, PLAYERS
        from savanna.safari import load_tiles

        ts = load_tiles(None)
        return {
            "levels": [{"level": k, "player": v} for k, v in LEVELS.items()],
            "default": "medium",
            "players": [{"name": n, "description": ((PLAYERS[n].__doc__ or "").strip().splitlines() or [""])[0],
                         "options": [{"name": k, "type": o[0].__name__, "description": o[1],
                                      "minimum": o[2] if len(o) > 2 else None} for k, o in OPTIONS[n].items()]}
                        for n in sorted(PLAYERS)],
            "final_scoring": [
                {"value": "all", "description": "English rulebook: every player with a meeple on an unfinished "
                                                "trail or bush scores it at the end"},
                {"value": "majority", "description": "German edition: only the players with most meeples there"}],
            "seats": {"min": ts.min_players, "max": ts.max_players},
            "limits": {"time": max_think, "iterations": MAX_ITERATIONS, "name": NAME_LIMIT,
                       "computer_only": computer_only, "seed_bits": SEED_BITS},
            "games": [
                {"game": "safari", "name": "Carcassonne Safari", "seats": {"min": ts.min_players, "max": ts.max_players},
                 "options": [{"name": "final_scoring", "type": "choice", "default": "all", "choices": [
                     {"value": "all", "description": "English rulebook: every player with a meeple on an unfinished "
                                                     "trail or bush scores it at the end"},
                     {"value": "majority", "description": "German edition: only the players with most meeples "
                                                          "there"}]}]},
                {"game": "africa", "name": "Africa (Reiner Knizia)", "seats": {"min": 2, "max": 5},
                 "options": [{"name": "hidden_treasure", "type": "bool", "default": False,
                              "description": HIDDEN_TREASURE, "note": HIDDEN_TREASURE_NOTE}]},
            ],
        }

    @app.get("/api/catalogue", tags=["lobby"])
    async def catalogue() -> dict[str, Any]:
        """The games, as their descriptions give them (savanna/games.py): names, seats, options with
        their help (English: the pages translate it), and each game's scripts and styles."""
        return {"default": games.DEFAULT_GAME, "games": [s.catalogue() for s in games.specs()]}

    @app.get("/api/messages/{lang}", tags=["pages"])
    async def messages(lang: str) -> JSONResponse:
        """The pages' sentences in a language (en, fr, it, de): {"lang", "plural": {CLDR category:
        form index}, "messages": {English msgid: translation, or its plural forms}}."""
        try:
            body = i18n.catalogue(lang)
        except KeyError as e:
            raise GameError("not_found", e.args[0]) from None
        return JSONResponse(body, headers={"Cache-Control": "public, max-age=3600"})

    @app.get("/api/tiles", tags=["tiles"])
    async def tile_set(version: str = Query(DEFAULT_TILE_SET, alias="set",
                                            description="a packaged tile set's version")) -> dict[str, Any]:
        """A packaged tile set's types, each laid out at every rotation, and its start tile."""
        if version not in TILE_SETS:
            raise GameError("not_found", f"no tile set {version!r}; there are {', '.join(TILE_SETS)}")
        return tile_catalogue(load_tiles(version))

    def client_host(request: Request) -> str | None:
        """The client's address (uvicorn's: a trusted proxy's X-Forwarded-For already applied)."""
        return request.client.host if request.client else None

    @app.post("/api/tiles", tags=["tiles"])
    async def user_tile_set(request: Request, body: Annotated[dict[str, Any], Body(
            description="a tile set (safari-tiles/1)")]) -> dict[str, Any]:
        """A user's own tile set, checked and laid out as GET /api/tiles lays out a packaged one
        (limited per client address as creating games is: a set is kept in memory a while)."""
        creation_limits.hit("tiles", client_host(request))
        def lay_out() -> dict[str, Any]:
            try:
                return tile_catalogue(load_tiles(body))
            except ValueError as e:
                raise GameError("bad_request", f"not a usable tile set: {e}") from None

        return await asyncio.to_thread(lay_out)

    @app.post("/api/games", status_code=201, tags=["lobby"])
    async def create_game(request: Request, body: CreateIn) -> JSONResponse:
        """Create a game. The answer holds each human seat's secret token and join link: they are
        shown once (only their hashes are stored). Limited per client address (429 with
        Retry-After when over)."""
        creation_limits.hit("create", client_host(request))
        seats = None if body.seats is None else [s.model_dump() for s in body.seats]
        c = await asyncio.to_thread(service.create, seats=seats, players=body.players, game=body.game,
                                    final_scoring=body.final_scoring, hidden_treasure=body.hidden_treasure,
                                    seed=body.seed, hotseat=body.hotseat, listed=body.listed,
                                    on_resign=body.on_resign, resign_player=body.resign_player)
        live.kick(c.id)  # a computer may sit first
        return created(request, c)

    @app.get("/api/games", tags=["lobby"])
    async def lobby(limit: int = Query(50, ge=1, le=200)) -> dict[str, Any]:
        """Listed games: "open" (being played) and "recent" (over), latest first."""
        return await asyncio.to_thread(service.lobby, limit, await live.online_everywhere())

    @app.get("/api/games/{game_id}", tags=["games"])
    async def game_view(game_id: str, token: str | None = None) -> dict[str, Any]:
        """The game's view (documented in savanna/web/view.py), as the token's seat sees it (no
        token: a spectator; only a game with hidden holdings differs)."""
        return await live.view(game_id, token=token)

    @app.get("/api/games/{game_id}/replay", tags=["games"])
    async def replay(game_id: str, step: int = Query(0, description="actions played, from 0")) -> dict[str, Any]:
        """The view after the first `step` actions, with a "replay" key."""
        return await asyncio.to_thread(service.replay, game_id, step)

    @app.post("/api/games/{game_id}/actions", tags=["games"])
    async def act(game_id: str, body: ActionIn) -> dict[str, Any]:
        """Play an action for the token's seat. The new view follows over the WebSocket, and in
        the answer."""
        rec = await live.act(game_id, body.token, body.action, body.version)
        view = await live.view(rec)
        return {"type": "accepted", "action": rec.actions[-1], "version": rec.version, "view": view}

    @app.get("/api/games/{game_id}/export", tags=["games"])
    async def export(game_id: str, token: str | None = None) -> Response:
        """The saved game: the engine's JSON that `savanna replay FILE` reads. Once the game is
        over; before that only for a token that plays every human seat (the file holds the seed)."""
        text = await asyncio.to_thread(service.export, game_id, token)
        return Response(text, media_type="application/json",
                        headers={"Content-Disposition": f'attachment; filename="savanna-{game_id}.json"'})

    @app.post("/api/games/import", status_code=201, tags=["lobby"])
    async def import_game(request: Request, body: Annotated[dict[str, Any], Body(
            description="a saved game, or {\"saved\": <saved game>, \"seats\": [...], \"hotseat\": bool, "
                        "\"listed\": bool}; without seats every seat is human, on one hotseat token")]) -> JSONResponse:
        """Upload a saved game (the command line's JSON) as a new game here. Counts as creating
        one, in the same limit per client address."""
        creation_limits.hit("create", client_host(request))
        on_resign = resign_player = None
        if "saved" in body:
            extra = set(body) - {"saved", "seats", "hotseat", "listed", "on_resign", "resign_player"}
            if extra:
                raise GameError("bad_request", f"unknown fields {sorted(extra)}")
            saved, seats = body["saved"], body.get("seats")
            on_resign, resign_player = body.get("on_resign"), body.get("resign_player")
            hotseat, listed = body.get("hotseat"), body.get("listed", True)
            if seats is not None:
                if not isinstance(seats, list):
                    raise GameError("bad_request", "seats must be a list")
                try:
                    seats = [SeatIn.model_validate(s).model_dump() for s in seats]
                except ValueError as e:
                    raise GameError("bad_request", f"seats: {e}") from None
            if (hotseat is not None and not isinstance(hotseat, bool)) or not isinstance(listed, bool):
                raise GameError("bad_request", "hotseat and listed must be true or false")
        else:
            saved, seats, hotseat, listed = body, None, None, True
        c = await asyncio.to_thread(service.import_game, saved, seats, hotseat, listed, on_resign, resign_player)
        live.kick(c.id)
        return created(request, c)

    # --------------------------------------------- takebacks, resigning, deleting

    async def changed(game_id: str) -> None:
        """After a takeback, an answer or a resignation: every connection sees it, and a
        computer seat moves if it is to act (a resigned seat's computer may be)."""
        await live.publish(game_id)
        live.kick(game_id)

    async def do_take_back(game_id: str, token: Any, seat: Any, version: Any) -> dict[str, Any]:
        rec, outcome = await asyncio.to_thread(takebacks.take_back, service, game_id, token, seat, version)
        await changed(game_id)
        return {"type": "takeback", "outcome": outcome, "version": rec.version, "moves": len(rec.actions)}

    async def do_answer(game_id: str, token: Any, accept: Any, moves: Any) -> dict[str, Any]:
        rec, outcome = await asyncio.to_thread(takebacks.answer, service, game_id, token, accept, moves)
        await changed(game_id)
        return {"type": "takeback_answer", "outcome": outcome, "version": rec.version, "moves": len(rec.actions)}

    async def do_resign(game_id: str, token: Any, seat: Any) -> dict[str, Any]:
        rec, outcome = await asyncio.to_thread(resigning.resign, service, game_id, token, seat)
        await changed(game_id)
        return {"type": "resigned", "outcome": outcome, "version": rec.version, "status": rec.status}

    @app.post("/api/games/{game_id}/takeback", tags=["games"])
    async def take_back(game_id: str, body: TokenIn) -> dict[str, Any]:
        """Take back the token's seat's last turn (takeback.py says exactly what that is): at
        once if no other person plays in the game, else a request the others answer.
        -> {"outcome": "done" | "asked", "version", "moves"}"""
        return await do_take_back(game_id, body.token, body.seat, body.version)

    @app.post("/api/games/{game_id}/takeback/answer", tags=["games"])
    async def answer_take_back(game_id: str, body: AnswerIn) -> dict[str, Any]:
        """Accept or refuse the takeback asked for (the asker: withdraw it).
        -> {"outcome": "done" | "accepted" | "refused" | "withdrawn", "version", "moves"}"""
        return await do_answer(game_id, body.token, body.accept, body.moves)

    @app.post("/api/games/{game_id}/resign", tags=["games"])
    async def resign_seat(game_id: str, body: TokenIn) -> dict[str, Any]:
        """Resign (abandon) the token's seat: it passes to a computer player, or the game ends,
        as the creator chose (resign.py). -> {"outcome": "computer" | "ended", "version", "status"}"""
        return await do_resign(game_id, body.token, body.seat)

    @app.delete("/api/games/{game_id}", tags=["lobby"])
    async def delete_game(game_id: str, body: TokenIn) -> dict[str, Any]:
        """Delete an unfinished game: {"token": <the creator token from its creation>}. A
        finished game is kept. Its connections are told and closed (code 4404)."""
        await asyncio.to_thread(resigning.delete, service, game_id, body.token)
        await live.gone(game_id)  # (the other servers' connections: when they hear of it, cluster.py)
        return {"type": "deleted", "id": game_id}

    # ------------------------------------------------------------ socket

    @app.websocket("/ws/games/{game_id}")
    async def game_socket(websocket: WebSocket, game_id: str, token: str | None = None) -> None:
        await websocket.accept()  # then refused with a close code and reason a client can read
        address = websocket.client.host if websocket.client else None
        if refused := live.admit(game_id, address):  # before the database is asked
            return await refuse(websocket, refused)
        try:
            rec = await asyncio.to_thread(service.record, game_id)
        except GameError as e:
            await websocket.send_text(json.dumps(e.as_dict()))
            await websocket.close(code=CLOSE_UNKNOWN_GAME, reason="unknown game")
            return
        seats = service.seats_for(rec, token)
        # the caps again (others may have joined meanwhile), and those of every server if several
        conn = await live.enter(websocket, game_id, token or None, seats, address)
        if isinstance(conn, str):
            return await refuse(websocket, conn)
        expiry.touch(game_id)  # someone is here: the game is not abandoned
        try:
            await live.publish(game_id)  # the state to this connection, who is connected to everyone
            if token and not seats:
                conn.send(GameError("bad_token", "this token is not one of this game's seats (check your join "
                                                 "link); you are watching as a spectator").as_dict())
            live.kick(game_id)
            while not conn.closed:  # (closed as too slow: read no more of it)
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                if text is None:
                    try:
                        text = (message.get("bytes") or b"").decode("utf-8")
                    except UnicodeDecodeError:
                        conn.send(GameError("bad_json", "a message must be JSON text").as_dict())
                        continue
                try:
                    await handle_message(conn, text)
                except Exception:  # a bug or a database failure: say so, keep the connection
                    log.exception("game %s: message failed", game_id)
                    conn.send(GameError("server_error", "the server failed to answer; nothing was changed").as_dict())
        except WebSocketDisconnect:
            pass
        finally:
            live.leave(conn)
            expiry.touch(game_id)
            if conn.closing is not None:  # the close frame, after what the client has yet to read
                await asyncio.wait([conn.closing])
            if websocket.application_state == WebSocketState.CONNECTED and live.closed:
                with contextlib.suppress(*SEND_ERRORS):
                    await websocket.close(code=1012, reason="server restarting")

    async def refuse(websocket: WebSocket, reason: str) -> None:
        log.warning("game WebSocket refused: %s", reason)
        with contextlib.suppress(*SEND_ERRORS):
            await websocket.close(code=TRY_LATER, reason=reason)

    async def handle_message(conn: Connection, text: str) -> None:
        ref = None

        def reply(message: dict[str, Any]) -> None:
            if ref is not None:
                message["ref"] = ref
            conn.send(message)

        def fail(code: str, message: str) -> None:
            reply(GameError(code, message).as_dict())

        if not conn.allow():
            return fail("rate_limited", "too many messages: slow down")
        size = len(text) if len(text) > message_limit else len(text.encode("utf-8"))
        if size > message_limit:
            return fail("too_large", f"the message is {size} bytes; at most {message_limit} are accepted")
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as e:
            return fail("bad_json", f"the message is not valid JSON: {e}")
        if not isinstance(data, dict):
            return fail("bad_request", 'a message must be a JSON object such as {"type": "ping"}')
        r = data.get("ref")
        if isinstance(r, (str, int)) and not isinstance(r, bool) and len(str(r)) <= 64:
            ref = r
        kind = data.get("type")
        if kind == "ping":
            return reply({"type": "pong"})
        if kind == "state":  # the whole view, in its place among the patches
            return await live.publish(conn.game_id, whole={conn: ref})
        if kind == "auth":
            token = data.get("token")
            if not isinstance(token, str) or not token:
                return fail("missing_token", "auth needs a token")
            try:
                rec = await asyncio.to_thread(service.record, conn.game_id)
            except GameError as e:
                return fail(e.code, e.message)
            seats = service.seats_for(rec, token)
            if not seats:
                return fail("bad_token", "this token is not one of this game's seats (check your join link)")
            conn.token, conn.seats = token, seats
            return await live.publish(conn.game_id, whole={conn: None})
        if kind == "action":
            if "action" not in data:
                return fail("bad_request", 'an action message needs "action", e.g. {"type": "action", '
                                           '"action": "T0,-1@0"}')
            try:
                rec = await live.act(conn.game_id, conn.token, data["action"], data.get("version"))
            except GameError as e:
                return fail(e.code, e.message)
            return reply({"type": "accepted", "action": rec.actions[-1], "version": rec.version})
        if kind in ("takeback", "takeback_answer", "resign"):
            try:
                if kind == "takeback":
                    out = await do_take_back(conn.game_id, conn.token, data.get("seat"), data.get("version"))
                elif kind == "takeback_answer":
                    out = await do_answer(conn.game_id, conn.token, data.get("accept"), data.get("moves"))
                else:
                    out = await do_resign(conn.game_id, conn.token, data.get("seat"))
            except GameError as e:
                return fail(e.code, e.message)
            return reply(out)
        if kind is None:
            return fail("bad_request", 'a message needs a "type": action, ping, auth, state, takeback, '
                                       'takeback_answer or resign')
        return fail("unknown_type", f"unknown message type {str(kind)[:40]!r}: expected action, ping, auth, state, "
                                    "takeback, takeback_answer or resign")

    return app
