"""Computer play: a task per game lets its computer seats move while one is to act.

`kick(game_id)` is called after every change that may hand the turn to a computer (idempotent;
the conductor's subscriber subscribers/computers.py), when a connection opens, and for the games
of a server that died.
Each move's search goes through searches.py (worker processes, a fair queue, a per-move cap),
and its move is stored through the conductor (conductor.py: its viewers see it, its
subscribers are told). With several servers, one drives a game at a time: the one holding the
game's lease (cluster.py). On start-up, every game left waiting for a computer seat resumes.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

from ..store.storage import GameRecord
from ..table import think_time
from ..table.service import CREATED_FROM
from .searches import Searches
from .worker import Job

log = logging.getLogger("savanna.web")


class ComputerPlay:
    """See the module docstring. `service`: the table; `searches`: the searches' lane;
    `conductor`: through which a move is stored (set once it exists: it is given the live games
    this is part of); `work(fn, *args)`: the pool of moves; `cluster`: cluster.Cluster with
    several servers; `autoplay=False`: no computer seat moves (tests, maintenance);
    `delay`: seconds to pause after each computer move, so people can follow."""

    def __init__(self, service: Any, searches: Searches, work: Callable[..., Awaitable[Any]], conductor: Any = None,
                 cluster: Any = None, autoplay: bool = True, delay: float = 0.0):
        self.service, self.searches, self.work, self.conductor = service, searches, work, conductor
        self.cluster, self.autoplay, self.delay = cluster, autoplay, delay
        self.tasks: dict[str, asyncio.Task[None]] = {}
        self.wanted: set[str] = set()
        self.closed = False

    def kick(self, game_id: str) -> None:
        """Let computer seats of the game move, if one is to act (idempotent)."""
        if not self.autoplay or self.closed:
            return
        self.wanted.add(game_id)
        if game_id not in self.tasks:
            self.tasks[game_id] = asyncio.get_running_loop().create_task(self._drive(game_id))

    def driving(self, game_id: str) -> bool:
        """Whether this server is letting the game's computer seats move (holding its lease, with several)."""
        return game_id in self.tasks

    async def _drive(self, game_id: str) -> None:
        try:
            while game_id in self.wanted and not self.closed:
                self.wanted.discard(game_id)
                if self.cluster is None:
                    await self._moves_of_computers(game_id)
                    continue
                if await self.work(self.service.computer_turn, game_id) is None:
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
                if not gave_up and not self.closed and await self.work(self.service.computer_turn, game_id):
                    self.wanted.add(game_id)
        except asyncio.CancelledError:
            pass
        except Exception:  # the database unreachable: the game resumes at the next kick or sweep
            log.exception("game %s: its computer seats' lease failed", game_id)
        finally:
            self.tasks.pop(game_id, None)

    async def _moves_of_computers(self, game_id: str) -> bool:
        """Let the game's computer seats move while one is to act; True if they failed (given up)."""
        failures = 0
        while not self.closed:
            try:
                turn = await self.work(self.next_search, game_id)
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
            if self.delay:
                await asyncio.sleep(self.delay)
        return False

    def next_search(self, game_id: str) -> tuple[GameRecord, Any, Job] | None:
        """The search of the computer seat to act in the game (None: none is to act)."""
        turn = self.service.computer_turn(game_id)
        if turn is None:
            return None
        rec, pos, spec, seed = turn
        budget = think_time.budget(rec.meta, pos.game, self.service.now, self.searches.max_think)
        return rec, pos, self.searches.job(game_id, rec.game, rec.settings, pos.game, spec, seed,
                                           rec.meta.get(CREATED_FROM), budget)

    async def resume(self) -> None:
        """Kick every game left waiting for a computer seat (at start)."""
        if not self.autoplay:
            return
        self.searches.warm()
        ids = await asyncio.to_thread(self.service.games_waiting_for_computers)
        if ids:
            log.info("resuming %d game(s) waiting for a computer seat", len(ids))
        for gid in ids:
            self.kick(gid)

    async def idle(self, timeout: float = 10.0) -> None:
        """Wait until no computer seat is thinking (for tests and shutdown)."""
        deadline = time.monotonic() + timeout
        while self.tasks and time.monotonic() < deadline:
            await asyncio.sleep(0.01)

    async def close(self) -> None:
        self.closed = True
        tasks = list(self.tasks.values())
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
