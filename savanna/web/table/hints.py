"""Hints: the coach's move for the seat to act, asked by that seat's holder (live/hints.py runs
the search; savanna.coach.hint is what it answers).

Refused in a rated game ("no_hints": a hint would be the computer playing for a person), for
a seat that is not the caller's or not the one to act ("not_your_turn"), in a game that is over
("game_over") or whose version is not the one the request names ("stale").

A hint given is recorded in the game's meta, `hints`: [{"seat", "moves"}], shown to everyone
as a count per seat (the view's "hints"). It is written as every change of the game is, under
its lock at the version read, and only if the game is still at the position the hint answers
("moved_on" otherwise): recording never loses or reorders a move.
"""

from __future__ import annotations

from typing import Any

from ..store.storage import GameRecord
from .claims import is_rated, waiting
from .errors import GameError
from .events import HintGiven
from .room import Room
from .seats import checked_token, seat_of


def check(service: Room, game_id: str, token: Any, seat: Any = None, version: Any = None) -> tuple[GameRecord, int]:
    """The game as stored and the seat a hint is for, or GameError saying why none is given."""
    rec = service.record(game_id)
    if is_rated(rec):
        raise GameError("no_hints", "hints are off in rated games")
    mine = checked_token(rec.seats, token)
    if version is not None and (not isinstance(version, int) or isinstance(version, bool)):
        raise GameError("bad_request", "version must be a whole number")
    game = service.position(rec).game
    if rec.status == "over" or game.is_terminal():
        raise GameError("game_over", "the game is over: a review of it says where points were lost "
                                     "(GET /api/games/{id}/review)")
    if waiting(rec):
        raise GameError("waiting_for_players", "the game has not begun: seats are open still")
    current = game.current_player
    s = seat_of(current, mine, seat, "ask a hint for")
    if s != current:
        raise GameError("not_your_turn", f"a hint is for the seat to act: it is seat {current}'s turn, not "
                                         f"seat {s}'s")
    if version is not None and version != rec.version:
        raise GameError("stale", f"the game has moved on (version {rec.version}, you sent {version}): look again")
    return rec, s


def record(service: Room, game_id: str, seat: int, actions: tuple[str, ...]) -> GameRecord:
    """Note that seat `seat` was given a hint at the position after `actions` (see the module
    docstring); GameError "moved_on" if the game is no longer there."""
    with service.lock(game_id):
        rec = service.record(game_id)
        if tuple(rec.actions) != tuple(actions) or rec.status == "over":
            raise GameError("moved_on", moved_on())
        meta = dict(rec.meta)
        meta["hints"] = [*meta.get("hints", []), {"seat": seat, "moves": len(actions)}]
        saved = service.save(rec, service.position(rec), meta=meta, refused=moved_on())
    service.note(HintGiven(game_id, saved, seat))
    return saved


def moved_on() -> str:
    return "the game moved on before the hint was ready: ask again"


def counts(meta: dict[str, Any], seats: int, step: int | None = None) -> list[int]:
    """Hints given to each seat (before action `step`, if given: a replay's)."""
    out = [0] * seats
    for h in meta.get("hints", ()):
        if 0 <= h.get("seat", -1) < seats and (step is None or h.get("moves", 0) < step):
            out[h["seat"]] += 1
    return out
