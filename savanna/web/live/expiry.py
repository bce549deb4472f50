"""Games nobody comes back to are deleted: unfinished games untouched for a while.

    expiry = Expiry(store, live, after=timedelta(days=30))
    await expiry.start()      # a sweep now, then every `every` seconds (an hour)
    expiry.touch(game_id)     # a connection came or went (from the WebSocket handler)
    await expiry.sweep(now)   # one sweep, at `now` (default: the clock's time)
    await expiry.close()

A game is touched when a move is stored (its `updated_at`) and when a WebSocket
connection to it opens or closes (its `touched_at`, `Store.touch`); a sweep also
touches every game that has a connection now, so a connection open for longer than
the expiry time keeps its game, and another server process sharing the database sees
it as touched. A sweep deletes the games still being played (status "playing") that
nothing touched for `after`; games that are over are kept (the lobby's recent games,
their replays and downloads), and so is any game with a connection to this process.
`after=None` keeps every game. The deletions go through the conductor (live/conductor.py's
`expire`): a deleted game's connections are told and closed, and the subscribers hear of each
(a Deleted event, `expired`), as of a game its creator deleted.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from datetime import datetime, timedelta, timezone
from typing import Any

from ..store.interface import GameStore
from .tasks import stop

log = logging.getLogger("savanna.web")

DEFAULT_EXPIRE_AFTER = timedelta(days=30)
SWEEP_EVERY = 3600.0  # seconds between sweeps


def _now() -> datetime:
    return datetime.now(timezone.utc)


class Expiry:
    """Touches games as connections come and go, and sweeps away the unfinished games
    untouched for `after` (see the module docstring). `live`: the LiveGames (its connections,
    its conductor); `clock`: the time now (tests)."""

    def __init__(self, store: GameStore, live: Any, after: timedelta | None = DEFAULT_EXPIRE_AFTER,
                 every: float = SWEEP_EVERY, clock: Callable[[], datetime] = _now):
        if after is not None and after <= timedelta(0):
            after = None
        self.store, self.live, self.conductor = store, live, live.conductor
        self.after, self.every, self.clock = after, every, clock
        self._task: asyncio.Task[None] | None = None
        self._touches: set[asyncio.Future[Any]] = set()
        self.expired = 0  # games deleted since start

    # ------------------------------------------------------------- touching

    def touch(self, game_id: str) -> None:
        """Note, in a worker thread, that a connection to the game opened or closed (not waited
        for: a failure is logged and costs nothing but the note)."""
        if self.live.closed:
            return
        fut = asyncio.get_running_loop().run_in_executor(None, self._touch, game_id, self.clock())
        self._touches.add(fut)
        fut.add_done_callback(self._touches.discard)

    def _touch(self, game_id: str, now: datetime) -> None:
        try:
            self.store.touch(game_id, now)
        except Exception:
            log.warning("game %s: could not note a connection (for expiry)", game_id, exc_info=True)

    # ------------------------------------------------------------- sweeping

    async def sweep(self, now: datetime | None = None) -> list[str]:
        """Touch the games with a connection, then delete the unfinished games untouched since
        `now` - `after`. Returns the ids deleted."""
        if self.after is None:
            return []
        now = self.clock() if now is None else now
        live = list(self.live.connections)  # read in the loop, where connections come and go

        after = self.after  # (not None: looked at above)

        def touch() -> None:
            for gid in live:
                self.store.touch(gid, now)

        await asyncio.to_thread(touch)
        # through the conductor, as any change: their connections are told, the subscribers hear
        gone: list[str] = await self.conductor.expire(now - after, keep=live)
        if gone:
            self.expired += len(gone)
            log.info("expired %d unfinished game(s) untouched for %s (no move, no connection)",
                     len(gone), _days(self.after))
        else:
            log.debug("expiry: no unfinished game untouched for %s", _days(self.after))
        return gone

    async def _run(self) -> None:
        while True:
            try:
                await self.sweep()
            except asyncio.CancelledError:
                raise
            except Exception:  # the database away for a while: try again at the next sweep
                log.exception("expiry: the sweep failed")
            await asyncio.sleep(self.every)

    async def start(self) -> None:
        """A sweep now and every `every` seconds after, in a task of the app's loop."""
        if self.after is not None and self._task is None:
            log.info("games still being played are deleted after %s without a move or a connection",
                     _days(self.after))
            self._task = asyncio.get_running_loop().create_task(self._run())

    async def close(self) -> None:
        await stop(self._task)
        self._task = None
        if self._touches:
            await asyncio.gather(*list(self._touches), return_exceptions=True)


def _days(t: timedelta) -> str:
    days = t.total_seconds() / 86400
    if days >= 1:
        return f"{days:g} day{'s' if days != 1 else ''}"
    return f"{t.total_seconds():g} seconds"
