"""Saved games: the seed, the settings and the action list, as JSON.

A game is rebuilt by replaying its actions from the seed, so a saved game can
never hold a position the rules could not reach. The scores are saved too, as
a check: a file whose replay does not reach them is refused as corrupt.

A saved game holds the seed, which fixes where every tile lies: it is the
whole truth, for the players' records after the game or for a server's own
storage, not something to show a seat during play.
"""

from __future__ import annotations

import json
from typing import Any

FORMAT = "savanna-africa-game/1"
_KEYS = {"format", "game", "players", "seed", "hidden_treasure", "first_player", "data", "tile_layout", "revealed",
         "actions", "scores", "over"}


def to_dict(game) -> dict[str, Any]:
    return {
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


def dump(game) -> str:
    return json.dumps(to_dict(game), separators=(",", ":"))


def from_dict(data: Any):
    from .game import Game

    if not isinstance(data, dict):
        raise ValueError("saved game: expected a JSON object")
    if data.get("format") != FORMAT:
        raise ValueError(f"saved game: format must be {FORMAT!r}, not {data.get('format')!r}")
    if data.get("game", "africa") != "africa":
        raise ValueError(f"saved game: this is a game of {data.get('game')!r}, not africa")
    if "actions" not in data:
        raise ValueError("saved game: 'actions' is missing")
    unknown = set(data) - _KEYS
    if unknown:
        raise ValueError(f"saved game: unknown fields {sorted(unknown)}")
    for key in ("players", "seed"):
        if not isinstance(data.get(key), int) or isinstance(data.get(key), bool):
            raise ValueError(f"saved game: {key!r} must be a whole number")
    acts = data["actions"]
    if not isinstance(acts, list) or not all(isinstance(a, str) for a in acts):
        raise ValueError("saved game: 'actions' must be a list of action strings")
    try:
        game = Game(players=data["players"], seed=data["seed"], hidden_treasure=data.get("hidden_treasure", False),
                    first_player=data.get("first_player"), data=data.get("data"),
                    tile_layout=data.get("tile_layout"), revealed=data.get("revealed"))
    except ValueError as e:
        raise ValueError(f"saved game: {e}") from None
    for i, a in enumerate(acts):
        try:
            game.apply(a)
        except ValueError as e:
            raise ValueError(f"saved game: action {i + 1} ({a!r}) cannot be replayed: {e}") from None
    scores = data.get("scores")
    if scores is not None and scores != game.scores:
        raise ValueError(f"saved game: the actions give scores {game.scores}, but the file says {scores}")
    over = data.get("over")
    if over is not None and over != game.is_terminal():
        raise ValueError("saved game: the file says the game is " + ("over" if over else "not over") +
                         ", but its actions say otherwise")
    return game


def load(text: str | bytes):
    if not isinstance(text, (str, bytes, bytearray)):
        raise ValueError(f"a saved game must be JSON text, not {type(text).__name__}")
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise ValueError(f"saved game is not valid JSON: {e}") from None
    except RecursionError:
        raise ValueError("saved game is not valid JSON: nested too deeply") from None
    return from_dict(data)
