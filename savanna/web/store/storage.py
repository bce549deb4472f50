"""Where the web app keeps its games: a table of games, and one of their own data, through SQLAlchemy 2.

A game is stored as what the engine needs to rebuild it (its seed and rules
in `settings`, and the list of actions in the game's notation), the
seats (who plays each, and a SHA-256 hash of each seat's secret token: the
token itself is never stored), and a small `summary` (whose turn, the scores)
that the lobby and the start-up scan read without rebuilding the game; the
summary is derived and never used to rebuild anything.

Every write of a game names the `version` it read; the write lands only if
the stored version is still that one, and then increments it. Two writers
that read the same version cannot both append an action: the second gets
`VersionConflict` and nothing of it is stored.

On SQLite the file is in WAL mode with `synchronous=NORMAL`: a commit is in
the file (the OS's cache of it) when it returns, so a server killed at any
moment loses no stored action; only a crash of the whole machine may lose the
last commits (SQLite's documented trade for not syncing the disk on every
commit, which would cap a file at a few hundred moves a second).

A takeback or a resignation (table/takeback.py, table/resign.py) is written by `rewrite`, under
the same check: it may shorten the action list and change the seats, and it keeps in
`meta` what the web app holds besides the game (the creator token's hash, what a
resignation does, the takebacks done and asked for). `delete` removes a game at the
version read (the creator's delete).

A game's `updated_at` is its last write; `touched_at` is when a connection to it last
came or went (`touch`). `expire` deletes the games still being played that neither has
touched for a while (live/expiry.py runs it). A database made by an older version is upgraded
when a Store opens it (upgrade.py: the migrations), so older databases keep loading.

A seat claimed by an account (its "account", table/claims.py) has a row of `seat_accounts`
(game, seat, account), written in the same transaction as the seats (create, rewrite, delete,
expire), so that `games_of_account` finds an account's games by an index. A database from
before it gets the (empty) table when it is upgraded: no older game has a claimed seat.

A game's own data (an uploaded game's own tile set or map: its description's `own_data`
settings holding data, not a packaged version's name) is stored apart, ONCE however many games
play on it: a row of `game_data` keyed by the SHA-256 of its canonical JSON (`data_key`), which
the game's row names (`data_hash`, a foreign key). Canonical: the object {setting: data},
compact (no spaces), UTF-8 (not ASCII-escaped), its keys in the order the data has them (not
sorted: a tile set's order of animals is part of its rules, it fixes the token pile). The
settings in the game's row keep the rest. `get` puts the data back (what is above the store
sees the settings whole), read when a game is opened and kept a while by hash (`data_cache_size`:
what a hash names never changes); the lobby (`listings`) and the start-up scan (`playing`)
never read it. A row no game names any more goes when a game is deleted or expired.

A database from before this (games holding their own data in their settings) is moved over
when a Store first opens it (`move_own_data`, by the migration "own data apart", once):
each game's data goes to `game_data`, and data that breaks a bound set since (a tile set's
notes) is fitted to it first (its game's `fit_own_data`: what no rule reads is cut), so that
every game goes on loading (a SQLite file is then vacuumed: it gives the space back). A row
still holding its data is read as it is.

Only portable column types are used (strings, integers, booleans, JSON,
timestamps), so the same code runs on SQLite (the default: a file in the
user's data directory) and on PostgreSQL (`postgresql://...` with psycopg
installed, or `postgresql+psycopg2://...`). The database is chosen, first
match wins, by the URL or path given (`savanna serve --db`), the
`DATABASE_URL` environment variable, or the default file.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import json
import logging
import os
import re
import secrets
import sys
import threading
import types
from collections import OrderedDict
from collections.abc import Iterable
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    String,
    and_,
    bindparam,
    cast,
    create_engine,
    delete,
    event,
    func,
    or_,
    select,
    text,
    type_coerce,
    update,
)
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.engine import URL, Engine, make_url
from sqlalchemy.exc import ArgumentError, IntegrityError
from sqlalchemy.pool import StaticPool

from savanna import games

from .. import jsontext
from ..jsontext import JSONObject
from . import upgrade
from .schema import DATA, DDL_LOCK, GAMES, SEAT_ACCOUNTS

log = logging.getLogger("savanna.web")

STATUSES = ("playing", "over")
ID_BYTES = 6  # 8 URL-safe characters
# what an id can be (token_urlsafe's alphabet; older ids were as long as 32): anything else
# cannot exist and never reaches the database (PostgreSQL refuses a NUL byte with an error)
ID_PATTERN = re.compile(r"[A-Za-z0-9_-]{1,32}")


def possible_id(game_id: object) -> bool:
    """Whether `game_id` could name a stored game: checked before any statement is sent."""
    return isinstance(game_id, str) and ID_PATTERN.fullmatch(game_id) is not None
CHANGES_CHANNEL = "savanna_games"  # where a write of a game is told to other server processes


class StorageError(RuntimeError):
    """The database cannot be opened or used (bad URL, missing driver, ...)."""


class VersionConflict(RuntimeError):
    """The game changed since it was read: the write was refused and nothing was stored."""


@dataclasses.dataclass(frozen=True)
class GameRecord:
    """A stored game as read at one version: plain data, safe to pass between threads."""

    id: str
    game: str
    settings: dict[str, Any]
    seats: list[dict[str, Any]]
    actions: list[str]
    status: str
    summary: dict[str, Any]
    listed: bool
    version: int
    created_at: datetime
    updated_at: datetime
    meta: dict[str, Any] = dataclasses.field(default_factory=dict)

    @classmethod
    def of(cls, row: Any, own: dict[str, Any] | None = None) -> GameRecord:
        """From a result row of the games table (the columns by name); `own`: the
        game's own data stored apart, put back into its settings."""
        return cls(id=row.id, game=row.game, settings={**row.settings, **(own or {})}, seats=[dict(s) for s in row.seats],
                   actions=list(row.actions), status=row.status, summary=dict(row.summary or {}),
                   listed=bool(row.listed), version=row.version, created_at=_utc(row.created_at),
                   updated_at=_utc(row.updated_at), meta=dict(getattr(row, "meta", None) or {}))




def canonical(own: dict[str, Any]) -> bytes:
    """A game's own data ({setting: data}) as the text its hash is taken of (module docstring)."""
    return json.dumps(own, ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode("utf-8")


def data_key(own: dict[str, Any]) -> str:
    """The hash a game's own data is stored under: SHA-256 of its canonical JSON, in hex."""
    return hashlib.sha256(canonical(own)).hexdigest()


def own_data(game: str, settings: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """A game's stored settings split: the rest, and its own data ({setting: data}: the settings
    of its description's `own_data` that hold data, not a version's name)."""
    keys = _own_keys(game)
    own = {k: v for k, v in settings.items() if k in keys and isinstance(v, dict)}
    return ({k: v for k, v in settings.items() if k not in own} if own else settings), own


def _own_keys(game: str) -> tuple[str, ...]:
    try:
        return games.spec(game).own_data
    except ValueError:  # (a game this version does not know: its settings are kept as they are)
        return ()


@dataclasses.dataclass(frozen=True)
class Listing:
    """A game as the lobby lists it (`Store.listings`): no action list, and of the settings only
    those asked for."""

    id: str
    game: str
    settings: dict[str, Any]
    seats: list[dict[str, Any]]
    status: str
    summary: dict[str, Any]
    created_at: datetime
    updated_at: datetime
    rated: bool = False  # meta["rated"]
    # a timed game's clock as listed: {"control", "running", "deadline"} (meta["clock"]'s, and the column)
    clock: dict[str, Any] | None = None

    @classmethod
    def of(cls, row: Any, keys: list[str]) -> Listing:
        got = row._mapping
        settings = {k: got[f"setting_{i}"] for i, k in enumerate(keys) if got[f"setting_{i}"] is not None}
        control = got.get("clock_control")
        clock = None if not isinstance(control, dict) else {
            "control": control, "running": got.get("clock_running"), "deadline": got.get("deadline")}
        return cls(id=row.id, game=row.game, settings=settings, seats=[dict(s) for s in row.seats], status=row.status,
                   summary=dict(row.summary or {}), created_at=_utc(row.created_at), updated_at=_utc(row.updated_at),
                   rated=got.get("rated") is True, clock=clock)


@dataclasses.dataclass(frozen=True)
class AccountGame:
    """A game an account plays (`Store.games_of_account`): as listed, and the account's seats in it."""

    listing: Listing
    seats: tuple[int, ...]


def seat_account_rows(game_id: str, seats: list[JSONObject]) -> list[dict[str, Any]]:
    """The seat_accounts rows of a game's seats: one per seat claimed by an account."""
    return [{"game_id": game_id, "seat": i, "account_id": s["account"]} for i, s in enumerate(seats)
            if isinstance(s.get("account"), int) and not isinstance(s.get("account"), bool)]


_LISTING = (GAMES.c.id, GAMES.c.game, GAMES.c.seats, GAMES.c.status, GAMES.c.summary, GAMES.c.created_at,
            GAMES.c.updated_at)
# the statements of a move, built once: building one costs more than running it on SQLite
_GET = select(GAMES).where(GAMES.c.id == bindparam("gid"))
_SAVE = (update(GAMES)
         .where(GAMES.c.id == bindparam("gid"), GAMES.c.version == bindparam("expected"))
         .values(actions=bindparam("actions"), status=bindparam("status"), summary=bindparam("summary"),
                 version=bindparam("version"), updated_at=bindparam("now")))
_SAVED = _SAVE.returning(GAMES.c.id, GAMES.c.version).cte("saved")
# the same write, telling the other server processes (cluster.py) at commit: "<game> <version>"
_SAVE_AND_TELL = select(func.pg_notify(bindparam("channel"), _SAVED.c.id + " " + cast(_SAVED.c.version, String)))
# a timed game's move: its meta (the clock) and deadline too
_SAVE_TIMED = _SAVE.values(meta=bindparam("meta"), deadline=bindparam("deadline"))
_SAVED_TIMED = _SAVE_TIMED.returning(GAMES.c.id, GAMES.c.version).cte("saved")
_SAVE_TIMED_AND_TELL = select(func.pg_notify(bindparam("channel"),
                                             _SAVED_TIMED.c.id + " " + cast(_SAVED_TIMED.c.version, String)))
_TOUCH = update(GAMES).where(GAMES.c.id == bindparam("gid")).values(touched_at=bindparam("now"))


def _utc(t: datetime) -> datetime:
    """SQLite hands back naive timestamps: they were stored in UTC."""
    return t.replace(tzinfo=timezone.utc) if t.tzinfo is None else t.astimezone(timezone.utc)


def _now() -> datetime:
    return datetime.now(timezone.utc)


# ----------------------------------------------------------------- where


def data_dir() -> Path:
    """The user's data directory for savanna (XDG on Linux, the usual places elsewhere)."""
    home = Path.home()
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA") or home / "AppData" / "Local")
    elif sys.platform == "darwin":
        base = home / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or home / ".local" / "share")
    return base / "savanna"


def default_database_path() -> Path:
    return data_dir() / "savanna.db"


def database_url(given: str | os.PathLike[str] | None = None) -> str:
    """The database to use: `given` (a URL, or a path to a SQLite file), else $DATABASE_URL,
    else the SQLite file in the user's data directory. `postgres://` is read as `postgresql://`."""
    if given is None or str(given).strip() == "":
        given = os.environ.get("DATABASE_URL", "").strip() or None
    if given is None:
        return "sqlite:///" + str(default_database_path())
    text = str(given).strip()
    if "://" not in text:
        return "sqlite:///" + str(Path(text).expanduser().resolve())
    if text.startswith("postgres://"):
        text = "postgresql://" + text[len("postgres://"):]
    return text


def backend_of(url: str) -> str:
    """The database kind of a URL ("sqlite", "postgresql", ...), without connecting."""
    try:
        return make_url(url).get_backend_name()
    except ArgumentError:
        raise StorageError(f"not a database URL: {redact(url)}") from None


def redact(url: str) -> str:
    """A database URL fit to print: without its password."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return "<invalid database URL>"


def _engine(url: str) -> Engine:
    try:
        u: URL = make_url(url)
    except ArgumentError as e:
        raise StorageError(f"not a database URL: {redact(url)!s} ({e})") from None
    # the JSON columns (a move writes its game's whole action list) through orjson when installed
    kwargs: dict[str, Any] = {"future": True, "json_serializer": jsontext.dumps, "json_deserializer": jsontext.loads}
    if u.get_backend_name() == "sqlite":
        if u.database in (None, "", ":memory:"):
            # one shared connection, or every thread would see its own empty database
            kwargs.update(poolclass=StaticPool, connect_args={"check_same_thread": False})
        else:
            Path(u.database).expanduser().parent.mkdir(parents=True, exist_ok=True)
            kwargs["connect_args"] = {"timeout": 30}
    else:
        kwargs["pool_pre_ping"] = True
    try:
        engine = create_engine(u, **kwargs)
    except ModuleNotFoundError as e:
        hint = (" (for PostgreSQL: pip install 'psycopg[binary]', or name the driver you have, e.g. "
                "postgresql+psycopg2://...)") if u.get_backend_name() == "postgresql" else ""
        raise StorageError(f"no database driver for {redact(url)}: {e}{hint}") from None
    except ArgumentError as e:
        raise StorageError(f"cannot use database {redact(url)}: {e}") from None
    if u.get_backend_name() == "sqlite":
        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:  # pragma: no cover - exercised by every sqlite test
            cur = dbapi_conn.cursor()
            if u.database not in (None, "", ":memory:"):
                cur.execute("PRAGMA journal_mode=WAL")  # readers do not wait for the writer
                cur.execute("PRAGMA synchronous=NORMAL")  # see the module docstring
            cur.execute("PRAGMA busy_timeout=30000")
            cur.close()
    return engine


def make_tables(engine: Engine) -> None:
    """Make sure the database has the schema's tables (upgrade.py: done already when the engine is
    a Store's, which upgrades its database on opening)."""
    upgrade.ready(engine)


def _file_of(url: str) -> str | None:
    """A SQLite URL's file (None: in memory)."""
    database = make_url(url).database
    return None if database in (None, "", ":memory:") else database


# ----------------------------------------------------------------- store


class Store:
    """The games table. Thread-safe: every call uses its own session."""

    def __init__(self, url: str | os.PathLike[str] | None = None):
        self.url = database_url(url)
        self.engine = _engine(self.url)
        # SQLite has one writer at a time, and a writer that finds the file locked sleeps in steps of
        # up to 100 ms: this process's writers queue here instead, and hand over at once
        self._write_lock = threading.Lock() if self.backend == "sqlite" else contextlib.nullcontext()
        try:
            moved = upgrade.upgrade(self.engine)  # (servers starting at once: one upgrades, the others wait)
        except Exception as e:  # the driver's own errors differ: say which database failed
            self.engine.dispose()
            raise StorageError(f"cannot open database {redact(self.url)}: {e}") from e
        if moved:
            self.vacuum()  # the file gives the space of the moved data back
        # a move's read, and its write (one statement), need no transaction around them:
        # on PostgreSQL that saves the BEGIN and COMMIT (or ROLLBACK) round trips. Not on SQLite,
        # which has no round trips: there, switching a pooled connection to AUTOCOMMIT and back
        # cost a move more than the transaction (its driver begins one only before a write)
        self._single = (self.engine if self.backend == "sqlite"
                        else self.engine.execution_options(isolation_level="AUTOCOMMIT"))
        # set by cluster.py while other server processes share the (PostgreSQL) database: every
        # write of a game then notifies them on CHANGES_CHANNEL, "<game> <version>" (-1: deleted, -2: expired),
        # delivered at commit. Alone, a server sends nothing: one process pays nothing for it.
        # (Not one of the conductor's subscribers, which run after the lock is released in a
        # transaction of their own: the notice must go with its write's commit, never without it.)
        self.tell_others = False
        # a game's own data by hash, as read lately (what a hash names never changes)
        self.data_cache_size = 16
        self._data: OrderedDict[str, dict[str, Any]] = OrderedDict()
        self._data_lock = threading.Lock()

    @property
    def backend(self) -> str:
        return self.engine.dialect.name

    def close(self) -> None:
        self.engine.dispose()

    # ------------------------------------------------------------ writes

    def create(self, *, settings: JSONObject, seats: list[JSONObject], actions: list[str], status: str,
               summary: JSONObject, listed: bool = True, game: str = games.UNNAMED, meta: JSONObject | None = None,
               deadline: float | None = None) -> GameRecord:
        """Store a new game under a fresh random id (`deadline`: its clock's, if one runs)."""
        if status not in STATUSES:
            raise ValueError(f"status must be one of {STATUSES}, not {status!r}")
        rest, own = own_data(game, settings)
        key = data_key(own) if own else None
        for _ in range(10):
            now = _now()
            values: dict[str, Any] = {
                "id": secrets.token_urlsafe(ID_BYTES), "game": game, "settings": rest, "seats": seats,
                "actions": list(actions), "status": status, "summary": summary, "listed": listed, "version": 0,
                "created_at": now, "updated_at": now, "meta": meta or None, "data_hash": key, "deadline": deadline}
            try:
                with self._write_lock, self.engine.begin() as con:
                    if key is not None:  # its data, unless stored already (by another game)
                        con.execute(self._keep_data(key, game, own, now))
                    con.execute(GAMES.insert().values(**values))
                    self._keep_seat_accounts(con, values["id"], seats)
                if key is not None:
                    self._remember_data(key, own)
                return GameRecord.of(types.SimpleNamespace(**values), own)
            except IntegrityError:  # an id already taken (or its data's row deleted meanwhile): again
                continue
        raise StorageError("could not find a free game id")

    def save(self, game_id: str, expected_version: int, *, actions: list[str], status: str,
             summary: JSONObject) -> GameRecord:
        """Store the game's new action list if it is still at `expected_version`; else
        raise VersionConflict and store nothing. Returns the game at its new version."""
        game = self.get(game_id)
        if game is None or game.version != expected_version:
            raise VersionConflict(f"game {game_id} changed since version {expected_version}")
        return self.advance(game, actions=actions, status=status, summary=summary)

    def advance(self, game: GameRecord, *, actions: list[str], status: str, summary: JSONObject,
                meta: JSONObject | None = None, deadline: float | None = None) -> GameRecord:
        """`save` of the game's next version when the caller holds the game as read (`game`):
        the write alone, nothing read back (a move's one statement). VersionConflict, and nothing
        stored, if the stored game is no longer at game.version. A timed game's move gives its
        `meta` (the clock in it) and `deadline` too; without `meta` both are left as they are."""
        if status not in STATUSES:
            raise ValueError(f"status must be one of {STATUSES}, not {status!r}")
        now = _now()
        params: dict[str, Any] = {"gid": game.id, "expected": game.version, "actions": list(actions), "status": status,
                  "summary": summary, "version": game.version + 1, "now": now}
        save, save_and_tell = _SAVE, _SAVE_AND_TELL
        if meta is not None:
            params.update(meta=meta or None, deadline=deadline)
            save, save_and_tell = _SAVE_TIMED, _SAVE_TIMED_AND_TELL
        with self._write_lock, self._single.begin() as con:  # (under AUTOCOMMIT, no BEGIN is sent)
            if self.tell_others:  # the write and the notice in one statement, one round trip
                stored = len(con.execute(save_and_tell, {**params, "channel": CHANGES_CHANNEL}).all()) == 1
            else:
                stored = con.execute(save, params).rowcount == 1  # one statement: checked and written at once
        if not stored:
            raise VersionConflict(f"game {game.id} changed since version {game.version}")
        return dataclasses.replace(game, actions=params["actions"], status=status, summary=dict(summary),
                                   version=game.version + 1, updated_at=now,
                                   meta=game.meta if meta is None else dict(meta))

    def rewrite(self, game: GameRecord, *, actions: list[str], status: str, summary: JSONObject,
                seats: list[JSONObject] | None = None, meta: JSONObject | None = None,
                deadline: float | None | object = ...) -> GameRecord:
        """`advance` that may also shorten the action list (a takeback) and change the seats
        and `meta` (a resignation, a takeback asked for): the same check of game.version,
        VersionConflict and nothing stored if the game has moved on. `deadline`: the clock's
        (`...`: left as it is)."""
        if status not in STATUSES:
            raise ValueError(f"status must be one of {STATUSES}, not {status!r}")
        now = _now()
        seats = game.seats if seats is None else seats
        meta = game.meta if meta is None else meta
        values: dict[str, Any] = {"actions": list(actions), "status": status, "summary": summary, "seats": seats,
                  "meta": meta or None, "version": game.version + 1, "updated_at": now}
        if deadline is not ...:
            values["deadline"] = deadline
        with self._write_lock, self.engine.begin() as con:
            stored = con.execute(update(GAMES).where(GAMES.c.id == game.id, GAMES.c.version == game.version)
                                 .values(**values)).rowcount == 1
            if stored:
                if seats is not game.seats:
                    self._keep_seat_accounts(con, game.id, seats)
                self._tell(con, game.id, game.version + 1)
        if not stored:
            raise VersionConflict(f"game {game.id} changed since version {game.version}")
        return dataclasses.replace(game, actions=values["actions"], status=status, summary=dict(summary),
                                   seats=[dict(s) for s in seats], meta=dict(meta or {}),
                                   version=game.version + 1, updated_at=now)

    def delete(self, game: GameRecord) -> None:
        """Delete the game if it is still at game.version (else VersionConflict, nothing deleted)."""
        with self._write_lock, self.engine.begin() as con:
            gone = con.execute(delete(GAMES).where(GAMES.c.id == game.id,
                                                   GAMES.c.version == game.version)).rowcount == 1
            if gone:
                con.execute(delete(SEAT_ACCOUNTS).where(SEAT_ACCOUNTS.c.game_id == game.id))
                self._tell(con, game.id, -1)
        if not gone:
            raise VersionConflict(f"game {game.id} changed since version {game.version}")
        if own_data(game.game, game.settings)[1]:
            self.drop_unused_data()

    @staticmethod
    def _keep_seat_accounts(con: Any, game_id: str, seats: list[JSONObject]) -> None:
        """The game's seat_accounts rows made those of `seats` (in the caller's transaction)."""
        con.execute(delete(SEAT_ACCOUNTS).where(SEAT_ACCOUNTS.c.game_id == game_id))
        rows = seat_account_rows(game_id, seats)
        if rows:
            con.execute(SEAT_ACCOUNTS.insert(), rows)

    def _keep_data(self, key: str, game: str, own: dict[str, Any], now: datetime) -> Any:
        """The statement that stores a game's own data under `key` unless it is stored already."""
        insert = postgresql_insert if self.backend == "postgresql" else sqlite_insert
        return insert(DATA).values(hash=key, game=game, data=own, created_at=now).on_conflict_do_nothing()

    def drop_unused_data(self) -> int:
        """Delete the own data no game names any more; how many rows went. (On PostgreSQL a game
        stored meanwhile that names one makes the statement fail: it is left for the next time.)"""
        unused = ~select(GAMES.c.id).where(GAMES.c.data_hash == DATA.c.hash).exists()
        try:
            with self._write_lock, self.engine.begin() as con:
                return con.execute(delete(DATA).where(unused)).rowcount
        except IntegrityError:
            return 0

    def _tell(self, con: Any, game_id: str, version: int) -> None:
        """Notify the other server processes of a write, in its transaction (`tell_others`)."""
        if self.tell_others:
            con.execute(select(func.pg_notify(CHANGES_CHANNEL, f"{game_id} {version}")))

    def touch(self, game_id: str, now: datetime | None = None) -> None:
        """Note that someone connected to the game or left it (one statement; the game's version
        and `updated_at` are not changed): a game still played is kept while touched (`expire`)."""
        if not possible_id(game_id):
            return
        with self._write_lock, self._single.begin() as con:
            con.execute(_TOUCH, {"gid": game_id, "now": _now() if now is None else now})

    def expire(self, before: datetime, keep: Iterable[str] = ()) -> list[str]:
        """Delete every game still being played that nothing has changed or touched since
        `before`, except those in `keep` (the games with a connection). Games that are over
        are kept. Returns the ids deleted."""
        before = before.astimezone(timezone.utc)
        stale = and_(GAMES.c.status == "playing", GAMES.c.updated_at < before,
                     or_(GAMES.c.touched_at.is_(None), GAMES.c.touched_at < before))
        keep = set(keep)
        gone: list[str] = []
        with self._write_lock, self.engine.begin() as con:
            ids = [gid for gid in con.execute(select(GAMES.c.id).where(stale)).scalars() if gid not in keep]
            for i in range(0, len(ids), 500):
                chunk = ids[i:i + 500]
                # the condition again: a game touched since the select stays
                if con.execute(delete(GAMES).where(GAMES.c.id.in_(chunk), stale)).rowcount == len(chunk):
                    gone += chunk
                else:
                    left = set(con.execute(select(GAMES.c.id).where(GAMES.c.id.in_(chunk))).scalars())
                    gone += [gid for gid in chunk if gid not in left]
            for i in range(0, len(gone), 500):
                con.execute(delete(SEAT_ACCOUNTS).where(SEAT_ACCOUNTS.c.game_id.in_(gone[i:i + 500])))
            for gid in gone:  # the other servers close their connections to it, as for a deletion
                self._tell(con, gid, -2)
        if gone:
            self.drop_unused_data()
        return gone

    # ------------------------------------------------------------- reads

    def get(self, game_id: str) -> GameRecord | None:
        if not possible_id(game_id):
            return None
        with self._single.connect() as con:
            row = con.execute(_GET, {"gid": game_id}).first()
        return None if row is None else self._record(row)

    def _record(self, row: Any) -> GameRecord:
        """A games row as a record, its own data put back (read if not held)."""
        return GameRecord.of(row, None if row.data_hash is None else self.data(row.data_hash))

    def data(self, key: str) -> dict[str, Any]:
        """The own data stored under `key` ({setting: data}), from the cache or the database."""
        with self._data_lock:
            own = self._data.get(key)
            if own is not None:
                self._data.move_to_end(key)
                return own
        with self._single.connect() as con:
            stored: JSONObject | None = con.execute(select(DATA.c.data).where(DATA.c.hash == key)).scalar()
        if stored is None:  # (a foreign key keeps it while a game names it)
            raise StorageError(f"no stored game data {key}")
        self._remember_data(key, stored)
        return stored

    def _remember_data(self, key: str, own: dict[str, Any]) -> None:
        with self._data_lock:
            self._data[key] = own
            self._data.move_to_end(key)
            while len(self._data) > self.data_cache_size:
                self._data.popitem(last=False)

    def list_games(self, status: str | None = None, limit: int = 50, listed_only: bool = True) -> list[GameRecord]:
        """Games, most recently changed first."""
        q = select(GAMES).order_by(GAMES.c.updated_at.desc(), GAMES.c.id).limit(limit)
        if status is not None:
            q = q.where(GAMES.c.status == status)
        if listed_only:
            q = q.where(GAMES.c.listed.is_(True))
        with self.engine.connect() as con:
            rows = con.execute(q).all()
        return [self._record(r) for r in rows]

    def listings(self, status: str, limit: int = 50, settings: Iterable[str] = ()) -> list[Listing]:
        """Listed games for the lobby, most recently changed first: only what it shows. Of the
        settings, the keys named, read inside the database (a game's own tile set, which an
        upload may make large, is never read); no action list."""
        keys = sorted(set(settings))
        q = (select(*_LISTING, self._rated(), *self._clock(),
                    *(self._setting(k).label(f"setting_{i}") for i, k in enumerate(keys)))
             .where(GAMES.c.status == status, GAMES.c.listed.is_(True))
             .order_by(GAMES.c.updated_at.desc(), GAMES.c.id).limit(limit))
        with self.engine.connect() as con:
            return [Listing.of(r, keys) for r in con.execute(q)]

    def _setting(self, key: str, column: Any = GAMES.c.settings) -> Any:
        """One key of a game's settings (or of another JSON column), picked inside the database, as
        its JSON value. SQLite's json_extract (what SQLAlchemy's `settings[key]` uses there) makes
        true 1: its `->` (SQLite 3.38) gives the JSON text, as PostgreSQL's does."""
        if self.engine.dialect.name == "sqlite":
            return type_coerce(column.op("->")(f'$."{key}"'), JSON)
        return column[key]

    def _rated(self) -> Any:
        """meta["rated"] and the clock's control, running seat and deadline, picked inside the
        database (the rest of meta is not read)."""
        return self._setting("rated", GAMES.c.meta).label("rated")

    def _clock(self) -> tuple[Any, ...]:
        """meta["clock"]["control"] and ["running"], and the deadline, picked inside the database."""
        if self.engine.dialect.name == "sqlite":
            pick = [type_coerce(GAMES.c.meta.op("->")(f'$."clock"."{k}"'), JSON) for k in ("control", "running")]
        else:
            pick = [type_coerce(GAMES.c.meta.op("->")("clock").op("->")(k), JSON) for k in ("control", "running")]
        return pick[0].label("clock_control"), pick[1].label("clock_running"), GAMES.c.deadline

    def games_of_account(self, account_id: int, status: str | None = None, limit: int = 50) -> list[AccountGame]:
        """The games whose seats the account claimed (seat_accounts), as the lobby lists them,
        most recently changed first, listed or not; `status`: "playing" or "over" only."""
        q = (select(*_LISTING, self._rated(), *self._clock(), SEAT_ACCOUNTS.c.seat)
             .join(SEAT_ACCOUNTS, SEAT_ACCOUNTS.c.game_id == GAMES.c.id)
             .where(SEAT_ACCOUNTS.c.account_id == account_id)
             .order_by(GAMES.c.updated_at.desc(), GAMES.c.id, SEAT_ACCOUNTS.c.seat))
        if status is not None:
            q = q.where(GAMES.c.status == status)
        found: dict[str, tuple[Listing, list[int]]] = {}
        with self.engine.connect() as con:
            for row in con.execute(q.limit(limit * 5)):  # (an account may hold several seats of a game)
                if row.id not in found:
                    if len(found) == limit:
                        break
                    found[row.id] = (Listing.of(row, []), [])
                found[row.id][1].append(row.seat)
        return [AccountGame(listing, tuple(seats)) for listing, seats in found.values()]

    def due(self, now: float, limit: int = 100) -> list[str]:
        """The games being played whose deadline (a clock's) is at or before `now`, the earliest
        first (one indexed query)."""
        q = (select(GAMES.c.id).where(GAMES.c.deadline <= now, GAMES.c.status == "playing")
             .order_by(GAMES.c.deadline, GAMES.c.id).limit(limit))
        with self.engine.connect() as con:
            return list(con.execute(q).scalars())

    def next_deadline(self) -> float | None:
        """The earliest deadline of a game being played (None: no clock runs)."""
        q = select(func.min(GAMES.c.deadline)).where(GAMES.c.status == "playing")
        with self.engine.connect() as con:
            return con.execute(q).scalar()

    def playing(self) -> list[Listing]:
        """Every game still being played, as the lobby lists them (for resuming after a restart:
        whose turn it is, from the summary), neither its settings nor its own data read."""
        q = select(*_LISTING, self._rated(), *self._clock()).where(GAMES.c.status == "playing")
        with self.engine.connect() as con:
            return [Listing.of(r, []) for r in con.execute(q)]

    # ------------------------------------------------------------ moving over

    def _move_own_data(self) -> int:
        """Move the own data of games stored before it was kept apart out of their settings
        (module docstring; the migration "own data apart" does it once when a database is
        upgraded, and run again it finds nothing). How many games."""
        with self._write_lock, self.engine.begin() as con:
            if self.backend == "postgresql":  # servers starting at once: one moves them
                con.execute(select(func.pg_advisory_xact_lock(DDL_LOCK)))
            moved = move_own_data(con)
        if moved:
            self.vacuum()
        return moved

    def vacuum(self) -> None:
        """Give a SQLite file's free space back (after the own data was moved apart)."""
        if self.backend == "sqlite" and _file_of(self.url) is not None:
            with self.engine.connect() as con:
                con.execution_options(isolation_level="AUTOCOMMIT").execute(text("VACUUM"))


def move_own_data(con: Any) -> int:
    """In the caller's transaction: move the own data of every game that still holds it in its
    settings to game_data (each fitted to its game's bounds first, `fit_own_data`), the game
    naming it by hash (module docstring). How many games were moved."""
    keys = sorted({k for spec in games.specs() for k in spec.own_data})
    sqlite = con.dialect.name == "sqlite"
    moved = 0
    kept: set[str] = set()
    holding = or_(*(_is_object(sqlite, k) for k in keys)) if keys else GAMES.c.id.is_(None)
    ids = list(con.execute(select(GAMES.c.id).where(GAMES.c.data_hash.is_(None), holding)).scalars())
    insert = sqlite_insert if sqlite else postgresql_insert
    for i in range(0, len(ids), 100):
        rows = con.execute(select(GAMES.c.id, GAMES.c.game, GAMES.c.settings)
                           .where(GAMES.c.id.in_(ids[i:i + 100]))).all()
        for row in rows:
            rest, own = own_data(row.game, row.settings)
            if not own:
                continue
            own = games.spec(row.game).fit_own_data(own)
            key = data_key(own)
            if key not in kept:
                con.execute(insert(DATA).values(hash=key, game=row.game, data=own, created_at=_now())
                            .on_conflict_do_nothing())
                kept.add(key)
            con.execute(update(GAMES).where(GAMES.c.id == row.id).values(settings=rest, data_hash=key))
            moved += 1
    if moved:
        log.info("moved the own data of %d stored game(s) apart: %d distinct", moved, len(kept))
    return moved


def _is_object(sqlite: bool, key: str) -> Any:
    """Whether a game's settings hold an object (data) under `key`, asked inside the database."""
    if sqlite:
        return func.json_type(GAMES.c.settings, f'$."{key}"') == "object"
    return func.json_typeof(GAMES.c.settings.op("->")(key)) == "object"
