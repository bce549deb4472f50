"""Takebacks: a person takes back their last turn.

**What is taken back.** A seat's *last turn* is the latest turn that seat played
(the turn whose first action is theirs: a turn is the run of actions while one
seat is the active player, as `Position.turns` numbers them). A takeback cuts
the game's action list back to just before that turn's first action: every
action of that turn goes, the seat's scoring choices in it included, and every
action after it, the later turns of the computer players (or of the other
people) among them. If the seat has begun its turn now (a tile placed, an
explorer moved), that turn is the one taken back; if it has not acted yet in
this turn, its previous turn is. The game is then exactly as it was before that
turn (the view at that point, as the replay shows it), with the seat to act.

The stored game *becomes* the shorter one: its action list is cut, so replays,
downloads and the engine's saved game are of the game as it now stands, and
nothing taken back can be replayed by accident. What was taken back is kept in
the game's `meta` ("takebacks": who, from and to how many actions, the actions
removed, who agreed, when), for the record; the view shows how many.

**Who decides.** If every other person in the game plays from the same token
(a game against computer players only, or a hotseat game), the takeback is done
at once. Otherwise it is a request: every other person's seat (not resigned)
must accept it, and any one of them may refuse it. The request names the game's
length when it was made: a move played meanwhile makes it stale, and it can no
longer be accepted (409 "stale"). The requester may withdraw it (answer with
their own token, accept false). One request at a time.

**What a takeback shows.** The draws are fixed by the game's seed, so after a
takeback the same tile comes again in the same place of the game (drawn from a
stack, or turned up from face down): a person who took back a turn has seen what
their next tile was, or what lay under a tile they turned, and may choose again
knowing it. That is inherent in undoing against a seeded deal (the
computer players, who cannot take back, never see ahead); between people, the
others agree to it when they accept.

**Computer players.** A computer may be thinking about its move when a
takeback lands: its search is not stopped, but its move is refused when it
tries to store it (the game's version has moved on: storage's versioned
writes), and the seat to act after a takeback is always the person's, so no
computer is asked to move until they have moved again. The takeback itself is
written under the game's lock, on the game as stored, so a computer's move is
either stored before it (and taken back with the rest) or refused.
"""

from __future__ import annotations

from typing import Any

from ..store.storage import GameRecord
from .errors import GameError
from .position import Position
from .resign import now_text
from .room import Room
from .claims import is_rated
from .seats import HUMAN, checked_token, seat_of

LOG_KEPT = 200  # takebacks kept in a game's meta (the oldest go first)


def turn_starts(position: Position) -> dict[int, int]:
    """For each seat that has played a turn: where its last turn begins (its index in the
    action list, which is the length of the game a takeback cuts back to)."""
    out: dict[int, int] = {}
    turns, actors = position.turns, position.game.actors
    for i, t in enumerate(turns):
        if i == 0 or turns[i - 1] != t:
            out[actors[i]] = i
    return out


def others(record: GameRecord, mine: frozenset[int]) -> list[int]:
    """The people who must agree to a takeback by the token of `mine`: the human seats it
    does not play, but resigned ones."""
    return [i for i, s in enumerate(record.seats)
            if s["kind"] == HUMAN and not s.get("resigned") and i not in mine]


def live_request(record: GameRecord) -> dict[str, Any] | None:
    """The takeback asked for and not yet answered, if the game has not moved on since."""
    req = record.meta.get("request")
    return req if req and req.get("moves") == len(record.actions) and record.status == "playing" else None


def refuse_if_rated(record: GameRecord) -> None:
    if is_rated(record):
        raise GameError("rated_game", "a rated game has no takebacks: its moves stand")


# ----------------------------------------------------------------- acting


def _cut(service: Room, rec: GameRecord, to: int, seat: int, by: list[int], agreed: list[int]) -> GameRecord:
    """Store the game cut back to its first `to` actions (under the game's lock)."""
    actions = rec.actions[:to]
    pos = service.rebuild(rec, actions)
    meta = dict(rec.meta)
    entry = {"seat": seat, "by": by, "from": len(rec.actions), "to": to, "removed": rec.actions[to:],
             "agreed": agreed, "at": now_text()}
    meta["takebacks"] = [*meta.get("takebacks", []), entry][-LOG_KEPT:]
    meta["cuts"] = meta.get("cuts", 0) + 1  # the line of play changed: views built before are not its (views.layout_key)
    meta["request"] = None
    meta["last_request"] = {"seat": seat, "outcome": "done", "by": agreed or by, "from": len(rec.actions),
                            "to": to}
    return service.save(rec, pos, actions=actions, status="playing", meta=meta,
                        refused="another move landed first; nothing was taken back (look again and retry)")


def _write_meta(service: Room, rec: GameRecord, meta: dict[str, Any]) -> GameRecord:
    return service.save(rec, service.position(rec), meta=meta)


def take_back(service: Room, game_id: str, token: Any, seat: Any = None,
              version: Any = None) -> tuple[GameRecord, str]:
    """Take back the last turn of the token's seat, or ask the other people to agree to it
    (see the module docstring). Returns the game as stored and "done" or "asked"."""
    with service.lock(game_id):
        rec = service.record(game_id)  # as stored: a computer's move stored meanwhile is seen
        mine = checked_token(rec.seats, token)
        refuse_if_rated(rec)
        if rec.status == "over":
            raise GameError("game_over", "the game is over: its moves stand")
        if version is not None and (not isinstance(version, int) or isinstance(version, bool)):
            raise GameError("bad_request", "version must be a whole number")
        if version is not None and version != rec.version:
            raise GameError("stale", f"the game has moved on (version {rec.version}, you sent {version}): "
                                     "look again before taking back")
        starts = turn_starts(service.position(rec))
        if seat is None:  # the token's seat whose turn was last (a hotseat token plays several)
            mine_started = [s for s in mine if s in starts]
            s = max(mine_started, key=lambda x: starts[x]) if mine_started else seat_of(
                rec.summary.get("current_player"), mine, None, "take back")
        else:
            s = seat_of(rec.summary.get("current_player"), mine, seat, "take back")
        if s not in starts:
            raise GameError("nothing_to_take_back", f"{rec.seats[s]['name']} has not played a turn yet")
        to = starts[s]
        need = others(rec, mine)
        if not need:
            return _cut(service, rec, to, s, sorted(mine), []), "done"
        pending = live_request(rec)
        if pending is not None:
            raise GameError("conflict", "a takeback is already asked for and not yet answered")
        meta = dict(rec.meta)
        meta["request"] = {"seat": s, "by": sorted(mine), "moves": len(rec.actions), "to": to, "waiting": need,
                           "accepted": [], "at": now_text()}
        return _write_meta(service, rec, meta), "asked"


def answer(service: Room, game_id: str, token: Any, accept: Any, moves: Any = None) -> tuple[GameRecord, str]:
    """Accept or refuse the takeback asked for (or withdraw it, with the asker's token).
    Returns the game as stored and "done" (every one accepted: taken back), "accepted" (more
    to accept), "refused" or "withdrawn"."""
    if not isinstance(accept, bool):
        raise GameError("bad_request", "accept must be true or false")
    with service.lock(game_id):
        rec = service.record(game_id)
        mine = checked_token(rec.seats, token)
        refuse_if_rated(rec)
        req = live_request(rec)
        if req is None:
            what = "was answered, or the game moved on since" if rec.meta.get("request") else "is asked for"
            raise GameError("stale", f"no takeback request to answer: none {what}")
        if moves is not None and moves != req["moves"]:
            raise GameError("stale", f"that request is no longer open (the game has {len(rec.actions)} moves)")
        meta = dict(rec.meta)
        answering = [s for s in req["waiting"] if s in mine and s not in req["accepted"]]
        if not answering:
            if set(req["by"]) & mine and not accept:
                meta["request"] = None
                meta["last_request"] = {"seat": req["seat"], "outcome": "withdrawn", "by": sorted(mine),
                                        "from": req["moves"], "to": req["to"]}
                return _write_meta(service, rec, meta), "withdrawn"
            raise GameError("not_asked", "this takeback is not yours to answer (it waits for "
                                         f"{', '.join(rec.seats[s]['name'] for s in req['waiting'])})")
        if not accept:
            meta["request"] = None
            meta["last_request"] = {"seat": req["seat"], "outcome": "refused", "by": answering,
                                    "from": req["moves"], "to": req["to"]}
            return _write_meta(service, rec, meta), "refused"
        accepted = sorted({*req["accepted"], *answering})
        if set(accepted) >= set(req["waiting"]):
            return _cut(service, rec, req["to"], req["seat"], req["by"], accepted), "done"
        meta["request"] = {**req, "accepted": accepted}
        return _write_meta(service, rec, meta), "accepted"
