"""Games in play: WebSocket connections, pushed updates and computer seats.

`LiveGames` runs the synchronous `GameService` from the event loop: every
database call and every computer player's search runs in a worker thread, so
the loop keeps serving connections. After every change of a game, each of its
connections is sent the new view ({"type": "state", ...}), and if the seat to
act is a computer, a task lets it move (and keeps going while computers are
to act). On start-up, every game left waiting for a computer seat resumes.

Each connection has its own outgoing queue and writer task: a broadcast never
waits for a slow client, and one that falls far behind is closed.

Updates reach the connections of this process only: run the server as one
process (uvicorn's default).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from starlette.websockets import WebSocketDisconnect

from .service import GameError, GameService
from .storage import GameRecord

try:
    import orjson
except ImportError:  # pragma: no cover - the web extra installs it
    orjson = None

log = logging.getLogger("savanna.web")

# what sending on a socket whose client has gone may raise (Starlette, uvicorn's protocols)
SEND_ERRORS = (RuntimeError, OSError, WebSocketDisconnect)
QUEUE_LIMIT = 256  # messages waiting for one connection before it is closed as too slow


class Connection:
    """One WebSocket connection to one game: its token's seats (none: a spectator)."""

    def __init__(self, websocket: Any, game_id: str, token: str | None, seats: frozenset[int],
                 rate: float = 10.0, burst: int = 30):
        self.websocket = websocket
        self.game_id = game_id
        self.token = token
        self.seats = seats
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(maxsize=QUEUE_LIMIT)
        self.writer: asyncio.Task | None = None
        self.closed = False
        self._rate, self._burst = rate, burst
        self._allowance = float(burst)
        self._stamp = time.monotonic()

    def start(self) -> None:
        self.writer = asyncio.get_running_loop().create_task(self._write())

    def send(self, message: dict[str, Any] | str) -> None:
        if self.closed:
            return
        text = message if isinstance(message, str) else json.dumps(message, separators=(",", ":"))
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            log.warning("game %s: a connection fell %d messages behind; closing it", self.game_id, QUEUE_LIMIT)
            self.closed = True
            asyncio.get_running_loop().create_task(self._close(1013, "too slow: reconnect to get the game again"))

    def allow(self) -> bool:
        """Token bucket: `burst` messages at once, `rate` a second after that."""
        now = time.monotonic()
        self._allowance = min(self._burst, self._allowance + (now - self._stamp) * self._rate)
        self._stamp = now
        if self._allowance < 1:
            return False
        self._allowance -= 1
        return True

    async def _write(self) -> None:
        try:
            while True:
                text = await self.queue.get()
                if text is None:
                    return
                await self.websocket.send_text(text)
        except SEND_ERRORS:  # the client went away: its reader ends the connection
            self.closed = True

    async def _close(self, code: int, reason: str) -> None:
        with contextlib.suppress(*SEND_ERRORS):
            await self.websocket.close(code=code, reason=reason)

    async def stop(self) -> None:
        """Send what is queued, then stop the writer."""
        self.closed = True
        if self.writer is not None and not self.writer.done():
            try:
                self.queue.put_nowait(None)
                await asyncio.wait_for(self.writer, timeout=2)
            except (asyncio.QueueFull, asyncio.TimeoutError):
                self.writer.cancel()


def _encode(view: dict[str, Any]) -> str:
    """A view as compact JSON: the largest cost of a move after the engine's, so orjson (5 times
    faster on a view) when it is installed, as the web extra does."""
    if orjson is not None:
        try:
            return orjson.dumps(view).decode()
        except TypeError:  # something orjson does not take: the standard encoder (and its message)
            pass
    return json.dumps(view, separators=(",", ":"), check_circular=False)


def state_message(view_json: str, seats: frozenset[int]) -> str:
    return '{"type":"state","seats":' + json.dumps(sorted(seats)) + ',"view":' + view_json + "}"


class LiveGames:
    """The async side of the web app (see the module docstring)."""

    def __init__(self, service: GameService, autoplay: bool = True, computer_delay: float = 0.0):
        self.service = service
        self.autoplay = autoplay
        self.computer_delay = computer_delay
        self.connections: dict[str, set[Connection]] = {}
        self._publish_locks: dict[str, asyncio.Lock] = {}
        self._published: dict[str, int] = {}  # the latest version sent to a game's connections
        self._hiding: dict[str, bool] = {}  # games whose views differ by seat
        # moves and views: short and CPU-bound, so two threads (the interpreter runs one at a time;
        # more threads only contend for it); computer players think in the loop's default pool
        self._moves = ThreadPoolExecutor(max_workers=2, thread_name_prefix="savanna-moves")
        self._tasks: dict[str, asyncio.Task] = {}
        self._wanted: set[str] = set()
        self._background: set[asyncio.Task] = set()
        self.closed = False

    # -------------------------------------------------------- connections

    def join(self, websocket: Any, game_id: str, token: str | None, seats: frozenset[int]) -> Connection:
        conn = Connection(websocket, game_id, token, seats)
        conn.start()
        self.connections.setdefault(game_id, set()).add(conn)
        return conn

    def leave(self, conn: Connection) -> None:
        """Forget a connection whose client has gone. Synchronous, so that it completes even
        when the connection's task is being cancelled; the others hear of it from a task."""
        conns = self.connections.get(conn.game_id)
        if conns is not None:
            conns.discard(conn)
            if not conns:
                del self.connections[conn.game_id]
        conn.closed = True
        if conn.writer is not None:
            conn.writer.cancel()
        if conn.game_id in self.connections and not self.closed:
            self._spawn(self.publish(conn.game_id))  # the others see who is connected now

    def _spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    def connected(self, game_id: str) -> set[int]:
        out: set[int] = set()
        for c in self.connections.get(game_id, ()):
            out |= c.seats
        return out

    def spectators(self, game_id: str) -> int:
        return sum(1 for c in self.connections.get(game_id, ()) if not c.seats)

    def online(self) -> dict[str, set[int]]:
        return {g: self.connected(g) for g in self.connections}

    async def _work(self, fn: Any, *args: Any) -> Any:
        """fn(*args) in the pool of moves and views."""
        return await asyncio.get_running_loop().run_in_executor(self._moves, functools.partial(fn, *args))

    # ------------------------------------------------------------- views

    async def view(self, game_id: str | GameRecord, token: str | None = None) -> dict[str, Any]:
        """The view as the token's seat sees it (no token, or another game's: a spectator)."""
        gid = game_id if isinstance(game_id, str) else game_id.id
        connected, spectators = self.connected(gid), self.spectators(gid)

        def build() -> dict[str, Any]:
            rec = game_id if isinstance(game_id, GameRecord) else self.service.record(game_id)
            viewer = self.service.viewer_for(rec, self.service.seats_for(rec, token)) if token else None
            return self.service.view(rec, connected, spectators, viewer)

        return await self._work(build)

    def _personal_texts(self, game: str | GameRecord, audience: tuple[frozenset[int], int],
                        seat_sets: set[frozenset[int]]) -> tuple[int, str, dict[frozenset[int], str]]:
        """For a game that hides something from some seats: (version, the spectators' view,
        {seats: the view of a connection acting for those seats})."""
        rec = game if isinstance(game, GameRecord) else self.service.record(game)
        base = self.service.view(rec, audience[0], audience[1])
        by_viewer: dict[int, str] = {}
        texts = {}
        for seats in seat_sets:
            viewer = self.service.viewer_for(rec, seats)
            if viewer is None:
                continue
            if viewer not in by_viewer:
                by_viewer[viewer] = _encode(self.service.view(rec, audience[0], audience[1], viewer))
            texts[seats] = by_viewer[viewer]
        return base["version"], _encode(base), texts

    async def _hides(self, game_id: str, record: GameRecord | None) -> bool:
        """Whether the game's views differ by seat (known once per game: settings never change)."""
        hides = self._hiding.get(game_id)
        if hides is None:
            rec = record if record is not None else await self._work(self.service.record, game_id)
            hides = self._hiding[game_id] = self.service.hides(rec)
        return hides

    def _view_text(self, game: str | GameRecord, audience: tuple[frozenset[int], int]) -> tuple[int, str]:
        view = self.service.view(game, audience[0], audience[1])
        return view["version"], _encode(view)

    def audience(self, game_id: str) -> tuple[frozenset[int], int]:
        """Who a view of the game is built for: the seats connected, and how many spectators."""
        return frozenset(self.connected(game_id)), self.spectators(game_id)

    async def publish(self, game_id: str, record: GameRecord | None = None,
                      built: tuple[int, str, tuple] | None = None) -> None:
        """Send the game's current view to all its connections (one at a time per game, so
        views reach every connection in the order of their versions). `record`: the game as
        just stored, which saves reading it again; `built`: (version, JSON, audience) of its
        view, built already. Neither is used if a later version went out meanwhile."""
        if not self.connections.get(game_id):
            return
        lock = self._publish_locks.setdefault(game_id, asyncio.Lock())
        async with lock:
            conns = list(self.connections.get(game_id, ()))
            if conns:
                audience = self.audience(game_id)
                latest = self._published.get(game_id, -1)
                source = record if record is not None and record.version >= latest else game_id
                texts: dict[frozenset[int], str] = {}
                try:
                    if await self._hides(game_id, record):  # views by seat (Africa's hidden treasure)
                        version, text, texts = await self._work(
                            self._personal_texts, source, audience, {c.seats for c in conns if c.seats})
                    elif built is not None and built[0] >= latest and built[2] == audience:
                        version, text = built[0], built[1]
                    else:  # built and encoded in a worker thread: the loop keeps serving
                        version, text = await self._work(self._view_text, source, audience)
                except GameError as e:
                    for c in conns:
                        c.send(e.as_dict())
                    return
                self._published[game_id] = max(version, latest)
                for c in conns:
                    c.send(state_message(texts.get(c.seats, text), c.seats))
        if not self.connections.get(game_id) and not lock.locked():
            self._publish_locks.pop(game_id, None)
            self._published.pop(game_id, None)

    # ------------------------------------------------------------ acting

    async def act(self, game_id: str, token: Any, action: Any, version: Any = None) -> GameRecord:
        # the view everyone sees, built with the move (not for games whose views differ by seat)
        audience = self.audience(game_id) if self.connections.get(game_id) and not self._hiding.get(game_id) else None

        def act_and_view() -> tuple[GameRecord, tuple | None]:  # one trip to a worker thread per move
            rec = self.service.act(game_id, token, action, version)
            if audience is None:
                return rec, None
            try:
                return rec, (*self._view_text(rec, audience), audience)
            except Exception:  # stored all the same: publish() builds the view again and says what failed
                log.exception("game %s: the view after a move failed", game_id)
                return rec, None

        rec, built = await self._work(act_and_view)
        await self.publish(game_id, rec, built)
        if self.service.computer_to_move(rec) is not None:
            self.kick(game_id)
        return rec

    def kick(self, game_id: str) -> None:
        """Let computer seats of the game move, if one is to act (idempotent)."""
        if not self.autoplay or self.closed:
            return
        self._wanted.add(game_id)
        if game_id not in self._tasks:
            self._tasks[game_id] = asyncio.get_running_loop().create_task(self._drive(game_id))

    async def _drive(self, game_id: str) -> None:
        failures = 0
        try:
            while game_id in self._wanted and not self.closed:
                self._wanted.discard(game_id)
                while not self.closed:
                    try:
                        moved = await asyncio.to_thread(self.service.computer_step, game_id)
                    except Exception:
                        failures += 1
                        log.exception("game %s: a computer seat failed to move (try %d)", game_id, failures)
                        if failures >= 3:
                            return
                        await asyncio.sleep(0.5 * failures)
                        continue
                    if not moved:
                        break
                    await self.publish(game_id)
                    if self.computer_delay:
                        await asyncio.sleep(self.computer_delay)
        except asyncio.CancelledError:
            pass
        finally:
            self._tasks.pop(game_id, None)

    async def idle(self, timeout: float = 10.0) -> None:
        """Wait until no computer seat is thinking (for tests and shutdown)."""
        deadline = time.monotonic() + timeout
        while self._tasks and time.monotonic() < deadline:
            await asyncio.sleep(0.01)

    # ---------------------------------------------------------- lifecycle

    async def start(self) -> None:
        """Resume every game whose seat to act is a computer."""
        if not self.autoplay:
            return
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
        for conns in list(self.connections.values()):
            for c in list(conns):
                await c.stop()
                await c._close(1012, "server restarting")
        self.connections.clear()
        self._moves.shutdown(wait=False)
