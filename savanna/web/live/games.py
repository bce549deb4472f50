"""Games in play: WebSocket connections, pushed updates and computer seats.

`LiveGames` runs the synchronous `GameService` from the event loop: every
database call runs in a worker thread, so the loop keeps serving connections,
and every computer player's search goes through `searches.Searches` (worker
processes, a fair queue, a per-move cap), so people never wait behind one. After
every change of a game, each of its connections is sent what changed in its view
(built by the views; a patch, or the whole view when it has none to patch, see
feed.py), and if the seat to act is a computer, a task
lets it move (and keeps going while computers are to act). On start-up, every
game left waiting for a computer seat resumes.

Each connection (connection.py) has its own outgoing queue and writer task: a broadcast
never waits for a slow client. `Limits` caps the spectators' connections (in all, per game, and
per client address of both); a seat is never refused for spectators, and one holding too many
connections of its own has its oldest closed.

With one process (SQLite) everything lives here. With several on one PostgreSQL database
(`cluster`, cluster.py), a move stored by any of them is notified to all, and each brings
its own connections up to date (`on_game`); who is connected, the connection caps, the
computer seats' lease and the cap on searches are kept in the database, so they hold across
the processes.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from ..store.storage import GameRecord
from ..table import think_time
from ..table.errors import GameError
from ..table.seats import MAX_THINK, held_seats, viewer_for
from ..table.service import CREATED_FROM, GameService
from ..views import build as views
from .conductor import Conductor
from .connection import CLOSE_SEAT_ELSEWHERE, CLOSE_UNKNOWN_GAME, Connection, Limits
from .feed import Feed, Viewer, Whole
from .searches import Job, Searches

log = logging.getLogger("savanna.web")

class LiveGames:
    """The async side of the web app (see the module docstring)."""

    def __init__(self, service: GameService, autoplay: bool = True, computer_delay: float = 0.0,
                 searches: Searches | None = None, limits: Limits = Limits(), cluster: Any = None,
                 conductor: Conductor | None = None):
        self.service = service
        self.searches = searches or Searches(processes=False, max_think=getattr(service, "max_think", MAX_THINK))
        self.limits = limits
        self.autoplay = autoplay
        self.computer_delay = computer_delay
        self.connections: dict[str, set[Connection]] = {}
        self._tally: dict[tuple[str, str | None, str | None], int] = {}  # spectators here, by caps' scope
        self._publish_locks: dict[str, asyncio.Lock] = {}
        self._feeds: dict[str, Feed] = {}  # the views last sent, of games with connections
        # moves and views: short and CPU-bound, so two threads (the interpreter runs one at a time;
        # more threads only contend for it); computer players think in `searches`
        self._moves = ThreadPoolExecutor(max_workers=2, thread_name_prefix="savanna-moves")
        self._tasks: dict[str, asyncio.Task] = {}
        self._wanted: set[str] = set()
        self._background: set[asyncio.Task] = set()
        self.closed = False
        self.cluster = cluster  # a cluster.Cluster when several server processes share the database
        self._remote: dict[str, tuple[frozenset[int], int]] = {}  # other servers' (seats, spectators) of a game
        self._versions: dict[str, int] = {}  # the version last sent of each game with connections
        self.on_stored: list[Any] = []  # called (in the loop) with a game another server stored (hints.py)
        # every change of a game goes through it (conductor.py); app.py declares its subscribers
        self.conductor = conductor or Conductor(service, self)

    # -------------------------------------------------------- connections

    def caps(self, address: str | None) -> list[tuple[str, int, str]]:
        """The caps on a spectator's connection, (scope, cap, reason) each: the scope names what
        is counted, spectators of the server, of the game, and of either from the address (a
        seat's connection is never refused for spectators: see make_room)."""
        lim = self.limits
        caps = [("spectator", lim.spectators, f"too many spectators on this server (at most {lim.spectators})"),
                ("spectator game", lim.game_spectators,
                 f"too many spectators of this game (at most {lim.game_spectators})")]
        if address:
            caps += [("spectator address", lim.address_spectators,
                      f"too many spectators on this server from your address (at most {lim.address_spectators})"),
                     ("spectator game address", lim.address_game_spectators,
                      f"too many spectators of this game from your address (at most {lim.address_game_spectators})")]
        return caps

    def admit(self, game_id: str, address: str | None = None) -> str | None:
        """Why one more spectator of the game is refused here (None: it is not), by `limits`."""
        for scope, cap, reason in self.caps(address):
            if self._tally.get(self._key(scope, game_id, address), 0) >= cap:
                return reason
        return None

    @staticmethod
    def _key(scope: str, game_id: str, address: str | None) -> tuple[str, str | None, str | None]:
        return scope, game_id if "game" in scope else None, address if "address" in scope else None

    def _count(self, conn: Connection, by: int) -> None:
        """Count a spectator's connection in (1) or out (-1) of every scope of `caps`."""
        if not conn.spectator:
            return
        for scope, _, _ in self.caps(conn.address):
            key = self._key(scope, conn.game_id, conn.address)
            n = self._tally[key] = self._tally.get(key, 0) + by
            if n <= 0:
                del self._tally[key]

    def make_room(self, game_id: str, seats: frozenset[int], keep: Connection) -> None:
        """Room for `keep`, a connection of the seat(s) just in (or signed in as them): the seat's
        other connections here beyond its own cap less that one are closed, oldest first. The
        seat's newest connection always gets in."""
        mine = sorted((c for c in self.connections.get(game_id, ()) if c.seats == seats and c is not keep),
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
        for conns in self.connections.values():
            for c in conns:
                if c.hold == hold:
                    c.hold = None  # (its row is gone already)
                    return self._close_for_newer(c)

    async def enter(self, websocket: Any, game_id: str, token: str | None, seats: frozenset[int],
                    address: str | None = None) -> Connection | str:
        """Join, under the caps (those of every server, when there are several): the connection,
        or why it is refused. A seat is never refused: its own oldest connection makes room (join)."""
        if self.cluster is None:
            return (not seats and self.admit(game_id, address)) or self.join(websocket, game_id, token, seats, address)
        first = game_id not in self.connections
        got = await asyncio.to_thread(self.cluster.take, "connection", game_id, [] if seats else self.caps(address),
                                      address, seats, self.limits.seat_connections if seats else None)
        if isinstance(got, str):
            return got
        if first:  # who is connected through the other servers (kept up to date by on_presence)
            self._remote[game_id] = (await asyncio.to_thread(self.cluster.presence, [game_id])).get(
                game_id, (frozenset(), 0))
        conn = self.join(websocket, game_id, token, seats, address)
        conn.hold = got[1]
        if self.closed:
            self.leave(conn)
        return conn

    def join(self, websocket: Any, game_id: str, token: str | None, seats: frozenset[int],
             address: str | None = None) -> Connection:
        conn = Connection(websocket, game_id, token, seats, address=address, limits=self.limits)
        conn.too_slow = self.leave
        conn.start()
        self.connections.setdefault(game_id, set()).add(conn)
        self._count(conn, 1)
        if seats and self.cluster is None:  # (with several servers, the cluster's take makes room)
            self.make_room(game_id, seats, keep=conn)
        return conn

    def leave(self, conn: Connection) -> None:
        """Forget a connection whose client has gone (or that fell too far behind; idempotent).
        Synchronous, so that it completes even when the connection's task is being cancelled;
        the others hear of it from a task."""
        conns = self.connections.get(conn.game_id)
        present = conns is not None and conn in conns
        if present:
            conns.discard(conn)
            self._count(conn, -1)
            if not conns:
                del self.connections[conn.game_id]
                self._forget(conn.game_id)
        conn.closed = True
        conn.outbox.clear()
        if conn.writer is not None:
            conn.writer.cancel()
        if conn.hold is not None and self.cluster is not None and not self.closed:  # (closing: all at once)
            hold, conn.hold = conn.hold, None
            self._spawn(asyncio.to_thread(self.cluster.drop, hold))
        if present and conn.game_id in self.connections and not self.closed:
            self._spawn(self.publish(conn.game_id))  # the others see who is connected now

    def spawn(self, coro: Any) -> None:
        """Run `coro` in the background (kept until it ends; cancelled at close)."""
        self._spawn(coro)

    def _spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    def connected(self, game_id: str) -> set[int]:
        """The seats with a connection to the game (here, or through another server)."""
        out: set[int] = set(self._remote.get(game_id, ((), 0))[0])
        for c in self.connections.get(game_id, ()):
            out |= c.seats
        return out

    def spectators(self, game_id: str) -> int:
        return self._remote.get(game_id, ((), 0))[1] + sum(1 for c in self.connections.get(game_id, ()) if not c.seats)

    def online(self) -> dict[str, set[int]]:
        return {g: self.connected(g) for g in self.connections}

    async def online_everywhere(self) -> dict[str, set[int]]:
        """`online` of every server sharing the database (the lobby's)."""
        if self.cluster is None:
            return self.online()
        found = await asyncio.to_thread(self.cluster.presence, None, False)
        return {g: set(seats) for g, (seats, _) in found.items()}

    async def _work(self, fn: Any, *args: Any) -> Any:
        """fn(*args) in the pool of moves and views."""
        return await asyncio.get_running_loop().run_in_executor(self._moves, functools.partial(fn, *args))

    work = _work  # (for the coach's hints and reviews: live/hints.py, live/reviews.py)

    # ------------------------------------------------------------- views

    async def view(self, game_id: str | GameRecord, token: str | None = None) -> dict[str, Any]:
        """The view as the token's seat sees it (no token, or another game's: a spectator)."""
        gid = game_id if isinstance(game_id, str) else game_id.id
        connected, spectators = self.connected(gid), self.spectators(gid)

        def build() -> dict[str, Any]:
            rec = game_id if isinstance(game_id, GameRecord) else self.service.record(game_id)
            viewer = self._viewer(rec, self.service.seats_for(rec, token)) if token else None
            return views.build(rec, self.service.position(rec), connected=connected, spectators=spectators,
                               viewer=viewer)

        return await self._work(build)

    @staticmethod
    def _viewer(record: GameRecord, seats: frozenset[int]) -> int | None:
        return viewer_for(record.summary.get("current_player"), seats)

    def replay(self, game_id: str, step: Any) -> dict[str, Any]:
        """The replay view after the first `step` actions (in the caller's thread)."""
        rec, pos, _, meta = self.service.replay(game_id, step)
        return views.build(rec, pos, replay=meta)

    def audience(self, game_id: str) -> tuple[frozenset[int], int]:
        """Who a view of the game is built for: the seats connected, and how many spectators."""
        return frozenset(self.connected(game_id)), self.spectators(game_id)

    def _render(self, game: str | GameRecord, audience: tuple[frozenset[int], int], conns: list[Connection],
                whole: dict[Connection, Any]) -> list[tuple[Connection, str | Whole, tuple[int, Viewer]]]:
        """(connection, message, what it has then) for each of `conns` that lacks the game's
        latest view: its viewer's view is built, compared with the one sent before, and the
        patch or the whole view encoded (once per viewer; a whole view is a feed.Whole, made
        text when sent). `whole`: connections that get the whole view whatever they have, with
        the ref to echo. Runs in a worker thread, under the game's publish lock."""
        rec = game if isinstance(game, GameRecord) else self.service.record(game)
        feed = self._feeds.get(rec.id)
        if feed is None:
            feed = self._feeds[rec.id] = Feed(views.patch_keys(rec.game))
        hides = views.hides(rec)  # else every connection sees the spectators' view
        held = held_seats(rec)  # a seat resigned or taken over: its connections see what a spectator sees
        for c in conns:
            if c.seats and not c.seats <= held:
                c.seats = c.seats & held
        viewer_of = {c: self._viewer(rec, c.seats) if hides and c.seats else None for c in conns}
        position = self.service.position(rec)
        viewers, layout = set(viewer_of.values()), views.layout_key(rec, position)
        held = feed.held(viewers, layout)  # what need not be built again (view.build)
        frames = feed.update({v: views.build(rec, position, connected=audience[0], spectators=audience[1], viewer=v,
                                             held=held) for v in viewers}, layout)
        self._versions[rec.id] = rec.version
        out = []
        for c, viewer in viewer_of.items():
            frame = frames[viewer]
            message = frame.message(c.has, viewer, c.seats, c in whole, whole.get(c))
            if message is not None:
                out.append((c, message, (frame.rev, viewer)))
        return out

    @staticmethod
    def _deliver(out: list[tuple[Connection, str | Whole, tuple[int, Viewer]]]) -> None:
        for c, message, has in out:
            c.has = has
            c.send(message, view=True)

    async def publish(self, game_id: str, whole: dict[Connection, Any] | None = None, version: int | None = None) -> None:
        """Bring every connection of the game up to date (one at a time per game, so that each
        gets its patches in order). `whole`: connections to send the whole view, with the ref
        of the request to echo (None: none). `version`: only if they have not been sent that
        version yet (a move told by the database, which may be this server's own)."""
        if not self.connections.get(game_id):
            return
        lock = self._publish_locks.setdefault(game_id, asyncio.Lock())
        async with lock:
            conns = list(self.connections.get(game_id, ()))
            if conns and (version is None or self._versions.get(game_id, -1) < version):
                try:  # built, compared and encoded in a worker thread: the loop keeps serving
                    out = await self._work(self._render, game_id, self.audience(game_id), conns, whole or {})
                except GameError as e:
                    for c in conns:
                        c.send(e.as_dict())
                    return
                self._deliver(out)
        self._forget(game_id)

    def _forget(self, game_id: str) -> None:
        """Drop a game's lock and views once no connection is left to it (and no one holds the lock)."""
        lock = self._publish_locks.get(game_id)
        if not self.connections.get(game_id) and (lock is None or not lock.locked()):
            self._publish_locks.pop(game_id, None)
            self._feeds.pop(game_id, None)
            self._versions.pop(game_id, None)
            self._remote.pop(game_id, None)

    # ------------------------------------------------------------ acting

    async def change(self, game_id: str, concern: Any, *args: Any) -> Any:
        """The conductor's `change` (conductor.py): a room concern's change of the game, shown and told."""
        return await self.conductor.change(game_id, concern, *args)

    async def act(self, game_id: str, token: Any, action: Any, version: Any = None) -> GameRecord:
        """The conductor's `act` (conductor.py): the seat's action, shown and told."""
        return await self.conductor.act(game_id, token, action, version)

    async def publish_after(self, game_id: str, write: Callable[[], Any],
                            record: Callable[[Any], GameRecord] = lambda out: out) -> Any:
        """`write()` in the pool of moves (a write of the game, its answer giving the record as
        stored through `record`), then the game's connections brought up to date from that record
        in the same trip: a move and its new views cost one hop to a worker thread. Its answer."""
        lock = self._publish_locks.setdefault(game_id, asyncio.Lock())
        try:
            async with lock:
                conns = list(self.connections.get(game_id, ()))
                audience = self.audience(game_id)

                def write_and_render() -> tuple[Any, list | None]:
                    done = write()
                    if not conns:
                        return done, []
                    rec = record(done)
                    self._versions[game_id] = rec.version  # its notification need not publish it again
                    try:
                        return done, self._render(rec, audience, conns, {})
                    except Exception:  # stored all the same: publish() below tries again and says what failed
                        log.exception("game %s: the views after a move failed", game_id)
                        return done, None

                done, out = await self._work(write_and_render)
                if out is not None:
                    self._deliver(out)
            if out is None:
                await self.publish(game_id)
        finally:
            self._forget(game_id)
        return done

    def kick(self, game_id: str) -> None:
        """Let computer seats of the game move, if one is to act (idempotent)."""
        if not self.autoplay or self.closed:
            return
        self._wanted.add(game_id)
        if game_id not in self._tasks:
            self._tasks[game_id] = asyncio.get_running_loop().create_task(self._drive(game_id))

    def driving(self, game_id: str) -> bool:
        """Whether this server is letting the game's computer seats move (holding its lease, with several)."""
        return game_id in self._tasks

    async def _drive(self, game_id: str) -> None:
        try:
            while game_id in self._wanted and not self.closed:
                self._wanted.discard(game_id)
                if self.cluster is None:
                    await self._moves_of_computers(game_id)
                    continue
                if await self._work(self.service.computer_turn, game_id) is None:
                    continue  # no computer to act: no lease to take
                if not await asyncio.to_thread(self.cluster.lease, game_id):
                    continue  # another server drives it, and looks again once it lets go
                try:
                    gave_up = await self._moves_of_computers(game_id)
                finally:
                    if not self.closed:
                        await asyncio.to_thread(self.cluster.release, game_id)
                # a person's move stored through another server while the lease was held here
                # found it taken: look again now that it is free
                if not gave_up and not self.closed and await self._work(self.service.computer_turn, game_id):
                    self._wanted.add(game_id)
        except asyncio.CancelledError:
            pass
        except Exception:  # the database unreachable: the game resumes at the next kick or sweep
            log.exception("game %s: its computer seats' lease failed", game_id)
        finally:
            self._tasks.pop(game_id, None)

    async def _moves_of_computers(self, game_id: str) -> bool:
        """Let the game's computer seats move while one is to act; True if they failed (given up)."""
        failures = 0
        while not self.closed:
            try:
                turn = await self._work(self._next_search, game_id)
                if turn is None:
                    return False
                rec, pos, job = turn
                action = await self.searches.choose(job)
                await self.conductor.computer_move(rec, pos, action)  # (shown, and told)
            except Exception:
                failures += 1
                log.exception("game %s: a computer seat failed to move (try %d)", game_id, failures)
                if failures >= 3:
                    return True
                await asyncio.sleep(0.5 * failures)
                continue
            if self.computer_delay:
                await asyncio.sleep(self.computer_delay)
        return False

    def _next_search(self, game_id: str) -> tuple[GameRecord, Any, Job] | None:
        turn = self.service.computer_turn(game_id)
        if turn is None:
            return None
        rec, pos, spec, seed = turn
        budget = think_time.budget(rec.meta, pos.game, self.service.now, self.searches.max_think)
        return rec, pos, self.searches.job(game_id, rec.game, rec.settings, pos.game, spec, seed,
                                           rec.meta.get(CREATED_FROM), budget)

    async def idle(self, timeout: float = 10.0) -> None:
        """Wait until no computer seat is thinking (for tests and shutdown)."""
        deadline = time.monotonic() + timeout
        while self._tasks and time.monotonic() < deadline:
            await asyncio.sleep(0.01)

    # ---------------------------------------------------------- lifecycle

    # ------------------------------------------- other servers (cluster.py)

    def on_game(self, game_id: str, version: int) -> None:
        """A game was stored at `version` (by any server; -1: deleted): its connections here
        are brought up to date, unless they have that version already (this server's own)."""
        for call in self.on_stored:
            call(game_id)
        if version < 0:
            self._spawn(self.gone(game_id))
        elif self.connections.get(game_id) and version > self._versions.get(game_id, -1):
            self._spawn(self.publish(game_id, version=version))

    def on_presence(self, game_id: str) -> None:
        """Who is connected to a game changed on another server: its connections here see it."""
        if self.connections.get(game_id):
            self._spawn(self._refresh([game_id]))

    def on_dead(self, leased: list[str], watched: list[str]) -> None:
        """Servers died: the games whose computer seats they drove go on here (if the lease
        is taken here first), and their connections are no longer shown."""
        for gid in leased:
            self.kick(gid)
        self._spawn(self._refresh([g for g in watched if self.connections.get(g)]))
        if self.cluster.revived:  # this server was the one taken for dead: its connections count again
            holds = [(c.hold, c.game_id, c.address, c.seats) for conns in self.connections.values()
                     for c in conns if c.hold is not None]
            self._spawn(asyncio.to_thread(self.cluster.hold_again, holds))

    def on_reconnect(self) -> None:
        """Notifications may have been missed: every game with connections here is looked at again."""
        self._spawn(self._refresh(list(self.connections)))

    async def _refresh(self, game_ids: list[str]) -> None:
        if not game_ids:
            return
        found = await asyncio.to_thread(self.cluster.presence, game_ids)
        for gid in game_ids:
            if self.connections.get(gid):
                self._remote[gid] = found.get(gid, (frozenset(), 0))
                await self.publish(gid)

    async def gone(self, game_id: str) -> None:
        """The game was deleted: its connections here are told, and closed (code 4404)."""
        message = GameError("not_found", "the game was deleted by its creator").as_dict()
        for conn in list(self.connections.get(game_id, ())):
            conn.send(message)
            await conn.stop()
            await conn.close(CLOSE_UNKNOWN_GAME, "game deleted")

    # ---------------------------------------------------------- lifecycle

    async def start(self) -> None:
        """Join the other servers (if any), and resume every game whose seat to act is a computer."""
        if self.cluster is not None:
            self.cluster.on_evict = self.on_evict
            await self.cluster.start(self.on_game, self.on_presence, self.on_dead, self.on_reconnect)
        if not self.autoplay:
            return
        self.searches.warm()
        ids = await asyncio.to_thread(self.service.games_waiting_for_computers)
        if ids:
            log.info("resuming %d game(s) waiting for a computer seat", len(ids))
        for gid in ids:
            self.kick(gid)

    async def close(self) -> None:
        self.closed = True
        self.service.close()
        tasks = list(self._tasks.values())
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        for t in list(self._background):
            t.cancel()
        if self.cluster is not None:  # its games' computer seats and connections free for the others now
            await self.cluster.close()
        for conns in list(self.connections.values()):
            for c in list(conns):
                await c.stop()
                await c.close(1012, "server restarting")
        self.connections.clear()
        self._tally.clear()
        self._moves.shutdown(wait=False)
        self.searches.close()
