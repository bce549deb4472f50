"""The games of the platform, by name. Each module offers `new_game(players=, seed=, ...)`
and `from_json(text)`, and its games the common interface the players use."""

from __future__ import annotations

import importlib
from types import ModuleType

GAMES = {"safari": "savanna.safari", "africa": "savanna.africa"}
# The settings each game's `new_game` takes besides players and seed (the arena and the
# command line carry all of them, and pass each game its own).
SETTINGS = {"safari": ("final_scoring", "tiles"), "africa": ("hidden_treasure",)}


def game_module(name: str) -> ModuleType:
    """The engine module of a game by name; an unknown name raises ValueError."""
    try:
        return importlib.import_module(GAMES[name])
    except KeyError:
        raise ValueError(f"unknown game {name!r}; known games: {', '.join(sorted(GAMES))}") from None


def game_settings(name: str, **settings) -> dict:
    """Of `settings`, those the game `name` takes: game_settings("africa",
    final_scoring="all", hidden_treasure=True) == {"hidden_treasure": True}."""
    game_module(name)
    return {k: v for k, v in settings.items() if k in SETTINGS.get(name, ())}
