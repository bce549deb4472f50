"""The JSON view of a game: the contract between the server and the browser.

Every player and every spectator of a game gets the same view (Safari hides
nothing from anyone but the order of the face-down stacks, which the engine
never shows and the view therefore cannot). The only thing held back is the
game's **seed** while the game is being played, because the seed fixes the
order of the stack: it appears once the game is over.

The view is built from the engine alone (`savanna.safari.Game`'s public
inspection methods); the server keeps no rules. Coordinates are `[x, y]`
(x grows east, y south; the start tile covers [-1,0], [0,0], [1,0]);
rotations are degrees clockwise; actions are the notation strings of
SAFARI.md.

    {
      "id": "Xy3_k9Qa",               game id (also in the watch link)
      "game": "safari",
      "status": "playing" | "over",
      "version": 17,                  increments with every stored change; views with a
                                      lower version are stale (ignore them); may be sent back
                                      with an action to refuse acting on a stale view
      "created": "2025-01-31T12:00:00Z", "updated": "...",   (UTC, ISO 8601)
      "rules": {"players": 3, "final_scoring": "all" | "majority",
                "tiles": "real-1"},     the tile set's version ("custom": one uploaded with the game)
      "on_resign": "computer" | "end",   what a resignation does, as the creator chose (resign.py):
      "resign_player": "medium",      the seat passes to this computer player, or the game ends
      "seed": null | "12345",         only once the game is over: the whole number, in decimal
                                      digits as a string, since the server deals 128 random bits,
                                      beyond what a JavaScript Number holds exactly
      "deal": "random" | "chosen",    "chosen": the order of the game's stack was chosen by its
                                      creator (a seed given when creating it, or an uploaded save,
                                      whose seed and any tile or token order the uploader holds),
                                      so the creator may know what comes; "random": the server's
                                      own secret 128-bit seed
      "animals": {"A": "ape", "E": "elephant", ...},          letters used everywhere
      "seats": [{
          "seat": 0, "name": "Ann", "kind": "human" | "computer",
          "player": null | "medium",  the computer player's spec as chosen
          "hotseat": false,           true: played from the shared hotseat screen
          "score": 12, "meeples": 4,  meeples in supply
          "tokens": {"A": 1, "E": 0, "G": 0, "L": 2, "Z": 0},   animal tokens in supply
          "connected": true,          a browser holds this seat's token now
                                      (computer seats: always true)
          "resigned": false           the person resigned it: a computer plays it on ("kind"
                                      is "computer" then), or the game ended; it ranks last
      }, ...],
      "spectators": 2,                open connections without a seat
      "current_player": 1 | null,     the seat that must act now (null: over)
      "active_player": 0 | null,      whose turn it is (a scoring choice, "+A", may fall
                                      to another seat than the active one)
      "phase": "place" | "action" | "score" | "ranger" | "over",
      "turn": 9,                      the turn being played, from 1 (the last one when over)
      "moves": 23,                    actions played so far (= len(history))
      "drawn_tile": null | {          the tile to place this turn, only in phase "place"
                                      and "action" (then it is already on the board)
          "id": "S03/2",
          "layouts": [layout at 0, layout at 90, layout at 180, layout at 270]
      },                              layout: {"rotation", "edges": "stst" (N E S W; s savanna,
                                      t trail, b bush), "corners": ["NE", ...] open savanna,
                                      "features": [{"kind", "sides": "EW", "animals": "GG",
                                      "birds"}]}
      "tiles_left": 40,               land tiles still face down
      "remaining_tiles": {"S03": 2, ...},   their types (public; their order is not)
      "removed_tiles": ["S11/1"],     drawn tiles that fitted nowhere
      "board": [{                     every tile on the table (game.tiles_on_board())
          "x": 0, "y": -1, "id": "S03/2", "rotation": 90, "edges": "tstb",
          "corners": ["NE"], "features": [{"kind", "sides", "animals", "birds",
          "meeples": [seat, ...], "complete": bool,
          "feature": 12 | null}]      id of the whole trail or bush (see "features"); null
      }, ...],                        for a baobab
      "features": [{                  every whole trail and bush (game.features())
          "feature": 12, "kind": "trail" | "bush", "spaces": [[x, y], ...],
          "animals": "EGL" (distinct), "animal_count": 5, "birds": 0, "open_ends": 1,
          "complete": false, "meeples": [count per seat]
      }, ...],
      "watering_holes": [{            every point holding tokens (point [x, y] is the NW corner
          "point": [x, y],            of space (x, y))
          "slots": ["Z", "", "", ""], SE of (x-1,y-1), SW of (x,y-1), NW of (x,y), NE of (x-1,y)
          "meeples": [seat, ...], "diggers": [[seat, slot], ...], "complete": false
      }, ...],
      "rangers": [[x, y] | null, [x, y] | null],   null: displaced, to be put back ("R>x,y")
      "empty_spaces": [[x, y], ...],  empty spaces next to a tile
      "scoring": null | {             in phase "score": the feature scoring and the choice asked
          "feature", "kind", "animals", "birds", "leaders": [seat, ...], "asking": seat,
          "added": [letter | null, ...], "placed_at": [x, y],
          "points": 6, "points_with_token": 10   what the asked seat scores without a token and
      },                              with one (every token it may add is a new kind: all alike)
      "tokens": {"supply": 31, "discards": {"G": 1}, "on_table": {"Z": 2}},
      "legal_actions": ["T1,-1@0", ...],   every legal action of current_player (public);
                                      [] when over
      "history": [{"move": 1, "turn": 1, "seat": 0, "action": "T0,-1@0",
                   "scored": [event, ...]}, ...],   (only if it scored) what the action scored,
                                      from the engine
                                      (Game.apply_explained documents the events): each event
                                      has "what", "seat", "points" and where ("space" [x, y], or
                                      "point" [x, y] for a watering hole); their points add up to
                                      the change of the scores by that action. Safari's "what":
                                      dig, expand, hole, feature (a completed trail or bush:
                                      "kind", "animals" (its kinds), "added" (this seat's token),
                                      "birds", "leaders"), ranger, baobab (0 points: meeple and
                                      tokens back), final_feature, final_tokens
      "score_history": [              one entry per finished turn, for the end chart
          {"turn": 0, "seat": null, "moves": 0, "scores": [0, 0], "final": false},
          {"turn": 1, "seat": 0, "moves": 2, "scores": [3, 0], "final": false}, ...,
          {"turn": 36, "seat": null, "moves": 150, "scores": [55, 48], "final": true}
      ],                              the last entry (final: true) adds final scoring
      "last_placed": null | [x, y],   the latest tile placed
      "final_points": null | [7, 3],  what final scoring added, per seat
      "final_scoring": null | [event, ...],   once over: final scoring's events, one per seat
                                      and unfinished trail or bush ("final_feature": "kind",
                                      "feature", "animals" (a count), "birds", "meeples",
                                      "space") and per seat with tokens left ("final_tokens":
                                      {letter: n}); their points add up to final_points
      "winners": [0],                 seats with the best score once over (ties share); []; a
                                      resigned seat ranks last: the best among the others
      "ended": null | {"reason": "resigned", "seat": 1, "moves": 40, "people_left": 1},
                                      the game was ended by a resignation (status "over", the
                                      engine's game unfinished: no final scoring)
      "takeback": {                   takebacks (takeback.py)
          "to": [12, null],           per seat, the length the game goes back to if it takes
                                      back its last turn (null: none to take back, or over)
          "request": null | {"seat", "by": [seats], "moves", "to", "waiting": [seats],
                     "accepted": [seats], "at"},   asked for, waiting for those seats' answers
                                      (only while the game has "moves" actions)
          "last": null | {"seat", "outcome": "done" | "refused" | "withdrawn", "by", "from",
                  "to"},              the last request's or takeback's outcome
          "count": 0                  takebacks done in this game
      }
    }

A replay view (GET /api/games/{id}/replay?step=N) is the same view of the
position after the first N actions, with "status" that position's and one more
key: "replay": {"step": N, "steps": <actions in the game>, "game_status":
<the stored game's status>, "last_action": {move, turn, seat, action} | null,
"next_action": {...} | null}.

Africa's history events ("what"): treasure, animal, nomads, move, camp, explore (0
points), monument (the last one: its bonus), final (per seat: "objects", "gold", "gems"
points, "sets" {kind: n}, "nuggets", "stones"); "space" is a space's label there.
"final_scoring" holds the final events.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from . import resign, takeback
from .patch import KEPT, Grown

if TYPE_CHECKING:  # pragma: no cover
    from .feed import Held
    from .service import Position
    from .storage import GameRecord

ROTATIONS = (0, 90, 180, 270)


def deal_of(settings: dict[str, Any]) -> str:
    """"chosen" if the game's order was chosen by its creator (a seed given, or an uploaded save,
    whose seed and orders the uploader holds), else "random". Games stored before this was
    kept say "chosen" only if they were given an order of tiles or tokens."""
    if settings.get("deal") in ("random", "chosen"):
        return settings["deal"]
    given = ("tile_order", "token_order", "tile_layout", "revealed")
    return "chosen" if any(settings.get(k) for k in given) else "random"

# what names an element of a view's list from one version to the next, by game and field,
# so that a patch (patch.py) adds a tile to the sorted board rather than shifting the rest
# (Africa's board is every space of the map, in a fixed order: by position is right there).
# Functions in C (an (x, y) tuple, which the collector untracks at its first pass): a Python
# function formatting text cost more than encoding the element
PATCH_KEYS = {
    "safari": {"board": itemgetter("x", "y"), "features": itemgetter("feature"),
               "watering_holes": lambda h: tuple(h["point"]), "empty_spaces": tuple},
    "africa": {},
}

# Safari's board, features and empty spaces (its layout fields) change only when a tile is laid
# or a meeple comes or goes, as the engine's layout_key() says: about half of the actions do
# neither, and then a view built for a feed that holds them as of that key marks them KEPT


def layout_key(record: GameRecord, position: Position) -> tuple[int, Any]:
    """(line, key): which line of play the game is on (a takeback starts another: what a view
    built on the line before holds is not of this one) and what the layout fields of its views
    are built from (None: a game without them)."""
    return record.meta.get("cuts", 0), position.game.layout_key() if record.game == "safari" else None


def iso(t: datetime) -> str:
    return t.strftime("%Y-%m-%dT%H:%M:%SZ")


def _xy(p: Iterable[int] | None) -> list[int] | None:
    return None if p is None else list(p)


def seat_views(record: GameRecord, game: Any, connected: Iterable[int] = ()) -> list[dict[str, Any]]:
    connected = set(connected)
    letters = game.tileset.animals
    scores = game.scores
    out = []
    for i, seat in enumerate(record.seats):
        tokens = game.tokens(i)
        computer = seat["kind"] == "computer"
        out.append({
            "seat": i, "name": seat["name"], "kind": seat["kind"], "player": seat.get("player"),
            "hotseat": bool(seat.get("hotseat")), "score": scores[i], "meeples": game.meeples(i),
            "tokens": {a: tokens.get(a, 0) for a in letters}, "connected": computer or i in connected,
        })
    return out


def build(record: GameRecord, position: Position, *, connected: Iterable[int] = (), spectators: int = 0,
          replay: dict[str, Any] | None = None, viewer: int | None = None, held: Held | None = None) -> dict[str, Any]:
    """The view of `position` (a rebuilt game of `record`) as seat `viewer` may see it (None:
    a spectator); see the module docstring, and `_africa` for Africa's. `held`: what the caller
    (a feed) holds of the game's view before, a version of the same game: the layout fields
    built from the same layout_key are then KEPT, and the histories Grown from what it holds
    (patch.Snapshot takes the rest from its text)."""
    g = position.game
    over = g.is_terminal()
    n = _held_of(held, "history", len(g.history))
    events = position.events
    entries = [{"move": i + 1, "turn": position.turns[i], "seat": g.actors[i], "action": str(g.history[i]),
                **({"scored": events[i]} if events[i] else {})}
               for i in range(n or 0, len(g.history))]
    history = entries if n is None else Grown(n, entries)
    n = _held_of(held, "score_history", len(position.score_history))
    entries = [dict(e) for e in position.score_history[n or 0:]]
    scores = entries if n is None else Grown(n, entries)
    view: dict[str, Any] = {
        "id": record.id,
        "game": record.game,
        "status": "over" if over else "playing",
        "version": record.version,
        "created": iso(record.created_at),
        "updated": iso(record.updated_at),
        "seed": str(g.seed) if over else None,
        "deal": deal_of(record.settings),
        "spectators": spectators,
        "current_player": g.current_player,
        "active_player": g.active_player,
        "turn": position.turn if not over else max(position.turn - 1, 1),
        "moves": len(g.history),
        "legal_actions": [str(a) for a in g.legal_actions()],
        "history": history,
        "score_history": scores,
        "winners": g.winners(),
    }
    if record.game == "africa":
        _africa(view, record, g, connected, viewer)
    else:
        _safari(view, record, g, connected, held is not None and held.layout)
    view["final_scoring"] = ([e for e in position.events[-1] if e["what"].startswith("final")]
                             if over and position.events else None)
    partial = replay is not None and replay["step"] != replay["steps"]  # a replay before the game's end
    resign.decorate(view, record, position, partial)
    takeback.decorate(view, record, position, partial)
    if replay is not None:
        view["replay"] = replay
    return view


def _held_of(held: Held | None, field: str, length: int) -> int | None:
    """How many first entries of a history of `length` the feed holds (None: not a part of it)."""
    n = held.lengths.get(field) if held else None
    return n if n is not None and n <= length else None


def _safari(view: dict[str, Any], record: GameRecord, g: Any, connected: Iterable[int], kept: bool = False) -> None:
    drawn = None
    if g.drawn_tile is not None and g.phase_name in ("place", "action"):
        drawn = {"id": g.drawn_tile, "layouts": [g.drawn_tile_layout(r) for r in ROTATIONS]}
    view.update({
        "rules": {"players": g.players, "final_scoring": g.final_scoring,
                  "tiles": g.tile_set if isinstance(g.tile_set, str) else "custom"},
        "animals": dict(g.tileset.animal_names),
        "seats": seat_views(record, g, connected),
        "phase": g.phase_name,
        "drawn_tile": drawn,
        "tiles_left": g.tiles_left,
        "remaining_tiles": dict(sorted(g.remaining_tiles().items())),
        "removed_tiles": list(g.removed_tiles),
        "board": KEPT if kept else _board(g.tiles_on_board()),
        "features": KEPT if kept else _features(g.features()),
        "watering_holes": [{**h, "point": _xy(h["point"])} for h in g.watering_holes()],
        "rangers": [_xy(r) for r in g.ranger_spaces()],
        "empty_spaces": KEPT if kept else sorted(map(list, g.empty_spaces())),
        "scoring": _scoring(g.scoring()),
        "tokens": {"supply": g.supply_size(), "discards": dict(sorted(g.discard_pile().items())),
                   "on_table": dict(sorted(g.tokens_on_table().items()))},
        "last_placed": _xy(g.last_placed),
        "final_points": None if g.final_points is None else list(g.final_points),
    })


def _africa(view: dict[str, Any], record: GameRecord, g: Any, connected: Iterable[int], viewer: int | None) -> None:
    """Africa: the engine's own view for `viewer` (which hides the others' gold and gems
    under the hidden-treasure option), with the seats' names and connections.

        "rules": {"players", "hidden_treasure"}, "viewer": seat | null,
        "phase": "setup" | "move" | "jump" | "action" | "target" | "exchange" | "over",
        "step": 1 | 2 | null, "board": [{"space": "f1", "row", "col", "city", "tile": id |
        "face-down" | null, "kind", "camp": seat | null, "explorers": [seat, ...]}, ...],
        "seats": [{... as Safari's name, kind, player, hotseat, connected; "score", "explorer",
        "camps", "objects": {kind: n}, "gold", "gems" (null: hidden), "treasure_tiles"}],
        "camp_supply", "monuments": {"found", "total"}, "last_monument_bonus": seat | null,
        "tiles_face_down", "unseen_tiles": {id: n} (gold and gems as "treasure" when hidden),
        "pending": null | {"choice": "target", "from", "tile", "discovered", "targets"} |
        {"choice": "exchange", "object"}, "final_points": null | [{..., "total"}, ...]
    """
    own = g.view(viewer)
    connected = set(connected)
    seats = []
    for i, (seat, s) in enumerate(zip(record.seats, own["seats"])):
        computer = seat["kind"] == "computer"
        seats.append({"seat": i, "name": seat["name"], "kind": seat["kind"], "player": seat.get("player"),
                      "hotseat": bool(seat.get("hotseat")), "connected": computer or i in connected,
                      **{k: v for k, v in s.items() if k != "seat"}})
    view.update({
        "rules": {"players": g.players, "hidden_treasure": own["hidden_treasure"]},
        "viewer": viewer,
        "seats": seats,
        **{k: own[k] for k in ("phase", "step", "board", "camp_supply", "monuments", "last_monument_bonus",
                               "tiles_face_down", "unseen_tiles", "pending", "final_points")},
    })


def _features(features: list[dict[str, Any]]) -> list[dict[str, Any]]:
    for f in features:  # the engine's fresh dicts, with spaces as JSON has them
        f["spaces"] = list(map(list, f["spaces"]))
    return features


def _board(tiles: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return sorted(tiles, key=lambda t: (t["y"], t["x"]))


def _scoring(s: dict[str, Any] | None) -> dict[str, Any] | None:
    if s is None:
        return None
    return {**s, "placed_at": _xy(s.get("placed_at"))}


def tile_catalogue(tileset: Any) -> dict[str, Any]:
    """Every tile type of a Safari tile set as the board draws it, for the tile gallery
    (GET /tiles): each type with its layout at every rotation (the engine's own
    `tile_layout`, as the view's drawn tile has it; the animals of its first copy), and
    the start tile's cells as `board` entries.

        {"version": "real-1" | null, "animals": {"A": "ape", ...},
         "types": [{"id": "S01", "edges": "ssss", "count": 2, "copies": [["E", ""], ...],
                    "layouts": [layout at 0, at 90, at 180, at 270]}, ...],
         "start": [{"x": -1, "y": 0, "id": "START", "rotation": 0, "edges", "corners",
                    "features"}, ...]}
    """
    from savanna.safari.game import tile_layout

    types = []
    for tt in tileset.types:
        copies = [c.animals for c in tileset.copies if c.type is tt]
        animals = copies[0] if copies else ("",) * len(tt.features)
        types.append({"id": tt.id, "edges": tt.edge_text, "count": len(copies), "copies": [list(a) for a in copies],
                      "layouts": [tile_layout(tt, r // 90, animals) for r in ROTATIONS]})
    start = [{"x": c.x, "y": c.y, "id": "START", **tile_layout(c.type, 0, c.animals)} for c in tileset.start]
    return {"version": tileset.version, "animals": dict(tileset.animal_names), "types": types, "start": start}


def summary(position: Position) -> dict[str, Any]:
    """What the lobby and the start-up scan read without rebuilding the game."""
    g = position.game
    left = g.tiles_left if hasattr(g, "tiles_left") else g.tiles_face_down
    return {"current_player": g.current_player, "active_player": g.active_player, "phase": g.phase_name,
            "scores": g.scores, "moves": len(g.history), "turn": position.turn, "tiles_left": left,
            "winners": g.winners()}
