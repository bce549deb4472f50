"""Games in play: the live side of the web app, from the event loop, in parts.

    admission.py    who may watch: the spectators' caps and their tally
    presence.py     who is connected to each game, here and through the other servers
    publishing.py   each connection brought up to date after every change (views, patches)
    computers.py    computer seats let move while one is to act
    sync.py         what the other servers sharing the database did (cluster.py's notices)
    conductor.py    every change to a game, down to the table and back up to the subscribers

`LiveGames` holds them and the connections' lifecycle (enter under the caps, make room for a
seat's newest connection, leave): every database call runs in a worker thread (`work`: the
pool of moves and views), so the loop keeps serving connections, and every computer player's
search goes through `searches.Searches` (worker processes, a fair queue, a per-move cap), so
people never wait behind one.

Each connection (connection.py) has its own outgoing queue and writer task: a broadcast
never waits for a slow client. `Limits` caps the spectators' connections (in all, per game, and
per client address of both); a seat is never refused for spectators, and one holding too many
connections of its own has its oldest closed.

With one process (SQLite) everything lives here. With several on one PostgreSQL database
(`cluster`, cluster.py), a move stored by any of them is notified to all, and each brings
its own connections up to date (sync.py); who is connected, the connection caps, the
computer seats' lease and the cap on searches are kept in the database, so they hold across
the processes.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from ..store.storage import GameRecord
from ..table.errors import GameError
from ..table.seats import MAX_THINK, Credential
from ..table.service import GameService
from .admission import Admission
from .computers import ComputerPlay
from .conductor import DELETED, Conductor
from .connection import CLOSE_SEAT_ELSEWHERE, CLOSE_UNKNOWN_GAME, Connection, Limits
from .presence import Presence
from .publishing import Publisher
from .searches import Searches
from .sync import ClusterSync

log = logging.getLogger("savanna.web")


class LiveGames:
    """The async side of the web app (see the module docstring): its parts, and the connections'
    comings and goings."""

    def __init__(self, service: GameService, autoplay: bool = True, computer_delay: float = 0.0,
                 searches: Searches | None = None, limits: Limits = Limits(), cluster: Any = None,
                 conductor: Conductor | None = None):
        self.service = service
        self.searches = searches or Searches(processes=False, max_think=getattr(service, "max_think", MAX_THINK))
        self.limits = limits
        self.cluster = cluster  # a cluster.Cluster when several server processes share the database
        # moves and views: short and CPU-bound, so two threads (the interpreter runs one at a time;
        # more threads only contend for it); computer players think in `searches`
        self._moves = ThreadPoolExecutor(max_workers=2, thread_name_prefix="savanna-moves")
        self._background: set[asyncio.Task[Any]] = set()
        self.closed = False
        self.admission = Admission(limits)
        self.presence = Presence(cluster)
        self.publisher = Publisher(service, self.presence, self.work)
        # every change of a game goes through it (conductor.py); app.py declares its subscribers
        self.conductor = conductor or Conductor(service, self)
        self.computers = ComputerPlay(service, self.searches, self.work, self.conductor, cluster, autoplay,
                                      computer_delay)
        self.sync = ClusterSync(cluster, self.presence, self.publisher, self.computers, self.spawn, self.gone,
                                self.conductor.told)

    # (what the parts hold, under the names callers read)
    connections = property(lambda self: self.presence.connections)
    autoplay = property(lambda self: self.computers.autoplay)

    # -------------------------------------------------------- connections

    def caps(self, address: str | None) -> list[tuple[str, int, str]]:
        return self.admission.caps(address)

    def admit(self, game_id: str, address: str | None = None) -> str | None:
        """Why one more spectator of the game is refused here (None: it is not), by `limits`."""
        return self.admission.admit(game_id, address)

    def make_room(self, game_id: str, seats: frozenset[int], keep: Connection) -> None:
        """Room for `keep`, a connection of the seat(s) just in (or signed in as them): the seat's
        other connections here beyond its own cap less that one are closed, oldest first. The
        seat's newest connection always gets in."""
        mine = sorted((c for c in self.presence.of(game_id) if c.seats == seats and c is not keep),
                      key=lambda c: c.since)
        for old in mine[:max(0, len(mine) - self.limits.seat_connections + 1)]:
            self._close_for_newer(old)

    def _close_for_newer(self, conn: Connection) -> None:
        log.info("game %s: seat(s) %s have more than %d connections; closing the oldest",
                 conn.game_id, sorted(conn.seats), self.limits.seat_connections)
        conn.shut(CLOSE_SEAT_ELSEWHERE, f"this seat was opened in a newer connection (at most "
                                        f"{self.limits.seat_connections} at once): this one is closed")
        self.leave(conn)

    def on_evict(self, hold: str) -> None:
        """Another server (or this one) let go of this server's connection `hold`, its seat's
        oldest over the seat's cap: it is closed."""
        for conns in self.presence.connections.values():
            for c in conns:
                if c.hold == hold:
                    c.hold = None  # (its row is gone already)
                    return self._close_for_newer(c)

    async def enter(self, websocket: Any, game_id: str, token: str | Credential | None, seats: frozenset[int],
                    address: str | None = None) -> Connection | str:
        """Join, under the caps (those of every server, when there are several): the connection,
        or why it is refused. A seat is never refused: its own oldest connection makes room (join)."""
        if self.cluster is None:
            return (not seats and self.admit(game_id, address)) or self.join(websocket, game_id, token, seats, address)
        first = not self.presence.of(game_id)
        got = await asyncio.to_thread(self.cluster.take, "connection", game_id, [] if seats else self.caps(address),
                                      address, seats, self.limits.seat_connections if seats else None)
        if isinstance(got, str):
            return got
        if first:  # who is connected through the other servers (kept up to date by sync's on_presence)
            await self.presence.look_up(game_id)
        conn = self.join(websocket, game_id, token, seats, address)
        conn.hold = got[1]
        if self.closed:
            self.leave(conn)
        return conn

    def join(self, websocket: Any, game_id: str, token: str | Credential | None, seats: frozenset[int],
             address: str | None = None) -> Connection:
        conn = Connection(websocket, game_id, token, seats, address=address, limits=self.limits)
        conn.too_slow = self.leave
        conn.start()
        self.presence.add(conn)
        self.admission.count(conn, 1)
        if seats and self.cluster is None:  # (with several servers, the cluster's take makes room)
            self.make_room(game_id, seats, keep=conn)
        return conn

    def leave(self, conn: Connection) -> None:
        """Forget a connection whose client has gone (or that fell too far behind; idempotent).
        Synchronous, so that it completes even when the connection's task is being cancelled;
        the others hear of it from a task."""
        present = self.presence.discard(conn)
        if present:
            self.admission.count(conn, -1)
            if not self.presence.of(conn.game_id):
                self.publisher.forget(conn.game_id)
        conn.closed = True
        conn.outbox.clear()
        if conn.writer is not None:
            conn.writer.cancel()
        if conn.hold is not None and self.cluster is not None and not self.closed:  # (closing: all at once)
            hold, conn.hold = conn.hold, None
            self.spawn(asyncio.to_thread(self.cluster.drop, hold))
        if present and self.presence.of(conn.game_id) and not self.closed:
            self.spawn(self.publish(conn.game_id))  # the others see who is connected now

    def spawn(self, coro: Any) -> None:
        """Run `coro` in the background (kept until it ends; cancelled at close)."""
        task = asyncio.get_running_loop().create_task(coro)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    def connected(self, game_id: str) -> set[int]:
        """The seats with a connection to the game (here, or through another server)."""
        return self.presence.connected(game_id)

    def spectators(self, game_id: str) -> int:
        return self.presence.spectators(game_id)

    def online(self) -> dict[str, set[int]]:
        return self.presence.online()

    async def online_everywhere(self) -> dict[str, set[int]]:
        """`online` of every server sharing the database (the lobby's)."""
        return await self.presence.online_everywhere()

    def audience(self, game_id: str) -> tuple[frozenset[int], int]:
        return self.presence.audience(game_id)

    async def work(self, fn: Any, *args: Any) -> Any:
        """fn(*args) in the pool of moves and views (also the coach's: live/hints.py, live/reviews.py)."""
        return await asyncio.get_running_loop().run_in_executor(self._moves, functools.partial(fn, *args))

    # ------------------------------------------------------------- views

    async def view(self, game_id: str | GameRecord, token: str | Credential | None = None) -> dict[str, Any]:
        """The view as the token's seat sees it (no token, or another game's: a spectator)."""
        return await self.publisher.view(game_id, token)

    async def history(self, game_id: str, first: Any, stop: Any = None, token: Any = None,
                      seats: frozenset[int] | None = None) -> dict[str, Any]:
        """The history entries of actions first+1 .. stop, as the token's seat sees them (publishing.py)."""
        return await self.publisher.history(game_id, first, stop, token, seats)

    def replay(self, game_id: str, step: Any) -> dict[str, Any]:
        """The replay view after the first `step` actions (in the caller's thread)."""
        return self.publisher.replay(game_id, step)

    async def publish(self, game_id: str, whole: dict[Connection, Any] | None = None, version: int | None = None) -> None:
        """Bring every connection of the game up to date (publishing.py)."""
        await self.publisher.publish(game_id, whole, version)

    async def publish_after(self, game_id: str, write: Callable[[], Any],
                            record: Callable[[Any], GameRecord] = lambda out: out) -> Any:
        """`write()` and the new views in one trip to the pool (publishing.py)."""
        return await self.publisher.publish_after(game_id, write, record)

    async def gone(self, game_id: str, why: str = DELETED) -> None:
        """The game was deleted: its connections here are told `why`, and closed (code 4404)."""
        message = GameError("not_found", why).as_dict()
        for conn in list(self.presence.of(game_id)):
            conn.send(message)
            await conn.stop()
            await conn.close(CLOSE_UNKNOWN_GAME, "game deleted")

    # ------------------------------------------------------------ acting

    async def change(self, game_id: str, concern: Any, *args: Any) -> Any:
        """The conductor's `change` (conductor.py): a room concern's change of the game, shown and told."""
        return await self.conductor.change(game_id, concern, *args)

    async def act(self, game_id: str, token: Any, action: Any, version: Any = None) -> GameRecord:
        """The conductor's `act` (conductor.py): the seat's action, shown and told."""
        record: GameRecord = await self.conductor.act(game_id, token, action, version)
        return record

    def kick(self, game_id: str) -> None:
        """Let computer seats of the game move, if one is to act (idempotent; computers.py)."""
        if not self.closed:
            self.computers.kick(game_id)

    def driving(self, game_id: str) -> bool:
        return self.computers.driving(game_id)

    async def idle(self, timeout: float = 10.0) -> None:
        """Wait until no computer seat is thinking (for tests and shutdown)."""
        await self.computers.idle(timeout)

    # ------------------------------------------- other servers (sync.py)

    def on_game(self, game_id: str, version: int) -> None:
        self.sync.on_game(game_id, version)

    def on_presence(self, game_id: str) -> None:
        self.sync.on_presence(game_id)

    def on_dead(self, leased: list[str], watched: list[str]) -> None:
        self.sync.on_dead(leased, watched)

    def on_reconnect(self) -> None:
        self.sync.on_reconnect()

    # ---------------------------------------------------------- lifecycle

    async def start(self) -> None:
        """Join the other servers (if any), and resume every game whose seat to act is a computer."""
        if self.cluster is not None:
            self.cluster.on_evict = self.on_evict
            await self.cluster.start(self.sync.on_game, self.sync.on_presence, self.sync.on_dead,
                                     self.sync.on_reconnect)
        await self.computers.resume()

    async def close(self) -> None:
        self.closed = True
        self.service.close()
        await self.computers.close()
        for t in list(self._background):
            t.cancel()
        if self.cluster is not None:  # its games' computer seats and connections free for the others now
            await self.cluster.close()
        for conns in list(self.presence.connections.values()):
            for c in list(conns):
                await c.stop()
                await c.close(1012, "server restarting")
        self.presence.connections.clear()
        self.admission.clear()
        self._moves.shutdown(wait=False)
        self.searches.close()
