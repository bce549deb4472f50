"""The rated games that ended without their ratings settled are settled here: at start, then
every minute (table/ratings.py settles a game when it ends; this catches a server stopped
between the end and the settlement, and a settlement that failed).

    sweep = RatingSweep(ratings)
    await sweep.start()      # every rated game over and unsettled now, then those of the last day
    await sweep.close()

Settling is exactly once whoever does it (store/ratings.py), so several server processes
sweeping the same database at once is harmless.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import datetime, timedelta, timezone

from ..table.ratings import Ratings
from .tasks import stop

log = logging.getLogger("savanna.web")

SWEEP_EVERY = 60.0  # seconds
RECENT = timedelta(days=1)  # what a periodic sweep looks at (the one at start looks at all)


class RatingSweep:
    def __init__(self, ratings: Ratings, every: float = SWEEP_EVERY):
        self.ratings, self.every = ratings, every
        self._task: asyncio.Task[None] | None = None

    async def _run(self) -> None:
        since: datetime | None = None  # the first sweep: every game
        while True:
            try:
                started = datetime.now(timezone.utc)
                await asyncio.to_thread(self.ratings.sweep, since)
                since = started - RECENT
            except asyncio.CancelledError:
                raise
            except Exception:  # the database away for a while: again at the next sweep
                log.exception("ratings: the sweep failed")
            await asyncio.sleep(self.every)

    async def start(self) -> None:
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._run())

    async def close(self) -> None:
        await stop(self._task)
        self._task = None
