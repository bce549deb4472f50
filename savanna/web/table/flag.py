"""A flag fall: what the server does when the running seat's time (or first-move window) runs out.

`fall(service, game_id)` acts on one game, under its lock, at the version read, and only if its
clock says the time has run out now (clock.due by the service's `now`): called twice, or by two
server processes, it acts once (the second finds the game changed, or no longer due).

- **Abort.** A seat that never made its first move within its window (clock.py) aborts the game:
  it is over, `meta["ended"] = {"reason": "aborted", "seat": s}`, nobody wins, and it is not rated
  (table/ratings.py): nothing was played that could be judged, as lichess does.
- **Two seats**: the seat out of time loses: the game ends, that seat last.
- **More seats**: as the creator chose (`on_time`): "computer" (the default): the seat passes to
  the game's `resign_player`, whose clock stops for good (it plays under the server's own time
  limit); "end": the game ends as it stands; "skip": the engine's `out` is appended to the game's
  actions (the seat leaves: it takes no more turns, its pieces stay and count; docs/<game>.md,
  "A seat leaving"), and the others play on to the game's natural end. A skip that would leave
  one seat alone in the game ends it instead (timekeeping.on_fall).
- A game left without a person (every other seat a computer, or fallen, or resigned) ends.

A fallen seat ranks last as a resigned one does (standing.py): it is marked resigned and entered in
`meta["resignations"]` with `"by": "time"`, so places and ratings read it; when the game ends so,
`meta["ended"] = {"reason": "time", "seat": s}`.
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from ..jsontext import iso
from ..store.storage import GameRecord
from . import clock
from .events import FlagFell
from .resign import DEFAULT_RESIGN_PLAYER
from .room import Room
from .seats import COMPUTER, HUMAN
from .timekeeping import LEAVE, on_fall


def fall(service: Room, game_id: str) -> GameRecord | None:
    """Act on the game's flag fall if its time has run out now (see the module docstring): the
    game as stored after it, or None if there was nothing to do (FlagFell noted after its write)."""
    saved = _fall(service, game_id)
    if saved is not None:
        service.note(FlagFell(game_id, saved))
    return saved


def _fall(service: Room, game_id: str) -> GameRecord | None:
    with service.lock(game_id):
        rec = service.record(game_id)
        state = rec.meta.get("clock")
        now = service.now()
        if rec.status != "playing" or not state or not clock.due(state, now):
            return None
        seat = state["running"]
        pos = service.position(rec)
        meta = dict(rec.meta)
        meta["request"] = None  # a takeback asked for is moot now
        moves = len(rec.actions)
        if not state["moved"][seat]:
            meta["ended"] = {"reason": "aborted", "seat": seat, "moves": moves}
            return service.save(rec, pos, status="over", meta=meta)
        seats = [dict(x) for x in rec.seats]
        seats[seat].update(resigned=True, token_hash=None, hotseat=False)
        fallen = clock.copy(state)
        fallen["flagged"].append(seat)
        meta["clock"] = fallen
        outcome = on_fall(rec.seats, rec.meta, seat)
        meta["resignations"] = [*meta.get("resignations", []), {
            "seat": seat, "moves": moves, "at": iso(datetime.fromtimestamp(now, timezone.utc)),
            "outcome": outcome, "by": "time"}]
        status, actions = rec.status, None
        if outcome == "computer":
            seats[seat].update(kind=COMPUTER, player=meta.get("resign_player", DEFAULT_RESIGN_PLAYER))
        elif outcome == "skip":
            pos = pos.advanced(LEAVE)
            actions = [*rec.actions, LEAVE]
            if pos.game.is_terminal():
                status = "over"
        else:
            status = "over"
            people = sum(1 for x in seats if x["kind"] == HUMAN and not x.get("resigned"))
            meta["ended"] = {"reason": "time", "seat": seat, "moves": moves, "people_left": people}
        return service.save(rec, pos, actions=actions, status=status, seats=seats, meta=meta)


def left_in_save(game: Any, seats: list[dict[str, Any]], meta: dict[str, Any]) -> dict[str, Any]:
    """An imported save's seats that left (its engine's `out`: only a flag fall sends it) marked as
    `fall` marks them, so that they rank last here too; `seats` is changed in place, the meta returned."""
    gone = list(getattr(game, "gone", ()))
    if not gone:
        return meta
    moves = [i for i, a in enumerate(game.history) if str(a) == LEAVE]  # (the actions before each)
    for seat in gone:
        seats[seat].update(resigned=True)
    return {**meta, "resignations": [*meta.get("resignations", []), *(
        {"seat": seat, "moves": at, "outcome": "skip", "by": "time"} for seat, at in zip(gone, moves))]}
