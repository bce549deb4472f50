"""Resigning, and deleting a game: what happens when a person leaves a game.

A person resigns a seat (``POST /api/games/{id}/resign`` with the seat's token; to
abandon a game is to resign it). What follows is the creator's choice, made when
the game is created (``on_resign``, kept in the game's `meta`):

- ``"computer"`` (the default): the seat passes to a computer player, of the level
  the creator chose (``resign_player``, default ``"medium"``), which plays it on from
  the next move the seat must make; the person's token no longer acts for it. The
  other players keep a whole game.
- ``"end"``: the game ends at once, as it stands: no final scoring (that belongs to
  the game's natural end), the scores as they are.

Either way a game left without a person in it (every other seat a computer, or
resigned) ends at once: nobody is left to play it.

**Ranking.** A seat that resigned ranks last, whatever its score: the winners of a
game with resigned seats are the best scores among the seats that did not resign
(in the view, the lobby and the summary), both when the game ends at the
resignation and when a computer plays the seat on to the natural end. The scores
themselves are the engine's, never changed.

**Deleting.** The creator of a game gets a creator token, once, in the answer to
``POST /api/games`` (and to an import); only its SHA-256 hash is stored, as for
seat tokens. ``DELETE /api/games/{id}`` with ``{"token": <creator token>}`` deletes
an unfinished game; a finished one is kept (the lobby's recent games, replays,
downloads), and no other token may delete it.
"""

from __future__ import annotations

import dataclasses
import hmac
from datetime import datetime, timezone
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from .service import GameService, Position
    from .storage import GameRecord

ON_RESIGN = ("computer", "end")
DEFAULT_ON_RESIGN = "computer"
DEFAULT_RESIGN_PLAYER = "medium"


def now_text() -> str:
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def settings(on_resign: Any, resign_player: Any, max_think: float) -> dict[str, Any]:
    """The creator's choice of what a resignation does, checked: {"on_resign", "resign_player"}."""
    from .service import GameError, check_player

    on_resign = DEFAULT_ON_RESIGN if on_resign is None else on_resign
    if on_resign not in ON_RESIGN:
        raise GameError("bad_settings", f"on_resign must be 'computer' (the seat passes to a computer player) or "
                                        f"'end' (the game ends), not {on_resign!r}")
    player = check_player(DEFAULT_RESIGN_PLAYER if resign_player is None else resign_player, max_think)
    return {"on_resign": on_resign, "resign_player": player}


def resigned(record: GameRecord) -> list[int]:
    return [i for i, s in enumerate(record.seats) if s.get("resigned")]


def ended(record: GameRecord) -> bool:
    """Whether the game was ended by a resignation (over, though the engine's game is not)."""
    return record.status == "over" and bool(record.meta.get("ended"))


def winners(record: GameRecord, game: Any) -> list[int]:
    """The winners: the engine's, but a resigned seat ranks last (see the module docstring)."""
    if not ended(record) and not game.is_terminal():
        return []
    out = resigned(record)
    if not out and game.is_terminal():
        return game.winners()
    scores = game.scores
    left = [s for s in range(len(scores)) if s not in out] or list(range(len(scores)))
    best = max(scores[s] for s in left)
    return [s for s in left if scores[s] == best]


def summary(record: GameRecord, position: Position) -> dict[str, Any]:
    """views.summary of the position, for a game whose seats may have resigned."""
    from . import view as views

    out = views.summary(position)
    if ended(record):
        out.update(current_player=None, active_player=None, phase="over")
    if record.meta.get("ended") or resigned(record):
        out["winners"] = winners(record, position.game)
    return out


def decorate(view: dict[str, Any], record: GameRecord, position: Position, partial: bool = False) -> None:
    """The view's resignation fields (view.py documents them): "resigned" per seat, "on_resign"
    and "resign_player", and a game ended by a resignation shown as over (not in a replay of a
    step before the end: `partial`)."""
    meta = record.meta
    view["on_resign"] = meta.get("on_resign", DEFAULT_ON_RESIGN)
    view["resign_player"] = meta.get("resign_player", DEFAULT_RESIGN_PLAYER)
    for s, seat in zip(view["seats"], record.seats):
        s["resigned"] = bool(seat.get("resigned"))
    over = ended(record) and not partial
    view["ended"] = meta.get("ended") if over else None
    if over:
        view.update(status="over", current_player=None, active_player=None, phase="over", legal_actions=[],
                    seed=str(position.game.seed))
        if view.get("drawn_tile") is not None:
            view["drawn_tile"] = None
        if view.get("pending") is not None:
            view["pending"] = None
        if view.get("scoring") is not None:
            view["scoring"] = None
    if view["status"] == "over" and (over or resigned(record)):
        view["winners"] = winners(record, position.game)


# ----------------------------------------------------------------- acting


def seat_of(record: GameRecord, mine: frozenset[int], seat: Any, what: str) -> int:
    """The seat a token's request is for: `seat` if given (one of the token's), else the
    token's one seat, else (a hotseat token) the seat to act now."""
    from .service import GameError

    if seat is not None:
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise GameError("bad_request", "seat must be a whole number")
        if seat not in mine:
            raise GameError("bad_token", f"this token does not play seat {seat}")
        return seat
    if len(mine) == 1:
        return next(iter(mine))
    current = record.summary.get("current_player")
    if current in mine:
        return current
    raise GameError("bad_request", f"this token plays seats {sorted(mine)}: say which one to {what} (\"seat\")")


def checked_token(service: GameService, record: GameRecord, token: Any) -> frozenset[int]:
    from .service import GameError

    if token is None or token == "":
        raise GameError("missing_token", "this needs your seat's token (from your join link)")
    if not isinstance(token, str):
        raise GameError("bad_request", "the token must be text")
    mine = service.seats_for(record, token)
    if not mine:
        raise GameError("bad_token", "this token is not one of this game's seats (check your join link)")
    return mine


def resign(service: GameService, game_id: str, token: Any, seat: Any = None) -> tuple[GameRecord, str]:
    """Resign the token's seat (see the module docstring). Returns the game as stored and what
    happened: "computer" (a computer player has the seat) or "ended"."""
    from .service import COMPUTER, HUMAN, GameError
    from .storage import VersionConflict

    with service._lock(game_id):
        rec = service.record(game_id)
        mine = checked_token(service, rec, token)
        if rec.status == "over":
            raise GameError("game_over", "the game is over")
        s = seat_of(rec, mine, seat, "resign")
        pos = service.position(rec)
        seats = [dict(x) for x in rec.seats]
        seats[s].update(resigned=True, token_hash=None, hotseat=False)
        meta = dict(rec.meta)
        mode = meta.get("on_resign", DEFAULT_ON_RESIGN)
        people = [i for i, x in enumerate(seats) if x["kind"] == HUMAN and not x.get("resigned")]
        outcome = "computer" if mode == "computer" and people else "ended"
        entry = {"seat": s, "moves": len(rec.actions), "at": now_text(), "outcome": outcome}
        meta["resignations"] = [*meta.get("resignations", []), entry]
        meta["request"] = None  # a takeback asked for is moot now
        status = rec.status
        if outcome == "computer":
            seats[s].update(kind=COMPUTER, player=meta.get("resign_player", DEFAULT_RESIGN_PLAYER))
        else:
            status = "over"
            meta["ended"] = {"reason": "resigned", "seat": s, "moves": len(rec.actions),
                             "people_left": len(people)}
        new = dataclasses.replace(rec, seats=seats, meta=meta, status=status)
        try:
            saved = service.store.rewrite(rec, actions=rec.actions, status=status, summary=summary(new, pos),
                                          seats=seats, meta=meta)
        except VersionConflict:
            raise GameError("conflict", "another move landed first; nothing was stored (look again and retry)") from None
        service._remember(saved, pos)
        return saved, outcome


def delete(service: GameService, game_id: str, token: Any) -> None:
    """Delete an unfinished game for its creator's token (see the module docstring)."""
    from .service import GameError, hash_token
    from .storage import VersionConflict

    with service._lock(game_id):
        rec = service.record(game_id)
        if not isinstance(token, str) or not token:
            raise GameError("missing_token", "deleting a game needs its creator token (kept by the browser that "
                                             "created it)")
        stored = rec.meta.get("creator_hash")
        if not stored or not hmac.compare_digest(stored, hash_token(token)):
            raise GameError("bad_token", "only the game's creator may delete it (this is not its creator token)")
        if rec.status == "over":
            raise GameError("game_over", "a finished game is kept (its replay and download stay); only an "
                                         "unfinished game may be deleted")
        try:
            service.store.delete(rec)
        except VersionConflict:
            raise GameError("conflict", "the game changed meanwhile; nothing was deleted (try again)") from None
        service.forget([game_id])
