"""Saved games: the seed, the settings and the action list, as JSON.

A game is rebuilt by replaying its actions from the seed, so a saved game can
never hold a position the rules could not reach. The scores are saved too, as
a check: a file whose replay does not reach them is refused as corrupt.

A saved game holds the seed, which fixes where every tile lies: it is the
whole truth, for the players' records after the game or for a server's own
storage, not something to show a seat during play.

`seats` (optional) says who sat at the game: names and kinds, a computer seat's
player (savanna/saved_games.py); a save without it names nobody.

`chance` is written only for an explicit-chance game ("explicit"), whose actions
include the tiles its discoveries turned up (`~elephant`); a save without it is
a sampled game.

This module writes a game and reads a save's settings; `africa.from_dict` builds
the game from them, so that `Game.to_json` can use this module with no circle.
"""

from __future__ import annotations

import json
from typing import Any

from savanna import saved_games

from . import limits
from .inspection import Inspection

FORMAT = "savanna-africa-game/1"
# what a save (or a web app's stored game) that lacks a setting was played with
SAVED_DEFAULTS = {"hidden_treasure": False}
_KEYS = {"format", "game", "players", "seed", "hidden_treasure", "first_player", "data", "tile_layout", "revealed",
         "chance", "actions", "scores", "over", "seats", "hints"}


def to_dict(game: Inspection, seats: Any = None, hints: Any = None) -> dict[str, Any]:
    """The save of `game`; with `seats` (a list, one entry per seat, as saved_games.check_seats
    takes it), its seats section, and with `hints` its hints section (saved_games.check_hints),
    checked (ValueError naming the field)."""
    out = {
        "format": FORMAT,
        "game": "africa",
        "players": game.players,
        "seed": game.seed,
        "hidden_treasure": game.hidden_treasure,
        "first_player": game.first_player,
        "data": game.custom_data,
        "tile_layout": game.tile_layout,
        "revealed": game.revealed,
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


def read(data: Any) -> tuple[dict[str, Any], list[str]]:
    """A saved game's settings (as `Game` takes them) and its actions, checked; ValueError
    if malformed. `africa.from_dict` builds the game and replays them."""
    explicit = isinstance(data, dict) and data.get("chance") == "explicit"
    acts = saved_games.check(data, FORMAT, "africa", _KEYS, limits.EXPLICIT_ACTIONS if explicit else limits.ACTIONS)
    settings = dict(players=data["players"], seed=data["seed"], **saved_games.with_defaults(data, SAVED_DEFAULTS),
                    first_player=data.get("first_player"), data=data.get("data"),
                    tile_layout=data.get("tile_layout"), revealed=data.get("revealed"),
                    chance="sampled" if data.get("chance") is None else data["chance"])
    return settings, acts
