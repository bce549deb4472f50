"""The server keeps the clocks: flags fall on time with nobody sending anything, and no clock
runs while no server is up.

    clocks = Clocks(service, live, liveness, cluster)
    await clocks.resume()   # at start, before anything plays: the servers' outage credited
    await clocks.start()    # the loop, and the liveness beat
    clocks.wake()           # look for due games now (tests; a clock moved)
    await clocks.close()

**The loop.** It sleeps until the next deadline of any game (`service.next_deadline()`), at
most WAKE_EVERY seconds (a deadline moved by another server is seen within that), then calls
`flag.fall` for each game due (`service.due_games()`) through the conductor, in a worker thread:
a first move missed aborts the game, a flag falls (the game ends, or the seat passes to a
computer). Then the game's connections see it, the conductor's subscribers are told (a rated
game's ratings, its mail...) and its computer seats are kicked (a seat passed to a computer
plays on). Nothing a client does or leaves undone stops a clock: a seat closing its connection
changes nothing stored.

**Several servers** (PostgreSQL, `cluster`): every server's loop sees the same due games; one
acts on a game only while holding its lease (the one computer seats are driven under,
cluster.py), so two servers never both act on one flag fall; and `fall` writes at the version
read, so a second try finds the game no longer due and does nothing.

**The servers away.** Every live server beats the liveness mark (store/liveness.py) every
BEAT seconds, in a thread of its own (a busy loop must not look like an outage), and once more
as it stops. A server starting whose last mark is older than AWAY_AFTER seconds (or was a
server stopping) knows that no server was up from the mark until now: it credits that time to
every running clock (table/away.py) before it serves anyone or plays any computer seat. Two
servers starting together credit it once (compare-and-set on the mark); the other waits until
it is done, so that its loop does not fall flags the outage would have saved.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from typing import Any

from ..store.interface import LivenessStorage
from ..table import away, flag
from ..table.errors import GameError
from .tasks import stop

log = logging.getLogger("savanna.web")

BEAT = 2.0  # seconds between a live server's beats of the liveness mark
AWAY_AFTER = 6.0  # seconds without a beat after which no server was up
WAKE_EVERY = 1.0  # the loop's longest sleep
WAIT_EVERY = 0.2  # seconds between looks while another server credits an outage
BUSY_WAIT = 0.1  # the loop's shortest sleep while a due game is another server's


class Clocks:
    """This server's part in keeping the clocks (see the module docstring)."""

    def __init__(self, service: Any, live: Any, liveness: LivenessStorage, cluster: Any = None, *,
                 away_after: float = AWAY_AFTER, beat: float = BEAT, wake_every: float = WAKE_EVERY,
                 loop: bool = True):
        """`loop=False`: no loop (tests acting on flag falls themselves); the mark is kept all the same."""
        self.service, self.live, self.liveness, self.cluster = service, live, liveness, cluster
        self.loop = loop
        self.away_after, self.beat_every, self.wake_every = away_after, beat, wake_every
        self._task: asyncio.Task[None] | None = None
        self._wake: asyncio.Event | None = None
        self._stop = threading.Event()
        self._beating: threading.Thread | None = None
        self.fallen = 0  # games this server ended or passed on by their clocks
        self.credited: list[tuple[float, float]] = []  # the outages this server credited at start

    # ------------------------------------------------------------ the outage

    async def resume(self) -> None:
        """Credit the time no server was up to every running clock (once, whichever server
        starts), then beat the mark from now on. Returns once no server is crediting."""
        while True:
            outages = await asyncio.to_thread(self.liveness.begin, self.service.now(), self.away_after)
            if outages:
                self._start_beating()  # (crediting many games takes a while: the others see it alive)
                for start, end in outages:
                    await asyncio.to_thread(self.live.conductor.run, away.shift, start, end)
                await asyncio.to_thread(self.liveness.done)
                self.credited += outages
                return self._start_beating()
            if not await asyncio.to_thread(self.liveness.crediting):
                return self._start_beating()
            await asyncio.sleep(WAIT_EVERY)  # another server is crediting: its loop's flags wait for it

    def _start_beating(self) -> None:
        if self._beating is None:
            self._beating = threading.Thread(target=self._beat, name="savanna-liveness", daemon=True)
            self._beating.start()

    def _beat(self) -> None:
        while not self._stop.wait(self.beat_every):
            try:
                self.liveness.beat(self.service.now())
            except Exception:  # the database away a moment: the next beat tries again
                log.warning("clocks: the liveness beat failed", exc_info=True)

    # ------------------------------------------------------------ the loop

    async def start(self) -> None:
        """The loop, in a task of the app's loop (after `resume`)."""
        self._start_beating()
        if self.loop and self._task is None:
            self._wake = asyncio.Event()
            self._task = asyncio.get_running_loop().create_task(self._run())

    def wake(self) -> None:
        """Look for due games now."""
        if self._wake is not None:
            self._wake.set()

    async def _run(self) -> None:
        while True:
            wait = self.wake_every
            try:
                wait = await self.tick()
            except asyncio.CancelledError:
                raise
            except Exception:  # the database away for a while: again at the next wake
                log.exception("clocks: looking for due games failed")
            assert self._wake is not None  # (made by start, before this loop)
            self._wake.clear()
            try:
                await asyncio.wait_for(self._wake.wait(), wait)
            except asyncio.TimeoutError:
                pass

    async def tick(self) -> float:
        """Act on every game due now; the seconds to sleep until the next deadline (at most
        `wake_every`)."""
        following = await asyncio.to_thread(self.service.next_deadline)
        skipped = False
        if following is not None and following <= self.service.now():  # (one query while none is due)
            for gid in await asyncio.to_thread(self.service.due_games):
                if self.live.closed:
                    break
                skipped |= not await self.fall(gid)
            following = await asyncio.to_thread(self.service.next_deadline)
        if following is None:
            return self.wake_every
        now: float = self.service.now()
        wait: float = min(self.wake_every, max(BUSY_WAIT if skipped else 0.01, following - now))
        return wait

    async def fall(self, game_id: str) -> bool:
        """`flag.fall` of the game, under its lease when there are several servers; then its
        connections see it and its computer seats play on. False if another server holds it."""
        if self.cluster is not None and not await asyncio.to_thread(self.cluster.lease, game_id):
            return False
        outcome = None
        try:  # through the conductor: the fall's events are told (a rated game's end settles it...)
            outcome = await self.live.conductor.handle(flag.fall, game_id)
        except GameError:  # deleted meanwhile, or another write landed first: looked at again next time
            pass
        finally:  # (unless its computer seats are being driven here: they hold the lease)
            if self.cluster is not None and not self.live.closed and not self.live.driving(game_id):
                await asyncio.to_thread(self.cluster.release, game_id)
        rec = None if outcome is None else outcome.value
        if rec is not None:
            self.fallen += 1
            how = (rec.meta.get("ended") or {}).get("reason") if rec.status == "over" else "a computer plays on"
            log.info("game %s: the flag fell (%s)", game_id, how)
            await self.live.publish(game_id)
        if outcome is not None:  # (its computer seats play on: the conductor's subscriber kicks them)
            await self.live.conductor.told(outcome)
        if rec is None and self.cluster is not None:  # (a server that found the lease taken here
            self.live.kick(game_id)                   # gave up driving the game: this one looks)
        return True

    async def close(self) -> None:
        """Stop the loop and the beat; the mark says this server stopped now."""
        await stop(self._task)
        self._task = None
        self._stop.set()
        if self._beating is not None:
            await asyncio.to_thread(self._beating.join, 10)
            self._beating = None
            try:
                await asyncio.to_thread(self.liveness.stop, self.service.now())
            except Exception:
                log.warning("clocks: could not mark this server's stop", exc_info=True)
