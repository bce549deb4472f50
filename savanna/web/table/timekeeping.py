"""What each write of a timed game does to its clock (clock.py's state in `meta["clock"]`), so
that the service keeps the clock on every write without knowing the rules of it:

- actions appended (a move, a computer's move): each action's time noted, the mover's time
  spent, the increment or the next correspondence turn (clock.after_action);
- actions cut (a takeback): their times cut too, and no time given back; the seat to act
  now starts its clock;
- the seats or the status changed (a resignation, a flag fall, a seat taken): the clock
  that should run is started if it is not the one running (a waiting rated game's clock
  starts when its last open seat is taken; an ended game's stops). Nothing else restarts
  a clock: a takeback asked for does not reopen a first-move window.

A computer seat has no first-move window (a person's seat passed to a computer loses its window,
and its clock starts then). The deadline stored with the game is the clock's (clock.deadline)."""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from savanna import leaving

from ..jsontext import iso
from . import clock
from .errors import GameError
from .seats import COMPUTER, HUMAN


def control(value: Any, on_time: Any) -> dict[str, Any] | None:
    """A new game's time control and flag-fall choice, checked: {"control", "on_time"}, or None
    (untimed; `on_time` is then checked and dropped)."""
    on_time = "computer" if on_time is None else on_time
    if on_time not in clock.ON_TIME:
        raise GameError("bad_clock", "on_time must be 'computer' (a seat out of time passes to a computer "
                                     "player), 'end' (the game ends) or 'skip' (the seat leaves, the others "
                                     f"play on), not {on_time!r}")
    parsed = clock.parse(value)
    return None if parsed is None else {"control": parsed, "on_time": on_time}


def running_seat(status: str, seats: list[dict[str, Any]], meta: dict[str, Any], game: Any) -> int | None:
    """The seat whose clock should run: the seat to act, while the game is played and not
    waiting for players."""
    if status != "playing" or game.is_terminal():
        return None
    if meta.get("rated") is True and any(s.get("open") for s in seats):
        return None
    seat: int | None = game.current_player
    return seat


def computers(seats: list[dict[str, Any]]) -> list[bool]:
    return [s["kind"] == COMPUTER for s in seats]


def started(control: dict[str, Any], seats: list[dict[str, Any]], meta: dict[str, Any], game: Any,
            now: float, first_move: float) -> dict[str, Any]:
    """A new game's clock."""
    return clock.start(control, len(seats), now, running_seat("over" if game.is_terminal() else "playing", seats,
                                                              meta, game),
                       moved=computers(seats), first_move=first_move)


def kept(before: Any, *, actions: list[str], seats: list[dict[str, Any]], meta: dict[str, Any], status: str,
         game: Any, now: float) -> tuple[dict[str, Any], float | None] | None:
    """The meta and deadline of the game of `before` (a GameRecord) once written with these
    actions, seats, meta and status, `game` the engine's game as it then stands; None if the
    game has no clock."""
    state = meta.get("clock")
    if not state:
        return None
    old = before.actions
    nxt = running_seat(status, seats, meta, game)
    if len(actions) > len(old) and actions[:len(old)] == old:
        actors = game.actors
        for i in range(len(old), len(actions)):
            state = clock.after_action(state, actors[i], actors[i + 1] if i + 1 < len(actions) else nxt, now)
    elif actions != old:
        state = clock.restarted({**state, "times": state["times"][:len(actions)]}, nxt, now)
    elif clock.runs(state, nxt) != state["running"]:
        state = clock.restarted(state, nxt, now)
    if any(c and not m for c, m in zip(computers(seats), state["moved"])):
        state = clock.copy(state)
        r = state["running"]
        if r is not None and not state["moved"][r] and seats[r]["kind"] == COMPUTER:
            state["since"] = float(now)  # the window's time is not the computer's
        state["moved"] = [m or c for m, c in zip(state["moved"], computers(seats))]
    return {**meta, "clock": state}, clock.deadline(state)


LEAVE = leaving.ACTION  # the server's alone (flag.py): a player sending it is refused


def on_fall(seats: list[dict[str, Any]], meta: dict[str, Any], seat: int) -> str:
    """What `seat`'s flag fall does (flag.py): "ended", "computer" (a computer takes the seat) or
    "skip" (the seat leaves the game, the others play on). Two seats, or no other person still
    playing: the game ends; else the creator's `on_time`, but a skip that would leave fewer than
    two seats in the game ends it instead (nobody plays on alone)."""
    others = [i for i, s in enumerate(seats) if i != seat and s["kind"] == HUMAN and not s.get("resigned")]
    choice = meta.get("on_time", "computer")
    if len(seats) == 2 or not others or choice == "end":
        return "ended"
    if choice == "skip":
        left = sum(1 for e in meta.get("resignations", []) if e.get("outcome") == "skip")
        return "skip" if len(seats) - left - 1 >= 2 else "ended"
    return "computer"


def ran_out(record: Any) -> str:
    """What a move after the seat's time ran out is told."""
    state = record.meta["clock"]
    r = state["running"]
    end = clock.deadline(state)
    assert end is not None  # (a seat's time ran out: its clock runs)
    when = iso(datetime.fromtimestamp(end, timezone.utc))
    then = {"ended": "the server is ending the game",
            "computer": "the server is passing your seat on to a computer player",
            "skip": "the server is taking your seat out of the game; the others play on"}[
        on_fall(record.seats, record.meta, r)]
    if not state["moved"][r]:
        then = "the game is aborted (no first move)"
    return f"your time ran out at {when}; {then}"


def out_of_time(meta: dict[str, Any], seat: int, now: float) -> bool:
    """Whether `seat`'s time (or first-move window) has run out at `now`."""
    state: dict[str, Any] | None = meta.get("clock")
    if not state:
        return False
    return state["running"] == seat and clock.due(state, now)


def listed(found: dict[str, Any] | None) -> dict[str, Any] | None:
    """A lobby item's "clock" (Listing.clock): {"control", "running", "deadline": ISO | None}."""
    if not found:
        return None
    d = found.get("deadline")
    return {"control": found["control"], "running": found.get("running"),
            "deadline": None if d is None else iso(datetime.fromtimestamp(d, timezone.utc))}
