"""The servers were away: no clock runs while no server is up.

    shift(service, start, end)   # the outage [start, end] (epoch seconds) credited to every running clock

A server starting finds, from the liveness mark (store/liveness.py), how long no server was up,
and credits that time to every game being played whose clock runs (clock.shifted: the running
turn's start moved on by the part of the outage it overlaps, the outage noted in the clock's
"away", which the view shows). Each game is one versioned write at the version read, under its
lock; crediting the same outage to a game again changes nothing (a server that died half way
through leaves the rest to the next one, see store/liveness.py).
"""

from __future__ import annotations

import logging
import math
from typing import Any

from . import clock
from .errors import GameError

log = logging.getLogger("savanna.web")

RUNNING = 1_000_000  # games read at most (all of them: their ids only)
TRIES = 5  # writes of one game, should others land first (a person's move on another server)


def shift(service: Any, start: float, end: float) -> list[str]:
    """Credit the outage from `start` to `end` to every running clock; the games credited."""
    if end <= start:
        return []
    running = service.store.due(math.inf, limit=RUNNING)  # every game with a deadline: its clock runs
    done = [gid for gid in running if credit(service, gid, start, end)]
    if done:
        log.info("the servers were away %.1f s: credited to the clocks of %d game(s)", end - start, len(done))
    return done


def credit(service: Any, game_id: str, start: float, end: float) -> bool:
    """Credit the outage to one game's running clock (False: none runs, or it was credited)."""
    for _ in range(TRIES):
        with service.lock(game_id):
            try:
                rec = service.record(game_id)
            except GameError:  # deleted meanwhile
                return False
            state = rec.meta.get("clock")
            if rec.status != "playing" or not state or state.get("running") is None or credited(state, start, end):
                return False
            try:
                service.save(rec, service.position(rec), meta={**rec.meta, "clock": clock.shifted(state, start, end)})
                return True
            except GameError as e:
                if e.code != "conflict":
                    raise
    log.warning("game %s: the servers' outage could not be credited to its clock (it kept changing)", game_id)
    return False


def credited(state: dict[str, Any], start: float, end: float) -> bool:
    """Whether the clock holds that outage already."""
    return any(a.get("from") == start and a.get("to") == end for a in state.get("away") or ())
