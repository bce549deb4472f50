"""Several server processes on one PostgreSQL database: what they share, kept in the database.

    cluster = Cluster(store)                 # PostgreSQL only; its tables are the schema's (store/schema.py)
    await cluster.start(on_game, on_presence, on_dead, on_reconnect)  # LISTEN, register, heartbeat
    cluster.take(kind, game_id, caps, ...)   # a connection or a search, under global caps
    cluster.lease(game_id)                   # drive the game's computer seats (exactly one server)
    await cluster.close()

Every server process (a `savanna serve --workers N` worker, or a `savanna serve` on another
machine) registers a row in `servers` and renews its `heartbeat` every HEARTBEAT seconds. A
server whose heartbeat is older than DEAD_AFTER seconds is dead: whatever it held is no
longer counted, and the first live server to notice deletes its rows and resumes the games
whose computer seats it drove. Times are the database's own (`now()`), so the machines'
clocks need not agree.

- Live updates: while other servers are alive, every write of a game runs
  `pg_notify('savanna_games', '<id> <version>')` (`<id> -1`: deleted, `-2`: expired) in its own statement or
  transaction (storage.py's `tell_others`), delivered at commit. Each process LISTENs on one
  connection of its own and brings its own viewers of that game up to date; the view is built
  from the game as stored, never sent through the database. A server alone notifies nothing
  (a NOTIFY takes a lock that serializes the commits of every notifying transaction: one
  process on PostgreSQL keeps its speed). A server starting LISTENs, then says so on
  `savanna_servers` before it serves anyone, and the others notify from the moment they hear
  it (and, at each heartbeat, while they count more than one live server). A change of who is
  connected to a game (a row in `holds` added or deleted) notifies `savanna_presence`.
- Holds (`holds`): one row per WebSocket connection (its game, client address and seats;
  no seat: a spectator's) and per computer search running. A hold is taken under caps counted
  over the live servers' rows (of the game, the address, spectators only, as each cap says),
  in a transaction serialized by an advisory lock, so two servers cannot both take the last
  place.
- Computer seats (`leases`): a game's computer seats are driven by the server holding its
  lease row. A lease is taken when free or when its holder is dead, so a game is taken over
  within DEAD_AFTER (+ HEARTBEAT) seconds of its server dying. Moves are stored with
  versioned writes besides, so even two drivers could not store a move twice.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import socket
import threading
from collections.abc import Callable, Iterable
from typing import Any

from sqlalchemy import func, select, text

from ..store.schema import HOLDS, LEASES, SERVERS
from ..store.storage import CHANGES_CHANNEL, Store, StorageError, make_tables

log = logging.getLogger("savanna.web")

HEARTBEAT = 1.0  # seconds between a server's heartbeats
DEAD_AFTER = 5.0  # seconds without a heartbeat after which a server is dead
GAMES_CHANNEL = CHANGES_CHANNEL  # "<game> <version>": a write of a game (storage.py sends it)
PRESENCE_CHANNEL = "savanna_presence"  # "<game> <server>": who is connected to the game changed
SERVERS_CHANNEL = "savanna_servers"  # "<server>": a server started, and wants to hear of every write
EVICT_CHANNEL = "savanna_evict"  # "<hold> <server>": close that connection (its seat's oldest, over the seat's cap)
HOLD_LOCK = 0x5A7B  # advisory lock key of taking holds
HOLD_KINDS = {"connection": 1, "search": 2}  # (the lock's second key: one lock per kind)
RECONNECT_SECONDS = 1.0  # between tries to get the listening connection back


SCOPES = {"game": "h.game_id = :gid", "address": "h.address = :address",  # what a cap of take() counts
          "spectator": "h.seats = ''"}
ALIVE = text(f"heartbeat > now() - make_interval(secs => {DEAD_AFTER})")
_LIVE_HOLDS = ("SELECT {what} FROM holds h JOIN servers s ON s.id = h.server_id "
               f"AND s.heartbeat > now() - make_interval(secs => :dead) WHERE h.kind = :kind")
_TAKE_LEASE = text(
    "INSERT INTO leases (game_id, server_id) VALUES (:gid, :me) ON CONFLICT (game_id) DO UPDATE "
    "SET server_id = :me, since = now() WHERE leases.server_id = :me OR NOT EXISTS ("
    "SELECT 1 FROM servers s WHERE s.id = leases.server_id AND s.heartbeat > now() - make_interval(secs => :dead)) "
    "RETURNING server_id")


def libpq_url(url: str) -> str:
    """The SQLAlchemy URL of a PostgreSQL database as libpq takes it (no "+driver")."""
    from sqlalchemy.engine import make_url

    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


class Cluster:
    """This server process among the others on the same database (see the module docstring).
    The blocking calls (take, drop, lease, release, ...) run in worker threads."""

    def __init__(self, store: Store, dead_after: float = DEAD_AFTER, heartbeat: float = HEARTBEAT):
        engine = store.engine
        if engine.dialect.name != "postgresql":
            raise ValueError("several server processes need PostgreSQL (LISTEN/NOTIFY, shared state)")
        try:
            import psycopg  # noqa: F401  (the listening connection is psycopg 3's, whatever the engine's driver)
        except ImportError:
            raise StorageError("on PostgreSQL the server listens for the other server processes' moves "
                               "through psycopg 3: pip install 'psycopg[binary]'") from None
        self.store = store
        self.engine = engine.execution_options(isolation_level="READ COMMITTED")
        self.url = store.url
        self.id = secrets.token_hex(8)
        self.dead_after, self.heartbeat = dead_after, heartbeat
        self._tasks: list[asyncio.Task[None]] = []
        self._stop = threading.Event()
        self._beating: threading.Thread | None = None
        self.revived = False  # taken for dead and registered again: its connections' holds to take again
        self._listener: Any = None
        self.on_evict: Callable[[str], Any] | None = None  # called in the loop with a hold of this server's to close
        self.closed = False
        make_tables(engine)  # (the Store has: its tables are the schema's)

    # ------------------------------------------------------------ lifecycle

    def register(self) -> None:
        """Add this server, and tell the others that it wants to hear of every write (before it
        serves anyone: they notify from the moment they hear it)."""
        with self.engine.begin() as con:
            con.execute(SERVERS.insert().values(id=self.id, host=socket.gethostname()[:255], pid=os.getpid()))
            con.execute(select(func.pg_notify(SERVERS_CHANNEL, self.id)))
            self._count(con)

    def _count(self, con: Any) -> None:
        """Writes notify the others while there are any (storage.py's `tell_others`)."""
        self.store.tell_others = con.execute(select(func.count()).select_from(SERVERS).where(ALIVE)).scalar() > 1

    async def start(self, on_game: Callable[[str, int], Any], on_presence: Callable[[str], Any],
                    on_dead: Callable[[list[str], list[str]], Any], on_reconnect: Callable[[], Any]) -> None:
        """Register, then keep the heartbeat and the listening connection going. `on_game(id,
        version)` (-1: deleted, -2: expired) and `on_presence(id)` are called in the loop for every
        notification; `on_dead(games leased, games with connections)` when dead servers'
        rows were cleared; `on_reconnect()` when notifications may have been missed."""
        await self._listen_once(on_game, on_presence)  # (listening before it says it is here)
        await asyncio.to_thread(self.register)
        loop = asyncio.get_running_loop()
        self._beating = threading.Thread(target=self._beat, args=(loop, on_dead), name="savanna-heartbeat",
                                         daemon=True)
        self._beating.start()
        self._tasks = [loop.create_task(self._listen(on_game, on_presence, on_reconnect))]

    async def close(self) -> None:
        """Leave: the others show its connections gone at once, and resume its games within a heartbeat."""
        self.closed = True
        self._stop.set()
        for t in self._tasks:
            t.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        if self._beating is not None:  # (a beat under way would register this server again)
            await asyncio.to_thread(self._beating.join, 10)
        if self._listener is not None:
            with contextlib.suppress(Exception):
                await self._listener.close()
        with contextlib.suppress(Exception):
            await asyncio.to_thread(self._leave)

    def _leave(self) -> None:
        """Its connections go now; it is marked dead, so that the next sweep of another server
        resumes the games it drove (its leases are free to take from now on)."""
        with self.engine.begin() as con:
            games = [r[0] for r in con.execute(HOLDS.delete().where(HOLDS.c.server_id == self.id)
                                               .returning(HOLDS.c.game_id))]
            con.execute(text("UPDATE servers SET heartbeat = now() - interval '1 day' WHERE id = :me"), {"me": self.id})
            self._tell_presence(con, games)

    # ------------------------------------------------------------ heartbeat

    def _beat(self, loop: asyncio.AbstractEventLoop, on_dead: Callable[[list[str], list[str]], Any]) -> None:
        """The heartbeat, in a thread of its own: a busy event loop must not make the others
        take this server for dead."""
        while not self._stop.wait(self.heartbeat):
            try:
                leased, watched = self.beat()
            except Exception:  # the database away a moment: the next beat tries again
                log.exception("cluster: the heartbeat failed")
                continue
            if leased or watched or self.revived:
                with contextlib.suppress(RuntimeError):  # (the loop closed meanwhile)
                    loop.call_soon_threadsafe(on_dead, leased, watched)

    def beat(self) -> tuple[list[str], list[str]]:
        """Renew this server's heartbeat, and clear the rows of servers found dead: returns the
        games they leased and those they had connections to."""
        with self.engine.begin() as con:
            found = con.execute(SERVERS.update().where(SERVERS.c.id == self.id)
                                .values(heartbeat=func.now()).returning(SERVERS.c.id)).first()
            if found is None:  # thought dead and cleared (a long pause): back, with its holds gone
                log.warning("cluster: this server (%s) was taken for dead; registering again", self.id)
                con.execute(SERVERS.insert().values(id=self.id, host=socket.gethostname()[:255], pid=os.getpid()))
                self.revived = True
            dead = [r[0] for r in con.execute(
                text("DELETE FROM servers WHERE heartbeat < now() - make_interval(secs => :dead) RETURNING id"),
                {"dead": self.dead_after})]
            self._count(con)
            if not dead:
                return [], []
            leased = [r[0] for r in con.execute(LEASES.delete().where(LEASES.c.server_id.in_(dead))
                                                .returning(LEASES.c.game_id))]
            watched = sorted({r[0] for r in con.execute(HOLDS.delete().where(HOLDS.c.server_id.in_(dead))
                                                        .returning(HOLDS.c.game_id))})
            self._tell_presence(con, watched)
        log.warning("cluster: server(s) %s stopped answering; resuming %d game(s) they drove",
                    ", ".join(dead), len(leased))
        return leased, watched

    # ------------------------------------------------------------ listening

    async def _listen_once(self, on_game: Callable[[str, int], Any], on_presence: Callable[[str], Any]) -> None:
        import psycopg

        conn = await psycopg.AsyncConnection.connect(libpq_url(self.url), autocommit=True)
        for channel in (GAMES_CHANNEL, PRESENCE_CHANNEL, SERVERS_CHANNEL, EVICT_CHANNEL):
            await conn.execute(f"LISTEN {channel}")
        self._listener = conn

    async def _listen(self, on_game: Callable[[str, int], Any], on_presence: Callable[[str], Any],
                      on_reconnect: Callable[[], Any]) -> None:
        while not self.closed:
            try:
                if self._listener is None:
                    await self._listen_once(on_game, on_presence)
                    on_reconnect()  # what was told while not listening is lost: look again
                async for n in self._listener.notifies():
                    if n.channel == SERVERS_CHANNEL:
                        if n.payload != self.id:  # another server: from now on it hears of every write
                            self.store.tell_others = True
                        continue
                    if n.channel == EVICT_CHANNEL:
                        hold, _, server = n.payload.partition(" ")
                        if server == self.id and self.on_evict is not None:
                            self.on_evict(hold)
                        continue
                    dispatch(n.channel, n.payload, on_game, on_presence, self.id)
            except asyncio.CancelledError:
                raise
            except Exception as e:
                log.warning("cluster: the listening connection failed (%s); reconnecting", e)
            if self._listener is not None:
                with contextlib.suppress(Exception):
                    await self._listener.close()
                self._listener = None
            await asyncio.sleep(RECONNECT_SECONDS)

    # ------------------------------------------------------------ holds

    def take(self, kind: str, game_id: str, caps: Iterable[tuple[str, int, str]], address: str | None = None,
             seats: Iterable[int] = (), seat_cap: int | None = None) -> str | tuple[None, str]:
        """Take a hold of `kind` unless a cap is reached: `caps` are (scope, cap, reason), the
        scope naming which holds of the kind count, "all" or words of SCOPES ("spectator game
        address": spectators' connections to this game from this address). Returns the reason
        of the first cap reached, or (None, hold id). `seat_cap`: the seats' connections to
        the game beyond it, oldest first, are let go, and their servers told to close them
        (EVICT_CHANNEL): the newest always gets in."""
        hid = secrets.token_hex(8)
        with self.engine.begin() as con:
            con.execute(select(func.pg_advisory_xact_lock(HOLD_LOCK, HOLD_KINDS[kind])))
            for scope, cap, reason in caps:
                where = "".join(" AND " + SCOPES[w] for w in scope.split() if w != "all")
                held = con.execute(text(_LIVE_HOLDS.format(what="count(*)") + where),
                                   {"kind": kind, "gid": game_id, "address": address,
                                    "dead": self.dead_after}).scalar_one()
                if held >= cap:
                    return reason
            seats_text = ",".join(str(s) for s in sorted(seats))
            con.execute(HOLDS.insert().values(id=hid, server_id=self.id, kind=kind, game_id=game_id,
                                              address=address, seats=seats_text))
            if seat_cap is not None and seats_text:
                self._evict(con, kind, game_id, seats_text, seat_cap)
            if kind == "connection":
                self._tell_presence(con, [game_id])
        return None, hid

    def _evict(self, con: Any, kind: str, game_id: str, seats: str, cap: int) -> None:
        """The seats' holds of the game beyond the `cap` newest let go, each server told to close its own."""
        old = con.execute(text(
            "DELETE FROM holds WHERE id IN (" + _LIVE_HOLDS.format(what="h.id")
            + " AND h.game_id = :gid AND h.seats = :seats ORDER BY h.since DESC, h.id OFFSET :cap) "
            "RETURNING id, server_id"), {"kind": kind, "gid": game_id, "seats": seats, "cap": cap,
                                         "dead": self.dead_after}).all()
        for hold, server in old:
            con.execute(select(func.pg_notify(EVICT_CHANNEL, f"{hold} {server}")))

    def drop(self, hold_id: str) -> None:
        """Give a hold back."""
        with self.engine.begin() as con:
            row = con.execute(HOLDS.delete().where(HOLDS.c.id == hold_id)
                              .returning(HOLDS.c.kind, HOLDS.c.game_id)).first()
            if row is not None and row.kind == "connection":
                self._tell_presence(con, [row.game_id])

    def hold_again(self, holds: Iterable[tuple[str, str, str | None, Iterable[int]]]) -> None:
        """After being taken for dead: this server's connections' holds, (id, game, address,
        seats) each, stored again as they were (no cap: they are open)."""
        self.revived = False
        rows: list[dict[str, Any]] = [
            {"id": hid, "server_id": self.id, "kind": "connection", "game_id": gid, "address": address,
             "seats": ",".join(str(s) for s in sorted(seats))} for hid, gid, address, seats in holds]
        with self.engine.begin() as con:
            if rows:
                con.execute(HOLDS.insert(), rows)
            self._tell_presence(con, sorted({r["game_id"] for r in rows}))

    def count(self, kind: str) -> int:
        """Holds of `kind` of the live servers (all of them, this one's included)."""
        with self.engine.connect() as con:
            n: int = con.execute(text(_LIVE_HOLDS.format(what="count(*)")),
                                 {"kind": kind, "dead": self.dead_after}).scalar_one()
        return n

    def presence(self, game_ids: Iterable[str] | None = None, others_only: bool = True) -> dict[str, tuple[frozenset[int], int]]:
        """{game: (seats connected, spectators)} over the live servers' connections (but this
        server's, if `others_only`), of `game_ids` (None: every game)."""
        sql = _LIVE_HOLDS.format(what="h.game_id, h.seats")
        params: dict[str, Any] = {"kind": "connection", "dead": self.dead_after}
        if others_only:
            sql += " AND h.server_id <> :me"
            params["me"] = self.id
        if game_ids is not None:
            ids = list(game_ids)
            if not ids:
                return {}
            sql += " AND h.game_id = ANY(:gids)"
            params["gids"] = ids
        out: dict[str, tuple[set[int], int]] = {}
        with self.engine.connect() as con:
            for gid, seats in con.execute(text(sql), params):
                have, spectators = out.get(gid, (set(), 0))
                if seats:
                    have |= {int(s) for s in seats.split(",")}
                else:
                    spectators += 1
                out[gid] = (have, spectators)
        return {g: (frozenset(s), n) for g, (s, n) in out.items()}

    def _tell_presence(self, con: Any, game_ids: Iterable[str]) -> None:
        for gid in game_ids:  # "<game> <server>": a server knows its own connections already
            con.execute(select(func.pg_notify(PRESENCE_CHANNEL, f"{gid} {self.id}")))

    # ------------------------------------------------------------ leases

    def lease(self, game_id: str) -> bool:
        """Whether this server holds the game's computer lease now (taken if free, or if its
        holder is dead)."""
        with self.engine.begin() as con:
            return con.execute(_TAKE_LEASE, {"gid": game_id, "me": self.id, "dead": self.dead_after}).first() is not None

    def release(self, game_id: str) -> None:
        with self.engine.begin() as con:
            con.execute(LEASES.delete().where(LEASES.c.game_id == game_id, LEASES.c.server_id == self.id))

    def holder(self, game_id: str) -> str | None:
        """The server holding the game's lease (for tests and health)."""
        with self.engine.connect() as con:
            return con.execute(select(LEASES.c.server_id).where(LEASES.c.game_id == game_id)).scalar()

    def stats(self) -> dict[str, Any]:
        with self.engine.connect() as con:
            servers = con.execute(select(func.count()).select_from(SERVERS).where(ALIVE)).scalar()
            leases = con.execute(select(func.count()).select_from(LEASES)
                                 .where(LEASES.c.server_id == self.id)).scalar()
        return {"server": self.id, "servers": servers, "leases": leases,
                "searches": self.count("search"), "connections": self.count("connection")}


def dispatch(channel: str, payload: str, on_game: Callable[[str, int], Any], on_presence: Callable[[str], Any],
             me: str) -> None:
    """One notification to its handler (a malformed payload is logged and dropped; one of
    this server's own changes of presence is skipped)."""
    try:
        if channel == GAMES_CHANNEL:
            gid, version = payload.rsplit(" ", 1)
            on_game(gid, int(version))
        elif channel == PRESENCE_CHANNEL:
            gid, by = payload.rsplit(" ", 1)
            if by != me:
                on_presence(gid)
    except ValueError:
        log.warning("cluster: a notification on %s not understood: %r", channel, payload[:80])


class GlobalSlots:
    """The cap on computer searches running at once across every server: a search waits for
    a "search" hold (polling every `poll` seconds while all `cap` are taken)."""

    def __init__(self, cluster: Cluster, cap: int, poll: float = 0.05):
        self.cluster, self.cap, self.poll = cluster, cap, poll

    async def acquire(self, game_id: str) -> str:
        caps = [("all", self.cap, "busy")]
        while True:
            got = await asyncio.to_thread(self.cluster.take, "search", game_id, caps)
            if isinstance(got, tuple):
                return got[1]
            await asyncio.sleep(self.poll)

    async def release(self, hold: str) -> None:
        await asyncio.to_thread(self.cluster.drop, hold)

