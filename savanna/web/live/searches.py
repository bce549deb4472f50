"""Computer seats' moves: capped, shared fairly, and kept away from people's requests.

A search may take seconds of CPU. Run in the server's own process it holds the
interpreter, and people's requests (the lobby, creating and joining games,
moves) wait behind it. So the server runs every computer move in worker processes
(`processes=True`, what `savanna serve` does) at a lower priority, in two lanes:

- searches (`deep`): players that search (mcts), at most `workers` at once, each held to
  the server's per-move cap `max_think`, whatever its player asked for;
- quick moves (`quick`): players that decide at once (random, greedy: their class says
  `cheap`, savanna.ai.is_cheap), in a worker process of their own, so that they never wait
  behind a search.

Each lane gives out its places in turn (`Turns`), not first come first served: round robin
over the creating client addresses (an IPv4 address, an IPv6 /64; a game whose creator is
not known counts as an address of its own), then over that address's games, then a game's
own moves in order. The place that frees goes to the address served longest ago, so a
game asking while others flood starts after at most one running search per worker, and an
address with ten games gets one turn, as one with one game does.

A game's searches are bounded per hour of real time (`Budget`): once its searches took
`budget` seconds in the last hour, its computer seats play the quick `FALLBACK` player
(greedy, the "medium" level) instead, at once, until older searches leave the hour. The
default, 300 searches at the cap (600 s at the default 2 s), holds a whole game of the
longest kind with every seat but one a searching computer: a game played as people play
never meets it.

With several server processes on one database, `gate` holds the cap across all of them:
a search waits for one of the `workers` places of every server together (cluster.py). Each
process shares its own places fairly, and keeps the budgets of the games it drives; the
gate is taken in the order each process's turns give.

The coach's work (hints, reviews' decisions: live/hints.py, live/reviews.py) runs in the
search lane too, as searches capped at `max_think`: a hint's owner is the address asking, the
reviews' one owner is "reviews", so that they take their turn beside computer seats and never
more than their share.

What a worker process runs is worker.py, which imports no more of the web app than a
game's position.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import dataclasses
import functools
import logging
import multiprocessing
import os
import time
from collections import deque
from collections.abc import Callable
from typing import Any

from savanna.ai import is_cheap, parse_spec, timing
from savanna.ai.base import LEVELS, OPTIONS, spec_text

from ..addresses import client_key
from ..table.seats import MAX_THINK
from . import worker
from .worker import CoachJob, Job

log = logging.getLogger("savanna.web")

HOUR = 3600.0  # the budget's window, in seconds
BUDGET_SEARCHES = 300  # a game's searches at the cap per hour, by default (default_budget)
FALLBACK = LEVELS["medium"]  # what a game over its budget plays: greedy, at once
QUICK_WORKERS = 1  # processes of the quick lane: a quick move takes milliseconds


def default_workers() -> int:
    """All cores but one, which stays with the process serving people; at least one."""
    return max(1, (os.cpu_count() or 2) - 1)


def default_budget(max_think: float) -> float:
    """Search seconds a game may use an hour: BUDGET_SEARCHES searches at the cap."""
    return BUDGET_SEARCHES * max_think


def capped(spec: str, max_think: float) -> str:
    """The player spec as the server runs it: a player with a time budget gets at most
    `max_think` seconds (one counting iterations gets that time as a bound besides)."""
    name, opts = parse_spec(spec)
    if "time" not in OPTIONS[name]:
        return LEVELS.get(spec, spec)  # no budget to cap: random and greedy take milliseconds
    opts["time"] = float(min(opts.get("time", 1.0 if "iterations" not in opts else max_think), max_think))
    return spec_text(name, opts)


def cheap(spec: str) -> bool:
    try:
        return is_cheap(spec)
    except ValueError:  # (a spec the server ran before and no longer knows: the search lane says so)
        return False


class Turns:
    """`places` places given out in turn (see the module docstring): a place that frees goes
    to the waiting owner (client address) served longest ago, to its game served longest ago,
    to that game's first waiter. Runs in one event loop."""

    WINDOW = 1024  # grants after which an owner not waiting is forgotten (served long ago, as if never)

    def __init__(self, places: int):
        self.places = places
        self.busy = 0
        self._waiting: dict[str, dict[str, deque[asyncio.Future[None]]]] = {}  # owner -> game -> waiters, oldest first
        self._last: dict[tuple[str, str], int] = {}  # ("o", owner) or ("g", game) -> its latest grant
        self._grants = 0

    @property
    def waiting(self) -> int:
        return sum(len(q) for games in self._waiting.values() for q in games.values())

    async def take(self, owner: str, game: str) -> None:
        """Wait for a place, then hold it (until `give`)."""
        if self.busy < self.places and not self._waiting:
            self._grant(owner, game)
            return
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.setdefault(owner, {}).setdefault(game, deque()).append(fut)
        try:
            await fut
        except asyncio.CancelledError:
            if fut.done() and not fut.cancelled():  # given the place meanwhile: pass it on
                self.give()
            else:
                self._drop(owner, game, fut)
            raise

    def give(self) -> None:
        """A place held is free: to the next in turn, else kept free."""
        self.busy -= 1
        while self._waiting and self.busy < self.places:
            owner = min(self._waiting, key=lambda o: self._last.get(("o", o), -1))  # (ties: the first to wait)
            games = self._waiting[owner]
            game = min(games, key=lambda g: self._last.get(("g", g), -1))
            queue = games[game]
            fut = queue.popleft()
            if not queue:
                del games[game]
            if not games:
                del self._waiting[owner]
            if not fut.done():
                self._grant(owner, game)
                fut.set_result(None)

    def _grant(self, owner: str, game: str) -> None:
        self.busy += 1
        self._grants += 1
        self._last[("o", owner)] = self._last[("g", game)] = self._grants
        if len(self._last) > 4 * self.WINDOW:  # each grant stamps two: at most 2 x WINDOW are recent
            old = self._grants - self.WINDOW
            self._last = {k: v for k, v in self._last.items() if v > old}

    def _drop(self, owner: str, game: str, fut: asyncio.Future[None]) -> None:
        games = self._waiting.get(owner, {})
        queue = games.get(game)
        if queue is not None and fut in queue:
            queue.remove(fut)
            if not queue:
                del games[game]
            if not games:
                self._waiting.pop(owner, None)


class Budget:
    """Search seconds of each game in the last `window` seconds, against `seconds` (0 or
    None: no budget). `clock`: monotonic seconds (a test's own)."""

    def __init__(self, seconds: float | None, window: float = HOUR, clock: Callable[[], float] = time.monotonic):
        self.seconds, self.window, self.clock = seconds or None, window, clock
        self._spent: dict[str, deque[tuple[float, float]]] = {}  # game -> (ended at, seconds), oldest first
        self._adds = 0

    def spent(self, game: str) -> float:
        entries = self._spent.get(game)
        if not entries:
            return 0.0
        old = self.clock() - self.window
        while entries and entries[0][0] <= old:
            entries.popleft()
        if not entries:
            del self._spent[game]
        return sum(s for _, s in entries)

    def exhausted(self, game: str) -> bool:
        return self.seconds is not None and self.spent(game) >= self.seconds

    def add(self, game: str, seconds: float) -> None:
        if self.seconds is None:
            return
        self._spent.setdefault(game, deque()).append((self.clock(), seconds))
        self._adds += 1
        if self._adds % 256 == 0:  # games gone quiet are forgotten
            for g in list(self._spent):
                self.spent(g)


class Lane:
    """Worker processes (threads if not `processes`) and the turns of their places."""

    def __init__(self, workers: int, processes: bool, clock: Callable[[], float] = time.monotonic):
        self.workers, self.processes, self.clock = workers, processes, clock
        self.turns = Turns(workers)
        self._pool: concurrent.futures.Executor | None = None
        self.running = 0

    def _executor(self) -> concurrent.futures.Executor:
        if self._pool is None:
            if self.processes:  # spawned, not forked: the server's threads hold locks a fork would copy
                self._pool = concurrent.futures.ProcessPoolExecutor(
                    self.workers, mp_context=multiprocessing.get_context("spawn"), initializer=worker.start)
            else:
                self._pool = concurrent.futures.ThreadPoolExecutor(self.workers, thread_name_prefix="savanna-search")
        return self._pool

    async def run(self, job: Job | CoachJob, gate: Any = None, spent: Callable[[float], None] | None = None,
                  work: Callable[[Any], Any] | None = None, started: Callable[[], Any] | None = None) -> Any:
        """Wait for the job's turn (and a place among every server's, `gate`), then run `work`
        (a worker's function: choose a move, by default) on it; `started()` is told when the
        worker is handed the job, `spent(seconds)` how long it took."""
        await self.turns.take(job.owner or "game " + job.game_id, job.game_id)
        hold = None
        self.running += 1
        try:
            if gate is not None:  # a place among every server's searches too
                hold = await gate.acquire(job.game_id)
            loop = asyncio.get_running_loop()
            t0 = self.clock()
            try:
                task: Callable[[Any], Any] = work or worker.think
                running = loop.run_in_executor(self._executor(), functools.partial(task, job))
                if started is not None:
                    started()
                return await running
            except concurrent.futures.BrokenExecutor:  # a worker died (killed, out of memory): start afresh
                broken, self._pool = self._pool, None
                if broken is not None:
                    broken.shutdown(wait=False, cancel_futures=True)
                raise
            finally:
                if spent is not None:
                    spent(self.clock() - t0)
        finally:
            if hold is not None:
                await gate.release(hold)
            self.running -= 1
            self.turns.give()

    def warm(self) -> None:
        """Start a worker process now (spawning one takes a second), not at the first move."""
        if self.processes:
            self._executor().submit(worker.ready)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


class Searches:
    """The server's computer moves (see the module docstring). `budget`: search seconds a
    game may use an hour (None: default_budget(max_think); 0: no bound)."""

    def __init__(self, workers: int | None = None, processes: bool = True, max_think: float = MAX_THINK,
                 budget: float | None = None, clock: Callable[[], float] = time.monotonic):
        self.workers = workers or default_workers()
        self.processes = processes
        self.max_think = max_think
        self.deep = Lane(self.workers, processes, clock)
        self.quick = Lane(QUICK_WORKERS, processes, clock)
        self.budget = Budget(default_budget(max_think) if budget is None else budget, clock=clock)
        self._over: set[str] = set()  # games playing FALLBACK for now (told once in the log)
        # with several server processes: the cap on searches across all of them (cluster.GlobalSlots)
        self.gate: Any = None

    @property
    def running(self) -> int:
        return self.deep.running

    @property
    def waiting(self) -> int:
        return self.deep.turns.waiting

    def job(self, game_id: str, game_name: str, settings: dict[str, Any], game: Any, player: str, seed: int,
            owner: str | None = None, budget: float | None = None) -> Job:
        """The job for the move `player` must choose in `game` (copied now, if searched in a
        thread); `owner`: the address that created the game, if known; `budget`: the seconds
        its clock gives the search from now (table/think_time.py; None: no clock bounds it)."""
        actions = tuple(str(a) for a in game.history) if self.processes else ()
        spec, deadline = capped(player, self.max_think), None
        if budget is not None:  # no time to search: the quick player, in the quick lane
            spec = timing.bounded(spec, budget)
            deadline = time.time() + budget + timing.OVERRUN if spec != timing.QUICK else None
        return Job(game_id, game_name, settings, actions, spec, seed,
                   None if self.processes else game.clone(), client_key(owner) if owner else None, deadline)

    async def choose(self, job: Job) -> str:
        """The job's move: a quick player's at once, a search in its turn, a game over its
        budget's from FALLBACK."""
        move: str
        if cheap(job.player):
            move = await self.quick.run(job)
            return move
        if self.budget.exhausted(job.game_id):
            if job.game_id not in self._over:
                self._over.add(job.game_id)
                log.info("game %s: its computer searches took %.0f s in the last hour (at most %g): its computer "
                         "seats play %s until they take less", job.game_id, self.budget.spent(job.game_id),
                         self.budget.seconds, FALLBACK)
            move = await self.quick.run(dataclasses.replace(job, player=FALLBACK))
            return move
        self._over.discard(job.game_id)
        move = await self.deep.run(job, self.gate, functools.partial(self.budget.add, job.game_id))
        return move

    async def coach(self, job: CoachJob, started: Callable[[], Any] | None = None) -> dict[str, Any]:
        """The coach's work (a hint, a review's decision) in the search lane: in turn with the
        computer seats' searches (its owner: the asking address, or "reviews"), under the cap
        of searches at once (every server's, `gate`), each held to `max_think` by its job."""
        answer: dict[str, Any] = await self.deep.run(job, self.gate, work=worker.coach,
                                                     started=started)  # (looked up now: tests)
        return answer

    def warm(self) -> None:
        """The quick lane's worker started now: a person's first reply from an easy or medium
        computer need not wait a second for it (a search's worker starts at the first search)."""
        self.quick.warm()

    def stats(self) -> dict[str, Any]:
        self._over = {g for g in self._over if self.budget.exhausted(g)}
        return {"workers": self.workers, "processes": self.processes, "max_think": self.max_think,
                "running": self.running, "waiting": self.waiting,
                "quick_running": self.quick.running, "quick_waiting": self.quick.turns.waiting,
                "budget_seconds_per_hour": self.budget.seconds, "over_budget": len(self._over)}

    def close(self) -> None:
        self.deep.close()
        self.quick.close()
