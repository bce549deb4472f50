"""How long a computer on a clock may think: a time manager, pure (no clock read here).

A seat's time must last its game. The seat's turns still to play (from the tiles left)
and the actions a turn of this game takes (from the game's history) tell how many actions
are to come; each action to come keeps `FLOOR` seconds (what a move costs however quick:
the worker, the quickest choice, storing it), and of what is left beyond those, one action
may spend its share over the actions to come and a margin of turns, plus most of the
increment of its turn, never more than `MAX_FRACTION` of it and never more than the
server's `max_think`. The search itself may run past its time by `OVERRUN` (ranking the
moves, the play-out under way when time is up): the budget leaves that out. A budget below
`MIN_SEARCH` is no search: the quick player plays at once instead (`bounded`).

So a seat whose actions cost at most their budget plus `FLOOR` (and its search at most
`OVERRUN` over) never runs out of time while the estimate of actions to come holds, and the
margin covers an estimate a little short.
"""

from __future__ import annotations

from typing import Any

from .base import LEVELS, OPTIONS, parse_spec, spec_text

FLOOR = 0.1  # seconds every action to come keeps, however quick (dispatch, a quick choice, storing)
OVERRUN = 0.2  # seconds a search may take past its time (ranking the moves, a play-out longer than those before)
MARGIN_TURNS = 3.0  # turns more than the estimate the time is spread over
INCREMENT_SHARE = 0.8  # of the increment a turn earns, what its actions may spend
MAX_FRACTION = 0.25  # of the time left beyond the floors, the most one action takes
MIN_SEARCH = 0.05  # a budget below this is no search: the move is played at once
PER_TURN = 3.0  # actions a turn takes, until the game's history tells
QUICK = LEVELS["medium"]  # what plays when there is no time to search: greedy, at once


def move_budget(remaining: float, increment: float, turns_left: int, max_think: float, *,
                actions: float = 1.0, per_turn: float = 1.0) -> float:
    """Seconds the search of one action may take (0: play at once). `remaining`: the seat's
    time now; `increment`: what a turn adds when it ends; `turns_left`: the seat's turns still
    to play, this one included; `actions`: the actions still to play in this turn, this one
    included; `per_turn`: the actions a turn takes."""
    turns_left = max(1, int(turns_left))
    actions, per_turn = max(1.0, actions), max(1.0, per_turn)
    to_come = actions + (turns_left + MARGIN_TURNS - 1) * per_turn  # (the margin's turns keep their floors too)
    spare = remaining - to_come * FLOOR
    if not spare > 0:
        return 0.0
    share = spare / to_come + INCREMENT_SHARE * max(0.0, increment) / actions
    budget = min(share, MAX_FRACTION * spare) - OVERRUN
    budget = min(budget, max_think)
    return budget if budget >= MIN_SEARCH else 0.0


def turn_actions(game: Any, seat: int) -> tuple[float, float]:
    """(actions still to play in the seat's turn, this one included; actions a turn takes),
    estimated from the game's `actors`: a turn is a run of one seat's actions (draws left
    out; the run under way is not yet a whole turn), and this turn has played that run if
    it is the seat's own."""
    runs: list[int] = []
    last = None
    for actor in getattr(game, "actors", ()):
        if actor is None or actor < 0:  # a draw
            continue
        if actor == last:
            runs[-1] += 1
        else:
            runs.append(1)
            last = actor
    current = runs.pop() if runs else 0  # (the turn under way: not yet whole)
    done = current if last == seat else 0
    per_turn = sum(runs) / len(runs) if len(runs) >= 2 else PER_TURN
    return max(1.0, per_turn - done), per_turn


def bounded(spec: str, seconds: float) -> str:
    """The player spec held to `seconds` of search: a player with a time option gets at most
    them (the quick `QUICK` player instead when they are below `MIN_SEARCH`); one without
    (random, greedy) is unchanged."""
    name, opts = parse_spec(spec)
    if "time" not in OPTIONS[name]:
        return spec
    if not seconds >= MIN_SEARCH:
        return QUICK
    opts["time"] = float(min(opts["time"], seconds)) if "time" in opts else float(seconds)
    return spec_text(name, opts)
