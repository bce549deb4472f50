"""What a computer search's worker process runs: the move a player chooses in a game given as
its settings and actions (`think`), or the coach's work (`coach`: a hint, or one decision of a
review, savanna.coach). It imports the players, the coach, the engines (through the game's
description) and the table's `Position`, and nothing else of the web app: no database, no
views, no server.

A worker keeps the positions of the games it last searched, so the next move of a game costs
only the actions played since, not a rebuild.
"""

from __future__ import annotations

import os
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from savanna.ai import make_player, timing

from ..table.position import Position

WORKER_NICENESS = 5  # searches yield the CPU to the process serving people


@dataclass(frozen=True)
class Job:
    """One computer move to choose: in a worker process, the game comes as its settings
    and actions (`game` None); in a thread, as a copy of the game itself."""

    game_id: str
    game_name: str
    settings: dict[str, Any]
    actions: tuple[str, ...]
    player: str  # capped spec
    seed: int
    game: Any = None
    owner: str | None = None  # whose turn it takes (searches.Turns): the creating address's group
    deadline: float | None = None  # epoch seconds (time.time) by which a clock wants the move chosen


@dataclass(frozen=True)
class CoachJob:
    """The coach's work on a game given as its settings and actions: "hint" (for the seat to
    act after them) or "entry" (the review's entry of the decision at `index`, the action
    after the first `index` ones). `time` seconds of search, or `iterations` instead if given
    (the same answer on any machine: tests). `owner`: whose turn it takes (searches.Turns)."""

    game_id: str
    game_name: str
    settings: dict[str, Any]
    actions: tuple[str, ...]
    kind: str  # "hint" or "entry"
    time: float
    iterations: int | None = None
    seed: int = 0
    index: int | None = None
    turn: int = 0  # the entry's turn (the view's numbering)
    owner: str | None = None


_positions: OrderedDict[str, Position] = OrderedDict()  # a worker's latest position of each game
_POSITIONS_KEPT = 64


def _position(job: Job | CoachJob, actions: tuple[str, ...] | None = None, key: str | None = None) -> Position:
    """The game after `actions` (default the job's), caught up from the one kept under `key`."""
    key = key or job.game_id
    actions = job.actions if actions is None else actions
    pos = _positions.pop(key, None)
    pos = pos.caught_up(actions) if pos is not None else None
    if pos is None:
        pos = Position.rebuild(job.game_name, job.settings, actions, f"game {job.game_id}")
    _positions[key] = pos
    while len(_positions) > _POSITIONS_KEPT:
        _positions.popitem(last=False)
    return pos


def think(job: Job) -> str:
    """The action the job's player chooses, in notation."""
    game = job.game if job.game is not None else _position(job).game.clone()
    player = job.player
    if job.deadline is not None:  # what waiting for a place and catching up took is the clock's too
        player = timing.bounded(player, job.deadline - time.time() - timing.OVERRUN)
    return str(make_player(player, seed=job.seed).choose(game))


def coach(job: CoachJob) -> dict[str, Any]:
    """The coach's answer to the job: the hint JSON, or the review entry (savanna.coach)."""
    from savanna import coach as coaching

    budget = {"time": None, "iterations": job.iterations} if job.iterations else {"time": job.time}
    if job.kind == "hint":
        return coaching.hint(_position(job).game.clone(), seed=job.seed, **budget)
    index = job.index
    assert index is not None and 0 <= index < len(job.actions), index
    # a review walks its decisions in order: each position catches up from the one before
    before = _position(job, job.actions[:index], key="review " + job.game_id).game.clone()
    return coaching.review.judge_entry(before, index, job.actions[index], seed=job.seed, turn=job.turn, **budget)


def ready() -> None:
    """Nothing: what starts a worker process before its first move (searches.Lane.warm)."""


def start() -> None:
    """A worker process's start: a lower priority, and an end with its server."""
    try:
        os.nice(WORKER_NICENESS)
    except OSError:
        pass
    parent = os.getppid()

    def watch() -> None:  # a server killed outright (SIGKILL) leaves its workers behind: they leave too
        while os.getppid() == parent:
            time.sleep(1)
        os._exit(0)

    threading.Thread(target=watch, name="savanna-search-parent", daemon=True).start()
