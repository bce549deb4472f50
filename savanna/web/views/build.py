"""The JSON view of a game: the contract between the server and the browser.

A view is a pure function of a stored game (its record), its position (the engine's game
rebuilt) and a viewer (a seat, or None: a spectator); it never writes. Its common part is
built here, the room's fields in room.py, and each game's own part in the game's view module
(views/<game>.py, named by the game's description, savanna.games), which documents its
fields. Every viewer of a game gets the same view unless the game hides something from some
seats (the game's module says, `hides`). The only thing held back from everyone is the
game's **seed** while the game is being played, because the seed fixes the order of what is
drawn: it appears once the game is over.

The view is built from the engine alone (its public inspection methods); the server keeps no
rules. Actions are the notation strings of the game's docs (docs/<game>.md).

    {
      "id": "Xy3_k9Qa",               game id (also in the watch link)
      "game": "<name>",               the game's name in savanna.games
      "status": "playing" | "over",
      "version": 17,                  increments with every stored change; views with a
                                      lower version are stale (ignore them); may be sent back
                                      with an action to refuse acting on a stale view
      "created": "2025-01-31T12:00:00Z", "updated": "...",   (UTC, ISO 8601)
      "rules": {"players": 3, ...},   the players and the game's options (the game's module)
      "on_resign": "computer" | "end",   what a resignation does, as the creator chose (room.py)
      "resign_player": "medium",      the seat passes to this computer player, or the game ends
      "seed": null | "12345",         only once the game is over: the whole number, in decimal
                                      digits as a string, since the server deals 128 random bits,
                                      beyond what a JavaScript Number holds exactly
      "deal": "random" | "chosen",    "chosen": what chance deals was chosen by the game's
                                      creator (a seed given when creating it, or an uploaded save,
                                      whose seed and any order or layout the uploader holds),
                                      so the creator may know what comes; "random": the server's
                                      own secret 128-bit seed
      "rated": false,                 a rated game (table/claims.py)
      "seats": [{
          "seat": 0, "name": "Ann", "kind": "human" | "computer",
          "player": null | "medium",  the computer player's spec as chosen
          "hotseat": false,           true: played from the shared hotseat screen
          "connected": true,          a browser holds this seat's token now
                                      (computer seats: always true)
          "claimed": false,           an account plays it (table/claims.py)
          "open": false,              an open seat: a logged-in person may take it
          "resigned": false,          the person resigned it: a computer plays it on ("kind"
                                      is "computer" then), or the game ended; it ranks last
          "score": 12, ...            and the game's own (its module)
      }, ...],
      "spectators": 2,                open connections without a seat
      "current_player": 1 | null,     the seat that must act now (null: over)
      "active_player": 0 | null,      whose turn it is (a choice in another seat's turn may
                                      fall to a seat other than the active one)
      "phase": "...",                 the engine's phase name ("over" once over)
      "turn": 9,                      the turn being played, from 1 (the last one when over)
      "moves": 230,                   actions played so far
      "history_from": 180,            how many actions come before the first entry of "history"
      "tiles_left": 40,               tiles still face down (the engine's `tiles_left`)
      "legal_actions": ["...", ...],  every legal action of current_player (public); [] when over
      "history": [{"move": 181, "turn": 52, "seat": 0, "action": "...",
                   "scored": [event, ...]}, ...],   the LATEST actions only: the last 50
                                      (views/history.py; all while there are fewer); the
                                      older ones on request, GET /api/games/{id}/history?from=N
                                      or the socket's {"type": "history", "from": N}.
                                      "scored" (only if it scored): what the action scored,
                                      from the engine (its `apply_explained` documents the
                                      events): each event has "what", "seat", "points" and where;
                                      their points add up to the change of the scores by that action
      "score_history": [              one entry per finished turn, for the end chart: once the
                                      game is over every one, while it is played the last only
          {"turn": 0, "seat": null, "moves": 0, "scores": [0, 0], "final": false},
          {"turn": 1, "seat": 0, "moves": 2, "scores": [3, 0], "final": false}, ...,
          {"turn": 36, "seat": null, "moves": 150, "scores": [55, 48], "final": true}
      ],                              the last entry (final: true) adds final scoring
      "final_points": null | [...],   what final scoring added, per seat (the game's module)
      "final_scoring": null | [event, ...],   once over: final scoring's events (those whose
                                      "what" begins with "final"); their points add up to it
      "winners": [0],                 seats with the best score once over (ties share); []; a
                                      resigned seat ranks last: the best among the others (when
                                      every seat resigned, the last to resign: table/standing.py)
      "ranking": ..., "ended": ..., "takeback": ...   the room's fields (room.py)
      "clock": ..., "ended_by": ..., "times": ..., "on_time": ...   the clock's (clocks.py); each
                                      history entry of a timed game has "took": its seconds
    }

A replay view (GET /api/games/{id}/replay?step=N) is the same view of the position after the
first N actions, with "status" that position's and one more key: "replay": {"step": N,
"steps": <actions in the game>, "game_status": <the stored game's status>, "last_action":
{move, turn, seat, action} | null, "next_action": {...} | null}.
"""

from __future__ import annotations

import importlib
from collections.abc import Hashable, Iterable
from functools import lru_cache
from typing import Any, NamedTuple, Protocol, cast

from savanna import games

from ..jsontext import iso
from ..store.storage import GameRecord
from ..table.position import Position
from ..table.seats import COMPUTER
from . import clocks, room
from . import history as recent
from .patch import Grown, Keys


class Held(NamedTuple):
    """What a feed's viewers hold (live/feed.py): whether their views were built from the layout
    key asked (then the fields built from it may be KEPT), the length of each list, and where
    the history they hold begins (its "history_from"; None: not known): the history is then
    Grown from it (its new entries, less the oldest that no longer belong to the view)."""

    layout: bool
    lengths: dict[str, int]
    history_from: int | None = None


class GameViews(Protocol):
    """What a game's view module gives (views/<game>.py; see game_views)."""

    PATCH_KEYS: Keys
    ASKING: tuple[str, ...]

    def hides(self, settings: dict[str, Any]) -> bool: ...
    def layout_key(self, game: Any) -> Hashable: ...
    def add(self, view: dict[str, Any], record: GameRecord, g: Any, viewer: int | None,
            kept: bool = False) -> None: ...


@lru_cache(maxsize=None)
def game_views(name: str) -> GameViews:
    """The view module of the game `name` (its description's `view`): it gives `PATCH_KEYS`,
    `ASKING` (its fields of a choice asked), `layout_key(game)`, `hides(settings)` and
    `add(view, record, game, viewer, kept)` (its own part of a view)."""
    return cast(GameViews, importlib.import_module(games.spec(name).view))  # (a module, as the protocol says)


def patch_keys(name: str) -> Keys:
    """What names an element of a view's list from one version to the next (patch.py)."""
    return game_views(name).PATCH_KEYS


def hides(record: GameRecord) -> bool:
    """Whether the game's views differ by seat (something is hidden from some seats)."""
    return game_views(record.game).hides(record.settings)


def layout_key(record: GameRecord, position: Position) -> tuple[int, Hashable]:
    """(line, key): which line of play the game is on (a takeback starts another: what a view
    built on the line before holds is not of this one) and what the game's layout fields are
    built from (None: a game without them; see its view module)."""
    return record.meta.get("cuts", 0), game_views(record.game).layout_key(position.game)


def deal_of(record: GameRecord) -> str:
    """"chosen" if what chance deals was chosen by the game's creator (a seed given, or an
    uploaded save, whose seed and orders the uploader holds), else "random". Games stored
    before this was kept say "chosen" only if they were given an order or a layout."""
    settings = record.settings
    if settings.get("deal") in ("random", "chosen"):
        deal: str = settings["deal"]
        return deal
    given = games.spec(record.game).deal_settings
    return "chosen" if any(settings.get(k) for k in given) else "random"


def seat_views(record: GameRecord, connected: Iterable[int] = ()) -> list[dict[str, Any]]:
    """The seats as every game shows them; each game adds its own fields to each."""
    connected = set(connected)
    return [{"seat": i, "name": seat["name"], "kind": seat["kind"], "player": seat.get("player"),
             "hotseat": bool(seat.get("hotseat")), "connected": seat["kind"] == COMPUTER or i in connected,
             "claimed": seat.get("account") is not None, "open": bool(seat.get("open"))}
            for i, seat in enumerate(record.seats)]


def build(record: GameRecord, position: Position, *, connected: Iterable[int] = (), spectators: int = 0,
          replay: dict[str, Any] | None = None, viewer: int | None = None, held: Held | None = None) -> dict[str, Any]:
    """The view of `position` (a rebuilt game of `record`) as seat `viewer` may see it (None:
    a spectator); see the module docstring. `held`: what the caller (a feed) holds of the
    game's view before, a version of the same game: the layout fields built from the same
    layout_key are then KEPT, and the history Grown from what it holds (patch.Snapshot takes
    the rest from its text)."""
    g = position.game
    over = g.is_terminal()
    moves = len(g.history)
    first = recent.start(moves)
    n, since = (held.lengths.get("history"), held.history_from) if held else (None, None)
    history: list[dict[str, Any]] | Grown
    if n is not None and since is not None and since <= first <= since + n <= moves:  # the feed holds these
        history = Grown(n, recent.entries(record, position, since + n, moves), first - since)
    else:
        history = recent.entries(record, position, first, moves)
    view: dict[str, Any] = {
        "id": record.id,
        "game": record.game,
        "status": "over" if over else "playing",
        "version": record.version,
        "created": iso(record.created_at),
        "updated": iso(record.updated_at),
        "seed": str(g.seed) if over else None,
        "deal": deal_of(record),
        "rated": record.meta.get("rated") is True,
        "spectators": spectators,
        "current_player": g.current_player,
        "active_player": g.active_player,
        "phase": g.phase_name,
        "turn": position.turn if not over else max(position.turn - 1, 1),
        "moves": moves,
        "tiles_left": g.tiles_left,
        "legal_actions": [str(a) for a in g.legal_actions()],
        "history_from": first,
        "history": history,
        "score_history": recent.scores(position),
        "winners": g.winners(),
        "seats": seat_views(record, connected),
    }
    own = game_views(record.game)
    own.add(view, record, g, viewer, held is not None and held.layout)
    view["final_scoring"] = ([e for e in position.events[-1] if e["what"].startswith("final")]
                             if over and position.events else None)
    partial = replay is not None and replay["step"] != replay["steps"]  # a replay before the game's end
    room.add(view, record, position, partial, own.ASKING)
    clocks.add(view, record, position, replay)
    if replay is not None:
        view["replay"] = replay
    return view
