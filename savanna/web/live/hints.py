"""Hints asked for through the API: one waiting per game, searched in the search lane, dropped
when the game moves on (table/hints.py says who may ask and what is recorded).

A hint is a search of up to `max_think` seconds in searches.py's search lane, its owner the
asking address: it waits its turn beside the computer seats' searches (round robin over
owners, then games) and counts in the cap of searches at once, so a flood of hints from one
address holds at most its share of the workers. A game has at most one hint waiting here
("hint_pending" for another); the per-address limit is the edge's (edge/coach_routes.py).

If the game is written while its hint waits (a move, a takeback: this server's write, or
another server's heard of from cluster.py's notice, both told by the conductor to its subscriber
subscribers/hints.py), a hint not yet handed to a worker is dropped at once, and one being
searched is let finish and thrown away: the request gets "moved_on". The hint
is recorded only if the game is still where it was (table/hints.record checks, under the
game's lock).
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from typing import Any

from ..addresses import client_key
from ..store.storage import GameRecord
from ..table import hints
from ..table.errors import GameError
from ..table.seats import player_seed
from .worker import CoachJob

log = logging.getLogger("savanna.web")


@dataclasses.dataclass
class Waiting:
    actions: tuple[str, ...]
    task: asyncio.Future[dict[str, Any]] | None = None
    started: bool = False
    dropped: bool = False


class Hints:
    """The hints of this server (see the module docstring). `live`: the LiveGames (its pool of
    moves, its searches, and its conductor, through which a hint given is noted); `iterations`:
    search that many iterations instead of time (reproducible: tests)."""

    def __init__(self, live: Any, iterations: int | None = None):
        self.live = live
        self.service = live.service
        self.conductor = live.conductor
        self.searches = live.searches
        self.iterations = iterations
        self.waiting: dict[str, Waiting] = {}
        self._loop: asyncio.AbstractEventLoop | None = None

    async def ask(self, game_id: str, token: Any, seat: Any = None, version: Any = None,
                  address: str | None = None) -> dict[str, Any]:
        """The hint JSON for the seat to act, held by `token` (a Credential), or GameError."""
        self._loop = asyncio.get_running_loop()
        if game_id in self.waiting:
            raise GameError("hint_pending", "a hint of this game is being worked out already: wait for it")
        w = self.waiting[game_id] = Waiting(())
        try:
            rec, s, game = await self.live.work(self._check, game_id, token, seat, version)
            w.actions = tuple(rec.actions)
            job = CoachJob(game_id, rec.game, rec.settings, w.actions, "hint", time=self.searches.max_think,
                           iterations=self.iterations, seed=player_seed(game.seed, len(w.actions), s),
                           owner=client_key(address) if address else None)
            w.task = asyncio.ensure_future(self.searches.coach(job, started=lambda: setattr(w, "started", True)))
            try:
                found = await w.task
            except asyncio.CancelledError:
                if w.dropped:
                    raise GameError("moved_on", hints.moved_on()) from None
                raise
            if w.dropped:
                raise GameError("moved_on", hints.moved_on())
        finally:
            if self.waiting.get(game_id) is w:
                del self.waiting[game_id]
        await self.conductor.change(game_id, hints.record, s, w.actions)
        return found

    def _check(self, game_id: str, token: Any, seat: Any, version: Any) -> tuple[GameRecord, int, Any]:
        """table/hints.check and the game it asks of (in the pool: a position may need a rebuild)."""
        rec, s = hints.check(self.service, game_id, token, seat, version)
        return rec, s, self.service.position(rec).game

    def moved(self, game_id: str, actions: tuple[str, ...] | None = None) -> None:
        """The game was written (`actions`: as it stands, if known): its hint waiting is
        dropped if the game is no longer where the hint was asked (in the loop)."""
        w = self.waiting.get(game_id)
        if w is None or w.task is None or (actions is not None and actions == w.actions):
            return
        w.dropped = True
        if not w.started:
            w.task.cancel()

    def waits(self, game_id: str) -> bool:
        """Whether a hint of the game is waiting here (a write may make it stale)."""
        return game_id in self.waiting

    def written(self, game_id: str, actions: tuple[str, ...]) -> None:
        """The game was written here, now at `actions` (subscribers/hints.py; from any thread)."""
        if game_id in self.waiting and self._loop is not None:
            self._loop.call_soon_threadsafe(self.moved, game_id, actions)

    def stored(self, game_id: str) -> None:
        """A server sharing the database stored the game (cluster.py's notice: subscribers/hints.py,
        in a worker thread): its hint waiting is dropped if the game is no longer where it was
        (or is gone)."""
        w = self.waiting.get(game_id)
        if w is None or w.task is None or self._loop is None:
            return
        try:
            actions: tuple[str, ...] | None = tuple(self.service.record(game_id).actions)
        except GameError:  # deleted
            actions = None
        self._loop.call_soon_threadsafe(self.moved, game_id, actions)
