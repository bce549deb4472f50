"""Carcassonne Safari's part of a game's view (build.py builds the common part). Safari hides
nothing from anyone but the order of the face-down stacks, which the engine never shows and
the view therefore cannot: every seat and spectator gets the same view. Coordinates are
`[x, y]` (x grows east, y south; the start tile covers [-1,0], [0,0], [1,0]); rotations are
degrees clockwise; actions are the notation of docs/safari.md.

      "rules": {"players": 3, "final_scoring": "all" | "majority",
                "tiles": "real-1"},     the tile set's version ("custom": one uploaded with the game)
      "animals": {"A": "ape", "E": "elephant", ...},          letters used everywhere
      "seats": [{..., "score": 12, "meeples": 4,              meeples in supply
                 "tokens": {"A": 1, "E": 0, "G": 0, "L": 2, "Z": 0}}, ...],   animal tokens in supply
      "phase": "place" | "action" | "score" | "ranger" | "over",
      "drawn_tile": null | {          the tile to place this turn, only in phase "place"
                                      and "action" (then it is already on the board)
          "id": "S03/2",
          "layouts": [layout at 0, layout at 90, layout at 180, layout at 270]
      },                              layout: {"rotation", "edges": "stst" (N E S W; s savanna,
                                      t trail, b bush), "corners": ["NE", ...] open savanna,
                                      "features": [{"kind", "sides": "EW", "animals": "GG",
                                      "birds"}]}
      "remaining_tiles": {"S03": 2, ...},   the face-down tiles' types (public; their order is not)
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
          "complete": false, "meeples": [count per seat],
          "leaders": [seat, ...],     the seats with most meeples on it, in seat order
          "points_if_completed": 6,   what each leader would score were it completed now
          "points_if_completed_with_token": 10,   ... adding a token of a new kind
          "final_points": [5, 0]      per seat, what it gives at the end as it stands (the
      }, ...],                        game's final_scoring rule; all 0 once complete)
      "watering_holes": [{            every point holding tokens (point [x, y] is the NW corner
          "point": [x, y],            of space (x, y))
          "slots": ["Z", "", "", ""], SE of (x-1,y-1), SW of (x,y-1), NW of (x,y), NE of (x-1,y)
          "meeples": [seat, ...], "diggers": [[seat, slot], ...], "complete": false,
          "next_points": 4 | null,    what the next token expanding it scores (null: complete)
          "next_completes": false     that token completes it (each seat with a meeple there
      }, ...],                        then scores hole_points.complete)
      "hole_points": {"dig": 3, "complete": 3},   what digging a hole scores its digger; what
                                      each seat with a meeple on a hole scores when it completes
      "rangers": [[x, y] | null, [x, y] | null],   null: displaced, to be put back ("R>x,y")
      "empty_spaces": [[x, y], ...],  empty spaces next to a tile
      "scoring": null | {             in phase "score": the feature scoring and the choice asked
          "feature", "kind", "animals", "birds", "leaders": [seat, ...], "asking": seat,
          "added": [letter | null, ...], "placed_at": [x, y],
          "points": 6, "points_with_token": 10   what the asked seat scores without a token and
      },                              with one (every token it may add is a new kind: all alike)
      "tokens": {"supply": 31, "discards": {"G": 1}, "on_table": {"Z": 2}},
      "last_placed": null | [x, y],   the latest tile placed
      "final_points": null | [7, 3],  what final scoring added, per seat

The history's events ("what"): dig, expand, hole, feature (a completed trail or bush: "kind",
"animals" (its kinds), "added" (this seat's token), "birds", "leaders"), ranger, baobab (0
points: meeple and tokens back), final_feature, final_tokens; each has "space" [x, y], or
"point" [x, y] for a watering hole (Game.apply_explained documents them).
"""

from __future__ import annotations

from collections.abc import Hashable
from operator import itemgetter
from typing import Any

from savanna.safari.inspection import tile_layout

from ..store.storage import GameRecord
from .patch import KEPT

ROTATIONS = (0, 90, 180, 270)

# what names an element of a view's list from one version to the next, so that a patch
# (patch.py) adds a tile to the sorted board rather than shifting the rest. Functions in C
# (an (x, y) tuple, which the collector untracks at its first pass): a Python function
# formatting text cost more than encoding the element
PATCH_KEYS = {"board": itemgetter("x", "y"), "features": itemgetter("feature"),
              "watering_holes": lambda h: tuple(h["point"]), "empty_spaces": tuple}
ASKING = ("drawn_tile", "scoring")  # a choice asked, none once a resignation ends the game


def hides(settings: dict[str, Any]) -> bool:
    return False


def layout_key(game: Any) -> Hashable:
    """The board, features and empty spaces (the layout fields) change only when a tile is laid
    or a meeple comes or goes, as the engine's layout_key() says: about half of the actions do
    neither, and then a view built for a feed that holds them as of that key marks them KEPT."""
    key: Hashable = game.layout_key()
    return key


def _xy(p: Any) -> list[int] | None:
    return None if p is None else list(p)


def add(view: dict[str, Any], record: GameRecord, g: Any, viewer: int | None, kept: bool = False) -> None:
    """Safari's part of the view (see the module docstring); `kept`: the layout fields are
    those the feed holds (KEPT)."""
    drawn = None
    if g.drawn_tile is not None and g.phase_name in ("place", "action"):
        drawn = {"id": g.drawn_tile, "layouts": [g.drawn_tile_layout(r) for r in ROTATIONS]}
    letters, scores = g.tileset.animals, g.scores
    for s in view["seats"]:
        i = s["seat"]
        tokens = g.tokens(i)
        s.update(score=scores[i], meeples=g.meeples(i), tokens={a: tokens.get(a, 0) for a in letters})
    view.update({
        "rules": {"players": g.players, "final_scoring": g.final_scoring,
                  "tiles": g.tile_set if isinstance(g.tile_set, str) else "custom"},
        "animals": dict(g.tileset.animal_names),
        "drawn_tile": drawn,
        "remaining_tiles": dict(sorted(g.remaining_tiles().items())),
        "removed_tiles": list(g.removed_tiles),
        "board": KEPT if kept else sorted(g.tiles_on_board(), key=lambda t: (t["y"], t["x"])),
        "features": KEPT if kept else _features(g.features()),
        "watering_holes": [{**h, "point": _xy(h["point"])} for h in g.watering_holes()],
        "hole_points": g.hole_points(),
        "rangers": [_xy(r) for r in g.ranger_spaces()],
        "empty_spaces": KEPT if kept else sorted(map(list, g.empty_spaces())),
        "scoring": _scoring(g.scoring()),
        "tokens": {"supply": g.supply_size(), "discards": dict(sorted(g.discard_pile().items())),
                   "on_table": dict(sorted(g.tokens_on_table().items()))},
        "last_placed": _xy(g.last_placed),
        "final_points": None if g.final_points is None else list(g.final_points),
    })


def _features(features: list[dict[str, Any]]) -> list[dict[str, Any]]:
    for f in features:  # the engine's fresh dicts, with spaces as JSON has them
        f["spaces"] = list(map(list, f["spaces"]))
    return features


def _scoring(s: dict[str, Any] | None) -> dict[str, Any] | None:
    if s is None:
        return None
    return {**s, "placed_at": _xy(s.get("placed_at"))}


def tile_catalogue(tileset: Any) -> dict[str, Any]:
    """Every tile type of a tile set as the board draws it, for the tile gallery (GET /tiles):
    each type with its layout at every rotation (the engine's own `tile_layout`, as the view's
    drawn tile has it; the animals of its first copy), and the start tile's cells as `board`
    entries.

        {"version": "real-1" | null, "animals": {"A": "ape", ...},
         "types": [{"id": "S01", "edges": "ssss", "count": 2, "copies": [["E", ""], ...],
                    "layouts": [layout at 0, at 90, at 180, at 270]}, ...],
         "start": [{"x": -1, "y": 0, "id": "START", "rotation": 0, "edges", "corners",
                    "features"}, ...]}
    """
    types = []
    for tt in tileset.types:
        copies = [c.animals for c in tileset.copies if c.type is tt]
        animals = copies[0] if copies else ("",) * len(tt.features)
        types.append({"id": tt.id, "edges": tt.edge_text, "count": len(copies), "copies": [list(a) for a in copies],
                      "layouts": [tile_layout(tt, r // 90, animals) for r in ROTATIONS]})
    start = [{"x": c.x, "y": c.y, "id": "START", **tile_layout(c.type, 0, c.animals)} for c in tileset.start]
    return {"version": tileset.version, "animals": dict(tileset.animal_names), "types": types, "start": start}
