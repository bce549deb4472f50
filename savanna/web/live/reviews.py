"""Reviews computed in the background: one decision at a time, once across server processes,
resumed after a restart (table/reviews.py says which games and seats; store/reviews.py the
lease).

Each server runs one loop: it claims a review waiting (queued, or running under a lease that
ran out or whose server died), judges its decisions in history order, one at a time, in
searches.py's search lane under the one owner "reviews" (so that all the reviews together take
at most one turn in the round robin beside the computer seats, and count in the cap of
searches at once), and stores each entry as it comes, renewing its lease. A server stopped or
killed mid-review leaves the entries stored: the next to claim the review (this server
started again, or another) judges only the decisions left. A decision that fails three times
running fails the review ("failed"; asking for it again queues it again, its entries kept).

The loop wakes when a game with people ends here or a review is asked here, and looks for work
every `poll` seconds besides (reviews asked through another server, leases run out).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Callable
from typing import Any

from ..store.interface import ReviewStorage
from ..store.reviews import Review
from ..store.storage import GameRecord
from ..table import reviews as reviewing
from .worker import CoachJob

log = logging.getLogger("savanna.web")

OWNER = "reviews"  # the reviews' one owner in the search lane's turns
LEASE = 60.0  # seconds a claimed review is held without a word from its server
POLL = 5.0  # seconds between looks for reviews to compute
TRIES = 3  # failures of a decision in a row that fail the review


class Reviews:
    """This server's review loop (see the module docstring). `live`: the LiveGames (its pool
    and its searches); `cluster`: cluster.Cluster with several servers (its id holds leases, and
    a holder whose heartbeat stopped is dead); `iterations`: judge with that many iterations
    instead of time (reproducible: tests)."""

    def __init__(self, live: Any, store: ReviewStorage, cluster: Any = None, iterations: int | None = None,
                 poll: float = POLL, lease: float = LEASE, clock: Callable[[], float] = time.time,
                 loop: bool = True):
        self.live, self.store, self.cluster = live, store, cluster
        self.service = live.service
        self.searches = live.searches
        self.iterations = iterations
        self.poll, self.lease, self.clock = poll, lease, clock
        self.looping = loop
        self.holder = cluster.id if cluster is not None else secrets.token_hex(8)
        self.max_think = self.searches.max_think
        self._wake = asyncio.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._task: asyncio.Task[None] | None = None
        self.current: str | None = None  # the game whose review is being computed here
        self.judged = 0  # decisions judged here (tests, health)
        self.closed = False

    # ---------------------------------------------------------- asking

    def ended(self, rec: GameRecord) -> None:
        """A game ended (subscribers/reviews.py, from any thread): one with people has its review queued."""
        if reviewing.on_over(self.store, rec, self.max_think):
            self.wake()

    async def ask(self, game_id: str) -> dict[str, Any]:
        """POST /api/games/{id}/review: queued if it was not (idempotent); the review JSON."""
        def ask_and_show() -> dict[str, Any]:
            rec = self.service.record(game_id)
            reviewing.ask(self.store, rec, self.max_think)
            return reviewing.shown(rec, self.store.get(game_id), self.max_think)

        out: dict[str, Any] = await self.live.work(ask_and_show)
        self.wake()
        return out

    async def show(self, game_id: str) -> dict[str, Any]:
        shown: dict[str, Any] = await self.live.work(reviewing.shown_of, self.service, self.store, game_id,
                                                     self.max_think)
        return shown

    def wake(self) -> None:
        """Look for work now (from any thread)."""
        if self._loop is not None and not self.closed:
            self._loop.call_soon_threadsafe(self._wake.set)

    # ---------------------------------------------------------- the loop

    async def start(self) -> None:
        self._loop = asyncio.get_running_loop()
        if self.cluster is None:  # one server on its SQLite file: any lease held is a dead process's
            freed = await asyncio.to_thread(self.store.release_all)
            if freed:
                log.info("resuming %d review(s) left unfinished", freed)
        if self.looping:
            self._task = asyncio.create_task(self._run())

    async def _run(self) -> None:
        while not self.closed:
            try:
                claimed = await asyncio.to_thread(self._claim)
                if claimed is not None:
                    await self.compute(claimed)
                    continue
            except asyncio.CancelledError:
                raise
            except Exception:  # the database unreachable: look again later
                log.exception("the reviews' loop failed; trying again in %g s", self.poll)
            self._wake.clear()
            try:
                await asyncio.wait_for(self._wake.wait(), self.poll)
            except asyncio.TimeoutError:
                pass

    def _claim(self) -> Review | None:
        now = self.clock()
        return self.store.claim(self.holder, now + self.lease, now,
                                self.cluster.dead_after if self.cluster is not None else None)

    async def compute(self, review: Review) -> None:
        """Judge the claimed review's decisions left, one at a time, storing each (see the
        module docstring); stops if the lease is lost."""
        gid = review.game_id
        self.current = gid
        try:
            rec = await self.live.work(self.service.record, gid)
            todo = await self.live.work(reviewing.decisions, self.service, rec, review.seats)
            entries = list(review.entries)
            have = {e["index"] for e in entries}
            if not await self._save(gid, total=len(todo)):
                return
            log.info("review of game %s: %s at %d of %d decisions", gid, "resumed" if entries else "started",
                     len(entries), len(todo))
            failures = review.failures
            left = [(i, t) for i, t in todo if i not in have]
            while left:
                index, turn = left[0]
                job = CoachJob(gid, rec.game, rec.settings, tuple(rec.actions), "entry", time=review.budget,
                               iterations=self.iterations, index=index, turn=turn, owner=OWNER)
                try:
                    entry = await self._held(gid, self.searches.coach(job))
                except LostLease:
                    return
                except Exception:
                    failures += 1
                    log.exception("review of game %s: decision %d failed (%d in a row)", gid, index, failures)
                    if failures >= TRIES or not await self._save(gid, failures=failures):
                        await self._save(gid, failures=failures, status="failed")
                        return
                    await asyncio.sleep(0.5 * failures)
                    continue
                failures = 0
                left.pop(0)
                self.judged += 1
                entries.append(entry)
                entries.sort(key=lambda e: e["index"])
                if not await self._save(gid, entries=entries, failures=0):
                    log.info("review of game %s: its lease was taken over; stopping here", gid)
                    return
            await self._save(gid, entries=entries, status="done")
            log.info("review of game %s: done (%d decisions)", gid, len(entries))
        finally:
            self.current = None

    async def _save(self, gid: str, **fields: Any) -> bool:
        return await asyncio.to_thread(self.store.save, gid, self.holder, self.clock() + self.lease, **fields)

    async def _held(self, gid: str, work: Any) -> Any:
        """`work` awaited while the lease is renewed every third of it; LostLease if it is lost."""
        task = asyncio.ensure_future(work)
        try:
            while True:
                done, _ = await asyncio.wait({task}, timeout=self.lease / 3)
                if done:
                    return task.result()
                if not await self._save(gid):
                    raise LostLease(gid)
        finally:
            if not task.done():
                task.cancel()

    def stats(self) -> dict[str, Any]:
        """GET /api/health's "reviews": this server's decisions judged, and the game under review."""
        return {"judged": self.judged, "current": self.current}

    async def close(self) -> None:
        self.closed = True
        current = self.current
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
        if current is not None:  # the next server to claim it resumes at once
            await asyncio.to_thread(self.store.release, current, self.holder)


class LostLease(Exception):
    """Another server holds the review now."""

