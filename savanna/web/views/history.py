"""A game's history as the views carry it: a bounded recent part in every view, the rest on
request (GET /api/games/{id}/history, or the socket's {"type": "history"}).

A view carries the entries of the last `RECENT` actions (all of them while the game has
fewer), "history_from" (how many actions come before the first entry carried: the first
carried is move history_from + 1) and "moves" (how many there are in all). That is enough
for what a page draws from the latest actions alone: the last move's highlight, the pieces
that move into place, the points that rise from the board, the screen reader's news, the
last tile of every seat (a whole round of the most seats, with a turn's several actions).
Whatever lies before, a page asks for by the move numbers it lacks, at most `PAGE` entries
at a time: the log panel, the replay's list, a reconnection after many moves.

The entries are the same in every viewer's view (no game hides a part of its history); a
page of them is asked with the same credential as the view, so that one that some day did
would hide it in one place, here.

The scores after each turn ("score_history") grow by a turn, not by an action, and only the
end chart draws them: a view carries their last entry while the game is played, and every
one of them once it is over.
"""

from __future__ import annotations

from typing import Any

from ..store.storage import GameRecord
from ..table.position import Position

RECENT = 50  # the history entries every view carries: the latest actions
PAGE = 500  # the most entries one request for older ones is answered with


def start(moves: int) -> int:
    """Where the entries a view carries begin, in a game of `moves` actions."""
    return max(0, moves - RECENT)


def entries(record: GameRecord, position: Position, first: int, stop: int) -> list[dict[str, Any]]:
    """The history entries of actions first+1 .. stop (0 <= first <= stop <= the actions)."""
    g, events, turns = position.game, position.events, position.turns
    times = (record.meta.get("clock") or {}).get("times") or ()
    return [{"move": i + 1, "turn": turns[i], "seat": g.actors[i], "action": str(g.history[i]),
             **({"scored": events[i]} if events[i] else {}), **({"took": times[i]} if i < len(times) else {})}
            for i in range(first, stop)]


def scores(position: Position) -> list[dict[str, Any]]:
    """The scores after each turn as a view carries them: the last entry while the game is
    played, every one once it is over."""
    h = position.score_history
    return [dict(e) for e in (h if position.game.is_terminal() else h[-1:])]


def problem(first: Any, stop: Any, moves: int) -> str | None:
    """What is wrong with asking for the entries first+1 .. stop of a history of `moves`
    actions (None: nothing; `stop` None means as many as a page holds)."""
    for name, n in (("from", first), ("to", stop)):
        if n is not None and (not isinstance(n, int) or isinstance(n, bool)):
            return f"{name} must be a whole number, not {n!r}"
    if first is None or not 0 <= first <= moves:
        return f"from must be a whole number from 0 to {moves} (the actions played), not {first!r}"
    if stop is not None and not first <= stop <= moves:
        return f"to must be a whole number from {first} (from) to {moves} (the actions played), not {stop!r}"
    if stop is not None and stop - first > PAGE:
        return f"at most {PAGE} entries at a time: to - from is {stop - first}"
    return None


def page(record: GameRecord, position: Position, first: Any, stop: Any = None,
         viewer: int | None = None) -> dict[str, Any]:
    """The answer to a request for the entries first+1 .. stop (stop None: as many as a page
    holds) by `viewer` (a seat, None: a spectator; every viewer is shown the same entries
    today, see the module docstring), or ValueError saying what is wrong with the request:

        {"type": "history", "id": <game id>, "version": 17, "moves": 230,
         "from": 100, "to": 230, "entries": [<history entry>, ...]}
    """
    moves = len(position.game.history)
    wrong = problem(first, stop, moves)
    if wrong is not None:
        raise ValueError(wrong)
    stop = min(moves, first + PAGE) if stop is None else stop
    return {"type": "history", "id": record.id, "version": record.version, "moves": moves,
            "from": first, "to": stop, "entries": entries(record, position, first, stop)}
