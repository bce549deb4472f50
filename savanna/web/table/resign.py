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

A resigned seat ranks last (standing.py): below every seat that had not resigned when
it did. The winners are the best of the seats that never resigned; when there is none
(in a game of two people, one resigns and a computer plays the seat on, then the other
resigns, which ends the game), the last to resign wins, and the seat that resigned
first ranks last, whatever the computer playing it on scored.

**Deleting.** The creator of a game gets a creator token, once, in the answer to
``POST /api/games`` (and to an import); only its SHA-256 hash is stored, as for
seat tokens. ``DELETE /api/games/{id}`` with ``{"token": <creator token>}`` deletes
an unfinished game; a finished one is kept (the lobby's recent games, replays,
downloads), and no other token may delete it. A rated game may be deleted only before
its first move (else a player about to lose could delete it rather than be rated).
"""

from __future__ import annotations

import hmac
from datetime import datetime, timezone
from typing import Any

from ..store.storage import GameRecord
from .claims import is_rated
from .errors import GameError
from .room import Room
from .seats import COMPUTER, HUMAN, check_player, checked_token, hash_token, seat_of

ON_RESIGN = ("computer", "end")
DEFAULT_ON_RESIGN = "computer"
DEFAULT_RESIGN_PLAYER = "medium"


def now_text() -> str:
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def settings(on_resign: Any, resign_player: Any, max_think: float) -> dict[str, Any]:
    """The creator's choice of what a resignation does, checked: {"on_resign", "resign_player"}."""
    on_resign = DEFAULT_ON_RESIGN if on_resign is None else on_resign
    if on_resign not in ON_RESIGN:
        raise GameError("bad_settings", f"on_resign must be 'computer' (the seat passes to a computer player) or "
                                        f"'end' (the game ends), not {on_resign!r}")
    player = check_player(DEFAULT_RESIGN_PLAYER if resign_player is None else resign_player, max_think)
    return {"on_resign": on_resign, "resign_player": player}


def resign(service: Room, game_id: str, token: Any, seat: Any = None) -> tuple[GameRecord, str]:
    """Resign the token's seat (see the module docstring). Returns the game as stored and what
    happened: "computer" (a computer player has the seat) or "ended"."""
    with service.lock(game_id):
        rec = service.record(game_id)
        mine = checked_token(rec.seats, token)
        if rec.status == "over":
            raise GameError("game_over", "the game is over")
        s = seat_of(rec.summary.get("current_player"), mine, seat, "resign")
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
        return service.save(rec, pos, status=status, seats=seats, meta=meta), outcome


def delete(service: Room, game_id: str, token: Any) -> None:
    """Delete an unfinished game for its creator's token (see the module docstring)."""
    with service.lock(game_id):
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
        if is_rated(rec) and rec.actions:
            raise GameError("rated_game", "a rated game under way is played out or resigned, not deleted (it may "
                                          "be deleted before its first move)")
        service.delete(rec)
