"""Africa's part of a game's view (build.py builds the common part), for a viewer: under the
hidden-treasure option each seat sees its own gold and gems and nobody else's (spectators
none) until the game is over, so the views differ by seat.

      "rules": {"players", "hidden_treasure"}, "viewer": seat | null,
      "phase": "setup" | "move" | "jump" | "action" | "target" | "exchange" | "over",
      "step": 1 | 2 | null, "board": [{"space": "f1", "row", "col", "city", "tile": id |
      "face-down" | null, "kind", "camp": seat | null, "explorers": [seat, ...]}, ...],
      "seats": [{..., "score", "explorer", "camps", "objects": {kind: n}, "gold", "gems"
      (null: hidden), "treasure_tiles"}],
      "camp_supply", "monuments": {"found", "total"}, "last_monument_bonus": seat | null,
      "tiles_face_down", "unseen_tiles": {id: n} (gold and gems as "treasure" when hidden),
      "pending": null | {"choice": "target", "from", "tile", "discovered", "targets"} |
      {"choice": "exchange", "object"}, "final_points": null | [{"objects", "gold", "gems",
      "total"}, ...]

The history's events ("what"): treasure, animal, nomads, move, camp, explore (0 points),
monument (the last one: its bonus), final (per seat: "objects", "gold", "gems" points, "sets"
{kind: n}, "nuggets", "stones"); "space" is a space's label there.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from ..store.storage import GameRecord
from .patch import Keys

PATCH_KEYS: Keys = {}  # the board is every space of the map, in a fixed order: by position is right
ASKING = ("pending",)  # a choice asked, none once a resignation ends the game


def hides(settings: dict[str, Any]) -> bool:
    """Hidden gold and gems: each seat's view is its own."""
    return bool(settings.get("hidden_treasure"))


def layout_key(game: Any) -> Hashable:
    return None  # no field is kept from one view to the next


def add(view: dict[str, Any], record: GameRecord, g: Any, viewer: int | None, kept: bool = False) -> None:
    """Africa's part of the view for `viewer` (see the module docstring)."""
    own = g.view(viewer)
    for s, mine in zip(view["seats"], own["seats"]):
        s.update({k: v for k, v in mine.items() if k != "seat"})
    view.update({
        "rules": {"players": g.players, "hidden_treasure": own["hidden_treasure"]},
        "viewer": viewer,
        **{k: own[k] for k in ("phase", "step", "board", "camp_supply", "monuments", "last_monument_bonus",
                               "tiles_face_down", "unseen_tiles", "pending", "final_points")},
    })
