"""Saved games: the seed, the rules and the action list, as JSON.

A game is rebuilt by replaying its actions from the seed, so a saved game can
never hold a position the rules could not reach. The scores are saved too, as
a check: a file whose replay does not reach them is refused as corrupt.

`tiles` names the tile set: a packaged set's version, or a user's whole set. A
save without it was made before tile sets had versions, on reconstruction-1.

`seats` (optional) says who sat at the game: names and kinds, a computer seat's
player (savanna/saved_games.py); a save without it names nobody.

`chance` is written only for an explicit-chance game ("explicit"), whose actions
include its draws (`~S05`, `~A`); a save without it is a sampled game, its draws
made by the seed (so every sampled save reads as it did before the option).

This module writes a save (`Game.to_json` calls `dump`) and holds what reading
one checks; loading.py reads it back, rebuilding the game by replay.
"""

from __future__ import annotations

import json
from typing import Any

from savanna import saved_games

from .tileset import LEGACY_TILE_SET
from .inspection import Inspection

FORMAT = "savanna-safari-game/1"
# what a save (or a web app's stored game) that lacks a setting was played with
SAVED_DEFAULTS = {"final_scoring": "all", "tiles": LEGACY_TILE_SET}
KEYS = {"format", "game", "players", "seed", "final_scoring", "tiles", "tile_order", "token_order",
        "chance", "actions", "scores", "over", "seats", "hints"}


def to_dict(game: Inspection, seats: Any = None, hints: Any = None) -> dict[str, Any]:
    """The save of `game`; with `seats` (a list, one entry per seat, as saved_games.check_seats
    takes it), its seats section, and with `hints` its hints section (saved_games.check_hints),
    checked (ValueError naming the field)."""
    out = {
        "format": FORMAT,
        "game": "safari",
        "players": game.players,
        "seed": game.seed,
        "final_scoring": game.final_scoring,
        "tiles": game.tile_set,
        "tile_order": game.tile_order,
        "token_order": game.token_order,
        "actions": [str(a) for a in game.history],
        "scores": game.scores,
        "over": game.is_terminal(),
    }
    if game.chance != "sampled":
        out["chance"] = game.chance
    if seats is not None:
        out["seats"] = saved_games.check_seats(seats, game.players)
    if hints:
        out["hints"] = saved_games.check_hints(hints, game.players, len(game.history))
    return out


def dump(game: Inspection, seats: Any = None, hints: Any = None) -> str:
    return json.dumps(to_dict(game, seats, hints), separators=(",", ":"))
