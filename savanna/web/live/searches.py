"""Computer seats' searches: capped, queued fairly, and kept away from people's requests.

A search may take seconds of CPU. Run in the server's own process it holds the
interpreter, and people's requests (the lobby, creating and joining games,
moves) wait behind it. So the server runs every search in worker processes
(`processes=True`, what `savanna serve` does) at a lower priority, at most
`workers` at once. A game asks for one search at a time (its next computer
move), and waiting games are served first come first served, so every game
gets its turn in order however many others are waiting. Each search is held to
the server's per-move budget `max_think`, whatever its player asked for.

With several server processes on one database, `gate` holds the cap across all of them:
a search waits for one of the `workers` places of every server together (cluster.py).

What a worker process runs is worker.py, which imports no more of the web app than a
game's position.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import functools
import multiprocessing
import os
from typing import Any

from savanna.ai import parse_spec
from savanna.ai.base import LEVELS, OPTIONS

from ..table.seats import MAX_THINK
from . import worker
from .worker import Job


def default_workers() -> int:
    """All cores but one, which stays with the process serving people; at least one."""
    return max(1, (os.cpu_count() or 2) - 1)


def capped(spec: str, max_think: float) -> str:
    """The player spec as the server runs it: a player with a time budget gets at most
    `max_think` seconds (one counting iterations gets that time as a bound besides)."""
    name, opts = parse_spec(spec)
    if "time" not in OPTIONS[name]:
        return LEVELS.get(spec, spec)  # no budget to cap: random and greedy take milliseconds
    opts["time"] = float(min(opts.get("time", 1.0 if "iterations" not in opts else max_think), max_think))
    return name + ":" + ",".join(f"{k}={v}" for k, v in opts.items())


class Searches:
    """The server's computer searches (see the module docstring)."""

    def __init__(self, workers: int | None = None, processes: bool = True, max_think: float = MAX_THINK):
        self.workers = workers or default_workers()
        self.processes = processes
        self.max_think = max_think
        self._slots: asyncio.Semaphore | None = None  # made in the loop that uses it
        self._pool: concurrent.futures.Executor | None = None
        # with several server processes: the cap on searches across all of them (cluster.GlobalSlots)
        self.gate: Any = None
        self.running = 0
        self.waiting = 0

    def _executor(self) -> concurrent.futures.Executor:
        if self._pool is None:
            if self.processes:  # spawned, not forked: the server's threads hold locks a fork would copy
                self._pool = concurrent.futures.ProcessPoolExecutor(
                    self.workers, mp_context=multiprocessing.get_context("spawn"), initializer=worker.start)
            else:
                self._pool = concurrent.futures.ThreadPoolExecutor(self.workers, thread_name_prefix="savanna-search")
        return self._pool

    def job(self, game_id: str, game_name: str, settings: dict[str, Any], game: Any, player: str, seed: int) -> Job:
        """The job for the move `player` must choose in `game` (copied now, if searched in a thread)."""
        actions = tuple(str(a) for a in game.history) if self.processes else ()
        return Job(game_id, game_name, settings, actions, capped(player, self.max_think), seed,
                   None if self.processes else game.clone())

    async def choose(self, job: Job) -> str:
        """Wait for a free worker (first come, first served), then search."""
        if self._slots is None:
            self._slots = asyncio.Semaphore(self.workers)
        self.waiting += 1
        try:
            await self._slots.acquire()
        finally:
            self.waiting -= 1
        hold = None
        self.running += 1
        try:
            if self.gate is not None:  # a place among every server's searches too
                hold = await self.gate.acquire(job.game_id)
            loop = asyncio.get_running_loop()
            try:
                return await loop.run_in_executor(self._executor(), functools.partial(worker.think, job))
            except concurrent.futures.BrokenExecutor:  # a worker died (killed, out of memory): start afresh
                broken, self._pool = self._pool, None
                if broken is not None:
                    broken.shutdown(wait=False, cancel_futures=True)
                raise
        finally:
            if hold is not None:
                await self.gate.release(hold)
            self.running -= 1
            self._slots.release()

    def stats(self) -> dict[str, Any]:
        return {"workers": self.workers, "processes": self.processes, "max_think": self.max_think,
                "running": self.running, "waiting": self.waiting}

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
