"""The web app: its core wired, one way down, and run on FastAPI.

    create_app(database_url=None) -> FastAPI      (run it: `savanna serve`)

The core's layers, each a folder, each calling only down this list (an import-linter contract
in pyproject.toml says so, and CI checks it):

    edge/    parse, check, call down, answer: the security guard, request bodies, REST routes
             and pages, the accounts' routes, a seat request's credential (token or session)
             and the claims' routes, profiles and leaderboards, the WebSocket as a table of
             message handlers (no rules, no game's name)
    live/    asyncio lives here and above only: the conductor, through which every change to a
             game goes down to the table and comes back up to the viewers and the subscribers;
             connections and their feeds and outboxes, computer searches in worker processes,
             several servers on one database, expiry, the sweep settling rated games, the clocks'
             loop and the servers' liveness mark, the players' mail (notices claimed once,
             smtplib), the coach's hints and reviews
    views/   pure functions of a stored game, its position and a viewer: the JSON views
    table/   the game room, synchronous, without FastAPI or asyncio: the service, seats and
             tokens, positions, standings, and the room's concerns (resign, takeback, claims, hints,
             reviews); accounts
             and their sessions; ratings (rated games settled once, profiles, leaderboards)
    store/   the database: games, rate counts, accounts and sessions, ratings, mail addresses,
             reviews

A game is known only by its description (savanna.games): its view module (views/<game>.py),
its own routes if any, its page's scripts. This module builds the store, the service, the
searches, the live games (and their conductor), the cluster, the expiry and the clocks,
declares the conductor's subscribers, and includes the routers.

One way down, one way back: a person's move (REST or WebSocket) is parsed by the edge and handed
to the conductor (live/conductor.py), which, in the pool of moves, has the table handle it
(table/service.py: the game's lock, the checks, the store's write, the lock released) and gets
back the new record and what happened (table/events.py: Moved, Ended...); the same trip builds
the game's new views for its connections (live/publishing.py), and last the subscribers
declared below are handed the events, outside any lock (live/subscribers/: in the loop, computer
play; in a worker thread, ratings, seat addresses, mail, hints, reviews). Other servers sharing
the database hear of the write from the store's notification, sent in the write's own
transaction (live/cluster.py), and publish it on their own conductor's way up (live/sync.py).

REST (every error answers {"type": "error", "code": ..., "message": ...} with the HTTP
status of the code, see table/errors.py):

    GET  /api/catalogue                   the games: names, seats, options, page scripts
    GET  /api/players                     players, levels and options for the lobby form
    POST /api/games                       create: {"game": name, "seats": [{"kind": "human", "name":
                                          "Ann"}, {"kind": "computer", "player": "medium"}],
                                          "options": {...}, "hotseat": false, "listed": true,
                                          "seed": null, "on_resign": "computer", "resign_player":
                                          "medium"} -> 201 {id, links, a token per human seat,
                                          creator_token} (a game's lobby options may also be given
                                          as fields of their own; seed: a JSON integer of up to 256
                                          bits, read exactly; on_resign: "computer" or "end")
    GET  /api/games                       lobby: {"open": [...], "recent": [...]}
    GET  /api/games/{id}                  the view (views/ documents it)
    GET  /api/games/{id}/replay?step=N    the view after the first N actions
    POST /api/games/{id}/actions          {"token", "action", "version"?} -> {"type": "accepted", ...}
    POST /api/games/{id}/takeback         {"token", "seat"?, "version"?} -> {"outcome": "done" | "asked"}:
                                          take back the seat's last turn (table/takeback.py)
    POST /api/games/{id}/takeback/answer  {"token", "accept": bool, "moves"?} -> {"outcome": "done" |
                                          "accepted" | "refused" | "withdrawn"}
    POST /api/games/{id}/resign           {"token", "seat"?} -> {"outcome": "computer" | "ended"}
    DELETE /api/games/{id}                {"token": creator token} -> {"type": "deleted"}: an
                                          unfinished game, by its creator only (table/resign.py)
    GET  /api/games/{id}/export[?token=]  the saved game (the command line's JSON), once over
    POST /api/games/import                a saved game, or {"saved": <it>, "seats": [...],
                                          "hotseat": bool, "listed": bool} -> 201 like create
    POST /api/accounts                    {"name", "password"} -> 201: registered and logged in
    POST /api/session                     {"name", "password"}: log in (a new session cookie)
    DELETE /api/session                   log out
    GET  /api/me                          {"name", "created", "csrf_token", "sessions"}
    GET  /api/me/sessions                 the account's sessions
    DELETE /api/me/sessions/{id}          end one
    POST /api/me/password                 {"password", "new_password"}: the other sessions end
    DELETE /api/me                        {"password"}: delete the account
                                          (edge/accounts.py: the cookie, CSRF, limits)
    GET  /api/players/{name}              a profile: ratings and their history, finished games,
                                          games to move in (edge/ratings.py, table/ratings.py)
    GET  /api/leaderboard?game=NAME       a game's leaderboard
    POST /api/games/{id}/claim            {"token"}: claim a join link's seat for the session's account
    POST /api/games/{id}/seats/{n}/take   take an open seat for the session's account
    GET  /api/me/games                    the account's games: {"playing", "to_move", "over"}
    POST /api/games/held                  {"games": [{"id", "token"}]}: the games a browser's tokens
                                          hold seats in, listed alike (edge/held_routes.py)
                                          (edge/seat_routes.py, table/claims.py; every seat route
                                          and the WebSocket take the session as a token)
    GET  /api/mail                        {"enabled"}: whether the server sends mail (create_app's smtp)
    PUT  /api/me/email                    {"email", "lang"?}: the account's address; DELETE removes it
    GET  /api/games/{id}/email            a seat's own address, to its holder
    POST /api/games/{id}/email            {"token"?, "seat"?, "email" | null, "lang"?}: set or remove it
                                          (edge/mail_routes.py; what is sent: table/mail.py, live/mail.py)
    POST /api/games/{id}/hint             {"token"?, "seat"?, "version"?} -> the coach's hint for the seat
                                          to act (savanna.coach.hint's JSON); not in rated games
    GET  /api/games/{id}/review           the review of a finished game (status "none" | "queued" |
                                          "running" | "done" | "failed", progress, entries, seats)
    POST /api/games/{id}/review           -> 202: ask for it (queued once; a game with people has its
                                          review queued when it ends) (edge/coach_routes.py,
                                          table/hints.py, table/reviews.py, live/hints.py, live/reviews.py)
    GET  /api/messages/{lang}             the pages' sentences in a language
    GET  /api/health
    and each game's own routes (its description's `routes`; e.g. a tile gallery's)

POST /api/games and /api/games/import (together), and uploads a game's routes take, are limited
per client address (create_app's `create_limit`, edge/ratelimit.py): over the limit, HTTP 429
{"code": "rate_limited"} with a Retry-After header. Unfinished games without a move or a
connection for `expire_after` (30 days) are deleted (live/expiry.py); games that are over are
kept. Bodies are strict (edge/bodies.py). Every answer carries the guard's security headers
(edge/guard.py), a crash's 500 {"code": "server_error"} too.

WebSocket /ws/games/{id}?token=TOKEN (no token: the session's claimed seats, else a spectator): edge/socket.py. Spectators are
capped, in all, per game and per client address; a seat's token always gets in.

Pages (the browser UI in static/, which talks to the API above): / the lobby, /play/{id} a
game, /replay/{id} its replay; /account, /players/{name} and /leaderboard?game=... (edge/account_pages.py). Join links are /play/{id}#token=TOKEN (the token in the
fragment never reaches the server's logs); /play/{id} alone is the watch link. Their
sentences come in the browser's language from GET /api/messages/{lang} (edge/i18n.py).
"""

from __future__ import annotations

import asyncio
import importlib
import logging
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

from savanna import __version__, games

from .edge import account_pages
from .edge import accounts as account_routes
from .edge import coach_routes, errors, held_routes, i18n, mail_routes, routes, seat_routes, socket
from .edge import ratings as rating_routes
from .edge.guard import BodyLimit, GuardedApp, redact_tokens_in_logs
from .edge.parts import Parts
from .edge.ratelimit import CreationLimits
from .live.clocks import Clocks
from .live.cluster import Cluster, GlobalSlots
from .live.connection import Limits
from .live.expiry import Expiry
from .live.games import LiveGames
from .live.hints import Hints
from .live.mail import MailNotices
from .live.ratings import RatingSweep
from .live.reviews import Reviews
from .live.searches import Searches
from .live.smtp import Sender, SmtpSettings, parse_smtp
from .live.subscribers.computers import LetComputersMove
from .live.subscribers.hints import DropStaleHints
from .live.subscribers.mail import LookForNotices
from .live.subscribers.ratings import SettleRatings
from .live.subscribers.reviews import QueueReviews
from .live.subscribers.seats_forgotten import ForgetSeatAddresses
from .settings import Settings
from .store.ratestore import DatabaseStorage
from .store.storage import Store, redact
from .store.stores import Stores, sql_stores
from .table.accounts import Accounts
from .table.ratings import Ratings
from .table.service import GameService

log = logging.getLogger("savanna.web")

APP_OPTIONS_ENV = "SAVANNA_APP_OPTIONS"  # the Settings, as JSON, for `savanna serve --workers`


def app_from_environment() -> FastAPI:
    """create_app with the settings `savanna serve --workers N` put in $SAVANNA_APP_OPTIONS
    (Settings' JSON, whole): uvicorn calls it in each worker process."""
    import gc

    app = create_app(settings=Settings.model_validate_json(os.environ[APP_OPTIONS_ENV]))
    gc.freeze()  # as `savanna serve` does in one process (web/server.py says why)
    gc.set_threshold(20_000, 10, 10)
    return app


def create_app(database_url: str | None = None, settings: Settings | None = None, *, password_hasher: Any = None,
               stores: Stores | None = None, **options: Any) -> FastAPI:
    """The web app on the database at `database_url` (a URL or a SQLite file path; default
    $DATABASE_URL, else savanna.db in the user's data directory). `autoplay=False` leaves
    computer seats waiting (for tests and maintenance); `computer_delay` pauses that many
    seconds after each computer move, so people can follow. `allowed_origins`: the origins
    (https://example.org) of pages elsewhere that may open its WebSockets, besides its own;
    `allowed_hosts`: the names its requests' Host header may carry besides localhost and IP
    addresses (edge/guard.py's Hosts; None: any, as when it runs behind a proxy that checks).
    Computer play (live/searches.py): `max_think` seconds a move at most; `search_workers` searches at
    once (default: all cores but one), in worker processes unless `search_processes` is False
    (threads: for tests), shared in turn by creating address and game; `search_budget` search seconds
    a game may use an hour (None: 300 searches at `max_think`; 0: no bound); `computer_only` allows
    games without a human seat.
    `create_limit`: how many games one client address may create or import (together), and
    tile sets lay out, in the `limits` package's notation ("30/minute;300/hour", the default;
    None or "none": no limit; edge/ratelimit.py). `expire_after`: unfinished games without a move
    or a connection for that long are deleted (default 30 days; None: never; live/expiry.py).
    WebSockets: spectators at most `max_spectators` in all, `max_game_spectators` of one game,
    and from one client address (IPv6: its /64) `max_address_spectators` in all and
    `max_address_game_spectators` of one game; a seat's token is never refused, and a seat's
    connections beyond `max_seat_connections` close its oldest. One whose client has not read
    `max_queued_bytes` of messages is closed (see live/outbox.py).
    Accounts (edge/accounts.py): `login_limit` and `register_limit`, per client address and per
    account name, in the same notation; `https`: a proxy terminates TLS, the session cookie is
    always Secure; `password_hasher`: argon2's PasswordHasher to use (tests: cheaper parameters).
    `first_move`: the seconds a person has for a first move in a real-time game before it is aborted
    (table/clock.py). `clock_loop=False` ends no game on time by itself (tests that call table/flag.fall themselves);
    the servers' outages are credited to the clocks all the same (live/clocks.py).
    Mail (live/smtp.py, live/mail.py): `smtp`, the mail server's URL (smtp://user:pass@host:587?from=
    savanna@example.org&starttls=1, or smtps://...; None: no mail); `mail_delays`: seconds between
    the tries of a mail that failed.
    The coach (edge/coach_routes.py, live/hints.py, live/reviews.py): `coach_limit`, the hints and
    reviews one client address may ask for, in the same notation; `coach_iterations`: hints and
    reviews' decisions search that many iterations instead of a time (the same answers on any
    machine: tests); `review_loop=False` computes no review (tests that drive it).
    On PostgreSQL the app joins the other server processes sharing the database (live/cluster.py):
    moves reach their viewers, and the caps and limits count theirs too.
    Every option is a field of `settings` (web/settings.py: its type, default and checks), or given
    here by keyword, over them; `password_hasher` and an SmtpSettings `smtp` (tests) stay outside, and
    so do `stores` (store/stores.py; tests: store/stores.memory_stores(), every store in memory), which
    the app keeps in place of the database the settings name."""
    smtp_given = options.pop("smtp") if isinstance(options.get("smtp"), SmtpSettings) else None
    settings = Settings.given(settings, database_url=database_url, **options)  # ValidationError (a ValueError): why
    smtp = smtp_given or settings.smtp
    redact_tokens_in_logs()
    smtp_settings = parse_smtp(smtp) if isinstance(smtp, str) else smtp  # (a bad URL fails here, before the database)
    creation_limits = CreationLimits(settings.create_limit)  # a bad spec fails here, before the database is opened
    coach_limits = CreationLimits(settings.coach_limit)
    account_limits = {"login": CreationLimits(settings.login_limit),
                      "register": CreationLimits(settings.register_limit)}
    stores = stores or sql_stores(settings.database_url)
    store, account_store = stores.games, stores.accounts
    accounts = Accounts(account_store, hasher=password_hasher)
    service = GameService(store, max_think=settings.max_think, computer_only=settings.computer_only,
                          find_account=accounts.named, first_move=settings.first_move)
    ratings = Ratings(stores.ratings, store, account_store)
    rating_sweep = RatingSweep(ratings)
    mail_store = stores.mail
    mail = None
    if smtp_settings is not None:
        mail = MailNotices(service, mail_store, smtp_settings, lambda lang: i18n.catalogue(lang)["messages"],
                           sender=Sender(smtp_settings, delays=settings.mail_delays))
    searches = Searches(settings.search_workers, processes=settings.search_processes, max_think=settings.max_think,
                        budget=settings.search_budget)
    caps = Limits(spectators=settings.max_spectators, game_spectators=settings.max_game_spectators,
                  address_spectators=settings.max_address_spectators,
                  address_game_spectators=settings.max_address_game_spectators,
                  seat_connections=settings.max_seat_connections, queue_bytes=settings.max_queued_bytes)
    cluster = None
    if isinstance(store, Store) and store.backend == "postgresql":  # other server processes may share it: what they share lives there
        cluster = Cluster(store)
        searches.gate = GlobalSlots(cluster, searches.workers)
        shared = DatabaseStorage(store.engine)
        creation_limits = CreationLimits(settings.create_limit, storage=shared)
        coach_limits = CreationLimits(settings.coach_limit, storage=shared)
        account_limits = {"login": CreationLimits(settings.login_limit, storage=shared),
                          "register": CreationLimits(settings.register_limit, storage=shared)}
    live = LiveGames(service, autoplay=settings.autoplay, computer_delay=settings.computer_delay, searches=searches,
                     limits=caps, cluster=cluster)
    expiry = Expiry(store, live, after=settings.expire_after)
    hints = Hints(live, iterations=settings.coach_iterations)
    reviews = Reviews(live, stores.reviews, cluster, iterations=settings.coach_iterations,
                      loop=settings.review_loop)
    clocks = Clocks(service, live, stores.liveness, cluster,  # flags fall; no clock runs while no server is up
                    loop=settings.clock_loop)
    # what follows every change of a game, told by the conductor once its lock is released and its
    # viewers have it (live/conductor.py; each subscriber in live/subscribers/)
    live.conductor.subscribe(
        SettleRatings(ratings),  # a rated game's end settles its ratings (the sweep catches up a failure)
        ForgetSeatAddresses(mail_store),  # a game's end drops the addresses typed for its seats
        *([LookForNotices(mail)] if mail is not None else []),  # a timed game's notices due
        DropStaleHints(hints),  # a hint waiting at an older position is dropped
        QueueReviews(reviews),  # a game with people ended: its review queued
    )
    live.conductor.subscribe(  # in the loop, before those above
        LetComputersMove(live.computers, service),  # a computer seat to act moves
        in_loop=True,
    )
    parts = Parts(stores=stores, store=store, service=service, live=live, searches=searches, expiry=expiry, limits=creation_limits,
                  cluster=cluster, message_limit=settings.message_limit, accounts=accounts,
                  account_limits=account_limits, https=settings.https, ratings=ratings, mail=mail_store,
                  notices=mail, hints=hints, reviews=reviews, coach_limits=coach_limits, clocks=clocks)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        log.info("savanna web app on %s", redact(store.url) if isinstance(store, Store) else store.backend)
        await clocks.resume()  # the time no server was up credited, before anything plays
        await live.start()
        await clocks.start()
        await expiry.start()
        await rating_sweep.start()
        await reviews.start()
        if mail is not None:
            assert smtp_settings is not None  # (mail is sent only through an SMTP server given)
            log.info("mail through %s", smtp_settings.shown())
            mail.start()
        try:
            yield
        finally:
            if mail is not None:
                await asyncio.to_thread(mail.close)
            await reviews.close()
            await rating_sweep.close()
            await expiry.close()
            await clocks.close()
            await live.close()
            store.close()

    app = GuardedApp(allowed_origins=settings.allowed_origins, allowed_hosts=settings.allowed_hosts,
                     title="savanna", version=__version__, lifespan=lifespan,
                     description="Board games (" + ", ".join(s.title for s in games.specs()) + "): games, seats, "
                                 "live updates and replays. The rules are the engines'; actions are each game's "
                                 "notation.")
    app.state.parts = parts  # the app's parts, one place (edge/parts.py)
    app.add_middleware(BodyLimit, message_limit=settings.message_limit)
    # the guard is outermost (GuardedApp): its headers on every answer, a crash's 500 included
    errors.install(app)
    app.mount("/static", StaticFiles(directory=routes.STATIC), name="static")
    app.include_router(routes.router(parts))
    app.include_router(socket.router(parts))
    app.include_router(account_routes.router(parts))
    app.include_router(account_pages.router(parts))
    app.include_router(seat_routes.router(parts))
    app.include_router(held_routes.router(parts))
    app.include_router(rating_routes.router(parts))
    app.include_router(mail_routes.router(parts))
    app.include_router(coach_routes.router(parts))
    for spec in games.specs():
        if spec.routes:  # a game's own routes
            app.include_router(importlib.import_module(spec.routes).router(parts))
    return app
