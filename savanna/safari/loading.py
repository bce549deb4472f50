"""Reading a saved game back (the format: serialization.py): the file is checked, the game
made again from its seed and settings, and its actions replayed; a file whose replay does
not reach its scores is refused as corrupt."""

from __future__ import annotations

from typing import Any

from savanna import saved_games
from savanna.limits import at_most

from . import limits
from .game import Game
from .serialization import FORMAT, KEYS, SAVED_DEFAULTS


def from_dict(data: Any) -> Game:
    explicit = isinstance(data, dict) and data.get("chance") == "explicit"
    acts = saved_games.check(data, FORMAT, "safari", KEYS, limits.EXPLICIT_ACTIONS if explicit else limits.ACTIONS)
    try:
        chance = "sampled" if data.get("chance") is None else data["chance"]
        game = Game(players=data["players"], seed=data["seed"], tile_order=data.get("tile_order"),
                    token_order=data.get("token_order"), chance=chance, **saved_games.with_defaults(data, SAVED_DEFAULTS))
    except ValueError as e:
        raise ValueError(f"saved game: {e}") from None
    # the set is known now, and with it how long a game on it can be (and each seat may leave once: `out`)
    at_most("saved game: 'actions'", acts,
            limits.max_actions(len(game.tileset.copies), game.players, game.chance) + game.players, "actions")
    return saved_games.replay(game, acts, data)


def load(text: str | bytes) -> Game:
    return from_dict(saved_games.parse(text))
