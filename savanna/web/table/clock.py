"""Game clocks: pure functions of a clock's state (plain JSON, kept in a game's `meta["clock"]`)
and the time, passed in as epoch seconds. No I/O here: the service (timekeeping.py) reads the
time and stores the state, flag.py acts on a flag fall, the views show it.

**Controls.** Real time (Fischer): each seat starts with `base` seconds; a seat's `increment`
is added when the seat to act changes away from it (a turn of several actions is one turn; a
scoring choice asked of another seat is that seat's own turn, and a hand-over each
way). Correspondence: each turn starts with `days` whole days (no carry-over), shown as a
deadline.

**State** (`start`):

    {"control": {"base", "increment"} | {"days"},
     "remaining": [seconds per seat, as of "since"],
     "running": seat | None,       # whose clock runs: the seat to act, None if none does (over,
                                   # waiting for players, or the seat's flag fell and a computer plays it)
     "since": epoch seconds,       # when the running clock last started
     "moved": [bool per seat],     # the seat made its first move: until then its clock does not run,
                                   # a first-move window does (missing it aborts the game)
     "window": seconds,            # that window, real time (correspondence: the turn's days)
     "times": [seconds per action], "flagged": [seats], "away": [{"from", "to"}]}

Every figure comes from the state and `now` alone, so that any server process reading the
stored state tells the same time, and the replay rebuilds the clocks from "times" (`replayed`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from .errors import GameError

DAY = 86400.0
DAYS = (1, 2, 3, 5, 7, 14)  # correspondence: days per turn offered
BASE = (1.0, 10800.0)  # real time: seconds of base time (3 s is allowed: tests use it)
INCREMENT = (0.0, 180.0)  # seconds added per turn
FIRST_MOVE = 30.0  # real time: seconds to make one's first move before the game is aborted
LOW = 60.0  # real time: at most this many seconds left is low time (or 20% of base, if less)
LOW_DAYS = 12 * 3600.0  # correspondence: low time
AWAY_KEPT = 20  # outages noted in a state (the oldest go first)
PRESETS = tuple({"name": f"{m}+{s}", "base": m * 60.0, "increment": float(s)}
                for m, s in ((1, 0), (3, 2), (5, 3), (10, 5), (15, 10), (30, 20)))
ON_TIME = ("computer", "end", "skip")  # what a flag fall does in a game of more than two seats (flag.py)
BOUNDS: dict[str, Any] = {"base": {"min": BASE[0], "max": BASE[1]},
                          "increment": {"min": INCREMENT[0], "max": INCREMENT[1]},
                          "days": list(DAYS)}


def _bad(message: str) -> GameError:
    return GameError("bad_clock", message)


def _seconds(value: Any, field: str, low: float, high: float) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise _bad(f"clock.{field} must be a number of seconds from {low:g} to {high:g}, not {value!r}")
    try:
        number = float(value)
    except OverflowError:  # an integer beyond a float
        number = math.inf
    if not math.isfinite(number) or not low <= number <= high:
        raise _bad(f"clock.{field} must be from {low:g} to {high:g} seconds, not {value!r}")
    return number


def parse(value: Any) -> dict[str, Any] | None:
    """A time control as given at creation, checked: None (untimed), {"base", "increment"} (real
    time, seconds) or {"days"} (correspondence). GameError "bad_clock" naming the field if not."""
    if value is None:
        return None
    if not isinstance(value, dict):
        raise _bad('clock must be {"base": seconds, "increment": seconds} (real time), {"days": N} '
                   f"(correspondence) or null (untimed), not {type(value).__name__}")
    keys = set(value)
    if "days" in keys:
        if keys != {"days"}:
            raise _bad(f"clock: a correspondence clock has only days, not {sorted(keys - {'days'})}")
        days = value["days"]
        if isinstance(days, bool) or not isinstance(days, int) or days not in DAYS:
            raise _bad(f"clock.days must be one of {', '.join(map(str, DAYS))}, not {days!r}")
        return {"days": days}
    extra = keys - {"base", "increment"}
    if extra:
        raise _bad(f"clock has no field {sorted(map(str, extra))[0]!r} (its fields: base and increment, "
                   "or days)")
    if "base" not in keys:
        raise _bad(f"clock.base is missing: seconds from {BASE[0]:g} to {BASE[1]:g}")
    return {"base": _seconds(value["base"], "base", *BASE),
            "increment": _seconds(value.get("increment", 0), "increment", *INCREMENT)}


def offered(first_move: float = FIRST_MOVE) -> dict[str, Any]:
    """The time controls a lobby offers (GET /api/players' "clocks")."""
    return {"presets": [dict(p) for p in PRESETS], "days": list(DAYS), "bounds": {
        "base": dict(BOUNDS["base"]), "increment": dict(BOUNDS["increment"])},
        "on_time": list(ON_TIME), "first_move": first_move}


def kind(control: dict[str, Any]) -> str:
    return "correspondence" if "days" in control else "realtime"


def turn_time(control: dict[str, Any]) -> float:
    """Seconds a seat has at the start: base time, or a correspondence turn's days."""
    return control["days"] * DAY if "days" in control else float(control["base"])


def low(control: dict[str, Any]) -> float:
    """The low-time threshold, seconds: a warning on the page (and a mail) below it."""
    return LOW_DAYS if "days" in control else round(min(LOW, 0.2 * float(control["base"])), 3)


def start(control: dict[str, Any], seats: int, now: float, running: int | None, *,
          moved: Sequence[bool] | None = None, first_move: float = FIRST_MOVE) -> dict[str, Any]:
    """A new clock of `seats` seats, `running` the seat to act (None: not started, a game
    waiting for players). `moved`: the seats that have no first-move window (computers)."""
    return {"control": dict(control), "remaining": [turn_time(control)] * seats, "running": running,
            "since": float(now), "moved": [bool(m) for m in moved] if moved is not None else [False] * seats,
            "window": float(first_move) if "base" in control else turn_time(control),
            "times": [], "flagged": [], "away": []}


def copy(state: dict[str, Any]) -> dict[str, Any]:
    return {**state, "control": dict(state["control"]), "remaining": list(state["remaining"]),
            "moved": list(state["moved"]), "times": list(state["times"]), "flagged": list(state["flagged"]),
            "away": [dict(a) for a in state["away"]]}


def runs(state: dict[str, Any], seat: int | None) -> int | None:
    """`seat` if its clock may run (a seat whose flag fell has none), else None."""
    return None if seat is None or seat in state["flagged"] else seat


def in_window(state: dict[str, Any]) -> bool:
    """Whether the running seat is in its first-move window (its clock not yet running)."""
    r = state["running"]
    return r is not None and not state["moved"][r]


def after_action(state: dict[str, Any], seat_before: int, seat_after: int | None, now: float) -> dict[str, Any]:
    """The clock after `seat_before` acted at `now`, the seat to act next being `seat_after`
    (None: the game is over). The action's time is noted; the seat's time is spent (not in its
    first-move window); a hand-over adds the increment to the seat that handed over (real time)
    or starts the next seat's turn afresh (correspondence)."""
    out = copy(state)
    took = round(max(0.0, now - state["since"]), 3)
    out["times"].append(took)
    if state["running"] == seat_before and state["moved"][seat_before]:
        out["remaining"][seat_before] -= took
    out["moved"][seat_before] = True
    control = state["control"]
    if seat_after is not None and seat_after != seat_before:
        if "days" in control:
            out["remaining"][seat_after] = turn_time(control)
        elif seat_before not in state["flagged"]:
            out["remaining"][seat_before] += float(control["increment"])
    out["running"] = runs(out, seat_after)
    out["since"] = state["since"] + took  # (not `now`: what rounding left over counts on)
    return out


def restarted(state: dict[str, Any], running: int | None, now: float) -> dict[str, Any]:
    """The clock with `running`'s clock started at `now` and no other running (after a
    takeback, a seat taken, a seat passed to a computer): the time spent until now is kept."""
    out = copy(state)
    r = state["running"]
    if r is not None and state["moved"][r]:
        out["remaining"][r] -= max(0.0, now - state["since"])
    out["running"] = runs(out, running)
    out["since"] = float(now)
    return out


def left(state: dict[str, Any], now: float) -> list[float]:
    """Each seat's remaining seconds at `now` (never below 0)."""
    out = [max(0.0, r) for r in state["remaining"]]
    r = state["running"]
    if r is not None and state["moved"][r]:
        out[r] = max(0.0, state["remaining"][r] - max(0.0, now - state["since"]))
    return out


def deadline(state: dict[str, Any]) -> float | None:
    """When the running seat's time (or its first-move window) ends, epoch seconds; None if no
    clock runs."""
    r = state["running"]
    if r is None:
        return None
    since: float = state["since"]
    left: float = state["window"] if not state["moved"][r] else max(0.0, state["remaining"][r])
    return since + left


def due(state: dict[str, Any], now: float) -> bool:
    """Whether the running seat's time (or first-move window) has run out at `now`."""
    d = deadline(state)
    return d is not None and now >= d


def shifted(state: dict[str, Any], start: float, end: float) -> dict[str, Any]:
    """The clock with a server outage from `start` to `end` credited: the running clock's start
    moved on by the part of the outage after it, the outage noted in "away"."""
    out = copy(state)
    if state["running"] is None or end <= start:
        return out
    overlap = max(0.0, end - max(start, state["since"]))
    if overlap <= 0:
        return out
    out["since"] = state["since"] + overlap
    out["away"] = [*out["away"], {"from": float(start), "to": float(end)}][-AWAY_KEPT:]
    return out


def replayed(control: dict[str, Any], seats: int, movers: Sequence[tuple[int, int | None]],
             times: Sequence[float], *, moved: Sequence[bool] | None = None, first: int | None = None,
             first_move: float = FIRST_MOVE) -> dict[str, Any]:
    """The clock after the actions of `movers` ((seat before, seat after) each), which took
    `times`: the clocks a replay shows at that step (takebacks and outages aside). `first`: the
    seat to act at the start (default: the first mover)."""
    first = movers[0][0] if movers and first is None else first
    state = start(control, seats, 0.0, first, moved=moved, first_move=first_move)
    now = 0.0
    for (before, after), took in zip(movers, times):
        now += took
        state = after_action(state, before, after, now)
    return state


def turns_left(tiles_left: int, seats: int) -> int:
    """The turns the seat to act has left, about: the tiles left shared out among the seats
    (one at least: the turn being played)."""
    return max(1, math.ceil(max(0, tiles_left) / max(1, seats)))
