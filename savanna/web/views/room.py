"""The room's fields of a view: resignations, takebacks and hints, read from the stored game's seats
and meta (the table's resign.py and takeback.py say what they mean).

    "on_resign": "computer" | "end", "resign_player": "medium",
    "seats": [{..., "resigned": false}, ...],
    "ranking": null | [2, 0, 1],      once over: every seat, best first (the seats that did not
                                      resign by score, then the resigned ones, the last to
                                      resign first: table/standing.py)
    "ended": null | {"reason": "resigned", "seat": 1, "moves": 40, "people_left": 1},
                                      the game was ended by a resignation (status "over", the
                                      engine's game unfinished: no final scoring)
    "takeback": {
        "to": [12, null],             per seat, the length the game goes back to if it takes
                                      back its last turn (null: none to take back, or over)
        "request": null | {"seat", "by": [seats], "moves", "to", "waiting": [seats],
                   "accepted": [seats], "at"},   asked for, waiting for those seats' answers
                                      (only while the game has "moves" actions)
        "last": null | {"seat", "outcome": "done" | "refused" | "withdrawn", "by", "from",
                "to"},                the last request's or takeback's outcome
        "count": 0                    takebacks done in this game
    },
    "hints": [0, 2]                   hints the coach gave each seat (table/hints.py; a replay's:
                                      those before its step), shown to everyone
"""

from __future__ import annotations

from typing import Any

from ..store.storage import GameRecord
from ..table import hints, standing
from ..table.position import Position
from ..table.resign import DEFAULT_ON_RESIGN, DEFAULT_RESIGN_PLAYER
from ..table.takeback import live_request, turn_starts


def add(view: dict[str, Any], record: GameRecord, position: Position, partial: bool = False,
        asking: tuple[str, ...] = ()) -> None:
    """The room's fields (see the module docstring). `partial`: a replay of a step before the
    game's end, which shows no takeback, and a game ended by resigning, and a seat that resigned
    later, as they were then (the seat a person's, not yet resigned).
    `asking`: the game's fields of a choice it asks, none once a resignation ends the game."""
    _resignations(view, record, position, partial, asking)
    _takebacks(view, record, position, partial)
    view["hints"] = hints.counts(record.meta, len(record.seats), len(position.game.history) if partial else None)


def _resignations(view: dict[str, Any], record: GameRecord, position: Position, partial: bool,
                  asking: tuple[str, ...]) -> None:
    meta = record.meta
    view["on_resign"] = meta.get("on_resign", DEFAULT_ON_RESIGN)
    view["resign_player"] = meta.get("resign_player", DEFAULT_RESIGN_PLAYER)
    step = len(position.game.history)
    later = {e.get("seat") for e in meta.get("resignations", []) if partial and e.get("moves", 0) > step}
    for s, seat in zip(view["seats"], record.seats):
        s["resigned"] = bool(seat.get("resigned"))
        if s["seat"] in later and s["resigned"]:  # a replay before the resignation: the person's seat still
            s.update(kind="human", player=None, resigned=False, connected=False)
    over = standing.ended(record) and not partial
    view["ended"] = meta.get("ended") if over else None
    if over:
        view.update(status="over", current_player=None, active_player=None, phase="over", legal_actions=[],
                    seed=str(position.game.seed))
        for moot in asking:
            if view.get(moot) is not None:
                view[moot] = None
    if view["status"] == "over" and (over or standing.resigned(record)):
        view["winners"] = standing.winners(record, position.game)
    view["ranking"] = standing.ranking(record, position.game) if view["status"] == "over" else None


def _takebacks(view: dict[str, Any], record: GameRecord, position: Position, partial: bool) -> None:
    starts = turn_starts(position) if record.status == "playing" and not partial else {}
    view["takeback"] = {
        "to": [starts.get(s) for s in range(len(record.seats))],
        "request": None if partial else live_request(record),
        "last": None if partial else record.meta.get("last_request"),
        "count": len(record.meta.get("takebacks", [])),
    }
