"""The clock's fields of a view, read from the stored game's `meta["clock"]` (table/clock.py).
Pure: the figures are those stored, as of the moment the running clock last started ("at"), so a
view does not change while nobody acts; the page counts down from "at" itself.

    "clock": null | {                 null: an untimed game
        "control": {"base": 180.0, "increment": 2.0} | {"days": 3},
        "kind": "realtime" | "correspondence",
        "remaining": [seconds per seat, as of "at"],
        "running": 0 | null,          the seat whose clock runs (null: none: over, waiting for players,
                                      or a seat whose flag fell, played on by a computer)
        "at": ISO | null,             when the running clock last started (to the millisecond; null in
                                      a replay)
        "deadline": ISO | null,       when the running seat's time (or first-move window) ends
        "first_move": false,          the running seat is in its first-move window: its clock does not
                                      run, and missing the deadline aborts the game
        "low": 60.0,                  the low-time threshold, seconds
        "flagged": [seats],           seats whose flag fell
        "away": null | {"seconds", "from", "to"}   the last server outage credited to the clocks
    },
    "on_time": "computer" | "end" | "skip",   what a flag fall does in more than two seats (table/flag.py)
    "ended_by": null | "play" | "resigned" | "time" | "aborted",   how the game ended (null: playing)
    "times": [seconds per action],    what each action took (also "took" in each history entry)

A replay at step N shows the clocks after the first N actions (clock.replayed: the times taken
as stored, outages and takebacks aside).
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from ..store.storage import GameRecord
from ..table import clock, standing
from ..table.position import Position
from ..table.seats import COMPUTER


def when(t: float | None) -> str | None:
    """Epoch seconds as the API writes a clock's times: UTC, ISO 8601, to the millisecond."""
    if t is None:
        return None
    return datetime.fromtimestamp(t, timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"


def ended_by(record: GameRecord, position: Position, partial: bool = False) -> str | None:
    if partial or (record.status != "over" and not position.game.is_terminal()):
        return None
    reason = (record.meta.get("ended") or {}).get("reason") if standing.ended(record) else None
    return reason if reason in ("resigned", "time", "aborted") else "play"


def shown(state: dict[str, Any], at: float | None) -> dict[str, Any]:
    """A clock's state as a view shows it."""
    away = state["away"][-1] if state["away"] else None
    return {"control": dict(state["control"]), "kind": clock.kind(state["control"]),
            "remaining": [round(max(0.0, r), 3) for r in state["remaining"]], "running": state["running"],
            "at": when(at), "deadline": when(clock.deadline(state)) if at is not None else None,
            "first_move": clock.in_window(state), "low": clock.low(state["control"]),
            "flagged": list(state["flagged"]),
            "away": None if away is None else {"seconds": round(away["to"] - away["from"], 3),
                                               "from": when(away["from"]), "to": when(away["to"])}}


def replayed(record: GameRecord, position: Position, state: dict[str, Any], step: int) -> dict[str, Any]:
    """The clock after the first `step` actions, from the times stored."""
    g = position.game
    actors = g.actors
    last = None if g.is_terminal() else g.current_player
    movers = [(actors[i], actors[i + 1] if i + 1 < len(actors) else last) for i in range(step)]
    first = actors[0] if actors else position.game.current_player
    moved = [s["kind"] == COMPUTER and not s.get("resigned") for s in record.seats]
    return clock.replayed(state["control"], len(record.seats), movers, state["times"][:step], moved=moved,
                          first=first, first_move=state.get("window", clock.FIRST_MOVE))


def add(view: dict[str, Any], record: GameRecord, position: Position, replay: dict[str, Any] | None) -> None:
    """The clock's fields (see the module docstring); `position` is the replay's step's in a replay."""
    state = record.meta.get("clock")
    partial = replay is not None and replay["step"] != replay["steps"]
    view["ended_by"] = ended_by(record, position, partial)
    view["on_time"] = record.meta.get("on_time", "computer")
    if not state:
        view["clock"] = None
        view["times"] = []
        return
    if replay is not None:
        step = replay["step"]
        view["clock"] = shown(replayed(record, position, state, step), None)
        view["times"] = state["times"][:step]
        return
    view["clock"] = shown(state, state["since"])
    view["times"] = list(state["times"])


